// Kubernetes 1.38, offered as a pre-release (no OpenAPI document, no Go types and no release notes of the .0 could
// be read): each delta its development sources state (the v1.38.0-alpha.1/alpha.2 notes, scripts/releases/1.38.json),
// through the whole engine at 1.37 and 1.38, and what they do not settle left unchecked (docs/releases.md):
// never a warning or an error that a promotion in 1.38 would make false.
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { describe, it } from 'node:test';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { MarkupContent } from 'vscode-languageserver-types';
import { readDeltas } from '../../scripts/releaseDeltas';
import { DEFAULT_SETTINGS, explainObject, FileModel, hover, validateText } from '../../server/src/service/index';
import { gateEnabledByDefault, gateOffUnconfirmed, gateStage } from '../../server/src/service/kube/featureGates';
import { isValidVersion } from '../../server/src/service/settings';
import { DEFAULT_KUBERNETES_VERSION, isPrerelease, MAX_MINOR, releaseLabel, releaseRangeLabel } from '../../server/src/service/types';
import { withCursor } from '../support/lspClient';
import { fieldsInRelease } from '../support/releaseFields';

function check(text: string, release: string): Diagnostic[] {
  return validateText(text, { ...DEFAULT_SETTINGS, kubernetesVersion: release });
}

/** `code @ path` of every finding, errors marked with `!`. */
function summary(text: string, release: string): string[] {
  return check(text, release).map((d) => `${d.severity === DiagnosticSeverity.Error ? '!' : ''}${String(d.code)} @ ${(d.data as { path: string }).path}`);
}

function hoverText(text: string, release: string): string {
  const { text: plain, position } = withCursor(text);
  const shown = hover(new FileModel(), plain, position, { ...DEFAULT_SETTINGS, kubernetesVersion: release });
  return (shown?.contents as MarkupContent | undefined)?.value ?? '';
}

/** A valid Job whose pod spec gets `podSpec` (indented for the pod spec) and whose spec gets `jobSpec`. */
function job(podSpec = '', jobSpec = ''): string {
  return `apiVersion: batch/v1
kind: Job
metadata:
  name: train
spec:
${jobSpec}  template:
    spec:
      restartPolicy: Never
${podSpec}      containers:
      - name: main
        image: busybox:1.36
`;
}

const POD = 'spec.template.spec';

describe('1.38 is a pre-release: known, picked by the user, never the default', () => {
  it('is the newest release known, labelled a pre-release, and 1.37 stays the default', () => {
    assert.equal(MAX_MINOR, 38);
    assert.ok(isPrerelease(38) && !isPrerelease(37));
    assert.equal(DEFAULT_KUBERNETES_VERSION, '1.37');
    assert.equal(DEFAULT_SETTINGS.kubernetesVersion, '1.37');
    assert.equal(releaseLabel(38), '1.38 (pre-release)');
    assert.equal(releaseLabel(37), '1.37');
    assert.equal(releaseRangeLabel(), '1.23 to 1.37 and 1.38 (pre-release)');
    for (const version of ['1.38', 'v1.38.0', ' 1.38 ']) assert.ok(isValidVersion(version), version);
    assert.ok(!isValidVersion('1.39'));
  });

  it('its delta adds or removes no field (no 1.38 types could be read) and changes only the required sets #140010 names; every note names the alpha notes or a KEP', () => {
    const delta = readDeltas().find((entry) => entry.release === '1.38');
    assert.ok(delta, 'scripts/releases/1.38.json');
    assert.deepEqual(delta.changes.map((change) => Object.entries(change).filter(([key]) => key !== 'sources').map(([key, value]) => `${key}=${String(value)}`).join(' ')), [
      'unrequireField=rules type=io.k8s.api.batch.v1.PodFailurePolicy',
      'requireField=spec type=io.k8s.api.batch.v1.Job',
      'requireField=spec type=io.k8s.api.batch.v1.JobTemplateSpec',
    ]);
    for (const change of delta.changes) assert.ok(change.sources.some((source) => source.startsWith('pr-140010')), JSON.stringify(change));
    for (const kind of ['Job', 'CronJob', 'CSIDriver'] as const) {
      assert.deepEqual([...fieldsInRelease(kind, 38)].sort(), [...fieldsInRelease(kind, 37)].sort(), kind);
    }
    assert.ok((delta.notInSchema ?? []).length >= 8);
    for (const note of delta.notInSchema ?? []) assert.ok(note.sources.some((source) => /^(changelog-1\.38-alpha|kep-)/.test(source)), note.what);
  });
});

