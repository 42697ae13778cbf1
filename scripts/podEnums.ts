// The enums of the Pod API, recorded once for the generator (npm run gen:schemas): every string field of the
// types a Job's pod template reaches whose values are a fixed set, with the values each release accepts on
// create under its default feature gates, where the values come from, and who refuses the others.
//
// The OpenAPI documents state these sets only in prose, so the values are read from the Go constants of
// core/v1 (../shared/k8s-api-types/<release>/core-v1-types.go; apimachinery's meta/v1 for label selectors)
// and from the supported-value sets of kubernetes/kubernetes pkg/apis/core/validation/validation.go, read in
// a 1.37 development tree (the fork AIAgentSandox/kubernetes at commit 64149d12, the tree scripts/releases/
// cites), with the release where each set or its gate changed from the rule families that mirror it and
// from kube/featureGates.ts. Each entry names both; test/unit/pod-enums.test.ts compares the values with the
// Go constants of every release in ../shared.
//
// Who refuses a value outside the set decides where the list goes in schemas/:
// - 'schema': the generated schema's `enum` (schema/enum reports it; quick fix: the closest value).
// - 'rule': a rule family mirrors the server's NotSupported check with its own code and wording; the list goes
//   in the non-validating keyword `x-kubeassist-values` (completion and hover read it), so that nothing is
//   reported twice.
// - 'nobody': the API server accepts any string (or drops the field while its gate is off by default in
//   every release we know); `x-kubeassist-values` only, for completion and hover.
// Values a release accepts only from a later release carry `x-kubeassist-values-since` (value -> first
// release); a list the server does not enforce at all carries `x-kubeassist-values-open: true`. test/unit/pod-enums.test.ts runs every entry through the engine at every release 1.23..newest.
import { firstMinorEnabledByDefault, type GateName } from '../server/src/service/kube/featureGates';
import { MAX_MINOR, MIN_MINOR } from '../server/src/service/types';

/** One accepted value; `since` (a minor) or `gate` (on by default from some release) when not from the field's start. */
export interface PodEnumValue {
  value: string;
  since?: number;
  gate?: GateName;
}

export type PodEnumCheck =
  /** The schema `enum` enforces the list. */
  | { by: 'schema' }
  /** Rule families report a value outside the list with these codes. */
  | { by: 'rule'; codes: readonly string[] }
  /** The API server does not refuse other values (with default gates). */
  | { by: 'nobody'; why: string };

export interface PodEnum {
  /** OpenAPI type and property; `items` when the values are those of the items of a list. */
  type: string;
  field: string;
  items?: boolean;
  /** The accepted values, in the order the server lists them. */
  values: readonly (string | PodEnumValue)[];
  /** Go constants of the type that the server refuses with default gates, and why. */
  refused?: Readonly<Record<string, string>>;
  check: PodEnumCheck;
  /**
   * The first release whose API server checks the values on create with default gates (before: the field is
   * dropped, or not checked); `except` lists releases in between that drop it again. Undefined: every release.
   */
  checkedFrom?: number;
  except?: readonly number[];
  /** The Go type and constants (core/v1 unless said). */
  go: string;
  /** The validation function and its supported-value set (pkg/apis/core/validation/validation.go unless said). */
  validation: string;
}

const core = (name: string): string => `io.k8s.api.core.v1.${name}`;

const STOP_SIGNALS = [
  'SIGABRT', 'SIGALRM', 'SIGBUS', 'SIGCHLD', 'SIGCLD', 'SIGCONT', 'SIGFPE', 'SIGHUP', 'SIGILL', 'SIGINT', 'SIGIO', 'SIGIOT',
  'SIGKILL', 'SIGPIPE', 'SIGPOLL', 'SIGPROF', 'SIGPWR', 'SIGQUIT', 'SIGSEGV', 'SIGSTKFLT', 'SIGSTOP', 'SIGSYS', 'SIGTERM',
  'SIGTRAP', 'SIGTSTP', 'SIGTTIN', 'SIGTTOU', 'SIGURG', 'SIGUSR1', 'SIGUSR2', 'SIGVTALRM', 'SIGWINCH', 'SIGXCPU', 'SIGXFSZ',
  'SIGRTMIN', ...Array.from({ length: 15 }, (_, i) => `SIGRTMIN+${i + 1}`),
  ...Array.from({ length: 14 }, (_, i) => `SIGRTMAX-${14 - i}`), 'SIGRTMAX',
];

