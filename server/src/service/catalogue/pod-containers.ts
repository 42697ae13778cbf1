// The fields of a container in a Job's Pod: what runs (image, command, args), its environment, its
// resources, probes and hooks, its own restart policy and failure message. Written once for `containers`
// and `initContainers`; where init containers differ, the entry says so.
import { POD_DOCS } from './links';
import { containerPath, exampleContainer, forEachContainerList, type ContainerList } from './pod-common';
import type { FieldDoc } from './types';

/** A one-container YAML example under the list, with extra lines for the container (indented by two). */
function containerExample(list: ContainerList, lines: string, image = 'busybox:1.36'): string {
  return `${list}:\n- name: ${exampleContainer(list)}\n  image: ${image}\n${lines}`;
}

/** Init containers other than sidecars may not have probes or lifecycle hooks; a sidecar example needs the policy. */
function sidecarOnly(list: ContainerList): string {
  return list === 'initContainers' ? 'Only sidecars (`restartPolicy: Always`) may have one; on a plain init container the API server refuses it.\n\n' : '';
}

function sidecarLines(list: ContainerList): string {
  return list === 'initContainers' ? '  restartPolicy: Always\n' : '';
}

function identity(list: ContainerList): FieldDoc[] {
  const at = (field: string) => containerPath(list, field);
  return [
    {
      path: containerPath(list, 'name'),
      summary: 'The container\'s name: unique in the Pod, used by `kubectl logs -c` and by pod failure policy rules',
      details:
        'A DNS label: lowercase letters, digits and `-`, at most 63 characters, unique across `containers` and `initContainers`. In a Job it is ' +
        'how a `podFailurePolicy` rule picks the container whose exit code it judges (`onExitCodes.containerName`).',
      limits: ['a DNS label, at most 63 characters'],
      interactions: [
        { text: 'Required.', rule: 'pod/container-name-required' },
        { text: 'Must be a DNS label.', rule: 'pod/container-name-invalid' },
        { text: 'Must be unique across containers and init containers.', rule: 'pod/container-name-duplicate' },
        { text: 'Pod failure policy rules refer to it.', field: 'spec.podFailurePolicy.rules[].onExitCodes.containerName', rule: 'job/pod-failure-policy/unknown-container-name' },
      ],
      example: containerExample(list, ''),
      docs: POD_DOCS.apiContainer,
    },
    {
      path: at('image'),
      summary: 'The image to run, as `registry/repository:tag`, or pinned with `@sha256:` and a digest',
      details:
        'Each retry of a Job pulls the image again, on whatever node its Pod lands. Pin a tag, or better a digest, so that every try and every ' +
        'index runs the same code: with `:latest` (or no tag, which means `:latest`) a retry may start a newer image than the first try.\n\n' +
        'A pull that fails (a typo, missing credentials, the registry down) does not fail the Pod: it waits in `ErrImagePull` and ' +
        '`ImagePullBackOff`, the Job counts nothing, and only a deadline ends the wait.',
      interactions: [
        { text: 'Required.', rule: 'pod/container-image-required' },
        { text: 'Spaces around the name are accepted in the template but refused for its Pods.', rule: 'pod/container-image-whitespace' },
        { text: 'The tag decides the default pull policy.', field: at('imagePullPolicy') },
        { text: 'Private registries need credentials.', field: 'spec.template.spec.imagePullSecrets' },
      ],
      example: containerExample(list, '', 'registry.example.com/etl/report:1.4.2'),
      docs: POD_DOCS.images,
    },
    {
      path: at('imagePullPolicy'),
      summary: 'When the kubelet pulls the image: every start, only when missing, or never',
      details:
        '`Always` does not download the image again each time: it asks the registry for the current digest and reuses the layers the node has.\n\n' +
        'In a Job, `Never` with an image the node lacks leaves the Pod waiting (`ErrImageNeverPull`); no failure is counted.',
      default: '`Always` when the image has the `:latest` tag, or neither a tag nor a digest; `IfNotPresent` otherwise',
      values: {
        Always: 'Ask the registry for the current digest at every container start; layers already on the node are reused. Safe with moving tags.',
        IfNotPresent: 'Pull only when the node does not have the image yet. Right for pinned tags and digests.',
        Never: 'Never pull: the image must already be on the node, or the container cannot start.',
      },
      interactions: [{ text: 'Only these three values, spelled exactly so, are accepted.', rule: 'schema/enum' }],
      example: containerExample(list, '  imagePullPolicy: IfNotPresent\n'),
      docs: POD_DOCS.imagePullPolicy,
    },
  ];
}

