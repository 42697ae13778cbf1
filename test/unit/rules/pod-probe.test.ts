// Container-level rules of the pod template: probes (validateProbe), lifecycle hooks (validateLifecycle),
// and the container leftovers (terminationMessagePolicy, imagePullSecrets warnings, restartPolicyRules),
// each with a trigger and a boundary case, at the releases where the server's behaviour changes.
import { describe } from 'node:test';
import { podTemplateRules } from '../../../server/src/service/rules/pod/index';
import type { Json } from '../../../server/src/service/types';
import { assertEveryCodeTriggered, C0, container, I0, job, runCases, withContainer, type Case } from './pod-cases';

const exec = { exec: { command: ['true'] } };
const http = (fields: { [key: string]: Json } = {}) => ({ httpGet: { port: 8080, ...fields } });
const init = (fields: { [key: string]: Json }) => job({ initContainers: [container(fields, 'init')] });

const handlers: Case[] = [
  { name: 'an exec probe with a command', yaml: withContainer({ livenessProbe: exec }), expect: [] },
  {
    name: 'a probe without a handler', yaml: withContainer({ livenessProbe: { periodSeconds: 5 } }), expect: [`pod/probe-handler-required @ ${C0}.livenessProbe`], anchor: 'key',
    message: 'The liveness probe of the container `main` has no handler: say what it does with one of `exec`, `httpGet`, `tcpSocket`, `grpc`. The API server answers `spec.template.spec.containers[0].livenessProbe: Required value: must specify a handler type`.',
  },
  { name: 'an empty probe', yaml: withContainer({ readinessProbe: {} }), expect: [`pod/probe-handler-required @ ${C0}.readinessProbe`] },
  { name: 'a misspelt handler is the schema check\'s finding alone', yaml: withContainer({ livenessProbe: { exex: { command: ['true'] } } }), expect: [] },
  {
    name: 'two handlers: the second is refused', yaml: withContainer({ livenessProbe: { ...exec, ...http() } }), expect: [`pod/probe-handler-multiple @ ${C0}.livenessProbe.httpGet`], anchor: 'key',
    words: ['already uses `exec`', 'livenessProbe.httpGet: Forbidden: may not specify more than 1 handler type'],
  },
  { name: 'three handlers: two refused, in the server\'s order', yaml: withContainer({ startupProbe: { grpc: { port: 9000 }, tcpSocket: { port: 80 }, ...exec } }), expect: [`pod/probe-handler-multiple @ ${C0}.startupProbe.tcpSocket`, `pod/probe-handler-multiple @ ${C0}.startupProbe.grpc`] },
  { name: 'exec without a command', yaml: withContainer({ readinessProbe: { exec: {} } }), expect: [`pod/probe-exec-command-required @ ${C0}.readinessProbe.exec.command`], anchor: 'key', words: ['readinessProbe.exec.command: Required value`'] },
  { name: 'exec with an empty command', yaml: withContainer({ readinessProbe: { exec: { command: [] } } }), expect: [`pod/probe-exec-command-required @ ${C0}.readinessProbe.exec.command`], anchor: 'value' },
  { name: 'httpGet port 0', yaml: withContainer({ livenessProbe: http({ port: 0 }) }), expect: [`pod/probe-port-invalid @ ${C0}.livenessProbe.httpGet.port`], words: ['Invalid value: 0: must be between 1 and 65535, inclusive'] },
  { name: 'httpGet port 65535', yaml: withContainer({ livenessProbe: http({ port: 65535 }) }), expect: [] },
  { name: 'a quoted port number is a port name', yaml: withContainer({ livenessProbe: http({ port: '8080' }) }), expect: [`pod/probe-port-invalid @ ${C0}.livenessProbe.httpGet.port`], words: ['without quotes', 'Invalid value: "8080": must contain at least one letter (a-z)'] },
  { name: 'a named port', yaml: withContainer({ livenessProbe: http({ port: 'http-alt' }) }), expect: [] },
  { name: 'tcpSocket port above 65535', yaml: withContainer({ livenessProbe: { tcpSocket: { port: 70000 } } }), expect: [`pod/probe-port-invalid @ ${C0}.livenessProbe.tcpSocket.port`] },
  { name: 'grpc port 0', yaml: withContainer({ livenessProbe: { grpc: { port: 0 } } }), expect: [`pod/probe-port-invalid @ ${C0}.livenessProbe.grpc.port`] },
  { name: 'scheme in lower case', yaml: withContainer({ readinessProbe: http({ scheme: 'https' }) }), expect: [`pod/probe-http-scheme-unsupported @ ${C0}.readinessProbe.httpGet.scheme`], words: ['Unsupported value: "https": supported values: "HTTP", "HTTPS"'] },
  { name: 'an empty scheme is defaulted to HTTP', yaml: withContainer({ readinessProbe: http({ scheme: '' }) }), expect: [] },
  {
    name: 'a header name with a space (reported on the list, as the server does)', yaml: withContainer({ readinessProbe: http({ httpHeaders: [{ name: 'X-Ok', value: 'a' }, { name: 'X Bad', value: 'b' }] }) }), expect: [`pod/probe-http-header-name-invalid @ ${C0}.readinessProbe.httpGet.httpHeaders`],
    words: ['HTTP header #2', "readinessProbe.httpGet.httpHeaders: Invalid value: \"X Bad\": a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')"],
  },
];

