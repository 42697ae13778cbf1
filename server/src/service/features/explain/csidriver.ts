// What the kubelet, the attach/detach controller and the scheduler do with a CSIDriver (behaviour/csidriver).
import { csiConsumerSteps, csiDriverSettings, fsGroupOutcome } from '../../behaviour/csidriver/index';
import type { JsonObject } from '../../types';
import type { CsiDriverFacts, ExplainSection } from './types';

export function csiDriverFacts(driver: JsonObject, minor: number): CsiDriverFacts {
  const settings = csiDriverSettings(driver, minor);
  return { settings, steps: csiConsumerSteps(settings, minor) };
}

const ACTORS: Record<string, { id: string; title: string }> = {
  scheduler: { id: 'scheduler', title: 'The scheduler' },
  'attach/detach controller': { id: 'attach', title: 'The attach/detach controller' },
  kubelet: { id: 'kubelet', title: 'The kubelet, when it mounts a volume' },
};

export function csiDriverSections(facts: CsiDriverFacts): ExplainSection[] {
  const sections: ExplainSection[] = [];
  for (const actor of ['scheduler', 'attach/detach controller', 'kubelet']) {
    const steps = facts.steps.filter((step) => step.actor === actor);
    if (!steps.length) continue;
    sections.push({ ...ACTORS[actor], lines: steps.map((step) => `${step.fields.map((field) => `\`${field}\``).join(', ')}: ${step.does} (\`${step.decidedBy}\`).`) });
  }
  const policy = facts.settings.fsGroupPolicy;
  const rwoNoType = fsGroupOutcome(policy, { lifecycle: 'Persistent', fsType: '', accessModes: ['ReadWriteOnce'], fsGroup: 1000 });
  const rwx = fsGroupOutcome(policy, { lifecycle: 'Persistent', fsType: 'ext4', accessModes: ['ReadWriteMany'], fsGroup: 1000 });
  const rwo = fsGroupOutcome(policy, { lifecycle: 'Persistent', fsType: 'ext4', accessModes: ['ReadWriteOnce'], fsGroup: 1000 });
  const said = (outcome: ReturnType<typeof fsGroupOutcome>) => (outcome.applied === 'by-kubelet' ? 'applied' : `not applied: ${outcome.why}`);
  sections.push({
    id: 'fsGroup', title: 'A Pod with `securityContext.fsGroup`',
    lines: [
      `A ReadWriteOnce volume with an fsType: ${said(rwo)}.`,
      `A ReadWriteOnce volume without an fsType: ${said(rwoNoType)}.`,
      `A ReadWriteMany volume with an fsType: ${said(rwx)}.`,
      'A driver whose node service reports VOLUME_MOUNT_GROUP gets the fsGroup in NodeStageVolume / NodePublishVolume instead, whatever the policy.',
    ],
  });
  return sections;
}