function commandLine(list: ContainerList): FieldDoc[] {
  const at = (field: string) => containerPath(list, field);
  return [
    {
      path: at('command'),
      summary: 'Replaces the image\'s ENTRYPOINT; together with `args` it makes the whole command line',
      details:
        '| you write | the container runs |\n|---|---|\n| neither | the image\'s ENTRYPOINT and CMD |\n| `command` only | `command`; the image\'s CMD is dropped |\n' +
        '| `args` only | the image\'s ENTRYPOINT with `args` |\n| both | `command` followed by `args` |\n\n' +
        'No shell is involved: `$(NAME)` is replaced by a variable of the container\'s environment (`$$(NAME)` keeps it literal), but pipes, `&&` ' +
        'and `$NAME` need `["sh", "-c", "..."]`.\n\n' +
        'In a Job the exit code is the verdict: 0 is success, anything else a failed try, and `podFailurePolicy` rules match on it. With `sh -c` ' +
        'the script\'s last command decides; use `set -e`, or `exec` the program, so that a failure is not hidden.',
      interactions: [
        { text: 'The arguments that follow it.', field: at('args') },
        { text: 'Exit codes are what `onExitCodes` rules match.', field: 'spec.podFailurePolicy.rules[].onExitCodes' },
      ],
      example: containerExample(list, '  command: ["python", "-m", "report"]\n  args: ["--date", "$(RUN_DATE)"]\n  env:\n  - name: RUN_DATE\n    value: "2024-06-01"\n', 'python:3.12'),
      docs: POD_DOCS.commandArgs,
    },
    {
      path: at('args'),
      summary: 'Arguments for the entrypoint: they replace the image\'s CMD and keep its ENTRYPOINT (unless `command` is set)',
      details:
        'Use `args` alone to pass options to an image whose ENTRYPOINT already is the program. Each item is one argument, passed as written: no ' +
        'word splitting, quoting or globbing. `$(NAME)` is replaced from the container\'s environment; `$$(NAME)` stays literal.\n\n' +
        'In an Indexed Job, `$(JOB_COMPLETION_INDEX)` hands each Pod its own slice of the work.',
      interactions: [{ text: 'Replaces the ENTRYPOINT when set; the table there shows every combination.', field: at('command') }],
      example: containerExample(list, '  args: ["--shard", "$(JOB_COMPLETION_INDEX)", "--shards", "8"]\n', 'registry.example.com/tools/shard-runner:2.0'),
      docs: POD_DOCS.commandArgs,
    },
    {
      path: at('workingDir'),
      summary: 'The directory the command starts in; the image\'s WORKDIR when left out',
      details: 'Relative paths in `command` and `args` start from here. With a read-only root filesystem, point it at a mounted volume if the program writes next to itself.',
      example: containerExample(list, '  workingDir: /app\n  command: ["python", "run.py"]\n', 'python:3.12'),
      docs: POD_DOCS.apiContainer,
    },
  ];
}