const numbers: Case[] = [
  { name: 'negative initialDelaySeconds', yaml: withContainer({ livenessProbe: { ...exec, initialDelaySeconds: -1 } }), expect: [`pod/probe-value-negative @ ${C0}.livenessProbe.initialDelaySeconds`], words: ['Invalid value: -1: must be greater than or equal to 0'] },
  { name: 'zero delays and thresholds (defaulted)', yaml: withContainer({ livenessProbe: { ...exec, initialDelaySeconds: 0, timeoutSeconds: 0, periodSeconds: 0, successThreshold: 0, failureThreshold: 0 } }), expect: [] },
  { name: 'liveness successThreshold 2', yaml: withContainer({ livenessProbe: { ...exec, successThreshold: 2 } }), expect: [`pod/probe-success-threshold-not-one @ ${C0}.livenessProbe.successThreshold`], words: ['Invalid value: 2: must be 1'] },
  { name: 'startup successThreshold 3', yaml: withContainer({ startupProbe: { ...exec, successThreshold: 3 } }), expect: [`pod/probe-success-threshold-not-one @ ${C0}.startupProbe.successThreshold`] },
  { name: 'readiness successThreshold 2 is fine', yaml: withContainer({ readinessProbe: { ...exec, successThreshold: 2 } }), expect: [] },
  { name: 'negative successThreshold on a liveness probe: both errors', yaml: withContainer({ livenessProbe: { ...exec, successThreshold: -1 } }), expect: [`pod/probe-value-negative @ ${C0}.livenessProbe.successThreshold`, `pod/probe-success-threshold-not-one @ ${C0}.livenessProbe.successThreshold`] },
  { name: 'liveness terminationGracePeriodSeconds 0 in 1.35', yaml: withContainer({ livenessProbe: { ...exec, terminationGracePeriodSeconds: 0 } }), expect: [`pod/probe-termination-grace-period-not-positive @ ${C0}.livenessProbe.terminationGracePeriodSeconds`], words: ['must be greater than 0'] },
  { name: 'liveness terminationGracePeriodSeconds 0 in 1.25 (gate on)', yaml: withContainer({ livenessProbe: { ...exec, terminationGracePeriodSeconds: 0 } }), minor: 25, expect: [`pod/probe-termination-grace-period-not-positive @ ${C0}.livenessProbe.terminationGracePeriodSeconds`] },
  { name: 'liveness terminationGracePeriodSeconds 0 in 1.24 (dropped)', yaml: withContainer({ livenessProbe: { ...exec, terminationGracePeriodSeconds: 0 } }), minor: 24, expect: [] },
  { name: 'startup terminationGracePeriodSeconds 1', yaml: withContainer({ startupProbe: { ...exec, terminationGracePeriodSeconds: 1 } }), expect: [] },
  { name: 'readiness terminationGracePeriodSeconds', yaml: withContainer({ readinessProbe: { ...exec, terminationGracePeriodSeconds: 10 } }), expect: [`pod/probe-termination-grace-period-on-readiness @ ${C0}.readinessProbe.terminationGracePeriodSeconds`], anchor: 'key', words: ['Invalid value: 10: must not be set for readinessProbes'] },
  { name: 'readiness terminationGracePeriodSeconds in 1.23 (never dropped)', yaml: withContainer({ readinessProbe: { ...exec, terminationGracePeriodSeconds: 10 } }), minor: 23, expect: [`pod/probe-termination-grace-period-on-readiness @ ${C0}.readinessProbe.terminationGracePeriodSeconds`] },
  { name: 'readiness terminationGracePeriodSeconds 0: both errors', yaml: withContainer({ readinessProbe: { ...exec, terminationGracePeriodSeconds: 0 } }), expect: [`pod/probe-termination-grace-period-not-positive @ ${C0}.readinessProbe.terminationGracePeriodSeconds`, `pod/probe-termination-grace-period-on-readiness @ ${C0}.readinessProbe.terminationGracePeriodSeconds`] },
];

