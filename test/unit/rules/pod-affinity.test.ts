// validateAffinity on a Job's pod template: node affinity, pod affinity and anti-affinity, release by release.
import { describe } from 'node:test';
import { validateAffinity } from '../../../server/src/service/rules/pod/validateAffinity';
import type { Json } from '../../../server/src/service/types';
import { assertEveryCodeTriggered, POD, runPodCases, type PodCase } from './podCases';

const NODE = `${POD}.affinity.nodeAffinity`;
const REQUIRED = `${NODE}.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]`;
const PREFERRED = `${NODE}.preferredDuringSchedulingIgnoredDuringExecution[0]`;
const ANTI = `${POD}.affinity.podAntiAffinity`;
const TERM = `${ANTI}.requiredDuringSchedulingIgnoredDuringExecution[0]`;

type Obj = { [key: string]: Json };

function required(term: Obj): Obj {
  return { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [term] } } } };
}

function preferred(preference: Obj, weight = 10): Obj {
  return { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight, preference }] } } };
}

const expr = (key: string, operator: string, values?: Json[]): Obj => (values === undefined ? { key, operator } : { key, operator, values });

function antiTerm(term: Obj): Obj {
  return { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'demo' } }, ...term }] } } };
}

const nodeAffinity: PodCase[] = [
  { name: 'a valid required term', spec: required({ matchExpressions: [expr('kubernetes.io/arch', 'In', ['amd64']), expr('gpu', 'Exists'), expr('cores', 'Gt', ['8'])] }), expect: [] },
  { name: 'no node selector term', spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } } }, expect: [`pod/affinity-node-selector-terms-empty @ ${NODE}.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`], anchor: 'key', words: ['Required value: must have at least one node selector term'] },
  { name: 'an empty term is accepted (it matches no node)', spec: required({}), expect: [] },
  { name: 'operator typo', spec: required({ matchExpressions: [expr('zone', 'in', ['a'])] }), expect: [`pod/affinity-node-operator-invalid @ ${REQUIRED}.matchExpressions[0].operator`], words: ['`In`, `NotIn`, `Exists`, `DoesNotExist`, `Gt` or `Lt`', 'Invalid value: "in": not a valid selector operator'] },
  { name: 'In without values', spec: required({ matchExpressions: [expr('zone', 'In', [])] }), expect: [`pod/affinity-node-values-required @ ${REQUIRED}.matchExpressions[0].values`], words: ["must be specified when `operator` is 'In' or 'NotIn'"] },
  { name: 'NotIn with one value', spec: required({ matchExpressions: [expr('zone', 'NotIn', ['a'])] }), expect: [] },
  { name: 'Exists with values', spec: required({ matchExpressions: [expr('gpu', 'Exists', ['true'])] }), expect: [`pod/affinity-node-values-forbidden @ ${REQUIRED}.matchExpressions[0].values`], anchor: 'key' },
  { name: 'DoesNotExist without values', spec: required({ matchExpressions: [expr('gpu', 'DoesNotExist')] }), expect: [] },
  { name: 'Gt with two values', spec: required({ matchExpressions: [expr('cores', 'Gt', ['1', '2'])] }), expect: [`pod/affinity-node-values-single @ ${REQUIRED}.matchExpressions[0].values`], words: ["must be specified single value when `operator` is 'Lt' or 'Gt'"] },
  { name: 'a key that is not a label key', spec: required({ matchExpressions: [expr('bad key', 'Exists')] }), expect: [`pod/affinity-node-key-invalid @ ${REQUIRED}.matchExpressions[0].key`] },
  { name: 'a key of 63 characters', spec: required({ matchExpressions: [expr('k'.repeat(63), 'Exists')] }), expect: [] },
  { name: 'a value that is not a label value, required term', minor: 33, spec: required({ matchExpressions: [expr('zone', 'In', ['us east'])] }), expect: [`pod/affinity-node-value-invalid @ ${REQUIRED}.matchExpressions[0].values[0]`], words: ['from Kubernetes 1.33', 'Invalid value: "us east"'] },
  { name: 'the same value before values were checked', minor: 32, spec: required({ matchExpressions: [expr('zone', 'In', ['us east'])] }), expect: [] },
  { name: 'the same value in a preferred term is never checked', spec: preferred({ matchExpressions: [expr('zone', 'In', ['us east'])] }), expect: [] },
  { name: 'matchFields on a label', spec: required({ matchFields: [expr('metadata.labels', 'In', ['a'])] }), expect: [`pod/affinity-node-field-key-invalid @ ${REQUIRED}.matchFields[0].key`], words: ['not a valid field selector key'] },
  { name: 'matchFields with Exists', spec: required({ matchFields: [expr('metadata.name', 'Exists')] }), expect: [`pod/affinity-node-field-operator-invalid @ ${REQUIRED}.matchFields[0].operator`] },
  { name: 'matchFields with two node names', spec: required({ matchFields: [expr('metadata.name', 'In', ['a', 'b'])] }), expect: [`pod/affinity-node-field-values-single @ ${REQUIRED}.matchFields[0].values`], words: ['for node field selector'] },
  { name: 'matchFields with one node name', spec: required({ matchFields: [expr('metadata.name', 'NotIn', ['node-1.example.com'])] }), expect: [] },
  { name: 'matchFields with a bad node name', spec: required({ matchFields: [expr('metadata.name', 'In', ['Node_1'])] }), expect: [`pod/affinity-node-field-value-invalid @ ${REQUIRED}.matchFields[0].values[0]`] },
  { name: 'preferred weight 0', spec: preferred({ matchExpressions: [expr('zone', 'In', ['a'])] }, 0), expect: [`pod/affinity-weight-out-of-range @ ${PREFERRED}.weight`], words: ['Invalid value: 0: must be in the range 1-100'] },
  { name: 'preferred weights 1 and 100', spec: { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: {} }, { weight: 100, preference: {} }] } } }, expect: [] },
  { name: 'preferred weight 101', spec: preferred({}, 101), expect: [`pod/affinity-weight-out-of-range @ ${PREFERRED}.weight`] },
];