function environment(list: ContainerList): FieldDoc[] {
  const at = (field: string) => containerPath(list, field);
  return [
    {
      path: at('env'),
      summary: 'Environment variables of the container, one by one: written values or values read from elsewhere',
      details:
        'Entries are set in order, and a `value` can use earlier ones as `$(NAME)`. A variable written here wins over the same name from `envFrom`.\n\n' +
        'An Indexed Job adds `JOB_COMPLETION_INDEX` to every container, init containers included, unless you define it yourself.\n\n' +
        'Values are strings: quote numbers and booleans in YAML (`"8080"`, `"true"`).',
      interactions: [
        { text: 'Names must pass the name rule of the release.', field: at('env[].name'), rule: 'pod/env-name-invalid' },
        { text: 'A variable has `value` or `valueFrom`, not both.', rule: 'pod/env-value-and-value-from' },
        { text: 'Imports whole ConfigMaps and Secrets; entries here win.', field: at('envFrom') },
      ],
      example: containerExample(list, '  env:\n  - name: OUTPUT_DIR\n    value: /results\n  - name: REPORT_FILE\n    value: $(OUTPUT_DIR)/report.csv\n'),
      docs: POD_DOCS.env,
    },
    {
      path: at('env[].name'),
      summary: 'The name the program reads the variable by',
      details:
        'Up to Kubernetes 1.31 it must be letters, digits, `_`, `-` and `.`, not starting with a digit. From 1.32 any printable ASCII character ' +
        'but `=` is accepted. Names are case-sensitive.',
      interactions: [
        { text: 'Required.', rule: 'pod/env-name-required' },
        { text: 'Must pass the name rule of the release.', rule: 'pod/env-name-invalid' },
      ],
      example: containerExample(list, '  env:\n  - name: LOG_LEVEL\n    value: debug\n'),
      docs: POD_DOCS.env,
    },
    {
      path: at('env[].value'),
      summary: 'A written value; `$(NAME)` inside it refers to a variable defined earlier',
      details:
        'Always a string. YAML reads `8080`, `true` or `yes` as a number or a boolean, which the API refuses here: quote them. An unknown ' +
        '`$(NAME)` is left as written. To read the value from a Secret, a ConfigMap or the Pod itself, use `valueFrom` instead.',
      interactions: [
        { text: 'A number or boolean must be quoted.', rule: 'schema/type' },
        { text: '`yes`, `no`, `on`, `off` are booleans to kubectl.', rule: 'yaml/yaml11-scalar' },
        { text: 'Not together with `valueFrom`.', field: at('env[].valueFrom'), rule: 'pod/env-value-and-value-from' },
      ],
      example: containerExample(list, '  env:\n  - name: PORT\n    value: "8080"\n'),
      docs: POD_DOCS.env,
    },
    {
      path: at('env[].valueFrom'),
      summary: 'Read the value from a Secret, a ConfigMap, a field of the Pod or a resource of the container',
      details:
        'Exactly one source: `secretKeyRef` or `configMapKeyRef` (one key of one object), `fieldRef` (the Pod\'s name, namespace, labels, ' +
        'annotations, node, IP addresses) or `resourceFieldRef` (this container\'s requests and limits). From 1.34, `fileKeyRef` reads a key ' +
        'from a file in a volume, written by an init container (on by default from 1.35).\n\n' +
        'A missing Secret, ConfigMap or key keeps the container from starting (`CreateContainerConfigError`) unless it is marked `optional: true`; ' +
        'the Job waits and counts no failure.\n\n' +
        'In an Indexed Job, a `fieldRef` on `metadata.annotations[\'batch.kubernetes.io/job-completion-index\']` gives the index under a name of your choice.',
      interactions: [
        { text: 'Needs one source.', rule: 'pod/env-value-from-no-source' },
        { text: 'Only one source.', rule: 'pod/env-value-from-multiple-sources' },
        { text: 'Not together with `value`.', field: at('env[].value'), rule: 'pod/env-value-and-value-from' },
      ],
      example: containerExample(
        list,
        '  env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: report-db\n        key: password\n' +
          '  - name: SHARD\n    valueFrom:\n      fieldRef:\n        fieldPath: metadata.annotations[\'batch.kubernetes.io/job-completion-index\']\n',
      ),
      docs: POD_DOCS.env,
    },
    {
      path: at('envFrom'),
      summary: 'Turn every key of a ConfigMap or Secret into an environment variable, with an optional prefix',
      details:
        'Handy to pass a whole configuration at once. Keys that are not valid variable names for the release are skipped (an event on the Pod ' +
        'lists them). Entries of `env` win over imported ones, and among `envFrom` sources the last one wins.\n\n' +
        'A missing ConfigMap or Secret keeps the container from starting unless the source is marked `optional: true`; the Job then waits and ' +
        'counts no failure.',
      interactions: [
        { text: 'A prefix must itself pass the variable name rule.', rule: 'pod/env-from-prefix-invalid' },
        { text: 'Variables written one by one win.', field: at('env') },
      ],
      example: containerExample(list, '  envFrom:\n  - configMapRef:\n      name: report-settings\n  - secretRef:\n      name: report-credentials\n    prefix: DB_\n'),
      docs: POD_DOCS.configMapEnv,
    },
  ];
}