const releases: Case[] = [
  { name: 'grpc alone in 1.23 (dropped): no handler left', yaml: withContainer({ livenessProbe: { grpc: { port: 9000 } } }), minor: 23, expect: [`pod/probe-handler-required @ ${C0}.livenessProbe`], words: ['GRPCContainerProbe', 'from 1.24'] },
  { name: 'grpc in 1.24', yaml: withContainer({ livenessProbe: { grpc: { port: 9000 } } }), minor: 24, expect: [] },
  { name: 'grpc beside exec in 1.23: one handler left', yaml: withContainer({ livenessProbe: { grpc: { port: 9000 }, ...exec } }), minor: 23, expect: [] },
];

const initContainers: Case[] = [
  {
    name: 'a probe on an init container in 1.29', yaml: init({ livenessProbe: {} }), minor: 29, expect: [`pod/probe-on-init-container @ ${I0}.livenessProbe`], anchor: 'key',
    words: ['initContainers[0].livenessProbe: Forbidden: may not be set for init containers without restartPolicy=Always', 'make this init container a sidecar'],
  },
  { name: 'a startup probe on an init container in 1.28: refused, the sidecar needs 1.29', yaml: init({ startupProbe: exec }), minor: 28, expect: [`pod/probe-on-init-container @ ${I0}.startupProbe`], words: ['need Kubernetes 1.29'] },
  { name: 'a sidecar in 1.28 is an ordinary init container (restartPolicy dropped)', yaml: init({ restartPolicy: 'Always', readinessProbe: exec }), minor: 28, expect: [`pod/probe-on-init-container @ ${I0}.readinessProbe`] },
  { name: 'a probe on an init container in 1.27: contents checked and refused', yaml: init({ livenessProbe: {} }), minor: 27, expect: [`pod/probe-handler-required @ ${I0}.livenessProbe`, `pod/probe-on-init-container @ ${I0}.livenessProbe`], words: [] },
  { name: 'the 1.27 wording', yaml: init({ readinessProbe: exec }), minor: 27, expect: [`pod/probe-on-init-container @ ${I0}.readinessProbe`], words: ['initContainers[0].readinessProbe: Invalid value: must not be set for init containers'] },
  { name: 'a sidecar may have a readiness probe (1.29)', yaml: init({ restartPolicy: 'Always', readinessProbe: exec }), minor: 29, expect: [] },
  { name: 'a sidecar\'s probes are checked like a container\'s', yaml: init({ restartPolicy: 'Always', livenessProbe: { ...exec, successThreshold: 2 }, startupProbe: {} }), minor: 33, expect: [`pod/probe-success-threshold-not-one @ ${I0}.livenessProbe.successThreshold`, `pod/probe-handler-required @ ${I0}.startupProbe`] },
];