const podAffinity: PodCase[] = [
  { name: 'a valid anti-affinity term', spec: antiTerm({ namespaces: ['default'], namespaceSelector: { matchExpressions: [expr('team', 'In', ['a'])] } }), expect: [] },
  { name: 'empty topologyKey', spec: antiTerm({ topologyKey: '' }), expect: [`pod/affinity-topology-key-required @ ${TERM}.topologyKey`], words: ['Required value: can not be empty', 'name part must be non-empty'] },
  { name: 'topologyKey that is not a label key', spec: antiTerm({ topologyKey: 'zone name' }), expect: [`pod/affinity-topology-key-invalid @ ${TERM}.topologyKey`] },
  { name: 'a namespace that is not a DNS label', spec: antiTerm({ namespaces: ['Team_A'] }), expect: [`pod/affinity-namespace-invalid @ ${TERM}.namespaces[0]`], words: ['.requiredDuringSchedulingIgnoredDuringExecution[0].namespace: Invalid value: "Team_A"'] },
  { name: 'selector operator typo', spec: antiTerm({ labelSelector: { matchExpressions: [expr('app', 'Exist')] } }), expect: [`pod/affinity-selector-operator-invalid @ ${TERM}.labelSelector.matchExpressions[0].operator`] },
  { name: 'namespaceSelector: values with Exists', spec: antiTerm({ namespaceSelector: { matchExpressions: [expr('team', 'Exists', ['a'])] } }), expect: [`pod/affinity-selector-invalid @ ${TERM}.namespaceSelector.matchExpressions[0].values`] },
  { name: 'selector value that is not a label value', minor: 26, spec: antiTerm({ labelSelector: { matchExpressions: [expr('app', 'In', ['-x'])] } }), expect: [`pod/affinity-selector-invalid @ ${TERM}.labelSelector.matchExpressions[0].values[0]`] },
  { name: 'the same value before selector values were checked', minor: 25, spec: antiTerm({ labelSelector: { matchExpressions: [expr('app', 'In', ['-x'])] } }), expect: [] },
  { name: 'matchLabels key that is not a label key', spec: antiTerm({ labelSelector: { matchLabels: { 'a b': 'x' } } }), expect: [`pod/affinity-selector-invalid @ ${TERM}.labelSelector.matchLabels[a b]`], anchor: 'key' },
  { name: 'preferred pod affinity weight', spec: { affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: -1, podAffinityTerm: { topologyKey: 'zone' } }] } } }, expect: [`pod/affinity-weight-out-of-range @ ${POD}.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight`] },
];

const labelKeys: PodCase[] = [
  { name: 'matchLabelKeys with a selector', minor: 31, spec: antiTerm({ matchLabelKeys: ['pod-template-hash'] }), expect: [] },
  { name: 'matchLabelKeys without a selector', minor: 31, spec: antiTerm({ labelSelector: null, matchLabelKeys: ['app'] }), expect: [`pod/affinity-label-keys-without-selector @ ${TERM}.matchLabelKeys`], anchor: 'key', words: ['Forbidden: must not be specified when labelSelector is not set'] },
  { name: 'the same in 1.30, where the field is dropped', minor: 30, spec: antiTerm({ labelSelector: null, matchLabelKeys: ['app'] }), expect: [] },
  { name: 'a mismatchLabelKeys entry that is not a label key', spec: antiTerm({ mismatchLabelKeys: ['team name'] }), expect: [`pod/affinity-label-key-invalid @ ${TERM}.mismatchLabelKeys[0]`] },
  { name: 'a key in both matchLabelKeys and mismatchLabelKeys', spec: antiTerm({ matchLabelKeys: ['tenant'], mismatchLabelKeys: ['tenant'] }), expect: [`pod/affinity-label-key-conflict @ ${TERM}.matchLabelKeys[0]`], words: ['exists in both matchLabelKeys and mismatchLabelKeys'] },
  { name: 'a matchLabelKeys key also in matchLabels (a template is not merged)', spec: antiTerm({ matchLabelKeys: ['app'] }), expect: [] },
  { name: 'a matchLabelKeys key the selector already names twice', spec: antiTerm({ matchLabelKeys: ['app'], labelSelector: { matchLabels: { app: 'demo' }, matchExpressions: [expr('app', 'Exists')] } }), expect: [`pod/affinity-label-key-conflict @ ${TERM}.matchLabelKeys[0]`], words: ['requiredDuringSchedulingIgnoredDuringExecution[0][0]: Invalid value: "app": exists in both matchLabelKeys and labelSelector'] },
];

const groups: [string, PodCase[]][] = [['node affinity', nodeAffinity], ['pod affinity', podAffinity], ['matchLabelKeys', labelKeys]];
runPodCases('pod affinity', [validateAffinity], groups);

describe('pod affinity: codes', () => {
  assertEveryCodeTriggered([validateAffinity], groups);
});
