// Every CSIDriver field the catalogue explains (all but the insides of metadata). A CSIDriver is written
// by whoever installs a CSI volume driver, to tell the kubelet and the controllers how to talk to it.
import { CSI_DOCS } from './links';
import { ON_OFF, type FieldDoc } from './types';

const TOP_LEVEL: FieldDoc[] = [
  {
    path: 'apiVersion',
    summary: 'The API group and version of the object: `storage.k8s.io/v1`',
    details: 'The `storage.k8s.io/v1beta1` version of CSIDriver was removed in Kubernetes 1.22.',
    values: { 'storage.k8s.io/v1': 'The only version that serves CSIDriver.' },
    mutability: 'immutable',
    interactions: [{ text: 'Other versions of the group are refused by API discovery.', field: 'kind', rule: 'kind/api-version' }],
    docs: CSI_DOCS.api,
  },
  {
    path: 'kind',
    summary: 'The type of object: `CSIDriver`',
    values: { CSIDriver: 'Cluster-wide settings for one installed CSI volume driver.' },
    mutability: 'immutable',
    docs: CSI_DOCS.api,
  },
  {
    path: 'metadata',
    summary: 'The driver name (metadata.name), labels and annotations; no namespace',
    details:
      'The name is the driver name: exactly what the driver answers to the CSI `GetPluginName` call, and what `csi.driver` in ' +
      'PersistentVolumes and inline volumes refers to, for example `ebs.csi.aws.com`.\n\n' +
      'The API server wants a DNS subdomain (lowercase, at most 253 characters), but volumes can only refer to names of at most 63 characters, ' +
      'so stay within 63.\n\nCSIDriver is cluster-scoped: a `namespace` is dropped.',
    limits: ['name: DNS subdomain; at most 63 characters to be usable by volumes'],
    mutability: 'the name is fixed; labels and annotations may change',
    interactions: [
      { text: 'A name is needed.', rule: 'meta/name-required' },
      { text: 'The name must be a DNS subdomain.', rule: 'meta/name-invalid' },
      { text: 'Names over 63 characters cannot be used by volumes.', rule: 'csidriver/name/too-long-for-volumes' },
      { text: 'A namespace has no effect.', rule: 'csidriver/namespace/ignored' },
    ],
    example: 'metadata:\n  name: hostpath.csi.k8s.io\n',
    docs: CSI_DOCS.api,
  },
  {
    path: 'spec',
    summary: 'How Kubernetes should work with the driver: attach, mount-time info, tokens, lifecycles',
    details: 'Every field is optional and has a default, so `spec: {}` describes a driver that needs attach and persistent volumes only.',
    example: 'spec:\n  attachRequired: false\n  podInfoOnMount: true\n  volumeLifecycleModes:\n  - Persistent\n  - Ephemeral\n',
    docs: CSI_DOCS.spec,
  },
];

