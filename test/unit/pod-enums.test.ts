// Every enum of the Pod API (scripts/podEnums.ts) through the whole engine, at every release 1.23..newest where
// its field exists: each value the release accepts is clean (no error anywhere in the Job), a typo is reported
// exactly once where the release checks the values (by the schema or by the rule family the table names), with
// every accepted value in the message and the closest value as the preferred quick fix, which leaves a clean
// Job; where the release does not check the values (the field is dropped, or the server takes any string), a
// typo gets no error. Completion and hover read the same values from the generated schema. And the table
// against the Go constants of core/v1 in ../shared/k8s-api-types.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import { acceptedValues, allValues, checkedIn, podEnumKey, POD_ENUMS, valueSince, type PodEnum } from '../../scripts/podEnums';
import type { FixData } from '../../server/src/service/document/edits';
import type { DiagnosticData } from '../../server/src/service/features/diagnostics';
import { DEFAULT_SETTINGS, validateText } from '../../server/src/service/index';
import { availabilityOf } from '../../server/src/service/schema/fieldAvailability';
import { namedValues } from '../../server/src/service/schema/values';
import { MAX_MINOR, MIN_MINOR, type FieldPath } from '../../server/src/service/types';
import { skipUnlessShared, sharedPath } from '../support/shared';
import { applyTextEdits } from './fixes/harness';

const ERROR = 1;

/** A Job whose pod spec gets `pod` (lines under `spec.template.spec`) and whose container `main` gets `container`. */
function job(pod: string[], container: string[] = []): string {
  const restart = pod.some((line) => line.startsWith('restartPolicy:')) ? [] : ['restartPolicy: Never'];
  return [
    'apiVersion: batch/v1', 'kind: Job', 'metadata:', '  name: enums', 'spec:', '  template:', '    spec:',
    ...[...restart, ...pod].map((line) => `      ${line}`),
    '      containers:', '      - name: main', '        image: busybox:1.36',
    ...container.map((line) => `        ${line}`),
    '',
  ].join('\n');
}

const q = (value: string): string => JSON.stringify(value);
const POD = ['spec', 'template', 'spec'];
const MAIN = [...POD, 'containers', 0];

interface Sample {
  /** The table entry (`type.field`). */
  key: string;
  /** Where this sample puts the value. */
  field: FieldPath;
  /** The path the server (and so the finding) names, when it is not the value's. */
  at?: string;
  /** Releases where this place is checked at all, when narrower than the table entry's (another rule owns the rest). */
  from?: number;
  /** The value a typo is made of, when the first accepted value needs other fields beside it. */
  intended?: string;
  /** Values the kind refuses although the field accepts them (a catalogue entry's `rejected`; another rule reports them). */
  refusedByKind?: readonly string[];
  yaml(value: string): string;
}

const core = (name: string): string => `io.k8s.api.core.v1.${name}`;
const probeHttp = (scheme: string) => ['livenessProbe:', '  httpGet:', '    path: /healthz', '    port: 8080', `    scheme: ${q(scheme)}`];
const claimTemplate = (spec: string[]) => [
  'volumes:', '- name: scratch', '  ephemeral:', '    volumeClaimTemplate:', '      spec:',
  ...spec.map((line) => `        ${line}`),
  '        resources:', '          requests:', '            storage: 1Gi',
];
const spread = (extra: string[]) => [
  'topologySpreadConstraints:', '- maxSkew: 1', '  topologyKey: topology.kubernetes.io/zone', '  labelSelector:', '    matchLabels:', '      app: enums',
  ...extra.map((line) => `  ${line}`),
];
/** A label selector requirement whose values fit its operator. */
const requirement = (operator: string, indent: string) => [
  `${indent}- key: app`, `${indent}  operator: ${q(operator)}`,
  ...(operator === 'Exists' || operator === 'DoesNotExist' ? [] : [`${indent}  values: [enums]`]),
];
const azure = (cachingMode: string, kind: string) => [
  'volumes:', '- name: disk', '  azureDisk:', '    diskName: d1',
  `    diskURI: ${kind === 'Managed' ? '/subscriptions/s/resourceGroups/g/providers/Microsoft.Compute/disks/d1' : 'https://account.blob.core.windows.net/vhds/d1.vhd'}`,
  `    cachingMode: ${q(cachingMode)}`, `    kind: ${q(kind)}`,
];

