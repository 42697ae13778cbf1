// The MCP server's warm-up before it answers `initialize`: the engine and the server's own request path run
// on texts like the ones a host sends, so that the first `check` after the handshake finds its code
// compiled and optimised instead of paying for it (issue 30: the first check of 1,000 lines took 2 to 3
// times a later one). Nothing the warm-up does is kept.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { DEFAULT_SETTINGS, fixText } from '../service/index';

/**
 * Loads what the engine loads on first use (the schema validators of each kind, the rule tables) and runs the
 * fixes' paths (a check, the quick fixes, a check again) on the warm-up's Job with mistakes: on that one
 * document, as each fix is checked again on the whole text (on all of the warm-up text it cost the start about
 * 140 ms more of the main thread, and left the first check no warmer).
 */
export function warmUp(): void {
  fixText(WARM_UP_MISTAKES, DEFAULT_SETTINGS);
}

/**
 * How many times checkInProcess checks the warm-up text. Each round costs the start about 20 to 25 ms of the
 * main thread. A host's first check of 1,000 lines took (main thread, medians of 9 starts on a busy machine)
 * 53 ms with the old warm-up, 37 after 2 rounds of this one, 33 after 3, 26 after 4 and 24 after 5, where a
 * later check takes 18 to 25 (docs/performance.md, "Issue 30: a warm-up like the manifests hosts send").
 */
export const WARM_UP_ROUNDS = 4;

/**
 * `rounds` `check` calls of the warm-up text through the server's own request path, on a transport inside the
 * process, before the real one connects: the protocol's message schemas, the tool's input and output schemas
 * (zod compiles each on its first use), the check tool around the engine and the result's JSON run, and a
 * host's first call finds them compiled. Each answers within its time limit or is left behind.
 */
export async function checkInProcess(server: McpServer, rounds: number): Promise<void> {
  const waiting = new Map<string, () => void>();
  const transport: Transport = {
    start: async () => undefined,
    send: async (message) => {
      if ('id' in message && typeof message.id === 'string') waiting.get(message.id)?.();
    },
    close: async () => transport.onclose?.(),
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    await server.connect(transport);
    for (let round = 0; round < rounds; round++) {
      const id = `${WARM_UP_ID}-${round}`;
      const answered = new Promise<boolean>((resolve) => waiting.set(id, () => resolve(true)));
      transport.onmessage?.({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'check', arguments: { text: WARM_UP_TEXT } } });
      const inTime = await Promise.race([answered, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 2000)))]);
      clearTimeout(timer);
      if (!inTime) break;
    }
  } catch {
    // A warm-up that fails leaves the first call cold, nothing more.
  } finally {
    clearTimeout(timer);
    await server.close();
  }
}

const WARM_UP_ID = 'kubeassist-warm-up';

/**
 * What the warm-up reads. Flow-style Jobs with the fields real manifests use most (labels, env, resources,
 * probes, volumes, security context, scheduling), a CronJob, a CSIDriver, a Deployment and a ConfigMap (a
 * document of another kind is read only for kubectl's refusals, a path of its own); and the same kinds as
 * people write them by hand (../shared/corpus/real): block style, quoted strings, comments, block scalars
 * (a script, a config file), and four mistakes, so that the findings' own path runs too (their messages,
 * positions, fixes and JSON). With the flow-style documents alone, V8 still compiled the YAML parser's busiest
 * functions during a host's first check and threw others out of their optimised code on its first text unlike
 * the warm-up's (`node --trace-opt --trace-deopt`: wrong map, insufficient type feedback); checked more often,
 * they warmed the first check little (docs/performance.md).
 */