const lifecycle: Case[] = [
  { name: 'a preStop exec hook', yaml: withContainer({ lifecycle: { preStop: exec } }), expect: [] },
  {
    name: 'a hook without a handler', yaml: withContainer({ lifecycle: { postStart: {} } }), expect: [`pod/lifecycle-handler-required @ ${C0}.lifecycle.postStart`], anchor: 'key',
    message: 'The postStart hook of the container `main` has no handler: say what it does with one of `exec`, `httpGet`, `tcpSocket`, `sleep`. The API server answers `spec.template.spec.containers[0].lifecycle.postStart: Required value: must specify a handler type`.',
  },
  { name: 'a hook with two handlers', yaml: withContainer({ lifecycle: { preStop: { ...exec, tcpSocket: { port: 80 } } } }), expect: [`pod/lifecycle-handler-multiple @ ${C0}.lifecycle.preStop.tcpSocket`] },
  { name: 'a hook exec without command', yaml: withContainer({ lifecycle: { preStop: { exec: { command: [] } } } }), expect: [`pod/lifecycle-exec-command-required @ ${C0}.lifecycle.preStop.exec.command`] },
  { name: 'a hook with a bad port name', yaml: withContainer({ lifecycle: { postStart: http({ port: 'web_port' }) } }), expect: [`pod/lifecycle-port-invalid @ ${C0}.lifecycle.postStart.httpGet.port`] },
  { name: 'a hook with an unknown scheme', yaml: withContainer({ lifecycle: { postStart: http({ scheme: 'FTP' }) } }), expect: [`pod/lifecycle-http-scheme-unsupported @ ${C0}.lifecycle.postStart.httpGet.scheme`] },
  { name: 'a hook with a bad header name', yaml: withContainer({ lifecycle: { postStart: http({ httpHeaders: [{ name: 'X:Y', value: '1' }] }) } }), expect: [`pod/lifecycle-http-header-name-invalid @ ${C0}.lifecycle.postStart.httpGet.httpHeaders`] },
  { name: 'lifecycle on an init container', yaml: init({ lifecycle: { preStop: exec } }), expect: [`pod/lifecycle-on-init-container @ ${I0}.lifecycle`], anchor: 'key', words: ['initContainers[0].lifecycle: Forbidden: may not be set for init containers without restartPolicy=Always'] },
  { name: 'lifecycle on a sidecar', yaml: init({ restartPolicy: 'Always', lifecycle: { preStop: exec } }), expect: [] },
  { name: 'an empty lifecycle on an init container in 1.28', yaml: init({ lifecycle: {} }), minor: 28, expect: [`pod/lifecycle-on-init-container @ ${I0}.lifecycle`] },
  { name: 'an empty lifecycle on an init container in 1.29 (cleared with the sleep action\'s drop)', yaml: init({ lifecycle: {} }), minor: 29, expect: [] },
  { name: 'a stopSignal-only lifecycle on an init container in 1.35 (dropped with its gate)', yaml: init({ lifecycle: { stopSignal: 'SIGUSR1' } }), expect: [] },
];

const sleep = (seconds: number) => ({ lifecycle: { preStop: { sleep: { seconds } } } });