export const POD_ENUMS: readonly PodEnum[] = [
  // ---- Pod spec
  {
    type: core('PodSpec'), field: 'restartPolicy', values: ['Always', 'OnFailure', 'Never'], check: { by: 'schema' },
    go: 'RestartPolicy: RestartPolicyAlways, RestartPolicyOnFailure, RestartPolicyNever',
    validation: 'validateRestartPolicy (switch; NotSupported). A Job refuses Always (the catalogue\'s `rejected`, job/restart-policy rules)',
  },
  {
    type: core('PodSpec'), field: 'dnsPolicy', values: ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'],
    check: { by: 'rule', codes: ['pod/dns-policy-unsupported'] },
    go: 'DNSPolicy: DNSClusterFirstWithHostNet, DNSClusterFirst, DNSDefault, DNSNone',
    validation: 'validateDNSPolicy (switch; NotSupported with the four values)',
  },
  {
    type: core('PodSpec'), field: 'preemptionPolicy', values: ['PreemptLowerPriority', 'Never'],
    check: { by: 'rule', codes: ['pod/scheduling-preemption-policy-unsupported'] },
    go: 'PreemptionPolicy: PreemptLowerPriority, PreemptNever',
    validation: 'ValidatePreemptionPolicy (switch; NotSupported)',
  },
  {
    type: core('PodOS'), field: 'name', values: ['linux', 'windows'], checkedFrom: 24,
    check: { by: 'rule', codes: ['pod/os-name-unsupported'] },
    go: 'OSName: Linux, Windows',
    validation: 'validateOS (validOS = sets.New(core.Linux, core.Windows); NotSupported); the field is dropped while IdentifyPodOS is off (1.23)',
  },
  // ---- Containers
  {
    type: core('Container'), field: 'imagePullPolicy', values: ['Always', 'IfNotPresent', 'Never'], check: { by: 'schema' },
    go: 'PullPolicy: PullAlways, PullIfNotPresent, PullNever',
    validation: 'validatePullPolicy (supportedPullPolicies; NotSupported). The server defaults an empty policy before it validates',
  },
  {
    type: core('Container'), field: 'terminationMessagePolicy', values: ['File', 'FallbackToLogsOnError'],
    check: { by: 'rule', codes: ['pod/container-termination-message-policy-unsupported'] },
    go: 'TerminationMessagePolicy: TerminationMessageReadFile, TerminationMessageFallbackToLogsOnError',
    validation: 'validateContainerCommon (switch; NotSupported)',
  },
  {
    type: core('Container'), field: 'restartPolicy',
    values: [{ value: 'Always', gate: 'SidecarContainers' }, { value: 'OnFailure', gate: 'ContainerRestartRules' }, { value: 'Never', gate: 'ContainerRestartRules' }],
    checkedFrom: 29, except: [34],
    check: { by: 'rule', codes: ['pod/container-restart-policy-unsupported', 'pod/init-container-restart-policy-not-always'] },
    go: 'ContainerRestartPolicy: ContainerRestartPolicyAlways, ContainerRestartPolicyNever, ContainerRestartPolicyOnFailure',
    validation: 'validateInitContainerRestartPolicy (only Always without ContainerRestartRules) and validateContainerRestartPolicy '
      + '(supportedContainerRestartPolicies). Init containers: Always from 1.29 (SidecarContainers); any container: all three from 1.35. '
      + 'In 1.34 a non-Always value is dropped (ContainerRestartRules alpha)',
  },
  {
    type: core('ContainerRestartRule'), field: 'action', values: ['Restart', { value: 'RestartAllContainers', gate: 'RestartAllContainersOnContainerExits' }],
    checkedFrom: 35, check: { by: 'rule', codes: ['pod/container-restart-policy-rule-action-unsupported'] },
    go: 'ContainerRestartRuleAction: ContainerRestartRuleActionRestart, ContainerRestartRuleActionRestartAllContainers',
    validation: 'validateContainerRestartPolicy (supportedContainerRestartRuleActions, WithRestartAllContainers while the gate is on; NotSupported)',
  },
  {
    type: core('ContainerRestartRuleOnExitCodes'), field: 'operator', values: ['In', 'NotIn'], checkedFrom: 35,
    check: { by: 'rule', codes: ['pod/container-restart-policy-rule-operator-unsupported'] },
    go: 'ContainerRestartRuleOnExitCodesOperator: ContainerRestartRuleOnExitCodesOpIn, ContainerRestartRuleOnExitCodesOpNotIn',
    validation: 'validateContainerRestartPolicy (supportedContainerRestartPolicyOperators; NotSupported)',
  },
  {
    type: core('ContainerPort'), field: 'protocol', values: ['TCP', 'UDP', 'SCTP'],
    check: { by: 'rule', codes: ['pod/port-protocol-unsupported'] },
    go: 'Protocol: ProtocolTCP, ProtocolUDP, ProtocolSCTP',
    validation: 'validateContainerPorts (supportedPortProtocols; NotSupported with the sorted list). An empty protocol is defaulted to TCP first',
  },
  {
    type: core('ContainerResizePolicy'), field: 'resourceName', values: ['cpu', 'memory'], checkedFrom: 33,
    check: { by: 'rule', codes: ['pod/container-resize-policy-resource-unsupported'] },
    go: 'ResourceName: ResourceCPU, ResourceMemory (the resize policy\'s supported resources)',
    validation: 'validateResizePolicy (supportedResizeResources; NotSupported at resizePolicy); resizePolicy is dropped while InPlacePodVerticalScaling is off (before 1.33)',
  },
  {
    type: core('ContainerResizePolicy'), field: 'restartPolicy', values: ['NotRequired', 'RestartContainer'], checkedFrom: 33,
    check: { by: 'rule', codes: ['pod/container-resize-policy-restart-unsupported'] },
    go: 'ResourceResizeRestartPolicy: NotRequired, RestartContainer',
    validation: 'validateResizePolicy (supportedResizePolicies; NotSupported at resizePolicy); dropped before 1.33 like resourceName',
  },
  {
    type: core('HTTPGetAction'), field: 'scheme', values: ['HTTP', 'HTTPS'],
    check: { by: 'rule', codes: ['pod/probe-http-scheme-unsupported', 'pod/lifecycle-http-scheme-unsupported'] },
    go: 'URIScheme: URISchemeHTTP, URISchemeHTTPS',
    validation: 'validateHTTPGetAction (supportedHTTPSchemes; NotSupported). An empty scheme is defaulted to HTTP first',
  },
  {
    type: core('Lifecycle'), field: 'stopSignal', values: STOP_SIGNALS,
    check: { by: 'nobody', why: 'ContainerStopSignals is alpha (off) in every release that has the field, so a create drops it' },
    go: 'Signal: SIGABRT ... SIGRTMAX (65 constants)',
    validation: 'validateStopSignal (supportedStopSignalsLinux; supportedStopSignalsWindows = SIGKILL, SIGTERM; NotSupported) while the gate is on',
  },
  // ---- Security
  {
    type: core('SecurityContext'), field: 'procMount', values: ['Default', 'Unmasked'], checkedFrom: 33,
    check: { by: 'rule', codes: ['pod/security-context-proc-mount-unsupported'] },
    go: 'ProcMountType: DefaultProcMount, UnmaskedProcMount',
    validation: 'ValidateProcMountType (NotSupported), from 1.33 when ProcMountType is on by default',
  },
  {
    type: core('SeccompProfile'), field: 'type', values: ['Localhost', 'RuntimeDefault', 'Unconfined'],
    check: { by: 'rule', codes: ['pod/security-context-seccomp-type-unsupported'] },
    go: 'SeccompProfileType: SeccompProfileTypeUnconfined, SeccompProfileTypeRuntimeDefault, SeccompProfileTypeLocalhost',
    validation: 'validateSeccompProfileType (switch; NotSupported with Localhost, RuntimeDefault, Unconfined)',
  },
  {
    type: core('AppArmorProfile'), field: 'type', values: ['Localhost', 'RuntimeDefault', 'Unconfined'], checkedFrom: 30,
    check: { by: 'rule', codes: ['pod/security-context-apparmor-type-unsupported'] },
    go: 'AppArmorProfileType: AppArmorProfileTypeUnconfined, AppArmorProfileTypeRuntimeDefault, AppArmorProfileTypeLocalhost',
    validation: 'ValidateAppArmorProfileField (switch; NotSupported)',
  },
  {
    type: core('PodSecurityContext'), field: 'fsGroupChangePolicy', values: ['OnRootMismatch', 'Always'],
    check: { by: 'rule', codes: ['pod/security-context-fs-group-change-policy-unsupported'] },
    go: 'PodFSGroupChangePolicy: FSGroupChangeOnRootMismatch, FSGroupChangeAlways',
    validation: 'validateFSGroupChangePolicy (validFSGroupChangePolicies; NotSupported)',
  },
  {
    type: core('PodSecurityContext'), field: 'supplementalGroupsPolicy', values: ['Merge', 'Strict'], checkedFrom: 33,
    check: { by: 'rule', codes: ['pod/security-context-supplemental-groups-policy-unsupported'] },
    go: 'SupplementalGroupsPolicy: SupplementalGroupsPolicyMerge, SupplementalGroupsPolicyStrict',
    validation: 'validateSupplementalGroupsPolicy (NotSupported); the field is dropped while SupplementalGroupsPolicy is off (1.31, 1.32)',
  },
  {
    type: core('PodSecurityContext'), field: 'seLinuxChangePolicy', values: ['Recursive', { value: 'MountOption', since: 36 }], checkedFrom: 33,
    check: { by: 'rule', codes: ['pod/security-context-selinux-change-policy-unsupported'] },
    go: 'PodSELinuxChangePolicy: SELinuxChangePolicyRecursive, SELinuxChangePolicyMountOption',
    validation: 'validateSELinuxChangePolicy (only Recursive while AllowOnlyRecursiveSELinuxChangePolicy, i.e. SELinuxMount off, through 1.35; '
      + 'validSELinuxChangePolicies after)',
  },
  // ---- Scheduling
  {
    type: core('Toleration'), field: 'operator', values: ['Equal', 'Exists'],
    refused: { Lt: 'needs TaintTolerationComparisonOperators (alpha from 1.35)', Gt: 'needs TaintTolerationComparisonOperators (alpha from 1.35)' },
    check: { by: 'rule', codes: ['pod/toleration-operator-unsupported'] },
    go: 'TolerationOperator: TolerationOpExists, TolerationOpEqual, TolerationOpLt, TolerationOpGt',
    validation: 'ValidateTolerations (switch; NotSupported with Equal, Exists). An empty operator means Equal',
  },
  {
    type: core('Toleration'), field: 'effect', values: ['NoSchedule', 'PreferNoSchedule', 'NoExecute'],
    refused: { NoScheduleNoAdmit: 'named in the types but commented out, and not accepted by validateTaintEffect' },
    check: { by: 'rule', codes: ['pod/toleration-effect-unsupported'] },
    go: 'TaintEffect: TaintEffectNoSchedule, TaintEffectPreferNoSchedule, TaintEffectNoExecute',
    validation: 'validateTaintEffect (switch; NotSupported). An empty effect matches every effect',
  },
  {
    type: core('TopologySpreadConstraint'), field: 'whenUnsatisfiable', values: ['DoNotSchedule', 'ScheduleAnyway'],
    check: { by: 'rule', codes: ['pod/topology-spread-when-unsatisfiable-unsupported'] },
    go: 'UnsatisfiableConstraintAction: DoNotSchedule, ScheduleAnyway',
    validation: 'ValidateWhenUnsatisfiable (supportedScheduleActions; NotSupported)',
  },
  ...(['nodeAffinityPolicy', 'nodeTaintsPolicy'] as const).map((field): PodEnum => ({
    type: core('TopologySpreadConstraint'), field, values: ['Honor', 'Ignore'], checkedFrom: 26,
    check: { by: 'rule', codes: ['pod/topology-spread-node-policy-unsupported'] },
    go: 'NodeInclusionPolicy: NodeInclusionPolicyIgnore, NodeInclusionPolicyHonor',
    validation: 'validateNodeInclusionPolicy (supportedPodTopologySpreadNodePolicies; NotSupported); dropped while NodeInclusionPolicyInPodTopologySpread is off (1.25)',
  })),
  {
    type: core('NodeSelectorRequirement'), field: 'operator', values: ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'],
    check: { by: 'rule', codes: ['pod/affinity-node-operator-invalid'] },
    go: 'NodeSelectorOperator: NodeSelectorOpIn, NodeSelectorOpNotIn, NodeSelectorOpExists, NodeSelectorOpDoesNotExist, NodeSelectorOpGt, NodeSelectorOpLt',
    validation: 'ValidateNodeSelectorRequirement (switch; Invalid "not a valid selector operator"); matchFields take only In and NotIn (ValidateNodeFieldSelectorRequirement)',
  },
  {
    type: 'io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelectorRequirement', field: 'operator', values: ['In', 'NotIn', 'Exists', 'DoesNotExist'],
    check: { by: 'rule', codes: ['pod/affinity-selector-operator-invalid', 'pod/topology-spread-selector-operator-invalid', 'pod/volume-claim-selector-invalid', 'job/selector/invalid-operator'] },
    go: 'meta/v1 LabelSelectorOperator: LabelSelectorOpIn, LabelSelectorOpNotIn, LabelSelectorOpExists, LabelSelectorOpDoesNotExist',
    validation: 'apimachinery ValidateLabelSelectorRequirement (switch; Invalid "not a valid selector operator"); topology spread selectors are checked from 1.27',
  },
  // ---- Volumes and mounts
  {
    type: core('VolumeMount'), field: 'mountPropagation', values: ['None', 'HostToContainer', 'Bidirectional'],
    check: { by: 'rule', codes: ['pod/volume-mount-propagation-unsupported'] },
    go: 'MountPropagationMode: MountPropagationNone, MountPropagationHostToContainer, MountPropagationBidirectional',
    validation: 'validateMountPropagation (supportedMountPropagations; NotSupported)',
  },
  {
    type: core('VolumeMount'), field: 'recursiveReadOnly', values: ['Disabled', 'IfPossible', 'Enabled'], checkedFrom: 31,
    check: { by: 'rule', codes: ['pod/volume-mount-recursive-read-only-unsupported'] },
    go: 'RecursiveReadOnlyMode: RecursiveReadOnlyDisabled, RecursiveReadOnlyIfPossible, RecursiveReadOnlyEnabled',
    validation: 'validateMountRecursiveReadOnly (supportedRRO; NotSupported); dropped while RecursiveReadOnlyMounts is off (1.30)',
  },
  {
    type: core('HostPathVolumeSource'), field: 'type',
    values: ['', 'DirectoryOrCreate', 'Directory', 'FileOrCreate', 'File', 'Socket', 'CharDevice', 'BlockDevice'],
    check: { by: 'rule', codes: ['pod/volume-host-path-type-unsupported'] },
    go: 'HostPathType: HostPathUnset, HostPathDirectoryOrCreate, HostPathDirectory, HostPathFileOrCreate, HostPathFile, HostPathSocket, HostPathCharDev, HostPathBlockDev',
    validation: 'validateHostPathType (supportedHostPathTypes; NotSupported)',
  },
  {
    type: core('EmptyDirVolumeSource'), field: 'medium', values: ['', 'Memory', 'HugePages'],
    check: { by: 'nobody', why: 'validateVolumeSource does not check it; the kubelet knows "", Memory, HugePages and HugePages-<size> (pod/volume-empty-dir-medium-unknown warns)' },
    go: 'StorageMedium: StorageMediumDefault, StorageMediumMemory, StorageMediumHugePages (and the prefix StorageMediumHugePagesPrefix)',
    validation: 'none on the API server',
  },
  {
    type: core('AzureDiskVolumeSource'), field: 'cachingMode', values: ['None', 'ReadOnly', 'ReadWrite'],
    check: { by: 'rule', codes: ['pod/volume-azure-disk-caching-mode-unsupported'] },
    go: 'AzureDataDiskCachingMode: AzureDataDiskCachingNone, AzureDataDiskCachingReadOnly, AzureDataDiskCachingReadWrite',
    validation: 'validateAzureDisk (supportedCachingModes; NotSupported)',
  },
  {
    type: core('AzureDiskVolumeSource'), field: 'kind', values: ['Shared', 'Dedicated', 'Managed'],
    check: { by: 'rule', codes: ['pod/volume-azure-disk-kind-unsupported'] },
    go: 'AzureDataDiskKind: AzureSharedBlobDisk, AzureDedicatedBlobDisk, AzureManagedDisk',
    validation: 'validateAzureDisk (supportedDiskKinds; NotSupported)',
  },
  {
    type: core('PersistentVolumeClaimSpec'), field: 'accessModes', items: true,
    values: ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', { value: 'ReadWriteOncePod', since: 27 }],
    check: { by: 'rule', codes: ['pod/volume-claim-access-mode-unsupported'] },
    go: 'PersistentVolumeAccessMode: ReadWriteOnce, ReadOnlyMany, ReadWriteMany, ReadWriteOncePod',
    validation: 'ValidatePersistentVolumeClaimSpec (supportedAccessModes; ReadWriteOncePod only while its gate is on: beta on by default from 1.27)',
  },
  {
    type: core('PersistentVolumeClaimSpec'), field: 'volumeMode', values: ['Filesystem', 'Block'],
    check: { by: 'rule', codes: ['pod/volume-claim-volume-mode-unsupported'] },
    go: 'PersistentVolumeMode: PersistentVolumeFilesystem, PersistentVolumeBlock',
    validation: 'ValidatePersistentVolumeClaimSpec (supportedVolumeModes; NotSupported)',
  },
  {
    type: core('ImageVolumeSource'), field: 'pullPolicy', values: ['Always', 'IfNotPresent', 'Never'], checkedFrom: 35,
    check: { by: 'rule', codes: ['pod/volume-image-pull-policy-unsupported'] },
    go: 'PullPolicy: PullAlways, PullIfNotPresent, PullNever',
    validation: 'validateImageVolumeSource (validatePullPolicy when set); image volumes are dropped while ImageVolume is off (before 1.35)',
  },
];

