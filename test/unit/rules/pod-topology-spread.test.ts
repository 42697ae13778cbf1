// validateTopologySpreadConstraints on a Job's pod template, release by release.
import { describe } from 'node:test';
import { validateTopologySpread } from '../../../server/src/service/rules/pod/validateTopologySpread';
import type { Json } from '../../../server/src/service/types';
import { assertEveryCodeTriggered, POD, runPodCases, type PodCase } from './podCases';

const C0 = `${POD}.topologySpreadConstraints[0]`;
type Obj = { [key: string]: Json };

const constraint = (fields: Obj = {}): Obj => ({ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'demo' } }, ...fields });
const spread = (...constraints: Obj[]) => ({ topologySpreadConstraints: constraints });

const basics: PodCase[] = [
  { name: 'a valid constraint', spec: spread(constraint({ minDomains: 3, nodeAffinityPolicy: 'Honor', nodeTaintsPolicy: 'Ignore', matchLabelKeys: ['batch.kubernetes.io/job-name'] })), expect: [] },
  { name: 'maxSkew 0', spec: spread(constraint({ maxSkew: 0 })), expect: [`pod/topology-spread-max-skew-invalid @ ${C0}.maxSkew`], words: ['Invalid value: 0: must be greater than zero'] },
  { name: 'empty topologyKey', spec: spread(constraint({ topologyKey: '' })), expect: [`pod/topology-spread-topology-key-required @ ${C0}.topologyKey`], words: ['Required value: can not be empty'] },
  { name: 'whenUnsatisfiable typo', spec: spread(constraint({ whenUnsatisfiable: 'DoNotSchedul' })), expect: [`pod/topology-spread-when-unsatisfiable-unsupported @ ${C0}.whenUnsatisfiable`], words: ['supported values: "DoNotSchedule", "ScheduleAnyway"'] },
  { name: 'ScheduleAnyway', spec: spread(constraint({ whenUnsatisfiable: 'ScheduleAnyway' })), expect: [] },
  { name: 'the same pair twice, reported on the first', spec: spread(constraint(), constraint({ maxSkew: 2 })), expect: [`pod/topology-spread-duplicate @ ${C0}.{topologyKey, whenUnsatisfiable}`], words: ['Duplicate value: "{topology.kubernetes.io/zone, DoNotSchedule}"'] },
  { name: 'same key, other whenUnsatisfiable', spec: spread(constraint(), constraint({ whenUnsatisfiable: 'ScheduleAnyway' })), expect: [] },
];

const minDomains: PodCase[] = [
  { name: 'minDomains 0', spec: spread(constraint({ minDomains: 0 })), expect: [`pod/topology-spread-min-domains-invalid @ ${C0}.minDomains`] },
  { name: 'minDomains 1', spec: spread(constraint({ minDomains: 1 })), expect: [] },
  { name: 'minDomains with ScheduleAnyway', minor: 27, spec: spread(constraint({ minDomains: 2, whenUnsatisfiable: 'ScheduleAnyway' })), expect: [`pod/topology-spread-min-domains-needs-do-not-schedule @ ${C0}.minDomains`], words: ['can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway'] },
  { name: 'the same in 1.26, where minDomains is dropped', minor: 26, spec: spread(constraint({ minDomains: 2, whenUnsatisfiable: 'ScheduleAnyway' })), expect: [] },
];

const policies: PodCase[] = [
  { name: 'nodeTaintsPolicy in lower case', minor: 26, spec: spread(constraint({ nodeTaintsPolicy: 'honor' })), expect: [`pod/topology-spread-node-policy-unsupported @ ${C0}.nodeTaintsPolicy`], words: ['supported values: "Honor", "Ignore"'] },
  { name: 'the same in 1.25, where it is dropped', minor: 25, spec: spread(constraint({ nodeTaintsPolicy: 'honor' })), expect: [] },
];

const labelKeys: PodCase[] = [
  { name: 'matchLabelKeys without a selector', minor: 27, spec: spread(constraint({ labelSelector: null, matchLabelKeys: ['app'] })), expect: [`pod/topology-spread-label-keys-without-selector @ ${C0}.matchLabelKeys`], anchor: 'key', words: ['must not be specified when labelSelector is not set'] },
  { name: 'the same in 1.26, where matchLabelKeys is dropped', minor: 26, spec: spread(constraint({ labelSelector: null, matchLabelKeys: ['app'] })), expect: [] },
  { name: 'a matchLabelKeys entry that is not a label key', spec: spread(constraint({ matchLabelKeys: ['a b'] })), expect: [`pod/topology-spread-label-key-invalid @ ${C0}.matchLabelKeys[0]`] },
  { name: 'a key also in matchLabels, 1.33 (legacy rule)', minor: 33, spec: spread(constraint({ matchLabelKeys: ['app'] })), expect: [`pod/topology-spread-label-key-in-selector @ ${C0}.matchLabelKeys[0]`], words: ['exists in both matchLabelKeys and labelSelector'] },
  { name: 'the same key in 1.34 (selector merge: a template is not merged)', minor: 34, spec: spread(constraint({ matchLabelKeys: ['app'] })), expect: [] },
  { name: 'a key the selector names twice, 1.34', minor: 34, spec: spread(constraint({ matchLabelKeys: ['app'], labelSelector: { matchLabels: { app: 'demo' }, matchExpressions: [{ key: 'app', operator: 'Exists' }] } })), expect: [`pod/topology-spread-label-key-in-selector @ ${C0}.matchLabelKeys[0]`], words: ['topologySpreadConstraints[0][0]: Invalid value: "app"'] },
];

const selector: PodCase[] = [
  { name: 'selector operator typo', minor: 27, spec: spread(constraint({ labelSelector: { matchExpressions: [{ key: 'app', operator: 'in', values: ['a'] }] } })), expect: [`pod/topology-spread-selector-operator-invalid @ ${C0}.labelSelector.matchExpressions[0].operator`] },
  { name: 'the same before 1.27, when the selector was not validated', minor: 26, spec: spread(constraint({ labelSelector: { matchExpressions: [{ key: 'app', operator: 'in', values: ['a'] }] } })), expect: [] },
  { name: 'a matchLabels value that is not a label value', spec: spread(constraint({ labelSelector: { matchLabels: { app: '{bar}' } } })), expect: [`pod/topology-spread-selector-invalid @ ${C0}.labelSelector.matchLabels[app]`] },
];

const groups: [string, PodCase[]][] = [['basics', basics], ['minDomains', minDomains], ['node inclusion policies', policies], ['matchLabelKeys', labelKeys], ['labelSelector', selector]];
runPodCases('pod topology spread', [validateTopologySpread], groups);

describe('pod topology spread: codes', () => {
  assertEveryCodeTriggered([validateTopologySpread], groups);
});