const ATTACH_AND_MOUNT: FieldDoc[] = [
  {
    path: 'spec.attachRequired',
    summary: 'Whether volumes need an attach step (ControllerPublishVolume) before they can be mounted',
    details:
      'With true, Kubernetes creates a VolumeAttachment for each volume and node, the driver\'s external-attacher performs the attach, and the ' +
      'kubelet waits for it before mounting. Drivers without an attach step (NFS-like file shares, secret stores, most ephemeral drivers) ' +
      'set false so mounts do not wait for an attacher that never comes.\n\n' +
      'To change it, delete and re-create the CSIDriver. Update errors name it `spec.attachedRequired` (sic).',
    default: 'true',
    values: ON_OFF(
      'Attach first: VolumeAttachment objects are created and the kubelet waits for them.',
      'Skip the attach step; the kubelet mounts straight away.',
    ),
    maturity: 'GA',
    mutability: 'immutable',
    docs: CSI_DOCS.spec,
  },
  {
    path: 'spec.podInfoOnMount',
    summary: 'Pass the Pod\'s name, namespace, UID and service account to the driver at mount time',
    details:
      'With true, the kubelet adds keys under the `csi.storage.k8s.io/` prefix to the volume context of `NodePublishVolume`: ' +
      '`pod.name`, `pod.namespace`, `pod.uid`, `serviceAccount.name`, and `ephemeral` ("true" for inline volumes). ' +
      'Drivers that act per Pod (secret stores, per-Pod credentials) need it; a driver that supports both lifecycle modes needs it to tell them apart.\n\n' +
      'The driver must check what it receives; the list may grow, always under the same prefix.',
    default: 'false',
    values: ON_OFF('Pod details are added to the volume context at mount time.', 'The driver gets no Pod details.'),
    maturity: 'GA',
    mutability: 'mutable since Kubernetes 1.29; immutable before',
    onUpdate: 'Applies to the volumes mounted from now on; mounted volumes keep what they got.',
    example: 'spec:\n  podInfoOnMount: true\n',
    docs: CSI_DOCS.spec,
  },
  {
    path: 'spec.fsGroupPolicy',
    summary: 'Whether Kubernetes may change volume ownership and permissions to match the Pod\'s fsGroup',
    details:
      'A Pod\'s `securityContext.fsGroup` normally makes the kubelet change group ownership and permissions of the volume contents when mounting. ' +
      'Shared file systems that manage permissions themselves should say `None`; block-backed volumes usually want `File`. ' +
      'A read-only mount is never changed, and a driver whose node service reports VOLUME_MOUNT_GROUP gets the fsGroup at mount time ' +
      'and applies it itself, whatever this says (csiMountMgr.SetUpAt, supportsFSGroup).',
    default: 'ReadWriteOnceWithFSType',
    values: {
      ReadWriteOnceWithFSType:
        'Apply fsGroup only to volumes that have an `fsType` and a ReadWriteOnce access mode (inline volumes count as ReadWriteOnce); ' +
        'leave others untouched, silently: only a kubelet log line says so.',
      File: 'Apply fsGroup to every writable volume, whatever its fsType and access modes.',
      None: 'Never touch ownership or permissions; the volume is mounted as it is.',
    },
    maturity: 'GA',
    featureGate: 'CSIVolumeFSGroupPolicy',
    mutability: 'mutable since Kubernetes 1.29; immutable before',
    onUpdate: 'Applies to the volumes mounted from now on; files already owned by a group keep it.',
    example: 'spec:\n  fsGroupPolicy: File\n',
    docs: CSI_DOCS.spec,
  },
  {
    path: 'spec.seLinuxMount',
    summary: 'The driver can mount each volume with its own SELinux context (`-o context=...`)',
    details:
      'On SELinux hosts, the container runtime otherwise relabels every file of a volume before the container starts, which can take minutes ' +
      'on big volumes. With true, the kubelet mounts with the right context instead, in one step.\n\n' +
      'Say true only if every volume of the driver is its own file system (for example a file system on a block device). ' +
      'A driver that hands out subdirectories of one shared file system must keep false: one mount carries one context.',
    default: 'false',
    values: ON_OFF('Mount with `-o context=...` where the Pod sets an SELinux label (ReadWriteOncePod volumes by default).', 'No SELinux mount option; files are relabelled by the runtime.'),
    maturity: 'GA',
    featureGate: 'SELinuxMountReadWriteOncePod',
    mutability: 'mutable',
    onUpdate: 'Applies to the volumes mounted from now on.',
    docs: CSI_DOCS.seLinux,
  },
  {
    path: 'spec.requiresRepublish',
    summary: 'Call NodePublishVolume again periodically for volumes already mounted',
    details:
      'The driver can then refresh what is in the volume, typically rotating credentials from `tokenRequests` before they expire. ' +
      'Later calls may change contents only: a new mount on those calls is not seen by running containers.',
    default: 'false',
    values: ON_OFF('The kubelet re-calls NodePublishVolume periodically.', 'NodePublishVolume is called once per mount.'),
    maturity: 'GA',
    mutability: 'mutable',
    onUpdate: 'The kubelet starts or stops calling NodePublishVolume again for the volumes of running Pods.',
    interactions: [{ text: 'Pairs with tokenRequests so the driver gets fresh tokens.', field: 'spec.tokenRequests' }],
    docs: CSI_DOCS.spec,
  },
  {
    path: 'spec.storageCapacity',
    summary: 'Make the scheduler consider the driver\'s published free capacity',
    details:
      'With true, the scheduler only places a Pod whose volume is still to be created (WaitForFirstConsumer) on nodes where a CSIStorageCapacity ' +
      'object reports enough room. The driver deployment must publish those objects (external-provisioner with capacity tracking on).\n\n' +
      'Pitfall: true without any published CSIStorageCapacity objects leaves such Pods Pending.',
    default: 'false',
    values: ON_OFF('Scheduling waits for and uses CSIStorageCapacity objects.', 'Capacity is not taken into account.'),
    maturity: 'GA',
    featureGate: 'CSIStorageCapacity',
    mutability: 'mutable since Kubernetes 1.23; immutable in 1.22 and earlier',
    onUpdate: "The scheduler starts or stops reading the driver's CSIStorageCapacity objects for Pods it places from now on.",
    docs: CSI_DOCS.storageCapacity,
  },
  {
    path: 'spec.volumeLifecycleModes',
    summary: 'Which kinds of volume the driver serves: Persistent, Ephemeral, or both',
    details:
      '`Ephemeral` means CSI inline volumes, written as `csi:` directly in the Pod\'s `volumes`; the driver gets NodePublishVolume without any ' +
      'provisioning and the volume lives and dies with the Pod.\n\n' +
      'Pitfall: generic ephemeral volumes (`ephemeral.volumeClaimTemplate`) create ordinary PVCs, so they need `Persistent`, not `Ephemeral`.',
    default: '[Persistent] when empty or left out',
    values: {
      Persistent: 'Volumes through PersistentVolumes and PersistentVolumeClaims, the usual way.',
      Ephemeral: 'CSI inline volumes declared in the Pod spec; they exist only as long as the Pod.',
    },
    maturity: 'GA',
    featureGate: 'CSIInlineVolume',
    mutability: 'immutable (adding, removing or reordering modes is refused)',
    interactions: [
      { text: 'Listing a mode twice has no meaning.', rule: 'csidriver/volume-lifecycle-modes/duplicate' },
      { text: 'A driver serving both modes needs podInfoOnMount to tell them apart (the `ephemeral` key).', field: 'spec.podInfoOnMount' },
    ],
    example: 'spec:\n  volumeLifecycleModes:\n  - Persistent\n  - Ephemeral\n',
    docs: CSI_DOCS.ephemeralVolumes,
  },
  {
    path: 'spec.nodeAllocatableUpdatePeriodSeconds',
    summary: 'How often the kubelet refreshes the node\'s volume limit for this driver, in seconds',
    details:
      'The number of volumes a node can attach (CSINode `allocatable.count`) is otherwise read once, when the driver registers. ' +
      'With this set, the kubelet asks the driver again (NodeGetInfo) every period and also right after an attach fails for lack of room, ' +
      'so the scheduler stops sending Pods to a node that is full.',
    default: 'unset: the limit is read once and never refreshed',
    limits: ['at least 10'],
    maturity: 'GA',
    featureGate: 'MutableCSINodeAllocatableCount',
    mutability: 'mutable',
    onUpdate: "The kubelets read the new period and update the node's volume limit on the new schedule.",
    interactions: [{ text: 'At least 10 seconds.', rule: 'csidriver/node-allocatable-update-period/too-short' }],
    example: 'spec:\n  nodeAllocatableUpdatePeriodSeconds: 60\n',
    docs: CSI_DOCS.spec,
  },
  {
    path: 'spec.preventPodSchedulingIfMissing',
    summary: 'Keep Pods that need this driver off nodes where the driver has not registered yet',
    details:
      'A node whose CSINode object does not list the driver (it has just joined, or the driver\'s node plugin is still starting) normally ' +
      'looks to the scheduler as if it had no volume limit at all, so Pods with this driver\'s volumes may be sent there and then wait in ' +
      '`ContainerCreating`. With true, the scheduler refuses such nodes for those Pods until the driver has registered; other Pods are not affected.\n\n' +
      'Cluster autoscalers that simulate scheduling must then model CSINode objects for the nodes they plan, or they may never see room for these Pods.\n\n' +
      'New in Kubernetes 1.36 behind the VolumeLimitScaling gate (alpha, off: the field is dropped on create); beta and on by default from 1.37.',
    default: 'false',
    values: ON_OFF('Pods using the driver are scheduled only to nodes where it has registered.', 'Nodes without the driver are not ruled out (the behaviour before 1.36).'),
    maturity: 'beta',
    featureGate: 'VolumeLimitScaling',
    mutability: 'mutable',
    onUpdate: 'Decides for Pods scheduled from now on; Pods already placed stay where they are.',
    example: 'spec:\n  preventPodSchedulingIfMissing: true\n',
    docs: CSI_DOCS.spec,
  },
];

