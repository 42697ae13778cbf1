// Every 1.36 and 1.37 change to our kinds, through the whole engine at 1.35, 1.36 and 1.37: a new field is
// free of errors from its release on (its gate's warning aside) and "newer than your release" before it; a
// removed field is an unknown-field error after its last release; fields a create drops are not validated.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { MarkupContent } from 'vscode-languageserver-types';
import { DEFAULT_SETTINGS, FileModel, hover, validateText } from '../../server/src/service/index';
import { withCursor } from '../support/lspClient';

function check(text: string, release: string): Diagnostic[] {
  return validateText(text, { ...DEFAULT_SETTINGS, kubernetesVersion: release });
}

/** `code @ path` of every finding, errors marked with `!`. */
function summary(text: string, release: string): string[] {
  return check(text, release).map((d) => `${d.severity === DiagnosticSeverity.Error ? '!' : ''}${String(d.code)} @ ${(d.data as { path: string }).path}`);
}

function messageOf(text: string, release: string, code: string): string {
  const found = check(text, release).find((d) => d.code === code);
  assert.ok(found, `no ${code} at ${release}`);
  return String(found.message);
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

/** A container with extra lines (indented as container fields). */
function jobWithContainer(lines: string, pod = ''): string {
  return job(pod).replace('        image: busybox:1.36\n', `        image: busybox:1.36\n${lines}`);
}

const driver = (spec: string) => `apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\nspec:\n${spec}`;

const POD = 'spec.template.spec';

describe('1.36: Pod schedulingGroup replaces workloadRef (GenericWorkload)', () => {
  const withGroup = job('      schedulingGroup:\n        podGroupName: trainers\n');
  const withRef = job('      workloadRef:\n        name: training\n        podGroup: workers\n');

  it('schedulingGroup is newer than 1.35, and only its gate warns at 1.36 and 1.37', () => {
    assert.deepEqual(summary(withGroup, '1.35'), [`version/field-not-in-release @ ${POD}.schedulingGroup`]);
    assert.match(messageOf(withGroup, '1.35', 'version/field-not-in-release'), /`schedulingGroup` exists from Kubernetes 1\.36; a 1\.35 API server does not know it/);
    assert.deepEqual(summary(withGroup, '1.36'), [`version/feature-gate-off @ ${POD}.schedulingGroup`]);
    assert.match(messageOf(withGroup, '1.36', 'version/feature-gate-off'), /GenericWorkload, which is alpha \(off by default\) in Kubernetes 1\.36; no release up to 1\.37 turns it on by default/);
    assert.match(messageOf(withGroup, '1.37', 'version/feature-gate-off'), /GenericWorkload, which is beta but off by default in Kubernetes 1\.37/);
  });

  it('workloadRef is an unknown-field error after 1.35, its last release; in 1.35 only its gate warns', () => {
    assert.deepEqual(summary(withRef, '1.34'), [`version/field-not-in-release @ ${POD}.workloadRef`]);
    assert.deepEqual(summary(withRef, '1.35'), [`version/feature-gate-off @ ${POD}.workloadRef`]);
    assert.match(messageOf(withRef, '1.35', 'version/feature-gate-off'), /Kubernetes 1\.36 removes the field; `schedulingGroup\.podGroupName` takes its place\.$/);
    for (const release of ['1.36', '1.37']) {
      assert.deepEqual(summary(withRef, release), [`!schema/unknown-field @ ${POD}.workloadRef`]);
      assert.match(messageOf(withRef, release, 'schema/unknown-field'), /It was removed after Kubernetes 1\.35\.$/);
    }
  });

  it('in 1.35 the inside of a dropped workloadRef is not validated: a missing podGroup is no error', () => {
    assert.deepEqual(summary(job('      workloadRef:\n        name: training\n'), '1.35'), [`version/feature-gate-off @ ${POD}.workloadRef`]);
  });
});

describe('1.36: CSIDriver preventPodSchedulingIfMissing (VolumeLimitScaling)', () => {
  const text = driver('  preventPodSchedulingIfMissing: true\n');

  it('is newer than 1.35, dropped while alpha in 1.36, and clean in 1.37 (beta, on)', () => {
    assert.deepEqual(summary(text, '1.35'), ['version/field-not-in-release @ spec.preventPodSchedulingIfMissing']);
    assert.deepEqual(summary(text, '1.36'), ['version/feature-gate-off @ spec.preventPodSchedulingIfMissing']);
    assert.match(messageOf(text, '1.36', 'version/feature-gate-off'), /VolumeLimitScaling, which is alpha \(off by default\) in Kubernetes 1\.36; it is on by default from Kubernetes 1\.37/);
    assert.deepEqual(summary(text, '1.37'), []);
  });

  it('is a boolean in every release that has it', () => {
    assert.deepEqual(summary(driver('  preventPodSchedulingIfMissing: "yes"\n'), '1.37'), ['!schema/type @ spec.preventPodSchedulingIfMissing']);
  });
});

describe('1.37: Job spec.scheduling (WorkloadWithJob)', () => {
  const scheduling = '  scheduling:\n    schedulingPolicy:\n      gang:\n        minCount: 4\n    schedulingConstraints:\n      topology:\n      - key: topology.kubernetes.io/zone\n    disruptionMode:\n      all: {}\n    resourceClaims:\n    - name: fabric\n      resourceClaimTemplateName: rdma\n';
  const text = job('', scheduling);

  it('is newer than 1.36 and 1.35, and only its gate warns in 1.37', () => {
    assert.deepEqual(summary(text, '1.35'), ['version/field-not-in-release @ spec.scheduling']);
    assert.deepEqual(summary(text, '1.36'), ['version/field-not-in-release @ spec.scheduling']);
    assert.deepEqual(summary(text, '1.37'), ['version/feature-gate-off @ spec.scheduling']);
    assert.match(messageOf(text, '1.37', 'version/feature-gate-off'), /WorkloadWithJob, which is alpha \(off by default\) in Kubernetes 1\.37/);
  });

  it('keeps the decoding checks inside it (unknown fields, types) but not the validation of a dropped field (required)', () => {
    const typo = job('', scheduling.replace('minCount: 4', 'minCount: four').replace('all: {}', 'all: {now: true}').replace('    - name: fabric\n', '    - resourceClaimName: x\n'));
    assert.deepEqual(summary(typo, '1.37'), [
      'version/feature-gate-off @ spec.scheduling',
      '!schema/type @ spec.scheduling.schedulingPolicy.gang.minCount',
      '!schema/unknown-field @ spec.scheduling.disruptionMode.all.now',
    ]);
  });
});

describe('1.37: new pod-template fields, each behind its own alpha gate', () => {
  const cases: { name: string; text: string; path: string; gate: string }[] = [
    {
      name: 'evictionResponders (EvictionRequestAPI)',
      text: job('      evictionResponders:\n      - name: example.com/drainer\n        priority: 10000\n'),
      path: `${POD}.evictionResponders`,
      gate: 'EvictionRequestAPI',
    },
    {
      name: 'httpGet.protocol of a probe (H2CContainerProbe)',
      text: jobWithContainer('        readinessProbe:\n          httpGet:\n            port: 8080\n            protocol: HTTP2\n'),
      path: `${POD}.containers[0].readinessProbe.httpGet.protocol`,
      gate: 'H2CContainerProbe',
    },
    {
      name: 'grpc.mode of a probe (GRPCContainerProbeTLS)',
      text: jobWithContainer('        livenessProbe:\n          grpc:\n            port: 9090\n            mode: TLS\n'),
      path: `${POD}.containers[0].livenessProbe.grpc.mode`,
      gate: 'GRPCContainerProbeTLS',
    },
    {
      name: 'volumeMounts[].bindMountOptions (VolumeBindMountOptions)',
      text: jobWithContainer('        volumeMounts:\n        - name: scratch\n          mountPath: /scratch\n          bindMountOptions: [noexec, nosuid]\n', '      volumes:\n      - name: scratch\n        emptyDir: {}\n'),
      path: `${POD}.containers[0].volumeMounts[0].bindMountOptions`,
      gate: 'VolumeBindMountOptions',
    },
    {
      name: 'emptyDir.mode (EmptyDirVolumeMode)',
      text: job('      volumes:\n      - name: scratch\n        emptyDir:\n          mode: 0750\n'),
      path: `${POD}.volumes[0].emptyDir.mode`,
      gate: 'EmptyDirVolumeMode',
    },
    {
      name: 'configMap items[].user (AtomicWriteVolumeUserFields)',
      text: job('      volumes:\n      - name: conf\n        configMap:\n          name: app\n          items:\n          - key: a\n            path: a\n            user: 1000\n'),
      path: `${POD}.volumes[0].configMap.items[0].user`,
      gate: 'AtomicWriteVolumeUserFields',
    },
    {
      name: 'projected defaultUser and a service-account token user (AtomicWriteVolumeUserFields)',
      text: job('      volumes:\n      - name: token\n        projected:\n          defaultUser: 1000\n          sources:\n          - serviceAccountToken:\n              path: token\n              user: 1000\n'),
      path: `${POD}.volumes[0].projected.defaultUser`,
      gate: 'AtomicWriteVolumeUserFields',
    },
  ];

  for (const { name, text, path, gate } of cases) {
    it(`${name}: newer than 1.36, only its gate warns in 1.37`, () => {
      const at136 = summary(text, '1.36');
      assert.ok(at136.includes(`version/field-not-in-release @ ${path}`), at136.join('\n'));
      assert.ok(at136.every((line) => line.startsWith('version/field-not-in-release @ ')), at136.join('\n'));
      const at137 = summary(text, '1.37');
      assert.ok(at137.includes(`version/feature-gate-off @ ${path}`), at137.join('\n'));
      assert.ok(at137.every((line) => line.startsWith('version/feature-gate-off @ ')), at137.join('\n'));
      assert.match(messageOf(text, '1.37', 'version/feature-gate-off'), new RegExp(`needs the feature gate ${gate}, which is alpha \\(off by default\\) in Kubernetes 1\\.37`));
    });
  }

  it('a responder without its required priority is no error while the field is dropped; a wrong type still is', () => {
    assert.deepEqual(summary(job('      evictionResponders:\n      - name: example.com/drainer\n'), '1.37'), [`version/feature-gate-off @ ${POD}.evictionResponders`]);
    assert.deepEqual(summary(job('      evictionResponders:\n      - name: example.com/drainer\n        priority: high\n'), '1.37'), [
      `version/feature-gate-off @ ${POD}.evictionResponders`,
      `!schema/type @ ${POD}.evictionResponders[0].priority`,
    ]);
  });

  it('hostnameOverride (HostnameOverride): dropped in 1.34 (alpha), clean from 1.35 (beta) and in 1.37 (GA)', () => {
    const text = job('      hostnameOverride: trainer-0.example\n');
    assert.deepEqual(summary(text, '1.34'), [`version/feature-gate-off @ ${POD}.hostnameOverride`]);
    assert.deepEqual(summary(text, '1.35'), []);
    assert.deepEqual(summary(text, '1.37'), []);
  });
});

describe('hover names the gate of a new pod-template field as the chosen release has it', () => {
  const hoverText = (text: string, release: string): string => {
    const { text: plain, position } = withCursor(text);
    const shown = hover(new FileModel(), plain, position, { ...DEFAULT_SETTINGS, kubernetesVersion: release });
    return (shown?.contents as MarkupContent | undefined)?.value ?? '';
  };
  const text = job('      sched|ulingGroup:\n        podGroupName: trainers\n');

  it('alpha in 1.36, beta but off in 1.37, with its first release', () => {
    assert.match(hoverText(text, '1.36'), /Since Kubernetes 1\.36\n\nFeature gate `GenericWorkload`: alpha \(off by default\) in Kubernetes 1\.36; dropped on create unless the gate is enabled/);
    assert.match(hoverText(text, '1.37'), /Feature gate `GenericWorkload`: beta but off by default in Kubernetes 1\.37/);
  });

  it('a 1.36 field read at 1.35 shows no gate line (the release does not have the field)', () => {
    assert.doesNotMatch(hoverText(text, '1.35'), /Feature gate/);
  });
});