function resources(list: ContainerList): FieldDoc[] {
  const at = (field: string) => containerPath(list, field);
  const initNote =
    list === 'initContainers'
      ? '\n\nInit containers run one at a time, so the Pod reserves the largest init request, or what the main containers and sidecars ' +
        'need together when that is more.'
      : '';
  return [
    {
      path: at('resources'),
      summary: 'The CPU and memory the container asks for (requests) and may not go beyond (limits)',
      details:
        '`requests` decide where the Pod fits: the scheduler only picks a node with that much left unreserved. `limits` are enforced while it ' +
        'runs: above its CPU limit a container is slowed down, above its memory limit it is killed (`OOMKilled`, usually exit code 137).\n\n' +
        'In a Job an out-of-memory kill is an ordinary failure: with `restartPolicy: Never` the Pod fails and counts against `backoffLimit`, ' +
        'with `OnFailure` the container restarts and the restart counts. A retry gets the same limit and usually fails the same way; a pod ' +
        'failure policy rule on exit code 137 can fail the Job at once instead.\n\n' +
        'Request the memory the work really needs: when a node runs short, Pods using more than they requested are evicted first.' +
        initNote,
      interactions: [
        { text: 'A request may not be larger than its limit.', rule: 'pod/request-above-limit' },
        { text: 'Resource names are `cpu`, `memory`, `ephemeral-storage`, hugepages or domain-prefixed.', rule: 'pod/resource-name-invalid' },
        { text: 'A rule on exit code 137 can stop retrying after an out-of-memory kill.', field: 'spec.podFailurePolicy' },
      ],
      example: containerExample(list, '  resources:\n    requests:\n      cpu: 500m\n      memory: 1Gi\n    limits:\n      memory: 1Gi\n', 'python:3.12'),
      docs: POD_DOCS.resources,
    },
    {
      path: at('resources.requests'),
      summary: 'The CPU, memory and other resources set aside for the container; the scheduler places the Pod by them',
      details:
        'CPU in cores (`500m` is half a core); memory in bytes with a suffix (`512Mi`, `2Gi`; `M` is 1000², `Mi` is 1024²). Pitfall: ' +
        '`memory: 500m` means half a byte.\n\n' +
        'A Pod whose requests fit no node stays `Pending`, which the Job does not count as a failure: a request too large for every node makes ' +
        'the Job wait forever unless it has a deadline.',
      default: 'the limit of the same resource when one is set; otherwise nothing set aside',
      interactions: [
        { text: 'May not be larger than the limit.', field: at('resources.limits'), rule: 'pod/request-above-limit' },
        { text: 'Quantities must be well-formed.', rule: 'pod/resource-quantity-malformed' },
        { text: 'Quantities may not be negative.', rule: 'pod/resource-quantity-negative' },
        { text: 'Only the Job-level deadline stops a Job whose Pods never fit.', field: 'spec.activeDeadlineSeconds' },
      ],
      example: containerExample(list, '  resources:\n    requests:\n      cpu: "2"\n      memory: 4Gi\n', 'python:3.12'),
      docs: POD_DOCS.resources,
    },
    {
      path: at('resources.limits'),
      summary: 'The most the container may use: CPU beyond it is throttled, memory beyond it is killed',
      details:
        'Memory is a hard wall: crossing it kills the process (`OOMKilled`), which in a Job is one failed try. CPU only caps speed; batch work ' +
        'often sets no CPU limit so it can use idle cores, and a memory limit equal to the memory request.\n\n' +
        'Extended resources such as `nvidia.com/gpu` go here, in whole numbers; a request for them, if written, must equal the limit. ' +
        '`emptyDir` volumes with `medium: Memory` count against the memory limit.',
      interactions: [
        { text: 'Requests may not be larger.', field: at('resources.requests'), rule: 'pod/request-above-limit' },
        { text: 'Extended resources and hugepages need a limit.', rule: 'pod/limit-required' },
        { text: 'Their request must equal the limit.', rule: 'pod/request-not-equal-limit' },
        { text: 'Extended resources come in whole units.', rule: 'pod/resource-quantity-not-integer' },
      ],
      example: containerExample(list, '  resources:\n    limits:\n      memory: 16Gi\n      nvidia.com/gpu: 1\n', 'registry.example.com/ml/train:3.1'),
      docs: POD_DOCS.resources,
    },
    {
      path: at('ports'),
      summary: 'Ports the container listens on: for information, except names others refer to and `hostPort`',
      details:
        'Listing a port opens or closes nothing; a container can listen on any port. In a Job ports matter for Pods that talk to each other ' +
        '(an Indexed Job behind a headless Service, distributed training) and for names a probe or a Service refers to.\n\n' +
        'Avoid `hostPort`: two Pods of the Job needing the same host port cannot share a node, so parallel Pods spread out or wait.',
      interactions: [
        { text: 'Ports must be between 1 and 65535.', rule: 'pod/container-port-out-of-range' },
        { text: 'Names must be IANA service names (at most 15 characters).', rule: 'pod/port-name-invalid' },
        { text: 'Names must be unique in the container.', rule: 'pod/port-name-duplicate' },
        { text: 'Two containers may not claim the same host port.', rule: 'pod/host-port-conflict' },
      ],
      example: containerExample(list, '  ports:\n  - name: rendezvous\n    containerPort: 29500\n', 'registry.example.com/ml/trainer:3.1'),
      docs: POD_DOCS.apiContainer,
    },
  ];
}