const sleepAction: Case[] = [
  { name: 'sleep 0 in 1.32', yaml: withContainer(sleep(0)), minor: 32, expect: [`pod/lifecycle-sleep-seconds-out-of-range @ ${C0}.lifecycle.preStop.sleep`], words: ['Invalid value: 0: must be greater than 0 and less than terminationGracePeriodSeconds (30). Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep.', 'from Kubernetes 1.33'] },
  { name: 'sleep 0 in 1.31', yaml: withContainer(sleep(0)), minor: 31, expect: [`pod/lifecycle-sleep-seconds-out-of-range @ ${C0}.lifecycle.preStop.sleep`], words: ['less than terminationGracePeriodSeconds (30)`.'] },
  { name: 'sleep 0 in 1.33', yaml: withContainer(sleep(0)), minor: 33, expect: [] },
  { name: 'sleep -1 in 1.35', yaml: withContainer(sleep(-1)), expect: [`pod/lifecycle-sleep-seconds-out-of-range @ ${C0}.lifecycle.preStop.sleep`], words: ['must be non-negative and less than terminationGracePeriodSeconds (30)'] },
  { name: 'sleep for the whole default grace period', yaml: withContainer(sleep(30)), expect: [] },
  { name: 'sleep beyond the default grace period', yaml: withContainer(sleep(31)), expect: [`pod/lifecycle-sleep-seconds-out-of-range @ ${C0}.lifecycle.preStop.sleep`] },
  { name: 'sleep within a longer grace period', yaml: withContainer(sleep(45), { terminationGracePeriodSeconds: 60 }), expect: [] },
  { name: 'a sleep-only hook in 1.29 is dropped with its gate', yaml: withContainer(sleep(0)), minor: 29, expect: [] },
  { name: 'a sleep-only lifecycle on an init container in 1.29 is dropped: nothing left to refuse', yaml: init(sleep(5)), minor: 29, expect: [] },
  { name: 'the same in 1.30', yaml: init(sleep(5)), minor: 30, expect: [`pod/lifecycle-on-init-container @ ${I0}.lifecycle`] },
  { name: 'sleep in 1.28 is an unknown field (the schema check speaks)', yaml: withContainer(sleep(0)), minor: 28, expect: [] },
];

const rule = (fields: { [key: string]: Json }) => ({ action: 'Restart', exitCodes: { operator: 'In', values: [42] }, ...fields });

const leftovers: Case[] = [
  { name: 'terminationMessagePolicy in lower case', yaml: withContainer({ terminationMessagePolicy: 'file' }), expect: ['pod/container-termination-message-policy-unsupported @ spec.template.spec.containers[0].terminationMessagePolicy'], words: ['Unsupported value: "file": supported values: "File", "FallbackToLogsOnError"'] },
  { name: 'terminationMessagePolicy FallbackToLogsOnError', yaml: withContainer({ terminationMessagePolicy: 'FallbackToLogsOnError' }), expect: [] },
  { name: 'an empty terminationMessagePolicy is defaulted', yaml: withContainer({ terminationMessagePolicy: '' }), expect: [] },
  { name: 'an image pull secret without a name', yaml: job({ imagePullSecrets: [{ name: '' }] }), expect: ['pod/image-pull-secret-name-empty @ spec.template.spec.imagePullSecrets[0].name'], severity: 'warning', words: ['The API server warns: `spec.template.spec.imagePullSecrets[0].name: invalid empty name ""`.'] },
  { name: 'an empty image pull secret entry', yaml: job({ imagePullSecrets: [{}] }), expect: ['pod/image-pull-secret-name-empty @ spec.template.spec.imagePullSecrets[0].name'], severity: 'warning', anchor: 'entry' },
  { name: 'an image pull secret listed twice', yaml: job({ imagePullSecrets: [{ name: 'reg' }, { name: 'reg' }] }), expect: ['pod/image-pull-secret-name-duplicate @ spec.template.spec.imagePullSecrets[1].name'], severity: 'warning', words: ['duplicate name "reg"'] },
  { name: 'two image pull secrets', yaml: job({ imagePullSecrets: [{ name: 'reg' }, { name: 'other' }] }), expect: [] },
];