// ---------------------------------------------------------------------------------------------------
// What the generator takes from the table

function valueOf(entry: string | PodEnumValue): PodEnumValue {
  return typeof entry === 'string' ? { value: entry } : entry;
}

/** The first release that accepts the value with default gates (undefined: the field's own first release). */
export function valueSince(value: string | PodEnumValue): number | undefined {
  const { since, gate } = valueOf(value);
  if (since !== undefined) return since;
  if (!gate) return undefined;
  const first = firstMinorEnabledByDefault(gate);
  if (first === undefined) throw new Error(`scripts/podEnums.ts: gate ${gate} is on by default in no release ${MIN_MINOR}..${MAX_MINOR}`);
  return first;
}

/** The values a create accepts in 1.<minor> (once the field is validated at all). */
export function acceptedValues(podEnum: PodEnum, minor: number): string[] {
  return podEnum.values.filter((value) => (valueSince(value) ?? 0) <= minor).map((value) => valueOf(value).value);
}

/** Whether a 1.<minor> API server checks the values on create. */
export function checkedIn(podEnum: PodEnum, minor: number): boolean {
  return podEnum.check.by !== 'nobody' && minor >= (podEnum.checkedFrom ?? MIN_MINOR) && !(podEnum.except ?? []).includes(minor);
}

