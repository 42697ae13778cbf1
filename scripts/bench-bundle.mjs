// The benchmark's inputs, deterministic: the mixed release bundle of Jobs, CSIDrivers, Deployments and
// ConfigMaps (a quarter each), sized like the issue's: 1,000 documents make about 1 MiB and 44,500 lines;
// and the batch bundle, Jobs, CronJobs and CSIDrivers only (a third each), where every document is checked.
// Two documents in 50 carry deliberate mistakes, three diagnostics in all per 50 of the mixed bundle.

/** The bundles the benchmark knows, by name (`--bundles mixed,batch`). */
export const BUNDLES = {
  mixed: (documents) => bundleOf(documents, generateDocument),
  batch: (documents) => bundleOf(documents, generateBatchDocument),
};

/** The text of a mixed bundle of `documents` documents. */
export function generateBundle(documents) {
  return BUNDLES.mixed(documents);
}

function bundleOf(documents, documentAt) {
  const parts = [];
  for (let i = 0; i < documents; i++) parts.push(documentAt(i));
  return parts.join('---\n');
}

/** The i-th document of a batch bundle: a Job, a CronJob or a CSIDriver. */
export function generateBatchDocument(i) {
  return BATCH_DOCUMENTS[i % 3](i, i % 50 === 4 || i % 50 === 29);
}

/** The i-th document of a bundle alone: `npm run bench -- --cli` writes one per file. */
export function generateDocument(i) {
  return DOCUMENTS[i % 4](i, i % 50 === 4 || i % 50 === 29);
}

const job = (i, mistake) => `apiVersion: batch/v1
kind: Job
metadata:
  name: job-${i}
  namespace: batch-${i % 7}
  labels:
    app.kubernetes.io/name: job-${i}
    app.kubernetes.io/part-of: bench
    app.kubernetes.io/component: worker
  annotations:
    example.com/owner: team-${i % 5}
spec:
  completionMode: ${mistake ? 'indexed' : 'Indexed'}
  completions: ${(i % 9) + 1}
  parallelism: 2
  backoffLimitPerIndex: 1
  maxFailedIndexes: 1
  ttlSecondsAfterFinished: 600
  podFailurePolicy:
    rules:
    - action: FailIndex
      onExitCodes:
        containerName: worker
        operator: In
        values: [1, 2, 3]
    - action: Ignore
      onPodConditions:
      - type: DisruptionTarget
  template:
    metadata:
      labels:
        app.kubernetes.io/name: job-${i}
    spec:
      restartPolicy: ${mistake ? 'Always' : 'Never'}
      serviceAccountName: worker
      securityContext:
        runAsNonRoot: true
        runAsUser: 1000
      containers:
      - name: worker
        image: registry.example.com/worker:${i}.0
        imagePullPolicy: IfNotPresent
        command: ["/bin/sh", "-c"]
        args:
        - |
          echo "index $JOB_COMPLETION_INDEX of job ${i}"
          sleep 1
        env:
        - name: MODE
          value: "batch"
        - name: POD_NAME
          valueFrom:
            fieldRef: {fieldPath: metadata.name}
        resources:
          requests: {cpu: 100m, memory: 64Mi}
          limits: {cpu: 200m, memory: 128Mi}
`;

const csiDriver = (i, mistake) => `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: driver-${i}.csi.example.com
  labels:
    app.kubernetes.io/name: driver-${i}
    app.kubernetes.io/part-of: bench
  annotations:
    example.com/owner: storage-team
spec:
  attachRequired: ${mistake ? '"false"' : 'false'}
  podInfoOnMount: true
  fsGroupPolicy: File
  storageCapacity: true
  seLinuxMount: true
  serviceAccountTokenInSecrets: true
  volumeLifecycleModes: [Persistent, Ephemeral]
  tokenRequests:
  - audience: aud-${i}
    expirationSeconds: 3600
`;

const deployment = (i) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-${i}
  namespace: web
  labels:
    app.kubernetes.io/name: web-${i}
    app.kubernetes.io/part-of: bench
    app.kubernetes.io/component: frontend
  annotations:
    example.com/owner: team-${i % 5}
spec:
  replicas: 2
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}
  selector:
    matchLabels: {app: web-${i}}
  template:
    metadata:
      labels: {app: web-${i}}
    spec:
      serviceAccountName: web
      terminationGracePeriodSeconds: 30
      securityContext:
        runAsNonRoot: true
        fsGroup: 2000
      containers:
      - name: web
        image: nginx:1.27
        imagePullPolicy: IfNotPresent
        ports:
        - name: http
          containerPort: 80
        - name: metrics
          containerPort: 9113
        env:
        - name: LOG_LEVEL
          value: info
        - name: POD_IP
          valueFrom:
            fieldRef: {fieldPath: status.podIP}
        readinessProbe:
          httpGet: {path: /healthz, port: 80}
          periodSeconds: 10
        livenessProbe:
          httpGet: {path: /livez, port: 80}
          initialDelaySeconds: 5
        resources:
          requests: {cpu: 250m, memory: 128Mi}
          limits: {cpu: "1", memory: 256Mi}
        volumeMounts:
        - name: config
          mountPath: /etc/nginx/conf.d
          readOnly: true
        - name: cache
          mountPath: /var/cache/nginx
      volumes:
      - name: config
        configMap:
          name: config-${i + 1}
      - name: cache
        emptyDir: {}
      nodeSelector:
        kubernetes.io/os: linux
      tolerations:
      - key: example.com/dedicated
        operator: Equal
        value: web
        effect: NoSchedule
`;

const configMap = (i) => `apiVersion: v1
kind: ConfigMap
metadata:
  name: config-${i}
  labels:
    app.kubernetes.io/part-of: bench
data:
  LOG_LEVEL: info
  settings.ini: |
${Array.from({ length: 14 }, (_, j) => `    key${j}=value-${i}-${j}`).join('\n')}
  default.conf: |
    server {
      listen 80;
      location / { root /usr/share/nginx/html; }
    }
`;

/** A CronJob whose Job template is the bench Job's spec, one level deeper. */
const cronJob = (i, mistake) => {
  const spec = job(i, mistake).split('\nspec:\n')[1].replace(/^(?=.)/gm, '    ');
  return `apiVersion: batch/v1
kind: CronJob
metadata:
  name: cron-${i}
  namespace: batch-${i % 7}
  labels:
    app.kubernetes.io/name: cron-${i}
    app.kubernetes.io/part-of: bench
spec:
  schedule: "${i % 60} ${mistake ? 25 : i % 24} * * *"
  timeZone: Europe/Berlin
  concurrencyPolicy: Forbid
  startingDeadlineSeconds: 300
  successfulJobsHistoryLimit: 3
  failedJobsHistoryLimit: 1
  jobTemplate:
    metadata:
      labels:
        app.kubernetes.io/name: cron-${i}
    spec:
      activeDeadlineSeconds: 3000
${spec}`;
};

const DOCUMENTS = [job, csiDriver, deployment, configMap];
const BATCH_DOCUMENTS = [job, cronJob, csiDriver];