function probesAndHooks(list: ContainerList): FieldDoc[] {
  const at = (field: string) => containerPath(list, field);
  const sidecar = sidecarLines(list);
  return [
    {
      path: at('livenessProbe'),
      summary: 'A health check that restarts the container, or in a Job with `Never` fails the try, when it stops answering',
      details:
        sidecarOnly(list) +
        'Batch work rarely needs one. A busy program (a long computation, garbage collection, a blocking call) can miss a few checks and be ' +
        'killed in the middle of good work: with `restartPolicy: Never` that is a failed try counted against `backoffLimit`, with `OnFailure` a ' +
        'restart from scratch.\n\n' +
        'For work that may hang, a deadline is usually the better tool: `activeDeadlineSeconds` on the Pod (per try) or on the Job (overall). ' +
        'If you do add a liveness probe, give it a generous `periodSeconds` and `failureThreshold`.',
      interactions: [
        { text: 'Bounds one try without watching health.', field: 'spec.template.spec.activeDeadlineSeconds' },
        { text: 'A container killed by it counts like any failure.', field: 'spec.backoffLimit' },
      ],
      example: containerExample(list, `${sidecar}  livenessProbe:\n    httpGet:\n      path: /healthz\n      port: 8080\n    periodSeconds: 30\n    failureThreshold: 5\n`, 'registry.example.com/etl/loader:1.0'),
      docs: POD_DOCS.probes,
    },
    {
      path: at('readinessProbe'),
      summary: 'Marks the container ready for traffic; in a Job it only feeds Services and the `ready` count',
      details:
        sidecarOnly(list) +
        'Readiness never stops or restarts anything. The Job only counts ready Pods in `status.ready`, and Services use it to choose which Pods ' +
        'get traffic. Most Jobs need none; add one when other Pods reach this one through a Service, as workers of an Indexed Job behind a ' +
        'headless Service do.',
      interactions: [{ text: 'Peers of an Indexed Job find each other through a headless Service named here.', field: 'spec.template.spec.subdomain' }],
      example: containerExample(list, `${sidecar}  readinessProbe:\n    tcpSocket:\n      port: 29500\n    periodSeconds: 10\n`, 'registry.example.com/ml/trainer:3.1'),
      docs: POD_DOCS.probes,
    },
    {
      path: at('startupProbe'),
      summary: 'Holds the liveness and readiness checks back until the program has started',
      details:
        sidecarOnly(list) +
        'For slow starters: until it succeeds the other probes wait, and if it keeps failing for `failureThreshold` × `periodSeconds` the ' +
        'container is killed, as by a failed liveness check. Without a liveness probe it rarely helps a Job. On a sidecar it also decides when ' +
        'the next init container may start.',
      interactions: [{ text: 'Only useful with a liveness or readiness probe.', field: at('livenessProbe') }],
      example: containerExample(
        list,
        `${sidecar}  startupProbe:\n    exec:\n      command: ["cat", "/app/started"]\n    periodSeconds: 10\n    failureThreshold: 30\n` +
          '  livenessProbe:\n    exec:\n      command: ["cat", "/app/alive"]\n    periodSeconds: 30\n',
        'registry.example.com/etl/loader:1.0',
      ),
      docs: POD_DOCS.probes,
    },
    {
      path: at('lifecycle'),
      summary: 'Hooks run just after the container starts (`postStart`) and before it is stopped (`preStop`)',
      details:
        (list === 'initContainers' ? 'Only sidecars may have hooks; on a plain init container the API server refuses them.\n\n' : '') +
        '`preStop` runs only when the container is stopped from outside (a deadline, suspension, deletion or eviction), not when the program ' +
        'ends by itself, so it is no place for "after the work" steps: put those at the end of the command. It spends the same ' +
        '`terminationGracePeriodSeconds` budget. A failing `postStart` kills the container, which in a Job is a failed try.',
      interactions: [{ text: 'The time `preStop` and the program share to shut down.', field: 'spec.template.spec.terminationGracePeriodSeconds' }],
      example: containerExample(list, `${sidecar}  lifecycle:\n    preStop:\n      exec:\n        command: ["/app/checkpoint"]\n`, 'registry.example.com/etl/loader:1.0'),
      docs: POD_DOCS.lifecycleHooks,
    },
    {
      path: at('terminationMessagePolicy'),
      summary: 'Where the reason shown for a failure comes from: a file the program writes, or the end of its log',
      details:
        'A failed try is quicker to understand when `kubectl describe pod` shows why. Few programs write the termination file, so ' +
        '`FallbackToLogsOnError` is a good choice for batch containers: when the file is empty and the container failed, the last lines of its ' +
        'log (at most 80 lines or 2048 bytes) become the message.',
      default: 'File',
      values: {
        File: 'Use what the program wrote to `terminationMessagePath` (`/dev/termination-log` unless changed); nothing when it wrote nothing.',
        FallbackToLogsOnError: 'As `File`, but when the file is empty and the container failed, use the end of its log.',
      },
      example: containerExample(list, '  terminationMessagePolicy: FallbackToLogsOnError\n'),
      docs: POD_DOCS.terminationMessage,
    },
  ];
}