/** The values of every release, oldest first by the release that brought them. */
export function allValues(podEnum: PodEnum): string[] {
  return podEnum.values.map((value) => valueOf(value).value);
}

export function podEnumKey(type: string, field: string): string {
  return `${type}.${field}`;
}

/** The enums the schema enforces, in the generator's EnumRule form. */
export function podSchemaEnums(): { type: string; field: string; values: string[]; items?: boolean; source: string }[] {
  return POD_ENUMS.filter((entry) => entry.check.by === 'schema').map((entry) => ({
    type: entry.type, field: entry.field, values: allValues(entry), ...(entry.items ? { items: true } : {}), source: `scripts/podEnums.ts (${entry.validation})`,
  }));
}

/** Every value a table entry knows for upstream's own lists to be compared with (accepted or refused). */
export function knownPodEnumValues(type: string, field: string): string[] | undefined {
  const entry = POD_ENUMS.find((candidate) => candidate.type === type && candidate.field === field);
  return entry ? [...allValues(entry), ...Object.keys(entry.refused ?? {})] : undefined;
}

/** Values listed for completion and hover without being enforced by the schema. */
export interface ListedValues {
  type: string;
  field: string;
  items?: boolean;
  values: readonly string[];
  /** value -> `1.<minor>` for values accepted only from a later release than the field. */
  since?: Readonly<Record<string, string>>;
  /** The API server accepts other values too (or drops the field while its gate is off). */
  open?: boolean;
}

