// ValidateTolerations on a Job's pod template: keys, operators, values, effects and tolerationSeconds.
import { describe } from 'node:test';
import { validateTolerations } from '../../../server/src/service/rules/pod/validateTolerations';
import type { Json } from '../../../server/src/service/types';
import { assertEveryCodeTriggered, POD, runPodCases, type PodCase } from './podCases';

const T0 = `${POD}.tolerations[0]`;
const tolerate = (...tolerations: { [key: string]: Json }[]) => ({ tolerations });

const cases: PodCase[] = [
  { name: 'the usual tolerations', spec: tolerate({ key: 'dedicated', operator: 'Equal', value: 'batch', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }, { operator: 'Exists' }), expect: [] },
  { name: 'an empty list', spec: tolerate(), expect: [] },
  { name: 'a key that is not a label key', spec: tolerate({ key: 'bad key', operator: 'Exists' }), expect: [`pod/toleration-key-invalid @ ${T0}.key`] },
  { name: 'no key with Equal', spec: tolerate({ operator: 'Equal', value: 'x' }), expect: [`pod/toleration-empty-key-needs-exists @ ${T0}.operator`], words: ['Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"'] },
  { name: 'no key and no operator (Equal by default)', spec: tolerate({ effect: 'NoSchedule' }), expect: [`pod/toleration-empty-key-needs-exists @ ${T0}.operator`], words: ['the operator defaults to `Equal`'] },
  { name: 'tolerationSeconds with NoSchedule', spec: tolerate({ key: 'a', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 60 }), expect: [`pod/toleration-seconds-needs-no-execute @ ${T0}.effect`], words: ["Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set"] },
  { name: 'tolerationSeconds with NoExecute', spec: tolerate({ key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 0 }), expect: [] },
  { name: 'a value that is not a label value (named at operator)', spec: tolerate({ key: 'a', value: 'two words' }), expect: [`pod/toleration-value-invalid @ ${T0}.operator`], words: ['Invalid value: "two words": a valid label must be'] },
  { name: 'a value of 63 characters', spec: tolerate({ key: 'a', operator: 'Equal', value: 'v'.repeat(63) }), expect: [] },
  { name: 'Exists with a value', spec: tolerate({ key: 'a', operator: 'Exists', value: 'x' }), expect: [`pod/toleration-exists-with-value @ ${T0}.operator`], words: ["value must be empty when `operator` is 'Exists'"] },
  { name: 'Exists with an empty value', spec: tolerate({ key: 'a', operator: 'Exists', value: '' }), expect: [] },
  { name: 'operator typo', spec: tolerate({ key: 'a', operator: 'Exist' }), expect: [`pod/toleration-operator-unsupported @ ${T0}.operator`], words: ['Unsupported value: "Exist": supported values: "Equal", "Exists"'] },
  { name: 'Lt needs a gate that is off (1.35)', spec: tolerate({ key: 'a', operator: 'Lt', value: '5' }), expect: [`pod/toleration-operator-unsupported @ ${T0}.operator`], words: ['TaintTolerationComparisonOperators'] },
  { name: 'effect typo', spec: tolerate({ key: 'a', operator: 'Exists', effect: 'NoSchedul' }), expect: [`pod/toleration-effect-unsupported @ ${T0}.effect`], words: ['supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"'] },
  { name: 'NoScheduleNoAdmit is not accepted', spec: tolerate({ key: 'a', operator: 'Exists', effect: 'NoScheduleNoAdmit' }), expect: [`pod/toleration-effect-unsupported @ ${T0}.effect`] },
  { name: 'the same checks in 1.23', minor: 23, spec: tolerate({ key: 'a', operator: 'Exist', effect: 'PreferNoSchedule' }), expect: [`pod/toleration-operator-unsupported @ ${T0}.operator`] },
  { name: 'fields of the wrong type are the schema check\'s', spec: tolerate({ key: 5, operator: 'Exist' }), expect: [] },
];

const groups: [string, PodCase[]][] = [['tolerations', cases]];
runPodCases('pod tolerations', [validateTolerations], groups);

describe('pod tolerations: codes', () => {
  assertEveryCodeTriggered([validateTolerations], groups);
});