const CONTAINER_RESTART_POLICY: FieldDoc = {
  path: containerPath('containers', 'restartPolicy'),
  summary: 'A restart policy for this container alone, overriding the Pod\'s (beta, on by default from 1.35)',
  details:
    'With the ContainerRestartRules gate a regular container may set its own policy, and `restartPolicyRules` can restart it in place for ' +
    'chosen exit codes only, while the Pod keeps `restartPolicy: Never` for everything else: a retriable error then costs a container ' +
    'restart instead of a new Pod. Rules need this field written explicitly.\n\n' +
    'Kubernetes 1.28 to 1.33 refuse the field on regular containers, and a 1.34 server drops it silently.',
  values: {
    Always: 'Restart the container whenever it exits, even after success; rarely what a Job wants, since its Pod cannot complete while it restarts.',
    OnFailure: 'Restart it in place when it exits with a non-zero code.',
    Never: 'Do not restart it; with `restartPolicyRules`, restart only for the exit codes they name.',
  },
  maturity: 'beta',
  featureGate: 'ContainerRestartRules',
  interactions: [
    { text: 'Refused on regular containers from 1.28 to 1.33.', rule: 'pod/container-restart-policy-forbidden' },
    { text: 'Must be Always, OnFailure or Never.', rule: 'pod/container-restart-policy-unsupported' },
    { text: 'Dropped while the gate is off (1.34).', rule: 'version/feature-gate-off' },
    { text: 'The Pod-level policy applies to containers that set none.', field: 'spec.template.spec.restartPolicy' },
  ],
  example: containerExample('containers', '  restartPolicy: Never\n  restartPolicyRules:\n  - action: Restart\n    exitCodes:\n      operator: In\n      values: [42]\n'),
  docs: POD_DOCS.restartPolicy,
};

