// ValidateCSIDriverUpdate through the engine: attachRequired and volumeLifecycleModes keep their value at every
// release; podInfoOnMount and fsGroupPolicy did before 1.29; the other fields may change.
import { describe, it } from 'node:test';
import { checkUpdateCase, swap, type UpdateCase } from './harness';

const DRIVER = `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: csi.example.com
spec:
  podInfoOnMount: true
`;

const spec = (lines: string) => swap(DRIVER, '  podInfoOnMount: true\n', `  podInfoOnMount: true\n${lines}`);

const rows: UpdateCase[] = [
  {
    name: 'attachRequired: true written out is the default, no change',
    before: DRIVER, after: spec('  attachRequired: true\n'), minor: 37, expect: [],
  },
  ...[23, 37].map((minor): UpdateCase => ({
    name: `attachRequired true -> false at 1.${minor}`,
    before: DRIVER, after: spec('  attachRequired: false\n'), minor,
    expect: ['update/csidriver/attach-required-immutable @ spec.attachRequired'],
    server: 'spec.attachedRequired: Invalid value: false: field is immutable',
    words: ['`spec.attachRequired` was `true` at HEAD and is `false` now', 'kubectl delete csidriver csi.example.com'],
  })),
  {
    // kubernetes#141597 (v1.38.0-alpha.2 notes): the server names the real field from 1.38 on.
    name: 'attachRequired true -> false at 1.38: the server names spec.attachRequired',
    before: DRIVER, after: spec('  attachRequired: false\n'), minor: 38,
    expect: ['update/csidriver/attach-required-immutable @ spec.attachRequired'],
    server: 'spec.attachRequired: Invalid value: false: field is immutable',
    words: ['`spec.attachRequired` was `true` at HEAD and is `false` now'],
  },
  {
    name: 'volumeLifecycleModes [Persistent] written out is the default, no change',
    before: DRIVER, after: spec('  volumeLifecycleModes:\n  - Persistent\n'), minor: 37, expect: [],
  },
  {
    name: 'a volume lifecycle mode added',
    before: spec('  volumeLifecycleModes:\n  - Persistent\n'), after: spec('  volumeLifecycleModes:\n  - Persistent\n  - Ephemeral\n'), minor: 37,
    expect: ['update/csidriver/volume-lifecycle-modes-immutable @ spec.volumeLifecycleModes'],
    server: 'spec.volumeLifecycleModes: Invalid value: []storage.VolumeLifecycleMode{…}: field is immutable',
    words: ['was `[Persistent]` at HEAD and is `[Persistent, Ephemeral]` now'],
  },
  {
    name: 'the modes reordered',
    before: spec('  volumeLifecycleModes: [Persistent, Ephemeral]\n'), after: spec('  volumeLifecycleModes: [Ephemeral, Persistent]\n'), minor: 30,
    expect: ['update/csidriver/volume-lifecycle-modes-immutable @ spec.volumeLifecycleModes'],
  },
  ...[28, 29].map((minor): UpdateCase => ({
    name: `podInfoOnMount true -> false at 1.${minor}`,
    before: DRIVER, after: swap(DRIVER, 'podInfoOnMount: true', 'podInfoOnMount: false'), minor,
    expect: minor <= 28 ? ['update/csidriver/pod-info-on-mount-immutable @ spec.podInfoOnMount'] : [],
    server: 'spec.podInfoOnMount: Invalid value: false: field is immutable',
  })),
  ...[28, 29].map((minor): UpdateCase => ({
    name: `fsGroupPolicy set to File at 1.${minor}`,
    before: DRIVER, after: spec('  fsGroupPolicy: File\n'), minor,
    expect: minor <= 28 ? ['update/csidriver/fs-group-policy-immutable @ spec.fsGroupPolicy'] : [],
    server: 'spec.fsGroupPolicy: Invalid value: "File": field is immutable',
  })),
  {
    name: 'storageCapacity, requiresRepublish, tokenRequests and seLinuxMount may change (1.25)',
    before: DRIVER, after: spec('  storageCapacity: true\n  requiresRepublish: true\n  seLinuxMount: true\n  tokenRequests:\n  - audience: vault\n'), minor: 25, expect: [],
  },
];

describe('ValidateCSIDriverUpdate, field by field and release by release', () => {
  for (const row of rows) it(row.name, () => checkUpdateCase(row));
});