describe('1.38 gates the v1.38.0-alpha notes state', () => {
  it('EnvFiles and StrictIPCIDRValidation are GA; PodSchedulingReadiness, DynamicResourceAllocation and MatchLabelKeysInPodAffinity, removed, keep their behaviour', () => {
    assert.equal(gateStage('EnvFiles', 37), 'beta-on');
    assert.equal(gateStage('EnvFiles', 38), 'ga');
    assert.equal(gateStage('StrictIPCIDRValidation', 37), 'beta-on');
    assert.equal(gateStage('StrictIPCIDRValidation', 38), 'ga');
    for (const gate of ['PodSchedulingReadiness', 'DynamicResourceAllocation', 'MatchLabelKeysInPodAffinity'] as const) {
      assert.equal(gateStage(gate, 38), 'ga', gate);
      assert.equal(gateOffUnconfirmed(gate, 38), false, gate);
    }
  });

  it('a fileKeyRef env source is clean at 1.38 and its hover says EnvFiles is GA there', () => {
    const env = '        env:\n        - name: TOKEN\n          valueFrom:\n            fileKeyRef:\n              volumeName: config\n              path: env\n              key: TOKEN\n';
    const text = job('      volumes:\n      - name: config\n        emptyDir: {}\n').replace('        image: busybox:1.36\n', `        image: busybox:1.36\n${env}`);
    assert.deepEqual(summary(text, '1.38'), []);
    assert.deepEqual(summary(text, '1.37'), []);
    assert.match(hoverText(text.replace('fileKeyRef:', 'fileKe|yRef:'), '1.38'), /Feature gate `EnvFiles`: GA \(always on\) in Kubernetes 1\.38/);
  });

  it('the strict IP rules still refuse a leading zero at 1.38', () => {
    const text = job('      hostAliases:\n      - ip: 010.0.0.1\n        hostnames: [db]\n');
    assert.ok(summary(text, '1.38').some((line) => line.startsWith('!') && line.endsWith(`${POD}.hostAliases[0].ip`)), summary(text, '1.38').join('\n'));
    assert.deepEqual(summary(text, '1.38'), summary(text, '1.37'));
  });
});

describe('1.38 OpenAPI required sets (#140010)', () => {
  it('an empty pod failure policy (`podFailurePolicy: {}`) is no error: validation never rejected an empty rules list', () => {
    assert.deepEqual(summary(job('', '  podFailurePolicy: {}\n'), '1.38'), []);
  });

  it('a rule without action is still refused (PodFailurePolicyRule.action stays required)', () => {
    const text = job('', '  podFailurePolicy:\n    rules:\n    - onExitCodes:\n        operator: In\n        values: [42]\n');
    assert.ok(summary(text, '1.38').includes('!schema/required @ spec.podFailurePolicy.rules[0].action'), summary(text, '1.38').join('\n'));
  });
});

describe('1.38 gates no source settles: left unchecked, never a false warning or error', () => {
  const scheduling = '  scheduling:\n    schedulingPolicy:\n      gang:\n        minCount: 4\n';
  const gang = job('', scheduling);

  it('Job spec.scheduling (WorkloadWithJob, beta planned for 1.38, no merge read): the 1.37 off-gate warning, none at 1.38', () => {
    assert.equal(gateStage('WorkloadWithJob', 38), 'alpha', 'the 1.37 stage carried forward');
    assert.equal(gateEnabledByDefault('WorkloadWithJob', 38), false);
    assert.ok(gateOffUnconfirmed('WorkloadWithJob', 38));
    assert.ok(!gateOffUnconfirmed('WorkloadWithJob', 37), 'a released release is settled');
    assert.deepEqual(summary(gang, '1.37'), ['version/feature-gate-off @ spec.scheduling']);
    assert.deepEqual(summary(gang, '1.38'), []);
  });

  it('at 1.38 what is written inside spec.scheduling gets no required-field error (a create may still drop it), and a wrong type is still an error', () => {
    const claimWithoutName = job('', `${scheduling}    resourceClaims:\n    - resourceClaimTemplateName: rdma\n`);
    assert.deepEqual(summary(claimWithoutName, '1.38'), []);
    const typo = job('', scheduling.replace('minCount: 4', 'minCount: four'));
    assert.deepEqual(summary(typo, '1.38'), ['!schema/type @ spec.scheduling.schedulingPolicy.gang.minCount']);
  });

  it('Pod schedulingGroup (GenericWorkload, beta but off in 1.37) gets no warning at 1.38 either', () => {
    const withGroup = job('      schedulingGroup:\n        podGroupName: trainers\n');
    assert.deepEqual(summary(withGroup, '1.37'), [`version/feature-gate-off @ ${POD}.schedulingGroup`]);
    assert.deepEqual(summary(withGroup, '1.38'), []);
  });

  it('the hover says the 1.38 stage is not confirmed, and explain says it takes the field as written', () => {
    assert.match(hoverText(gang.replace('  scheduling:', '  sched|uling:'), '1.38'),
      /Feature gate `WorkloadWithJob`: alpha \(off by default\) in Kubernetes 1\.37; its stage in 1\.38 \(a pre-release\) is not confirmed by the sources KubeAssist could read, so it is not checked/);
    assert.doesNotMatch(hoverText(gang.replace('  scheduling:', '  sched|uling:'), '1.37'), /pre-release|not confirmed/);
    const explained = explainObject('Job', parse(gang), 38, { nowSeconds: 0 });
    assert.equal(explained.kubernetesVersion, '1.38');
    assert.deepEqual(explained.dropped, []);
    assert.ok(explained.notes.some((note) => note.startsWith('`spec.scheduling` needs feature gate `WorkloadWithJob`, whose default in Kubernetes 1.38 (a pre-release) no source KubeAssist could read confirms')), explained.notes.join('\n'));
  });

  it('the pod failure policy rule `name` (KEP-4443, provisional) is not a 1.38 field: unknown at 1.38 as at 1.37', () => {
    const named = job('', '  podFailurePolicy:\n    rules:\n    - name: exit-42\n      action: FailJob\n      onExitCodes:\n        operator: In\n        values: [42]\n');
    assert.deepEqual(summary(named, '1.38'), summary(named, '1.37'));
    assert.ok(summary(named, '1.38').includes('!schema/unknown-field @ spec.podFailurePolicy.rules[0].name'), summary(named, '1.38').join('\n'));
  });
});