const TOKENS: FieldDoc[] = [
  {
    path: 'spec.tokenRequests',
    summary: 'Service account tokens of the mounting Pod that the kubelet hands to the driver',
    details:
      'For each entry the kubelet requests a token for the Pod\'s service account, bound to that audience, and passes all of them at ' +
      'NodePublishVolume under `csi.storage.k8s.io/serviceAccount.tokens`: a JSON map from audience to `{token, expirationTimestamp}`. ' +
      'Drivers use them to act as the workload, for example to fetch cloud secrets.\n\n' +
      'Tokens expire: set `requiresRepublish: true` so the driver gets fresh ones.',
    maturity: 'GA',
    mutability: 'mutable',
    onUpdate: 'Volumes mounted from now on get tokens for the new audiences; mounted ones keep theirs until they are published again.',
    interactions: [
      { text: 'Without serviceAccountTokenInSecrets the tokens travel in the volume context, which drivers often log.', field: 'spec.serviceAccountTokenInSecrets', rule: 'csidriver/warnings-on-create/tokens-in-volume-context' },
      { text: 'Each audience at most once.', rule: 'csidriver/token-requests/duplicate-audience' },
      { text: 'requiresRepublish keeps the tokens fresh.', field: 'spec.requiresRepublish' },
    ],
    example: 'spec:\n  requiresRepublish: true\n  serviceAccountTokenInSecrets: true\n  tokenRequests:\n  - audience: vault\n    expirationSeconds: 3600\n',
    docs: CSI_DOCS.spec,
  },
  {
    path: 'spec.tokenRequests[].audience',
    summary: 'Who the token is meant for; an empty string means the API server\'s own audience',
    details: 'The receiving service checks this value, so use the audience it expects (for example `sts.amazonaws.com` or `vault`).',
    maturity: 'GA',
    interactions: [{ text: 'Each audience, the empty one included, at most once.', rule: 'csidriver/token-requests/duplicate-audience' }],
    docs: CSI_DOCS.spec,
  },
  {
    path: 'spec.tokenRequests[].expirationSeconds',
    summary: 'How long each token is valid, in seconds',
    default: 'as for any token request: one hour (3600), within the limits the API server sets',
    limits: ['at least 600 (10 minutes)', 'at most 4294967296 (2^32)'],
    maturity: 'GA',
    interactions: [
      { text: 'At least 600.', rule: 'csidriver/token-requests/expiration-too-short' },
      { text: 'At most 2^32.', rule: 'csidriver/token-requests/expiration-too-long' },
    ],
    docs: CSI_DOCS.spec,
  },
  {
    path: 'spec.serviceAccountTokenInSecrets',
    summary: 'Deliver tokenRequests tokens in the NodePublishVolume secrets instead of the volume context',
    details:
      'Volume context is not treated as secret, and drivers and sidecars often log it. With true the same ' +
      '`csi.storage.k8s.io/serviceAccount.tokens` key moves to the `secrets` field of the request, which CSI tooling keeps out of logs.\n\n' +
      'The driver must read the secrets field; a driver that reads both places can switch safely.',
    default: 'unset: tokens go in the volume context (like false)',
    values: ON_OFF('Tokens are passed in the NodePublishVolume secrets.', 'Tokens are passed in the volume context.'),
    maturity: 'GA',
    featureGate: 'CSIServiceAccountTokenSecrets',
    mutability: 'mutable',
    onUpdate: 'Applies to the volumes published from now on.',
    interactions: [{ text: 'Needs tokenRequests.', field: 'spec.tokenRequests', rule: 'csidriver/service-account-token-in-secrets/without-token-requests' }],
    example: 'spec:\n  serviceAccountTokenInSecrets: true\n  tokenRequests:\n  - audience: vault\n',
    docs: CSI_DOCS.spec,
  },
];

export const CSIDRIVER_FIELDS: readonly FieldDoc[] = [...TOP_LEVEL, ...ATTACH_AND_MOUNT, ...TOKENS];