/** The table's lists that the schema does not enforce, plus the values a release delta names without enforcing them. */
export function listedValues(deltaLists: readonly ListedValues[] = []): ListedValues[] {
  const fromTable = POD_ENUMS.filter((entry) => entry.check.by !== 'schema').map((entry): ListedValues => {
    const since = Object.fromEntries(entry.values.flatMap((value) => {
      const minor = valueSince(value);
      return minor === undefined ? [] : [[valueOf(value).value, `1.${minor}`]];
    }));
    return {
      type: entry.type, field: entry.field, ...(entry.items ? { items: true } : {}), values: allValues(entry),
      ...(Object.keys(since).length ? { since } : {}), ...(entry.check.by === 'nobody' ? { open: true } : {}),
    };
  });
  const taken = new Set(fromTable.map((entry) => podEnumKey(entry.type, entry.field)));
  const twice = deltaLists.find((entry) => taken.has(podEnumKey(entry.type, entry.field)));
  if (twice) throw new Error(`${podEnumKey(twice.type, twice.field)} has values in scripts/podEnums.ts and in a release delta: keep one`);
  return [...fromTable, ...deltaLists];
}

type SchemaNode = { [keyword: string]: unknown };

/**
 * Writes `x-kubeassist-values` (and `x-kubeassist-values-since`) into the generated schema's definitions,
 * on the property (or its items) each list names. A list whose type the schema does not reach is skipped;
 * one that names a missing property, or a property that is not a string, stops the generator.
 */
export function withListedValues<T extends SchemaNode>(schema: T, lists: readonly ListedValues[], originalName = (name: string) => name): T {
  const definitions = schema.definitions as Record<string, SchemaNode> | undefined;
  // A type and its variants (a CRD's embedded copy of a Kubernetes type) get the same lists.
  const owners = (type: string): SchemaNode[] => Object.entries(definitions ?? {}).filter(([name]) => originalName(name) === type).map(([, owner]) => owner);
  for (const list of lists) {
    for (const owner of owners(list.type)) withList(owner, list);
  }
  return schema;
}

function withList(owner: SchemaNode, list: ListedValues): void {
  const property = (owner.properties as Record<string, SchemaNode> | undefined)?.[list.field];
  if (!property) throw new Error(`${podEnumKey(list.type, list.field)}: the schema has no such property`);
  const target = list.items ? (property.items as SchemaNode | undefined) : property;
  if (!target || target.type !== 'string') throw new Error(`${podEnumKey(list.type, list.field)}: expected ${list.items ? 'a list of strings' : 'a string field'}`);
  target['x-kubeassist-values'] = [...list.values];
  if (list.since) target['x-kubeassist-values-since'] = { ...list.since };
  if (list.open) target['x-kubeassist-values-open'] = true;
}