const WARM_UP_DOCUMENTS = (() => {
  const job = (i: number) => `apiVersion: batch/v1
kind: Job
metadata:
  name: warm-${i}
  namespace: default
  labels: {app.kubernetes.io/name: warm, app.kubernetes.io/instance: warm-${i}}
  annotations: {example.com/owner: team}
spec:
  backoffLimit: 3
  completions: 2
  parallelism: 2
  completionMode: Indexed
  activeDeadlineSeconds: 600
  ttlSecondsAfterFinished: 3600
  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes: {containerName: main, operator: In, values: [42]}
    - action: Ignore
      onPodConditions: [{type: DisruptionTarget}]
  template:
    metadata:
      labels: {app.kubernetes.io/name: warm}
    spec:
      restartPolicy: Never
      serviceAccountName: warm
      nodeSelector: {kubernetes.io/os: linux}
      tolerations: [{key: dedicated, operator: Equal, value: batch, effect: NoSchedule}]
      securityContext: {runAsNonRoot: true, runAsUser: 1000, fsGroup: 2000, seccompProfile: {type: RuntimeDefault}}
      initContainers:
      - name: init
        image: busybox:1.36
        command: ["sh", "-c", "echo init"]
      containers:
      - name: main
        image: registry.example.com/warm:1.0.${i}
        imagePullPolicy: IfNotPresent
        args: ["--run", "--index=$(JOB_COMPLETION_INDEX)"]
        env:
        - {name: MODE, value: batch}
        - name: POD_NAME
          valueFrom: {fieldRef: {fieldPath: metadata.name}}
        - name: TOKEN
          valueFrom: {secretKeyRef: {name: warm, key: token}}
        envFrom: [{configMapRef: {name: warm}}]
        ports: [{name: http, containerPort: 8080, protocol: TCP}]
        resources:
          requests: {cpu: 250m, memory: 256Mi}
          limits: {cpu: "1", memory: 1Gi}
        readinessProbe: {httpGet: {path: /ready, port: http}, periodSeconds: 10}
        securityContext: {allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: {drop: [ALL]}}
        volumeMounts:
        - {name: data, mountPath: /data}
        - {name: config, mountPath: /etc/warm, readOnly: true}
      volumes:
      - name: data
        emptyDir: {sizeLimit: 1Gi}
      - name: config
        configMap: {name: warm, defaultMode: 420}
`;
  const cronJob = `apiVersion: batch/v1
kind: CronJob
metadata: {name: warm}
spec:
  schedule: "*/15 * * * *"
  timeZone: Europe/Berlin
  concurrencyPolicy: Forbid
  startingDeadlineSeconds: 300
  jobTemplate:
    spec:
      activeDeadlineSeconds: 600
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: a, image: busybox:1.36, command: [sh, -c, date]}]
`;
  const driver = 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata: {name: warm.csi.example.com}\nspec: {attachRequired: false, podInfoOnMount: true, fsGroupPolicy: File, volumeLifecycleModes: [Persistent, Ephemeral]}\n';
  const others = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: warm, labels: {app: warm}}\nspec:\n  replicas: 2\n  selector: {matchLabels: {app: warm}}\n  template:\n    metadata: {labels: {app: warm}}\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.27\n        ports: [{containerPort: 80}]\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: warm}\ndata:\n  mode: batch\n  retries: "3"\n';
  // As written by hand: block style, quotes, comments, a script; the first has the four mistakes of
  // examples/job-mistakes.yaml's first Job (an enum value's case, a quoted number, a misspelt field, a YAML 1.1
  // boolean), so that the paths of the commonest findings and their fixes run.
  const handJob = (i: number) => `# The nightly report, one index per region.
apiVersion: batch/v1
kind: Job
metadata:
  name: "report-${i}"
  namespace: reports
  labels:
    app.kubernetes.io/name: report
    app.kubernetes.io/component: "batch"
  annotations:
    example.com/description: >-
      Builds the nightly report
      from the day's exports.
spec:
  completionMode: ${i === 0 ? 'indexed' : 'Indexed'}
  completions: 3
  parallelism: 3
  backoffLimit: ${i === 0 ? '"4"' : '4'}
  ${i === 0 ? 'ttlSecondsAfterFinish' : 'ttlSecondsAfterFinished'}: 600
  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes:
        containerName: report
        operator: In
        values: [1, 2]
    - action: Ignore
      onPodConditions:
      - type: DisruptionTarget
        status: "True"
  template:
    metadata:
      labels:
        app.kubernetes.io/name: report
      annotations:
        example.com/checksum: 'c0ffee'
    spec:
      restartPolicy: Never
      containers:
      - name: report
        image: "registry.example.com/report:2.${i}"
        command:
        - /bin/sh
        - -c
        args:
        - |
          set -eu
          echo "index $JOB_COMPLETION_INDEX"
          ./report --out /data   # the volume below
        env:
        - name: VERBOSE
          value: ${i === 0 ? 'yes' : '"yes"'}
        - name: RETRIES
          value: '3'
        - name: NODE
          valueFrom:
            fieldRef:
              fieldPath: spec.nodeName
        resources:
          requests:
            cpu: 100m
            memory: 64Mi
          limits:
            cpu: 500m
            memory: 256Mi
        livenessProbe:
          exec:
            command: [test, -e, /data/.alive]
          initialDelaySeconds: 5
        volumeMounts:
        - name: data
          mountPath: /data
      volumes:
      - name: data
        persistentVolumeClaim:
          claimName: reports
`;
  const handDriver = `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: disk.csi.example.com
  labels:
    app.kubernetes.io/name: disk
spec:
  attachRequired: true
  podInfoOnMount: false
  fsGroupPolicy: ReadWriteOnceWithFSType
  storageCapacity: true
  requiresRepublish: false
  volumeLifecycleModes:
  - Persistent
  tokenRequests:
  - audience: "disk.example.com"
    expirationSeconds: 3600
`;
  const handOthers = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  labels:
    app.kubernetes.io/name: api
spec:
  replicas: 3
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  selector:
    matchLabels:
      app.kubernetes.io/name: api
  template:
    metadata:
      labels:
        app.kubernetes.io/name: api
    spec:
      containers:
      - name: api
        image: "registry.example.com/api:1.4"
        ports:
        - name: http
          containerPort: 8080
        readinessProbe:
          httpGet:
            path: /healthz
            port: http
        env:
        - name: LOG_LEVEL
          value: "info"
---
apiVersion: v1
kind: Service
metadata:
  name: api
spec:
  selector:
    app.kubernetes.io/name: api
  ports:
  - port: 80
    targetPort: http
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: api
data:
  LOG_LEVEL: info
  app.properties: |
    retries=3
    timeout=30s
  nginx.conf: |
    server {
      listen 8080;
    }
`;
  return { flow: [...Array.from({ length: 4 }, (_, i) => job(i)), cronJob, driver, others], mistakes: handJob(0), hand: [handJob(1), handDriver, handOthers] };
})();

/** The Job written by hand with the four mistakes: what the `fix` warm-up repairs. */
export const WARM_UP_MISTAKES = WARM_UP_DOCUMENTS.mistakes;

/** Everything the warm-up checks: each document above once. */
export const WARM_UP_TEXT = [...WARM_UP_DOCUMENTS.flow, WARM_UP_DOCUMENTS.mistakes, ...WARM_UP_DOCUMENTS.hand].join('---\n');