const SAMPLES: readonly Sample[] = [
  // A Job refuses Always (job/restart-policy-*), which the pod enum has.
  { key: podEnumKey(core('PodSpec'), 'restartPolicy'), field: [...POD, 'restartPolicy'], refusedByKind: ['Always'], yaml: (v) => job([`restartPolicy: ${q(v)}`]) },
  {
    key: podEnumKey(core('PodSpec'), 'dnsPolicy'), field: [...POD, 'dnsPolicy'],
    yaml: (v) => job([`dnsPolicy: ${q(v)}`, ...(v === 'None' ? ['dnsConfig:', '  nameservers: [10.0.0.10]'] : [])]),
  },
  { key: podEnumKey(core('PodSpec'), 'preemptionPolicy'), field: [...POD, 'preemptionPolicy'], yaml: (v) => job([`preemptionPolicy: ${q(v)}`]) },
  { key: podEnumKey(core('PodOS'), 'name'), field: [...POD, 'os', 'name'], at: 'spec.template.spec.os', yaml: (v) => job(['os:', `  name: ${q(v)}`]) },
  { key: podEnumKey(core('Container'), 'imagePullPolicy'), field: [...MAIN, 'imagePullPolicy'], yaml: (v) => job([], [`imagePullPolicy: ${q(v)}`]) },
  { key: podEnumKey(core('Container'), 'terminationMessagePolicy'), field: [...MAIN, 'terminationMessagePolicy'], yaml: (v) => job([], [`terminationMessagePolicy: ${q(v)}`]) },
  {
    key: podEnumKey(core('Container'), 'restartPolicy'), field: [...POD, 'initContainers', 0, 'restartPolicy'],
    yaml: (v) => job(['initContainers:', '- name: setup', '  image: busybox:1.36', `  restartPolicy: ${q(v)}`]),
  },
  // A regular container may set its own restartPolicy only from 1.35 (before, any value is pod/container-restart-policy-forbidden).
  { key: podEnumKey(core('Container'), 'restartPolicy'), field: [...MAIN, 'restartPolicy'], from: 35, yaml: (v) => job([], [`restartPolicy: ${q(v)}`]) },
  {
    key: podEnumKey(core('ContainerRestartRule'), 'action'), field: [...MAIN, 'restartPolicyRules', 0, 'action'],
    yaml: (v) => job([], ['restartPolicy: Never', 'restartPolicyRules:', `- action: ${q(v)}`, '  exitCodes:', '    operator: In', '    values: [42]']),
  },
  {
    key: podEnumKey(core('ContainerRestartRuleOnExitCodes'), 'operator'), field: [...MAIN, 'restartPolicyRules', 0, 'exitCodes', 'operator'],
    yaml: (v) => job([], ['restartPolicy: Never', 'restartPolicyRules:', '- action: Restart', '  exitCodes:', `    operator: ${q(v)}`, '    values: [42]']),
  },
  { key: podEnumKey(core('ContainerPort'), 'protocol'), field: [...MAIN, 'ports', 0, 'protocol'], yaml: (v) => job([], ['ports:', '- containerPort: 8080', `  protocol: ${q(v)}`]) },
  {
    key: podEnumKey(core('ContainerResizePolicy'), 'resourceName'), field: [...MAIN, 'resizePolicy', 0, 'resourceName'],
    yaml: (v) => job([], ['resizePolicy:', `- resourceName: ${q(v)}`, '  restartPolicy: NotRequired']),
  },
  // RestartContainer needs a pod that restarts containers (OnFailure); with Never only NotRequired is accepted.
  {
    key: podEnumKey(core('ContainerResizePolicy'), 'restartPolicy'), field: [...MAIN, 'resizePolicy', 0, 'restartPolicy'],
    yaml: (v) => job(['restartPolicy: OnFailure'], ['resizePolicy:', '- resourceName: memory', `  restartPolicy: ${q(v)}`]),
  },
  { key: podEnumKey(core('HTTPGetAction'), 'scheme'), field: [...MAIN, 'livenessProbe', 'httpGet', 'scheme'], yaml: (v) => job([], probeHttp(v)) },
  {
    key: podEnumKey(core('HTTPGetAction'), 'scheme'), field: [...MAIN, 'lifecycle', 'preStop', 'httpGet', 'scheme'],
    yaml: (v) => job([], ['lifecycle:', '  preStop:', '    httpGet:', '      path: /stop', '      port: 8080', `      scheme: ${q(v)}`]),
  },
  { key: podEnumKey(core('Lifecycle'), 'stopSignal'), field: [...MAIN, 'lifecycle', 'stopSignal'], yaml: (v) => job(['os:', '  name: linux'], ['lifecycle:', `  stopSignal: ${q(v)}`]) },
  {
    key: podEnumKey(core('SecurityContext'), 'procMount'), field: [...MAIN, 'securityContext', 'procMount'],
    yaml: (v) => job(v === 'Unmasked' ? ['hostUsers: false'] : [], ['securityContext:', `  procMount: ${q(v)}`]),
  },
  {
    key: podEnumKey(core('SeccompProfile'), 'type'), field: [...POD, 'securityContext', 'seccompProfile', 'type'], intended: 'RuntimeDefault',
    yaml: (v) => job(['securityContext:', '  seccompProfile:', `    type: ${q(v)}`, ...(v === 'Localhost' ? ['    localhostProfile: profiles/audit.json'] : [])]),
  },
  {
    key: podEnumKey(core('AppArmorProfile'), 'type'), field: [...MAIN, 'securityContext', 'appArmorProfile', 'type'], intended: 'RuntimeDefault',
    yaml: (v) => job([], ['securityContext:', '  appArmorProfile:', `    type: ${q(v)}`, ...(v === 'Localhost' ? ['    localhostProfile: k8s-apparmor-example'] : [])]),
  },
  {
    key: podEnumKey(core('PodSecurityContext'), 'fsGroupChangePolicy'), field: [...POD, 'securityContext', 'fsGroupChangePolicy'],
    yaml: (v) => job(['securityContext:', '  fsGroup: 2000', `  fsGroupChangePolicy: ${q(v)}`]),
  },
  {
    key: podEnumKey(core('PodSecurityContext'), 'supplementalGroupsPolicy'), field: [...POD, 'securityContext', 'supplementalGroupsPolicy'],
    yaml: (v) => job(['securityContext:', `  supplementalGroupsPolicy: ${q(v)}`]),
  },
  {
    key: podEnumKey(core('PodSecurityContext'), 'seLinuxChangePolicy'), field: [...POD, 'securityContext', 'seLinuxChangePolicy'],
    yaml: (v) => job(['securityContext:', `  seLinuxChangePolicy: ${q(v)}`]),
  },
  { key: podEnumKey(core('Toleration'), 'operator'), field: [...POD, 'tolerations', 0, 'operator'], yaml: (v) => job(['tolerations:', '- key: dedicated', `  operator: ${q(v)}`]) },
  {
    key: podEnumKey(core('Toleration'), 'effect'), field: [...POD, 'tolerations', 0, 'effect'],
    yaml: (v) => job(['tolerations:', '- key: dedicated', '  operator: Exists', `  effect: ${q(v)}`]),
  },
  {
    key: podEnumKey(core('TopologySpreadConstraint'), 'whenUnsatisfiable'), field: [...POD, 'topologySpreadConstraints', 0, 'whenUnsatisfiable'],
    yaml: (v) => job(spread([`whenUnsatisfiable: ${q(v)}`])),
  },
  ...(['nodeAffinityPolicy', 'nodeTaintsPolicy'] as const).map((field): Sample => ({
    key: podEnumKey(core('TopologySpreadConstraint'), field), field: [...POD, 'topologySpreadConstraints', 0, field],
    yaml: (v) => job(spread(['whenUnsatisfiable: DoNotSchedule', `${field}: ${q(v)}`])),
  })),
  {
    key: podEnumKey(core('NodeSelectorRequirement'), 'operator'),
    field: [...POD, 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms', 0, 'matchExpressions', 0, 'operator'],
    yaml: (v) => job([
      'affinity:', '  nodeAffinity:', '    requiredDuringSchedulingIgnoredDuringExecution:', '      nodeSelectorTerms:', '      - matchExpressions:',
      '        - key: node.example.com/cores', `          operator: ${q(v)}`,
      ...(v === 'Exists' || v === 'DoesNotExist' ? [] : [`          values: [${v === 'Gt' || v === 'Lt' ? '"4"' : 'big'}]`]),
    ]),
  },
  {
    key: podEnumKey('io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelectorRequirement', 'operator'),
    field: [...POD, 'affinity', 'podAntiAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', 0, 'labelSelector', 'matchExpressions', 0, 'operator'],
    yaml: (v) => job([
      'affinity:', '  podAntiAffinity:', '    requiredDuringSchedulingIgnoredDuringExecution:', '    - topologyKey: kubernetes.io/hostname',
      '      labelSelector:', '        matchExpressions:', ...requirement(v, '        '),
    ]),
  },
  {
    key: podEnumKey('io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelectorRequirement', 'operator'), from: 27,
    field: [...POD, 'topologySpreadConstraints', 0, 'labelSelector', 'matchExpressions', 0, 'operator'],
    yaml: (v) => job(['topologySpreadConstraints:', '- maxSkew: 1', '  topologyKey: topology.kubernetes.io/zone', '  whenUnsatisfiable: ScheduleAnyway',
      '  labelSelector:', '    matchExpressions:', ...requirement(v, '    ')]),
  },
  {
    key: podEnumKey('io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelectorRequirement', 'operator'),
    field: [...POD, 'volumes', 0, 'ephemeral', 'volumeClaimTemplate', 'spec', 'selector', 'matchExpressions', 0, 'operator'],
    yaml: (v) => job(claimTemplate(['accessModes: [ReadWriteOnce]', 'selector:', '  matchExpressions:', ...requirement(v, '  ')])),
  },
  {
    key: podEnumKey(core('VolumeMount'), 'mountPropagation'), field: [...MAIN, 'volumeMounts', 0, 'mountPropagation'],
    yaml: (v) => job(['volumes:', '- name: data', '  emptyDir: {}'], [
      'volumeMounts:', '- name: data', '  mountPath: /data', `  mountPropagation: ${q(v)}`,
      ...(v === 'Bidirectional' ? ['securityContext:', '  privileged: true'] : []),
    ]),
  },
  {
    key: podEnumKey(core('VolumeMount'), 'recursiveReadOnly'), field: [...MAIN, 'volumeMounts', 0, 'recursiveReadOnly'],
    yaml: (v) => job(['volumes:', '- name: data', '  emptyDir: {}'], ['volumeMounts:', '- name: data', '  mountPath: /data', '  readOnly: true', `  recursiveReadOnly: ${q(v)}`]),
  },
  {
    key: podEnumKey(core('HostPathVolumeSource'), 'type'), field: [...POD, 'volumes', 0, 'hostPath', 'type'],
    yaml: (v) => job(['volumes:', '- name: host', '  hostPath:', '    path: /var/log', `    type: ${q(v)}`]),
  },
  {
    key: podEnumKey(core('EmptyDirVolumeSource'), 'medium'), field: [...POD, 'volumes', 0, 'emptyDir', 'medium'],
    yaml: (v) => job(['volumes:', '- name: scratch', '  emptyDir:', `    medium: ${q(v)}`]),
  },
  { key: podEnumKey(core('AzureDiskVolumeSource'), 'cachingMode'), field: [...POD, 'volumes', 0, 'azureDisk', 'cachingMode'], yaml: (v) => job(azure(v, 'Managed')) },
  { key: podEnumKey(core('AzureDiskVolumeSource'), 'kind'), field: [...POD, 'volumes', 0, 'azureDisk', 'kind'], yaml: (v) => job(azure('ReadOnly', v)) },
  {
    key: podEnumKey(core('PersistentVolumeClaimSpec'), 'accessModes'), field: [...POD, 'volumes', 0, 'ephemeral', 'volumeClaimTemplate', 'spec', 'accessModes', 0],
    yaml: (v) => job(claimTemplate([`accessModes: [${q(v)}]`])),
  },
  {
    key: podEnumKey(core('PersistentVolumeClaimSpec'), 'volumeMode'), field: [...POD, 'volumes', 0, 'ephemeral', 'volumeClaimTemplate', 'spec', 'volumeMode'],
    yaml: (v) => job(claimTemplate(['accessModes: [ReadWriteOnce]', `volumeMode: ${q(v)}`])),
  },
  // While ImageVolume is off (1.31-1.34) a create drops `image` and refuses the volume left without a source, whatever its pullPolicy.
  {
    key: podEnumKey(core('ImageVolumeSource'), 'pullPolicy'), field: [...POD, 'volumes', 0, 'image', 'pullPolicy'], from: 35,
    yaml: (v) => job(['volumes:', '- name: model', '  image:', '    reference: quay.io/example/model:1.0', `    pullPolicy: ${q(v)}`]),
  },
];

const ENTRIES = new Map(POD_ENUMS.map((entry) => [podEnumKey(entry.type, entry.field), entry]));
const RELEASES = Array.from({ length: MAX_MINOR - MIN_MINOR + 1 }, (_, i) => MIN_MINOR + i);

function formatPath(path: FieldPath): string {
  return path.map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : i === 0 ? segment : `.${segment}`)).join('');
}