const restartRules: Case[] = [
  { name: 'a restart rule with its container restartPolicy', yaml: withContainer({ restartPolicy: 'Never', restartPolicyRules: [rule({})] }), expect: [] },
  { name: 'restart rules without a container restartPolicy', yaml: withContainer({ restartPolicyRules: [rule({})] }), expect: [`pod/container-restart-policy-rules-without-policy @ ${C0}.restartPolicy`], words: ['containers[0].restartPolicy: Required value: must specify restartPolicy when restart rules are used'] },
  { name: 'restart rules in 1.34 are dropped (the version rule speaks)', yaml: withContainer({ restartPolicyRules: [rule({ action: 'Boom' })] }), minor: 34, expect: [] },
  { name: 'an unknown container restartPolicy lists the values as the server sorts them', yaml: withContainer({ restartPolicy: 'never' }), expect: [`pod/container-restart-policy-unsupported @ ${C0}.restartPolicy`], words: ['supported values: "Always", "Never", "OnFailure"'] },
  { name: 'an unknown action', yaml: withContainer({ restartPolicy: 'Never', restartPolicyRules: [rule({ action: 'restart' })] }), expect: [`pod/container-restart-policy-rule-action-unsupported @ ${C0}.restartPolicyRules[0].action`], words: ['Unsupported value: "restart": supported values: "Restart"'] },
  { name: 'a rule without exitCodes', yaml: withContainer({ restartPolicy: 'Never', restartPolicyRules: [{ action: 'Restart' }] }), expect: [`pod/container-restart-policy-rule-exit-codes-required @ ${C0}.restartPolicyRules[0].exitCodes`], anchor: 'entry', words: ['restartPolicyRules[0].exitCodes: Required value: must be specified'] },
  { name: 'an unknown operator', yaml: withContainer({ restartPolicy: 'Never', restartPolicyRules: [rule({ exitCodes: { operator: 'in', values: [1] } })] }), expect: [`pod/container-restart-policy-rule-operator-unsupported @ ${C0}.restartPolicyRules[0].exitCodes.operator`] },
  { name: '21 rules', yaml: withContainer({ restartPolicy: 'Never', restartPolicyRules: Array.from({ length: 21 }, () => rule({})) }), expect: [`pod/container-restart-policy-rules-too-many @ ${C0}.restartPolicyRules`], words: ['restartPolicyRules: Too long: may not be more than 20 bytes'] },
  { name: '20 rules', yaml: withContainer({ restartPolicy: 'Never', restartPolicyRules: Array.from({ length: 20 }, () => rule({})) }), expect: [] },
  { name: '256 exit codes', yaml: withContainer({ restartPolicy: 'Never', restartPolicyRules: [rule({ exitCodes: { operator: 'NotIn', values: Array.from({ length: 256 }, (_, i) => i) } })] }), expect: [`pod/container-restart-policy-rule-values-too-many @ ${C0}.restartPolicyRules[0].exitCodes.values`] },
  { name: 'a regular init container\'s rules are checked', yaml: init({ restartPolicy: 'Never', restartPolicyRules: [rule({ action: 'Stop' })] }), expect: [`pod/container-restart-policy-rule-action-unsupported @ ${I0}.restartPolicyRules[0].action`] },
  { name: 'a sidecar may not have rules in 1.35', yaml: init({ restartPolicy: 'Always', restartPolicyRules: [rule({})] }), expect: [`pod/container-restart-policy-rules-on-sidecar @ ${I0}.restartPolicyRules`], anchor: 'key', words: ['initContainers[0].restartPolicyRules: Forbidden: restartPolicyRules are not allowed for init containers with restart policy Always'] },
  { name: 'a sidecar with an empty rule list', yaml: init({ restartPolicy: 'Always', restartPolicyRules: [] }), expect: [] },
];

let seen = new Set<string>();
seen = runCases('pod template', podTemplateRules, [
  ['probe handlers', handlers], ['probe numbers', numbers], ['probes by release', releases], ['probes on init containers', initContainers],
  ['lifecycle hooks', lifecycle], ['sleep action', sleepAction], ['container leftovers', leftovers], ['container restart rules', restartRules],
]);

describe('pod template: probe and lifecycle coverage', () => {
  assertEveryCodeTriggered('probes, lifecycle, leftovers', podTemplateRules, () => seen,
    ['pod/probe-', 'pod/lifecycle-', 'pod/image-pull-secret-', 'pod/container-termination-message-policy', 'pod/container-restart-policy-rule']);
});
