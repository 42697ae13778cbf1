// Where an environment variable takes its value from (validateEnvVarValueFrom's sources, ValidateEnvFrom) and the
// pod-deletion-cost annotation of a Pod template (ValidatePodSpecificAnnotations): each case runs on a Job, and as
// the CronJob, JobSet and TrainingRuntime twins (a runtime's written env items are sent as written).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { podTemplateRules } from '../../../server/src/service/rules/pod/index';
import type { Json } from '../../../server/src/service/types';
import { checkCronJobTwin, checkRuleCase, checkWrappedTwin, type RuleCase } from './harness';

const POD = 'spec.template.spec';
const C0 = `${POD}.containers[0]`;

function job(podSpec: { [key: string]: Json }, template: { [key: string]: Json } = {}): string {
  return JSON.stringify({
    apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'demo' },
    spec: { template: { ...template, spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox' }], ...podSpec } } },
  });
}

/** A Job whose one container has these env variables' valueFrom (each named V0, V1, ...). */
function env(...valueFroms: Json[]): string {
  return job({ containers: [{ name: 'main', image: 'busybox', env: valueFroms.map((valueFrom, index) => ({ name: `V${index}`, valueFrom })) }] });
}

function envFrom(...entries: Json[]): string {
  return job({ containers: [{ name: 'main', image: 'busybox', envFrom: entries }] });
}

const fieldRef = (fieldPath: string, apiVersion?: string): Json => ({ fieldRef: { fieldPath, ...(apiVersion !== undefined ? { apiVersion } : {}) } });
const V0 = `${C0}.env[0].valueFrom`;

const fieldRefs: RuleCase[] = [
  { name: 'every field env may read', yaml: env(...['metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.serviceAccountName', 'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs'].map((path) => fieldRef(path))), expect: [] },
  { name: 'one label and one annotation', yaml: env(fieldRef("metadata.labels['app']"), fieldRef("metadata.annotations['Example.com/Owner']")), expect: [] },
  { name: 'apiVersion v1 written, or empty (defaulted to v1)', yaml: env(fieldRef('metadata.name', 'v1'), fieldRef('metadata.name', '')), expect: [] },
  {
    name: 'all labels: a volume file only', yaml: env(fieldRef('metadata.labels')), expect: [`pod/env-field-ref-field-path-unsupported @ ${V0}.fieldRef.fieldPath`],
    words: ["metadata.labels['<key>']", 'downwardAPI', 'Unsupported value: "metadata.labels": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"'],
  },
  { name: 'a field the downward API does not know', yaml: env(fieldRef('spec.containers')), expect: [`pod/env-field-ref-field-path-unsupported @ ${V0}.fieldRef.fieldPath`], words: ['error converting fieldPath: field label not supported: spec.containers'] },
  { name: 'an empty fieldPath', yaml: env(fieldRef('')), expect: [`pod/env-field-ref-field-path-unsupported @ ${V0}.fieldRef.fieldPath`], words: ['fieldRef.fieldPath: Required value'] },
  { name: 'a subscript on a field without keys', yaml: env(fieldRef("metadata.name['x']")), expect: [`pod/env-field-ref-field-path-unsupported @ ${V0}.fieldRef.fieldPath`], words: ["field label does not support subscript: metadata.name['x']"] },
  { name: 'a label key that can never be one', yaml: env(fieldRef("metadata.labels['a b']")), expect: [`pod/env-field-ref-subscript-invalid @ ${V0}.fieldRef.fieldPath`], words: [`${V0}.fieldRef: Invalid value: "a b"`] },
  { name: 'an annotation key is checked in lower case', yaml: env(fieldRef("metadata.annotations['Bad_Key_']")), expect: [`pod/env-field-ref-subscript-invalid @ ${V0}.fieldRef.fieldPath`], words: ['"bad_key_"'] },
  { name: 'another Pod API version', yaml: env(fieldRef('metadata.name', 'v2')), expect: [`pod/env-field-ref-api-version-unsupported @ ${V0}.fieldRef.apiVersion`], words: ['unsupported pod version: v2'] },
  { name: 'spec.host is read as spec.nodeName', yaml: env(fieldRef('spec.host')), expect: [] },
  { name: 'status.hostIPs in 1.29 (PodHostIPs beta)', yaml: env(fieldRef('status.hostIPs')), minor: 29, expect: [] },
  { name: 'status.hostIPs in 1.28 (PodHostIPs alpha, off)', yaml: env(fieldRef('status.hostIPs')), minor: 28, expect: [`pod/env-field-ref-field-path-unsupported @ ${V0}.fieldRef.fieldPath`], words: ['PodHostIPs'] },
  { name: 'status.hostIPs in 1.27 (not a field yet)', yaml: env(fieldRef('status.hostIPs')), minor: 27, expect: [`pod/env-field-ref-field-path-unsupported @ ${V0}.fieldRef.fieldPath`], words: ['field label not supported: status.hostIPs'] },
];

const resourceFieldRefs: RuleCase[] = [
  { name: 'limits and requests with their divisors', yaml: env({ resourceFieldRef: { resource: 'limits.cpu', divisor: '1m' } }, { resourceFieldRef: { resource: 'requests.memory', divisor: '1Mi' } }, { resourceFieldRef: { resource: 'limits.hugepages-2Mi', divisor: '1Ki' } }, { resourceFieldRef: { containerName: 'main', resource: 'requests.ephemeral-storage' } }), expect: [] },
  { name: 'a resource the downward API cannot read', yaml: env({ resourceFieldRef: { resource: 'limits.nvidia.com/gpu' } }), expect: [`pod/env-resource-field-ref-resource-unsupported @ ${V0}.resourceFieldRef.resource`], words: ['Unsupported value: "limits.nvidia.com/gpu"'] },
  { name: 'an empty resource', yaml: env({ resourceFieldRef: { resource: '' } }), expect: [`pod/env-resource-field-ref-resource-unsupported @ ${V0}.resourceFieldRef.resource`], words: ['resourceFieldRef.resource: Required value'] },
  { name: 'a cpu divisor of 2', yaml: env({ resourceFieldRef: { resource: 'limits.cpu', divisor: 2 } }), expect: [`pod/env-resource-field-ref-divisor-unsupported @ ${V0}.resourceFieldRef.divisor`], words: ["only divisor's values 1m and 1 are supported with the cpu resource"] },
  { name: 'a memory divisor of 1m', yaml: env({ resourceFieldRef: { resource: 'limits.memory', divisor: '1m' } }), expect: [`pod/env-resource-field-ref-divisor-unsupported @ ${V0}.resourceFieldRef.divisor`], words: ['with the memory resource'] },
  { name: 'a divisor of 1000m is 1', yaml: env({ resourceFieldRef: { resource: 'limits.cpu', divisor: '1000m' } }), expect: [] },
];

const keyRefs: RuleCase[] = [
  { name: 'ConfigMap and Secret keys', yaml: env({ configMapKeyRef: { name: 'settings', key: 'log.level' } }, { secretKeyRef: { name: 'db.credentials', key: 'PASSWORD_1', optional: true } }), expect: [] },
  { name: 'a configMapKeyRef without a name', yaml: env({ configMapKeyRef: { key: 'k' } }), expect: [`pod/env-key-ref-name-invalid @ ${V0}.configMapKeyRef`], anchor: 'key', words: ['names no ConfigMap', 'configMapKeyRef.name: Invalid value: ""'] },
  { name: 'a secretKeyRef name in upper case', yaml: env({ secretKeyRef: { name: 'DB', key: 'k' } }), expect: [`pod/env-key-ref-name-invalid @ ${V0}.secretKeyRef.name`], words: ['RFC 1123 subdomain'] },
  { name: 'a key with a slash', yaml: env({ configMapKeyRef: { name: 'c', key: 'a/b' } }), expect: [`pod/env-key-ref-key-invalid @ ${V0}.configMapKeyRef.key`], words: ["a valid config key must consist of alphanumeric characters, '-', '_' or '.'"] },
  { name: 'an empty key', yaml: env({ secretKeyRef: { name: 's', key: '' } }), expect: [`pod/env-key-ref-key-invalid @ ${V0}.secretKeyRef.key`], words: ['secretKeyRef.key: Required value'] },
  { name: 'a key of ..', yaml: env({ secretKeyRef: { name: 's', key: '..' } }), expect: [`pod/env-key-ref-key-invalid @ ${V0}.secretKeyRef.key`], words: ["must not be '..'"] },
  { name: 'a key of 254 characters', yaml: env({ configMapKeyRef: { name: 'c', key: 'k'.repeat(254) } }), expect: [`pod/env-key-ref-key-invalid @ ${V0}.configMapKeyRef.key`], words: ['must be no more than 253 characters'] },
];

const envFroms: RuleCase[] = [
  { name: 'a ConfigMap and a Secret, with a prefix', yaml: envFrom({ configMapRef: { name: 'settings' } }, { prefix: 'DB_', secretRef: { name: 'db', optional: true } }), expect: [] },
  { name: 'a name ending in - (allowed, as a prefix)', yaml: envFrom({ configMapRef: { name: 'settings-' } }), expect: [] },
  { name: 'a prefix alone', yaml: envFrom({ prefix: 'X_' }), expect: [`pod/env-from-source-count @ ${C0}.envFrom[0]`], anchor: 'entry', words: [`${C0}.envFrom: Invalid value: "": must specify one of: \`configMapRef\` or \`secretRef\``] },
  { name: 'both sources in one entry', yaml: envFrom({ configMapRef: { name: 'a' }, secretRef: { name: 'b' } }), expect: [`pod/env-from-source-count @ ${C0}.envFrom[0].secretRef`], anchor: 'key', words: ['may not have more than one field specified at a time'] },
  { name: 'a secretRef without a name', yaml: envFrom({ secretRef: {} }), expect: [`pod/env-from-name-invalid @ ${C0}.envFrom[0].secretRef`], anchor: 'key', words: [`${C0}.envFrom[0].secretRef.name: Required value`] },
  { name: 'a configMapRef name with an underscore', yaml: envFrom({ configMapRef: { name: 'my_settings' } }), expect: [`pod/env-from-name-invalid @ ${C0}.envFrom[0].configMapRef.name`], words: ['Invalid value: "my_settings"'] },
  { name: 'a misspelt source is the schema check\'s finding alone', yaml: envFrom({ configMap: { name: 'a' } }), expect: [] },
];

const cost = (value: string) => job({}, { metadata: { annotations: { 'controller.kubernetes.io/pod-deletion-cost': value } } });
const COST = 'spec.template.metadata.annotations[controller.kubernetes.io/pod-deletion-cost]';

const deletionCost: RuleCase[] = [
  { name: 'deletion costs that are int32', yaml: job({}, { metadata: { annotations: { 'controller.kubernetes.io/pod-deletion-cost': '-2147483648', other: '007' } } }), expect: [] },
  { name: 'zero and the largest cost', yaml: cost('2147483647'), expect: [] },
  { name: 'a leading zero', yaml: cost('007'), expect: [`pod/template-pod-deletion-cost-invalid @ ${COST}`], words: ['spec.template.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: "007": must be a 32bit integer'] },
  { name: 'a plus sign', yaml: cost('+5'), expect: [`pod/template-pod-deletion-cost-invalid @ ${COST}`] },
  { name: 'above int32', yaml: cost('2147483648'), expect: [`pod/template-pod-deletion-cost-invalid @ ${COST}`] },
  { name: 'not a number', yaml: cost('high'), expect: [`pod/template-pod-deletion-cost-invalid @ ${COST}`] },
  { name: 'empty', yaml: cost(''), expect: [`pod/template-pod-deletion-cost-invalid @ ${COST}`] },
];

const groups: [string, RuleCase[]][] = [['fieldRef', fieldRefs], ['resourceFieldRef', resourceFieldRefs], ['configMapKeyRef and secretKeyRef', keyRefs], ['envFrom', envFroms], ['pod-deletion-cost', deletionCost]];

for (const [group, cases] of groups) {
  describe(`pod template env sources: ${group}`, () => {
    for (const testCase of cases) {
      it(testCase.name, () => checkRuleCase(podTemplateRules, testCase));
      it(`${testCase.name} (in a CronJob)`, () => assert.ok(checkCronJobTwin(podTemplateRules, testCase)));
      for (const kind of ['JobSet', 'TrainingRuntime'] as const) {
        it(`${testCase.name} (in a ${kind})`, () => assert.ok(checkWrappedTwin(podTemplateRules, testCase, kind)));
      }
    }
  });
}