/** The first release with the field (schemas/field-versions.json), or MIN_MINOR. */
function fieldSince(field: FieldPath): number {
  for (let end = field.length; end > 0; end--) {
    const since = availabilityOf('Job', field.slice(0, end))?.since;
    if (since) return Math.max(MIN_MINOR, Number(since.split('.')[1]));
  }
  return MIN_MINOR;
}

function check(text: string, minor: number): Diagnostic[] {
  return validateText(text, { ...DEFAULT_SETTINGS, kubernetesVersion: `1.${minor}` });
}

const errors = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.severity === ERROR).map((d) => `${String(d.code)} @ ${(d.data as DiagnosticData).path}: ${d.message}`);

/** A typo of `value` one letter away: its last letter dropped. */
const typoOf = (value: string): string => value.slice(0, -1);

/** The values the release accepts that the kind does not refuse. */
function accepted(sample: Sample, entry: PodEnum, minor: number): string[] {
  return acceptedValues(entry, minor).filter((value) => !sample.refusedByKind?.includes(value));
}

function codesOf(entry: PodEnum): readonly string[] {
  return entry.check.by === 'schema' ? ['schema/enum'] : entry.check.by === 'rule' ? entry.check.codes : [];
}

describe('the Pod API enums (scripts/podEnums.ts) at every release', () => {
  it('has a sample for every table entry, and every sample names an entry', () => {
    const sampled = new Set(SAMPLES.map((sample) => sample.key));
    assert.deepEqual([...ENTRIES.keys()].filter((key) => !sampled.has(key)), []);
    assert.deepEqual(SAMPLES.map((sample) => sample.key).filter((key) => !ENTRIES.has(key)), []);
  });

  for (const sample of SAMPLES) {
    const entry = ENTRIES.get(sample.key) as PodEnum;
    const at = sample.at ?? formatPath(sample.field);
    const releases = RELEASES.filter((minor) => minor >= Math.max(fieldSince(sample.field), sample.from ?? MIN_MINOR));

    describe(`${sample.key} at ${formatPath(sample.field)}`, () => {
      it('completion and hover name the values each release accepts', () => {
        for (const minor of releases) {
          assert.deepEqual(namedValues('Job', sample.field, minor)?.values, acceptedValues(entry, minor), `1.${minor}`);
        }
      });

      it('accepts every value the release accepts, with no error anywhere in the Job', () => {
        for (const minor of releases) {
          for (const value of accepted(sample, entry, minor)) assert.deepEqual(errors(check(sample.yaml(value), minor)), [], `${q(value)} in 1.${minor}`);
        }
      });

      it('reports a typo once, with the accepted values and the closest as the preferred fix, where the release checks them', () => {
        for (const minor of releases) {
          const intended = sample.intended ?? accepted(sample, entry, minor).find((value) => value !== '');
          // A release that accepts no value yet (the field is there, its gate is off) takes any string.
          const written = intended === undefined ? 'Sometimes' : typoOf(intended);
          const text = sample.yaml(written);
          const found = errors(check(text, minor));
          if (!checkedIn(entry, minor)) {
            assert.deepEqual(found, [], `${q(written)} in 1.${minor}: the release does not check the values`);
            continue;
          }
          assert.ok(intended !== undefined, `1.${minor}: the table checks the values but accepts none`);
          assert.equal(found.length, 1, `${q(written)} in 1.${minor}: ${found.join('\n')}`);
          const diagnostic = check(text, minor).find((d) => d.severity === ERROR) as Diagnostic;
          const data = diagnostic.data as DiagnosticData;
          assert.ok(codesOf(entry).includes(String(diagnostic.code)), `1.${minor}: ${String(diagnostic.code)} is not one of ${codesOf(entry).join(', ')}`);
          assert.equal(data.path, at, `1.${minor}`);
          const message = String(diagnostic.message);
          for (const value of acceptedValues(entry, minor).filter((v) => v !== '')) {
            assert.ok(message.includes(`\`${value}\``), `1.${minor}: the message does not name ${value}: ${message}`);
          }
          const preferred = (data.fixes ?? []).find((fix: FixData) => fix.preferred);
          assert.equal(preferred?.title, `Change to \`${intended}\``, `1.${minor}: preferred fix`);
          assert.ok(preferred?.edits, `1.${minor}: the preferred fix has its edits`);
          assert.deepEqual(errors(check(applyTextEdits(text, preferred.edits), minor)), [], `1.${minor}: the fixed Job`);
        }
      });
    });
  }
});

