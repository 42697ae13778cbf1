// Table-driven cases for the volume families (validateVolumes, validateVolumeSources, validateVolumeMounts):
// a Job around a pod spec, the three families alone, and exact codes, paths, severities and words.
import { describe, it } from 'node:test';
import { validateVolumeMounts } from '../../../server/src/service/rules/pod/validateVolumeMounts';
import { validateVolumeSources } from '../../../server/src/service/rules/pod/validateVolumeSources';
import { validateVolumes } from '../../../server/src/service/rules/pod/validateVolumes';
import type { Json } from '../../../server/src/service/types';
import assert from 'node:assert/strict';
import { checkCronJobTwin, checkRuleCase, checkWrappedTwin, type RuleCase } from './harness';

export const VOLUME_FAMILIES = [validateVolumes, validateVolumeSources, validateVolumeMounts];
export const POD = 'spec.template.spec';
export const V0 = `${POD}.volumes[0]`;
export const C0 = `${POD}.containers[0]`;

type Obj = { [key: string]: Json };

/** A Job (written as JSON, which is YAML too) whose pod spec is a valid one with `podSpec` merged in. */
export function volumeJob(podSpec: Obj): string {
  return JSON.stringify({
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'demo' },
    spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox' }], ...podSpec } } },
  });
}

/** A Job with one volume named `data`. */
export function withVolume(source: Obj, extra: Obj = {}): string {
  return volumeJob({ volumes: [{ name: 'data', ...source }], ...extra });
}

/** A Job whose container `main` has `fields` (mounts, devices) and whose pod has `volumes`. */
export function withContainer(fields: Obj, volumes: Json[] = [{ name: 'data', emptyDir: {} }]): string {
  return volumeJob({ volumes, containers: [{ name: 'main', image: 'busybox', ...fields }] });
}

export type VolumeCase = RuleCase;

export function runVolumeCases(groups: readonly [string, readonly VolumeCase[]][]): void {
  for (const [group, cases] of groups) {
    describe(group, () => {
      for (const testCase of cases) {
        it(testCase.name, () => checkRuleCase(VOLUME_FAMILIES, testCase));
        it(`${testCase.name} (in a CronJob)`, () => assert.ok(checkCronJobTwin(VOLUME_FAMILIES, testCase), 'every Job case has a CronJob twin'));
        for (const kind of ['JobSet', 'TrainingRuntime'] as const) {
          it(`${testCase.name} (in a ${kind})`, () => assert.ok(checkWrappedTwin(VOLUME_FAMILIES, testCase, kind), `every Job case has a ${kind} twin`));
        }
      }
    });
  }
}
