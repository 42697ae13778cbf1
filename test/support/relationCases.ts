// The upstream reports of issue 23, each as a small workspace that reproduces it, written in our own words:
// the files (paths relative to the workspace folder), the file the finding sits in, and what a user sees
// there (code, severity, the text it underlines, the file of the other end). The LSP and CLI tests write
// each into a folder of the temp folder and check it through the real server and the real CLI.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface RelationExpectation {
  code: string;
  severity: 'error' | 'warning' | 'information' | 'hint';
  /** The text the finding underlines, in the file it sits in. */
  underlines: string;
  /** The file of the other end (related information), when there is one. */
  related?: string;
}

export interface RelationCase {
  /** The upstream report it reproduces. */
  report: string;
  files: Record<string, string>;
  /** The file the finding sits in. */
  file: string;
  expect: RelationExpectation[];
  /** `kubeassist.relations` settings the case needs (the opt-in hints). */
  relations?: { undefinedReferences?: boolean };
}

const CHART = 'apiVersion: v2\nname: demo\nversion: 0.1.0\n';

export const RELATION_CASES: RelationCase[] = [
  {
    report: 'helm/helm#9163: a hook ConfigMap and a hook Job of the same weight; Helm creates the Job first (name order)',
    files: {
      'chart/Chart.yaml': CHART,
      'chart/templates/hooks.yaml': `apiVersion: v1
kind: ConfigMap
metadata:
  name: pre-install-job-cm
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded,hook-failed
data:
  1.json: '{"foo": "bar"}'
---
apiVersion: batch/v1
kind: Job
metadata:
  name: helm-hook-job-sample
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded,hook-failed
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: c
        image: alpine:3.3
        command: [/bin/sleep, "60"]
        volumeMounts:
        - mountPath: /data
          name: foo
      volumes:
      - name: foo
        configMap:
          name: pre-install-job-cm
`,
    },
    file: 'chart/templates/hooks.yaml',
    expect: [{ code: 'relations/helm-hook-order', severity: 'warning', underlines: 'pre-install-job-cm', related: 'chart/templates/hooks.yaml' }],
  },
  {
    report: 'helm/helm#2622: a pre-install hook mounts a ConfigMap that is a regular resource (a weight alone makes no hook)',
    files: {
      'sql-init/Chart.yaml': CHART,
      'sql-init/templates/configmap.yaml': `apiVersion: v1
kind: ConfigMap
metadata:
  name: init-sql
  annotations:
    helm.sh/hook-weight: "-10"
data:
  init.sql: SELECT 1;
`,
      'sql-init/templates/job.yaml': `apiVersion: batch/v1
kind: Job
metadata:
  name: db-init
  annotations:
    helm.sh/hook: pre-install
spec:
  template:
    spec:
      restartPolicy: OnFailure
      containers:
      - name: psql
        image: postgres:16
        volumeMounts:
        - name: sql
          mountPath: /sql
      volumes:
      - name: sql
        configMap:
          name: init-sql
`,
    },
    file: 'sql-init/templates/job.yaml',
    expect: [{ code: 'relations/helm-hook-order', severity: 'warning', underlines: 'init-sql', related: 'sql-init/templates/configmap.yaml' }],
  },
  {
    report: 'mastodon/chart#74 (on #73): the db-migrate hook, as pre-install, reads the env ConfigMap the chart creates after it (templated names)',
    files: {
      'mastodon/Chart.yaml': 'apiVersion: v2\nname: mastodon\nversion: 4.0.0\n',
      'mastodon/templates/configmap-env.yaml': `apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "mastodon.fullname" . }}-env
  labels:
    {{- include "mastodon.labels" . | nindent 4 }}
data:
  LOCAL_DOMAIN: {{ .Values.mastodon.local_domain }}
`,
      'mastodon/templates/job-db-migrate.yaml': `apiVersion: batch/v1
kind: Job
metadata:
  name: {{ include "mastodon.fullname" . }}-db-migrate
  labels:
    {{- include "mastodon.labels" . | nindent 4 }}
  annotations:
    "helm.sh/hook": pre-install,pre-upgrade
    "helm.sh/hook-delete-policy": before-hook-creation,hook-succeeded
    "helm.sh/hook-weight": "-2"
spec:
  template:
    metadata:
      name: {{ include "mastodon.fullname" . }}-db-migrate
    spec:
      restartPolicy: Never
      containers:
        - name: {{ include "mastodon.fullname" . }}-db-migrate
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
          command: [bundle, exec, rake, db:migrate]
          envFrom:
            - configMapRef:
                name: {{ include "mastodon.fullname" . }}-env
`,
    },
    file: 'mastodon/templates/job-db-migrate.yaml',
    expect: [{ code: 'relations/helm-hook-order', severity: 'warning', underlines: '{{ include "mastodon.fullname" . }}-env', related: 'mastodon/templates/configmap-env.yaml' }],
  },
  {
    report: 'mastodon/chart#73: installed by Argo CD, the post-install,pre-upgrade db-migrate hook runs as PreSync on the first sync, before the env ConfigMap',
    files: {
      'mastodon/Chart.yaml': 'apiVersion: v2\nname: mastodon\nversion: 3.0.0\n',
      'mastodon/templates/configmap-env.yaml': `apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "mastodon.fullname" . }}-env
  labels:
    {{- include "mastodon.labels" . | nindent 4 }}
data:
  DB_PORT: "5432"
`,
      'mastodon/templates/job-db-migrate.yaml': `apiVersion: batch/v1
kind: Job
metadata:
  name: {{ include "mastodon.fullname" . }}-db-migrate
  annotations:
    "helm.sh/hook": post-install,pre-upgrade
    "helm.sh/hook-delete-policy": before-hook-creation,hook-succeeded
    "helm.sh/hook-weight": "-2"
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: {{ include "mastodon.fullname" . }}-db-migrate
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
          command: [bundle, exec, rake, db:migrate]
          envFrom:
            - configMapRef:
                name: {{ include "mastodon.fullname" . }}-env
`,
    },
    file: 'mastodon/templates/job-db-migrate.yaml',
    expect: [{ code: 'relations/argocd-sync-order', severity: 'hint', underlines: '{{ include "mastodon.fullname" . }}-env', related: 'mastodon/templates/configmap-env.yaml' }],
  },
  {
    report: 'bitnami/charts#20902: a pre-install hook reads the Secret of a bundled subchart, a regular resource of the same release',
    files: {
      'app/Chart.yaml': 'apiVersion: v2\nname: app\nversion: 1.0.0\ndependencies:\n- name: postgresql\n  version: 13.x.x\n',
      'app/templates/migrate-job.yaml': `apiVersion: batch/v1
kind: Job
metadata:
  name: {{ .Release.Name }}-migrate
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "-5"
spec:
  template:
    spec:
      restartPolicy: OnFailure
      containers:
      - name: migrate
        image: app:1.0
        env:
        - name: POSTGRES_PASSWORD
          valueFrom:
            secretKeyRef:
              name: {{ .Release.Name }}-postgresql
              key: password
`,
      'app/charts/postgresql/Chart.yaml': 'apiVersion: v2\nname: postgresql\nversion: 13.2.0\n',
      'app/charts/postgresql/templates/secrets.yaml': `apiVersion: v1
kind: Secret
metadata:
  name: {{ .Release.Name }}-postgresql
type: Opaque
data:
  password: {{ randAlphaNum 16 | b64enc | quote }}
`,
    },
    file: 'app/templates/migrate-job.yaml',
    expect: [{ code: 'relations/helm-hook-order', severity: 'warning', underlines: '{{ .Release.Name }}-postgresql', related: 'app/charts/postgresql/templates/secrets.yaml' }],
  },
  {
    report: 'kubernetes/kubernetes#100726: a Job whose ServiceAccount the kustomization does not define (it creates no Pod and keeps an empty status)',
    files: {
      'deploy/kustomization.yaml': 'resources:\n- rbac.yaml\n- job.yaml\n',
      'deploy/rbac.yaml': 'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: fluffy-runner\n',
      'deploy/job.yaml': `apiVersion: batch/v1
kind: Job
metadata:
  name: fluffy
spec:
  template:
    spec:
      serviceAccountName: idontexist
      restartPolicy: Never
      containers:
      - name: main
        image: busybox
`,
    },
    file: 'deploy/job.yaml',
    relations: { undefinedReferences: true },
    expect: [{ code: 'relations/undefined-reference', severity: 'hint', underlines: 'idontexist', related: 'deploy/rbac.yaml' }],
  },
  {
    report: 'kubernetes-csi/csi-driver-nfs#716: an inline csi volume of nfs.csi.k8s.io, whose CSIDriver lists Persistent only',
    files: {
      'nfs/csi-nfs-driverinfo.yaml': `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: nfs.csi.k8s.io
spec:
  attachRequired: false
  volumeLifecycleModes:
    - Persistent
  fsGroupPolicy: File
`,
      'nfs/pod.yaml': `apiVersion: v1
kind: Pod
metadata:
  name: nginx-nfs-inline-example
spec:
  containers:
    - image: nginx:1.25.2-alpine
      name: nginx
      volumeMounts:
        - mountPath: /var/www
          name: persistent-storage
  volumes:
    - name: persistent-storage
      csi:
        driver: nfs.csi.k8s.io
        volumeAttributes:
          server: 192.168.18.165
          share: /nfsserver01
`,
    },
    file: 'nfs/pod.yaml',
    expect: [{ code: 'relations/csi-inline-volume-mode', severity: 'warning', underlines: 'nfs.csi.k8s.io', related: 'nfs/csi-nfs-driverinfo.yaml' }],
  },
  {
    report: 'piraeusdatastore/linstor-csi#156: an inline csi volume of linstor.csi.linbit.com, a driver assumed to serve persistent volumes only',
    files: {
      'linstor/pod.yaml': `apiVersion: v1
kind: Pod
metadata:
  name: test
spec:
  restartPolicy: Never
  containers:
  - name: test
    image: alpine
    command: [/bin/sh, -c, echo 123 > /data/some_file]
    volumeMounts:
    - mountPath: /data
      name: data
  volumes:
  - name: data
    csi:
      driver: linstor.csi.linbit.com
      volumeAttributes:
        linstor.csi.linbit.com/placementCount: "1"
`,
    },
    file: 'linstor/pod.yaml',
    expect: [{ code: 'relations/csi-inline-volume-mode', severity: 'hint', underlines: 'linstor.csi.linbit.com' }],
  },
  {
    report: 'seaweedfs/seaweedfs-csi-driver#312: fsGroup on a ReadWriteMany volume of a CSIDriver without fsGroupPolicy (ReadWriteOnceWithFSType)',
    files: {
      'seaweedfs/csidriver.yaml': 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: seaweedfs-csi-driver\nspec:\n  attachRequired: true\n  podInfoOnMount: true\n',
      'seaweedfs/volume.yaml': `apiVersion: v1
kind: PersistentVolume
metadata:
  name: seaweedfs-static
spec:
  accessModes: [ReadWriteMany]
  capacity:
    storage: 1Gi
  csi:
    driver: seaweedfs-csi-driver
    volumeHandle: t1
    volumeAttributes:
      path: /buckets/t1
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: t1
spec:
  accessModes: [ReadWriteMany]
  storageClassName: ""
  volumeName: seaweedfs-static
  resources:
    requests:
      storage: 1Gi
`,
      'seaweedfs/pod.yaml': `apiVersion: v1
kind: Pod
metadata:
  name: reader
spec:
  securityContext:
    runAsUser: 1000
    fsGroup: 1000
  containers:
  - name: busybox
    image: busybox
    command: [cat, /data/secret.txt]
    volumeMounts:
    - name: data
      mountPath: /data
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: t1
`,
    },
    file: 'seaweedfs/pod.yaml',
    expect: [{ code: 'relations/fsgroup-not-applied', severity: 'warning', underlines: 't1', related: 'seaweedfs/csidriver.yaml' }],
  },
  {
    report: 'openebs/zfs-localpv#282: fsGroup on a claim whose StorageClass sets no fstype, under the default fsGroupPolicy',
    files: {
      'zfs/driver.yaml': 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: zfs.csi.openebs.io\nspec:\n  attachRequired: false\n  podInfoOnMount: false\n',
      'zfs/storageclass.yaml': `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: openebs-zfspv
parameters:
  poolname: zfspv-pool
provisioner: zfs.csi.openebs.io
`,
      'zfs/app.yaml': `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: csi-zfspv
spec:
  storageClassName: openebs-zfspv
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 4Gi
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: fio
spec:
  selector:
    matchLabels: { app: fio }
  template:
    metadata:
      labels: { app: fio }
    spec:
      securityContext:
        fsGroup: 1001
      containers:
      - name: fio
        image: fio
        volumeMounts:
        - mountPath: /datadir
          name: fio-vol
      volumes:
      - name: fio-vol
        persistentVolumeClaim:
          claimName: csi-zfspv
`,
    },
    file: 'zfs/app.yaml',
    expect: [{ code: 'relations/fsgroup-not-applied', severity: 'hint', underlines: 'csi-zfspv', related: 'zfs/driver.yaml' }],
  },
  {
    report: 'kubernetes-csi/csi-driver-nfs#682: the driver was renamed nfs2.csi.k8s.io, the StorageClass still provisions with nfs.csi.k8s.io',
    files: {
      'nfs2/csidriver.yaml': 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: nfs2.csi.k8s.io\nspec:\n  attachRequired: false\n  volumeLifecycleModes: [Persistent]\n',
      'nfs2/storageclass.yaml': `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: nfs-csi
provisioner: nfs.csi.k8s.io
parameters:
  server: nfs-server.default.svc.cluster.local
  share: /
reclaimPolicy: Delete
volumeBindingMode: Immediate
`,
    },
    file: 'nfs2/storageclass.yaml',
    expect: [{ code: 'relations/csi-driver-name', severity: 'warning', underlines: 'nfs.csi.k8s.io', related: 'nfs2/csidriver.yaml' }],
  },
  {
    report: 'minio/directpv#701: a PersistentVolume of direct-csi-min-io, while the driver now registers as directpv-min-io',
    files: {
      'directpv/csidriver.yaml': 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: directpv-min-io\nspec:\n  attachRequired: false\n  podInfoOnMount: true\n',
      'directpv/volume.yaml': `apiVersion: v1
kind: PersistentVolume
metadata:
  name: minio-tenant-1-3
spec:
  capacity:
    storage: 1Gi
  accessModes: [ReadWriteOnce]
  persistentVolumeReclaimPolicy: Retain
  csi:
    driver: direct-csi-min-io
    volumeHandle: data
    fsType: xfs
`,
    },
    file: 'directpv/volume.yaml',
    expect: [{ code: 'relations/csi-driver-name', severity: 'warning', underlines: 'direct-csi-min-io', related: 'directpv/csidriver.yaml' }],
  },
  {
    report: 'GoogleCloudPlatform/gcs-fuse-csi-driver#153: gke-gcsfuse/volumes on the Job instead of its Pod template',
    files: {
      'gcsfuse/job.yaml': `apiVersion: batch/v1
kind: Job
metadata:
  name: gcsfuse-reader
  annotations:
    gke-gcsfuse/volumes: "true"
spec:
  template:
    spec:
      serviceAccountName: gcs-reader
      restartPolicy: Never
      containers:
      - name: reader
        image: busybox
        command: [ls, /data]
        volumeMounts:
        - name: gcs-fuse-csi-ephemeral
          mountPath: /data
      volumes:
      - name: gcs-fuse-csi-ephemeral
        csi:
          driver: gcsfuse.csi.storage.gke.io
          volumeAttributes:
            bucketName: my-bucket
`,
    },
    file: 'gcsfuse/job.yaml',
    expect: [{ code: 'relations/gcsfuse-annotation-placement', severity: 'warning', underlines: 'gke-gcsfuse/volumes' }],
  },
  {
    report: 'Argo CD: a PreSync hook Job reads a ConfigMap of a later sync wave (the chart was written for waves, the first sync hangs)',
    files: {
      'argo/configmap.yaml': `apiVersion: v1
kind: ConfigMap
metadata:
  name: database-config
  annotations:
    argocd.argoproj.io/sync-wave: "5"
data:
  DATABASE_HOST: db
`,
      'argo/migrate.yaml': `apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
  annotations:
    argocd.argoproj.io/hook: PreSync
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: migrate
        image: app:1.0
        envFrom:
        - configMapRef:
            name: database-config
`,
    },
    file: 'argo/migrate.yaml',
    expect: [{ code: 'relations/argocd-sync-order', severity: 'warning', underlines: 'database-config', related: 'argo/configmap.yaml' }],
  },
  {
    report: 'issue 28: kustomize + Argo CD, a PreSync hook Job reads a ConfigMap generatorOptions make a PreSync hook of an earlier wave: nothing to report',
    files: {
      'app/kustomization.yaml': `resources:
- migrate.yaml
configMapGenerator:
- name: migrate-config
  literals:
  - DATABASE_HOST=db
generatorOptions:
  disableNameSuffixHash: true
  annotations:
    argocd.argoproj.io/hook: PreSync
    argocd.argoproj.io/sync-wave: "-1"
`,
      'app/migrate.yaml': `apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
  annotations:
    argocd.argoproj.io/hook: PreSync
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: migrate
        image: app:1.0
        envFrom:
        - configMapRef:
            name: migrate-config
`,
    },
    file: 'app/migrate.yaml',
    expect: [],
  },
  {
    report: 'issue 28: a pre-install,pre-upgrade hook reads a pre-install hook Secret that `hook-succeeded` deletes after the install (mastodon/chart\'s redis Secret): the first upgrade hangs',
    files: {
      'chart/Chart.yaml': CHART,
      'chart/templates/secret-preinstall.yaml': `apiVersion: v1
kind: Secret
metadata:
  name: {{ .Release.Name }}-redis-pre-install
  annotations:
    helm.sh/hook: pre-install
    helm.sh/hook-weight: "-5"
    "helm.sh/hook-delete-policy": before-hook-creation,hook-succeeded
stringData:
  password: secret
`,
      'chart/templates/job.yaml': `apiVersion: batch/v1
kind: Job
metadata:
  name: {{ .Release.Name }}-assets
  annotations:
    "helm.sh/hook": pre-install,pre-upgrade
    "helm.sh/hook-weight": "-1"
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: upload
        image: rclone/rclone
        env:
        - name: REDIS_PASSWORD
          valueFrom:
            secretKeyRef:
              name: {{ .Release.Name }}-redis-pre-install
              key: password
`,
    },
    file: 'chart/templates/job.yaml',
    expect: [{ code: 'relations/helm-hook-order', severity: 'warning', underlines: '{{ .Release.Name }}-redis-pre-install', related: 'chart/templates/secret-preinstall.yaml' }],
  },
  {
    report: 'issue 28: fsGroup on a ReadWriteOnce claim of a class without an fstype, whose csi-provisioner runs with --default-fstype (gcp-compute-persistent-disk-csi-driver): nothing to report',
    files: {
      'driver/csidriver.yaml': `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: pd.csi.storage.gke.io
spec:
  attachRequired: true
  podInfoOnMount: false
`,
      'driver/controller.yaml': `kind: Deployment
apiVersion: apps/v1
metadata:
  name: csi-gce-pd-controller
spec:
  selector:
    matchLabels:
      app: pd
  template:
    metadata:
      labels:
        app: pd
    spec:
      containers:
        - name: csi-provisioner
          image: registry.k8s.io/sig-storage/csi-provisioner
          args:
            - "--csi-address=/csi/csi.sock"
            - "--default-fstype=ext4"
`,
      'app/pod.yaml': `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: csi-gce-pd
provisioner: pd.csi.storage.gke.io
---
kind: PersistentVolumeClaim
apiVersion: v1
metadata:
  name: podpvc
spec:
  accessModes: [ReadWriteOnce]
  storageClassName: csi-gce-pd
  resources:
    requests:
      storage: 200Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: web-server
spec:
  securityContext:
    fsGroup: 101
  containers:
  - name: web-server
    image: nginx
  volumes:
  - name: mypvc
    persistentVolumeClaim:
      claimName: podpvc
`,
    },
    file: 'app/pod.yaml',
    expect: [],
  },
];

/** Writes a case's files into a new folder of the temp folder; returns the folder. */
export function writeCase(testCase: RelationCase): string {
  const root = mkdtempSync(join(tmpdir(), 'kubeassist-relations-'));
  for (const [path, text] of Object.entries(testCase.files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