/**
 * The table against the Go constants of core/v1 (../shared/k8s-api-types/<release>/core-v1-types.go): every
 * value it accepts in a release is a constant of the Go type it names, and every constant of that type is in
 * the table, accepted or refused. ResourceName is a general type (a resize policy takes two of its names);
 * StorageMediumHugePagesPrefix is a prefix (`HugePages-<size>`), not a value.
 */
describe('the Pod API enums against the Go constants', { skip: skipUnlessShared('Pod enums against the Go types', 'k8s-api-types') }, () => {
  const NOT_VALUES = new Set(['HugePages-']);
  for (const release of ['1.35', '1.36', '1.37']) {
    it(`agrees with core/v1 of ${release}`, () => {
      const types = readFileSync(sharedPath('k8s-api-types', release, 'core-v1-types.go'), 'utf8');
      const minor = Number(release.split('.')[1]);
      for (const entry of POD_ENUMS) {
        const goType = /^(\w+):/.exec(entry.go)?.[1];
        if (!goType || goType === 'ResourceName') continue; // meta/v1 (label selectors) and the general ResourceName
        const constants = [...types.matchAll(new RegExp(`^\\s+\\w+\\s+${goType}\\s+=\\s+"([^"]*)"`, 'gm'))].map((match) => match[1]).filter((value) => !NOT_VALUES.has(value));
        assert.ok(constants.length > 0, `${entry.type}.${entry.field}: no constant of ${goType} in ${release}`);
        const current = entry.values.filter((value) => (valueSince(value) ?? 0) <= minor).map((value) => (typeof value === 'string' ? value : value.value));
        assert.deepEqual(current.filter((value) => !constants.includes(value)), [], `${entry.type}.${entry.field}: accepted values that are not ${goType} constants in ${release}`);
        const known = [...allValues(entry), ...Object.keys(entry.refused ?? {})];
        assert.deepEqual(constants.filter((value) => !known.includes(value)), [], `${entry.type}.${entry.field}: ${goType} constants of ${release} the table does not know`);
      }
    });
  }
});

