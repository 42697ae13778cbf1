// validateResizePolicy: the values, one entry per resource, and NotRequired with a Never pod, from 1.33 (when a
// create keeps resizePolicy); a trigger and a boundary for each code.
import { describe } from 'node:test';
import { validateResizePolicy } from '../../../server/src/service/rules/pod/validateResizePolicy';
import { assertEveryCodeTriggered, POD, runPodCases, type PodCase } from './podCases';

const C0 = `${POD}.containers[0]`;
const LIST = `${C0}.resizePolicy`;

/** A pod spec whose container `main` has these resize policies, with the pod's restartPolicy (Never unless said). */
function resize(policies: object[], restartPolicy = 'Never'): PodCase['spec'] {
  return { restartPolicy, containers: [{ name: 'main', image: 'busybox', resizePolicy: policies as never }] };
}

const values: PodCase[] = [
  { name: 'cpu and memory, NotRequired', spec: resize([{ resourceName: 'cpu', restartPolicy: 'NotRequired' }, { resourceName: 'memory', restartPolicy: 'NotRequired' }]), expect: [] },
  {
    name: 'a resource that cannot be resized', spec: resize([{ resourceName: 'storage', restartPolicy: 'NotRequired' }]), expect: [`pod/container-resize-policy-resource-unsupported @ ${LIST}[0].resourceName`],
    words: ['`cpu` or `memory`', `\`${LIST}: Unsupported value: "storage": supported values: "cpu", "memory"\``],
  },
  {
    name: 'a restart policy typo', spec: resize([{ resourceName: 'cpu', restartPolicy: 'RestartContainr' }], 'OnFailure'), expect: [`pod/container-resize-policy-restart-unsupported @ ${LIST}[0].restartPolicy`],
    words: ['`NotRequired`', '`RestartContainer`', `${LIST}: Unsupported value: "RestartContainr": supported values: "NotRequired", "RestartContainer"`],
  },
  {
    name: 'a typo in a Never pod: one finding, both server lines', spec: resize([{ resourceName: 'cpu', restartPolicy: 'NotRequird' }]),
    expect: [`pod/container-resize-policy-restart-unsupported @ ${LIST}[0].restartPolicy`],
    words: ['Unsupported value: "NotRequird"', "Invalid value: \"NotRequird\": must be 'NotRequired' when pod `restartPolicy` is 'Never'"],
  },
  { name: 'an empty resourceName', spec: resize([{ resourceName: '', restartPolicy: 'NotRequired' }]), expect: [`pod/container-resize-policy-field-empty @ ${LIST}[0].resourceName`], words: [`${LIST}: Required value`] },
  { name: 'an empty restartPolicy', spec: resize([{ resourceName: 'cpu', restartPolicy: '' }], 'OnFailure'), expect: [`pod/container-resize-policy-field-empty @ ${LIST}[0].restartPolicy`] },
];

const combinations: PodCase[] = [
  {
    name: 'one resource twice', spec: resize([{ resourceName: 'cpu', restartPolicy: 'NotRequired' }, { resourceName: 'cpu', restartPolicy: 'NotRequired' }]),
    expect: [`pod/container-resize-policy-duplicate @ ${LIST}[1]`], anchor: 'entry', words: [`${LIST}[1]: Duplicate value: "cpu"`],
  },
  {
    name: 'RestartContainer in a Never pod', spec: resize([{ resourceName: 'memory', restartPolicy: 'RestartContainer' }]), expect: [`pod/container-resize-policy-restart-with-never @ ${LIST}[0].restartPolicy`],
    words: ["must be 'NotRequired' when pod `restartPolicy` is 'Never'"],
  },
  { name: 'RestartContainer in an OnFailure pod', spec: resize([{ resourceName: 'memory', restartPolicy: 'RestartContainer' }], 'OnFailure'), expect: [] },
  {
    name: 'a sidecar\'s resize policy is checked too',
    spec: { initContainers: [{ name: 'proxy', image: 'envoy', restartPolicy: 'Always', resizePolicy: [{ resourceName: 'gpu', restartPolicy: 'NotRequired' }] }] },
    expect: [`pod/container-resize-policy-resource-unsupported @ ${POD}.initContainers[0].resizePolicy[0].resourceName`],
  },
];

const releases: PodCase[] = [
  { name: 'dropped while InPlacePodVerticalScaling is off', minor: 32, spec: resize([{ resourceName: 'storage', restartPolicy: 'RestartContainer' }]), expect: [] },
  { name: 'checked once it is on by default', minor: 33, spec: resize([{ resourceName: 'storage', restartPolicy: 'NotRequired' }]), expect: [`pod/container-resize-policy-resource-unsupported @ ${LIST}[0].resourceName`] },
];

const groups: [string, PodCase[]][] = [['values', values], ['combinations', combinations], ['releases', releases]];

describe('validateResizePolicy', () => {
  runPodCases('validateResizePolicy', [validateResizePolicy], groups);
  assertEveryCodeTriggered([validateResizePolicy], groups);
});