const INIT_CONTAINER_RESTART_POLICY: FieldDoc = {
  path: containerPath('initContainers', 'restartPolicy'),
  summary: '`Always` turns this init container into a sidecar that runs beside the main containers',
  details:
    'A sidecar starts in the init sequence without blocking it: the next init container starts once it is running (or once its startup probe ' +
    'succeeds). It keeps running next to the main containers, is restarted if it exits, and is stopped when they have all finished, so it never ' +
    'keeps a Job\'s Pod from completing.\n\n' +
    'On by default from 1.29 (dropped in 1.28). From 1.29 to 1.33 only `Always` is accepted; `OnFailure` and `Never` on an init container come ' +
    'with the ContainerRestartRules gate, on by default from 1.35.',
  values: {
    Always: 'A sidecar: started in order, kept running (and restarted when it exits) until the main containers finish.',
    OnFailure: 'From 1.35: an ordinary init container, retried in place when it fails, whatever the Pod\'s policy says.',
    Never: 'From 1.35: an ordinary init container that is not retried; its failure fails the Pod.',
  },
  featureGate: 'SidecarContainers',
  interactions: [
    { text: 'Only `Always` is accepted from 1.29 to 1.33.', rule: 'pod/init-container-restart-policy-not-always' },
    { text: 'Dropped while the gate is off.', rule: 'version/feature-gate-off' },
    { text: 'The Pod-level policy still decides what happens to the main containers.', field: 'spec.template.spec.restartPolicy' },
  ],
  example: containerExample('initContainers', '  restartPolicy: Always\n', 'fluent/fluent-bit:3.0').replace('name: prepare', 'name: log-shipper'),
  docs: POD_DOCS.sidecars,
};

/** Every container field the catalogue explains, for `containers[]` and `initContainers[]`. */
export const CONTAINER_FIELDS: readonly FieldDoc[] = [
  ...forEachContainerList((list) => [...identity(list), ...commandLine(list), ...environment(list), ...resources(list), ...probesAndHooks(list)]),
  CONTAINER_RESTART_POLICY,
  INIT_CONTAINER_RESTART_POLICY,
];
