// ValidateCSIDriverUpdate (pkg/apis/storage/validation): `attachRequired` (reported at the path the server
// spelt `spec.attachedRequired` through 1.37; 1.38 names `spec.attachRequired`, kubernetes#141597 in the
// v1.38.0-alpha.2 notes) and `volumeLifecycleModes` (the list, order included) keep what the driver
// was registered with. Before Kubernetes 1.29 so did `podInfoOnMount` and `fsGroupPolicy` (the API
// documentation of 1.29 and later: "immutable in Kubernetes < 1.29"); `storageCapacity` has been mutable
// since 1.23, `tokenRequests`, `requiresRepublish`, `seLinuxMount` and the later fields always.
// ValidateObjectMetaUpdate keeps the name: it is the driver's identity (update/identity.ts).
import type { Finding, RuleCode } from '../../types';
import { changedPaths } from '../compare';
import { isObject } from '../../kube/defaults';
import { immutableFinding, immutableLine } from '../messages';
import type { UpdateContext, UpdateRule } from '../types';

const MIRRORS = 'ValidateCSIDriverUpdate';
const HREF = 'https://kubernetes.io/docs/reference/kubernetes-api/config-and-storage-resources/csi-driver-v1/#CSIDriverSpec';

interface ImmutableField {
  field: string;
  /** The path the server prints. */
  serverPath: string;
  /** The path the server prints from a release on, when it changed: [first minor, path]. */
  serverPathFrom?: readonly [number, string];
  goType?: string;
  /** The last release that keeps the field (undefined: every release we know). */
  lastMinor?: number;
  what: string;
  code: RuleCode;
}

const code = (what: string, title: string, reference?: string): RuleCode => ({
  code: `update/csidriver/${what}-immutable`, severity: 'warning', title, mirrors: MIRRORS, href: HREF, ...(reference ? { reference } : {}),
});

const FIELDS: readonly ImmutableField[] = [
  { field: 'attachRequired', serverPath: 'spec.attachedRequired', serverPathFrom: [38, 'spec.attachRequired'], what: 'a registered CSI driver keeps whether it needs an attach step',
    code: code('attach-required', 'The edit changes `spec.attachRequired` of a CSIDriver that exists (compared with the baseline): the update is refused', 'CSI-UPD-01') },
  { field: 'volumeLifecycleModes', serverPath: 'spec.volumeLifecycleModes', goType: '[]storage.VolumeLifecycleMode', what: 'a registered CSI driver keeps its volume lifecycle modes (adding, removing or reordering one is a change)',
    code: code('volume-lifecycle-modes', 'The edit adds, removes or reorders `spec.volumeLifecycleModes` of a CSIDriver that exists: the update is refused', 'CSI-UPD-02') },
  { field: 'podInfoOnMount', serverPath: 'spec.podInfoOnMount', lastMinor: 28, what: 'before Kubernetes 1.29 a registered CSI driver keeps `podInfoOnMount`',
    code: code('pod-info-on-mount', 'Before 1.29: the edit changes `spec.podInfoOnMount` of a CSIDriver that exists: the update is refused') },
  { field: 'fsGroupPolicy', serverPath: 'spec.fsGroupPolicy', lastMinor: 28, what: 'before Kubernetes 1.29 a registered CSI driver keeps `fsGroupPolicy`',
    code: code('fs-group-policy', 'Before 1.29: the edit changes `spec.fsGroupPolicy` of a CSIDriver that exists: the update is refused') },
];

export const validateCSIDriverUpdate: UpdateRule = {
  name: MIRRORS,
  kinds: ['CSIDriver'],
  codes: FIELDS.map((field) => field.code),
  check(context: UpdateContext): Finding[] {
    const before = isObject(context.before.spec) ? context.before.spec : {};
    const after = isObject(context.after.spec) ? context.after.spec : {};
    const findings: Finding[] = [];
    for (const field of FIELDS) {
      if (field.lastMinor !== undefined && context.minor > field.lastMinor) continue;
      const changed = changedPaths(before[field.field], after[field.field], ['spec', field.field], {}, 1);
      if (changed.length === 0) continue;
      // One finding per field: the whole value is what the server compares (a list's order included).
      const path = ['spec', field.field];
      const serverPath = field.serverPathFrom && context.minor >= field.serverPathFrom[0] ? field.serverPathFrom[1] : field.serverPath;
      findings.push(immutableFinding(field.code, path, context, field.what, immutableLine(serverPath, after[field.field], field.goType)));
    }
    return findings;
  },
};
