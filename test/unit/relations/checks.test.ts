// Each relation check against its near misses: a table of small workspaces, the file checked, and exactly
// what it reports there (code, severity, the text underlined); an empty list is a promise not to cry wolf.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS } from '../../../server/src/service/index';
import { underlined, workspace } from '../../support/relationWorkspace';

const SEVERITIES = ['', 'error', 'warning', 'information', 'hint'];
type Row = [name: string, files: Record<string, string>, file: string, expect: [code: string, severity: string, underlines: string][], settings?: { undefinedReferences?: boolean }];

function run(rows: Row[]): void {
  for (const [name, files, file, expect, relations] of rows) {
    it(name, () => {
      const ws = workspace(files);
      const found = ws.relations(file, { relations: { ...DEFAULT_SETTINGS.relations, ...relations } });
      assert.deepEqual(found.map((d) => [d.code, SEVERITIES[d.severity ?? 0], underlined(ws.text(file), d)]), expect, found.map((d) => d.message).join('\n'));
    });
  }
}

const CHART = { 'c/Chart.yaml': 'apiVersion: v2\nname: c\nversion: 1.0.0\n' };
const meta = (kind: string, name: string, annotations: Record<string, string> = {}, apiVersion = 'v1', extra = '') =>
  `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: ${name}\n${Object.keys(annotations).length ? `  annotations:\n${Object.entries(annotations).map(([k, v]) => `    ${k}: "${v}"`).join('\n')}\n` : ''}${extra}`;
const hookJob = (annotations: Record<string, string>, pod: string, kind = 'Job', apiVersion = 'batch/v1') =>
  `${meta(kind, 'migrate', annotations, apiVersion)}spec:\n  template:\n    spec:\n      restartPolicy: Never\n${pod}      containers:\n      - name: m\n        image: busybox\n`;
const envFrom = (name: string, optional = '') => `      initContainers:\n      - name: init\n        image: busybox\n        envFrom:\n        - configMapRef:\n            name: ${name}\n${optional}`;
const PRE = { 'helm.sh/hook': 'pre-install,pre-upgrade' };

describe('relations/helm-hook-order stays silent where Helm creates the object in time', () => {
  run([
    ['a ConfigMap that is a pre-install hook of a lower weight', { ...CHART, 'c/templates/cm.yaml': meta('ConfigMap', 'env', { 'helm.sh/hook': 'pre-install', 'helm.sh/hook-weight': '-5' }), 'c/templates/job.yaml': hookJob(PRE, envFrom('env')) }, 'c/templates/job.yaml', []],
    ['a hook of the same weight whose name sorts first', { ...CHART, 'c/templates/cm.yaml': meta('ConfigMap', 'aaa-env', PRE), 'c/templates/job.yaml': hookJob(PRE, envFrom('aaa-env')) }, 'c/templates/job.yaml', []],
    ['an optional reference', { ...CHART, 'c/templates/cm.yaml': meta('ConfigMap', 'env'), 'c/templates/job.yaml': hookJob(PRE, envFrom('env', '            optional: true\n')) }, 'c/templates/job.yaml', []],
    ['a pre-upgrade hook only (the ConfigMap is there from the install): only the hint of what Argo CD would do', { ...CHART, 'c/templates/cm.yaml': meta('ConfigMap', 'env'), 'c/templates/job.yaml': hookJob({ 'helm.sh/hook': 'pre-upgrade' }, envFrom('env')) }, 'c/templates/job.yaml', [['relations/argocd-sync-order', 'hint', 'env']]],
    ['a Deployment as a hook (Helm does not wait for it)', { ...CHART, 'c/templates/cm.yaml': meta('ConfigMap', 'env'), 'c/templates/job.yaml': `${meta('Deployment', 'web', PRE, 'apps/v1')}spec:\n  template:\n    spec:\n${envFrom('env')}      containers:\n      - name: m\n        image: busybox\n` }, 'c/templates/job.yaml', []],
    ['a plain folder (no chart: no Helm hooks)', { 'p/cm.yaml': meta('ConfigMap', 'env'), 'p/job.yaml': hookJob(PRE, envFrom('env')) }, 'p/job.yaml', []],
    ['a ConfigMap whose annotations come from the values', { ...CHART, 'c/templates/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: env\n  annotations:\n    {{- toYaml .Values.annotations | nindent 4 }}\n', 'c/templates/job.yaml': hookJob(PRE, envFrom('env')) }, 'c/templates/job.yaml', []],
    ['one ConfigMap of the name is a hook before the Job, another a regular resource (both are created)', { ...CHART, 'c/templates/cm.yaml': meta('ConfigMap', 'env'), 'c/templates/cm-hook.yaml': meta('ConfigMap', 'env', { 'helm.sh/hook': 'pre-install', 'helm.sh/hook-weight': '-9' }), 'c/templates/job.yaml': hookJob(PRE, envFrom('env')) }, 'c/templates/job.yaml', []],
    ['a ConfigMap of another namespace', { ...CHART, 'c/templates/cm.yaml': meta('ConfigMap', 'env', {}, 'v1', '').replace('  name: env\n', '  name: env\n  namespace: other\n'), 'c/templates/job.yaml': hookJob(PRE, envFrom('env')) }, 'c/templates/job.yaml', []],
    ['a hook ConfigMap whose weight is templated', { ...CHART, 'c/templates/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: env\n  annotations:\n    helm.sh/hook: pre-install\n    helm.sh/hook-weight: {{ .Values.weight | quote }}\n', 'c/templates/job.yaml': hookJob(PRE, envFrom('env')) }, 'c/templates/job.yaml', []],
    ['the default ServiceAccount', { ...CHART, 'c/templates/sa.yaml': meta('ServiceAccount', 'default'), 'c/templates/job.yaml': hookJob(PRE, '      serviceAccountName: default\n') }, 'c/templates/job.yaml', []],
    ['an image pull Secret (the Pod starts without it)', { ...CHART, 'c/templates/s.yaml': meta('Secret', 'regcred'), 'c/templates/job.yaml': hookJob(PRE, '      imagePullSecrets:\n      - name: regcred\n') }, 'c/templates/job.yaml', []],
    ['a name written inside `range` (`.` is the item there)', { ...CHART, 'c/templates/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .name }}\n', 'c/templates/job.yaml': `{{- range .Values.jobs }}\n${hookJob(PRE, envFrom('{{ .name }}'))}{{- end }}\n` }, 'c/templates/job.yaml', []],
    ['another chart of the workspace (another release)', { ...CHART, 'd/Chart.yaml': 'apiVersion: v2\nname: d\nversion: 1.0.0\n', 'd/templates/cm.yaml': meta('ConfigMap', 'env'), 'c/templates/job.yaml': hookJob(PRE, envFrom('env')) }, 'c/templates/job.yaml', []],
    ['a hook with an unknown event (Helm skips the ConfigMap entirely: not judged)', { ...CHART, 'c/templates/cm.yaml': meta('ConfigMap', 'env', { 'helm.sh/hook': 'pre-instal' }), 'c/templates/job.yaml': hookJob(PRE, envFrom('env')) }, 'c/templates/job.yaml', []],
  ]);
});

describe('relations/helm-hook-order reports every order Helm gets wrong', () => {
  run([
    ['a hook of a higher weight', { ...CHART, 'c/templates/cm.yaml': meta('ConfigMap', 'env', { 'helm.sh/hook': 'pre-install', 'helm.sh/hook-weight': '5' }), 'c/templates/job.yaml': hookJob(PRE, envFrom('env')) }, 'c/templates/job.yaml', [['relations/helm-hook-order', 'warning', 'env']]],
    ['a post-install hook', { ...CHART, 'c/templates/cm.yaml': meta('ConfigMap', 'env', { 'helm.sh/hook': 'post-install' }), 'c/templates/job.yaml': hookJob(PRE, envFrom('env')) }, 'c/templates/job.yaml', [['relations/helm-hook-order', 'warning', 'env']]],
    ['a ServiceAccount, a claim and a Secret volume (a Pod hook)', {
      ...CHART,
      'c/templates/objects.yaml': [meta('ServiceAccount', 'runner'), meta('PersistentVolumeClaim', 'data'), meta('Secret', 'creds')].join('---\n'),
      'c/templates/pod.yaml': `${meta('Pod', 'check', PRE)}spec:\n  serviceAccountName: runner\n  restartPolicy: Never\n  containers:\n  - name: c\n    image: busybox\n  volumes:\n  - name: d\n    persistentVolumeClaim:\n      claimName: data\n  - name: s\n    secret:\n      secretName: creds\n`,
    }, 'c/templates/pod.yaml', [['relations/helm-hook-order', 'warning', 'runner'], ['relations/helm-hook-order', 'warning', 'data'], ['relations/helm-hook-order', 'warning', 'creds']]],
    ['a Job whose own weight is templated still runs before every regular resource', { ...CHART, 'c/templates/cm.yaml': meta('ConfigMap', 'env'), 'c/templates/job.yaml': hookJob({}, envFrom('env')).replace('  name: migrate\n', '  name: migrate\n  annotations:\n    helm.sh/hook: pre-install\n    helm.sh/hook-weight: {{ .Values.w | quote }}\n') }, 'c/templates/job.yaml', [['relations/helm-hook-order', 'warning', 'env']]],
  ]);
});

describe('relations/helm-hook-order at every event the hook runs in, names compared as they render', () => {
  const cm = (name: string, annotations: Record<string, string>) => meta('ConfigMap', name, annotations);
  const job = (annotations: Record<string, string>, name = 'env', jobName = 'migrate') => hookJob(annotations, envFrom(name)).replace('  name: migrate\n', `  name: ${jobName}\n`);
  const files = (cmFile: string, jobFile: string) => ({ ...CHART, 'c/templates/cm.yaml': cmFile, 'c/templates/job.yaml': jobFile });
  run([
    ['a pre-upgrade hook reading a pre-upgrade hook of a higher weight (the first upgrade hangs)', files(cm('env', { 'helm.sh/hook': 'pre-upgrade', 'helm.sh/hook-weight': '5' }), job({ 'helm.sh/hook': 'pre-upgrade' })), 'c/templates/job.yaml', [['relations/helm-hook-order', 'warning', 'env'], ['relations/argocd-sync-order', 'hint', 'env']]],
    ['a pre-upgrade hook reading a pre-install,pre-upgrade hook of a higher weight (it stays from the install; Argo CD would still hang)', files(cm('env', { 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-weight': '5' }), job({ 'helm.sh/hook': 'pre-upgrade' })), 'c/templates/job.yaml', [['relations/argocd-sync-order', 'hint', 'env']]],
    ['the same, deleted once its install hooks succeeded', files(cm('env', { 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-weight': '5', 'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded' }), job({ 'helm.sh/hook': 'pre-upgrade' })), 'c/templates/job.yaml', [['relations/helm-hook-order', 'warning', 'env'], ['relations/argocd-sync-order', 'hint', 'env']]],
    ['a post-install hook reading a pre-install hook that stays', files(cm('env', { 'helm.sh/hook': 'pre-install' }), job({ 'helm.sh/hook': 'post-install' })), 'c/templates/job.yaml', []],
    ['a post-install hook reading a pre-install hook deleted when it succeeded', files(cm('env', { 'helm.sh/hook': 'pre-install', 'helm.sh/hook-delete-policy': 'hook-succeeded' }), job({ 'helm.sh/hook': 'post-install' })), 'c/templates/job.yaml', [['relations/helm-hook-order', 'warning', 'env']]],
    ['a pre-install hook of a higher weight whose delete policy the values set: still too late at the install', files(`${meta('ConfigMap', 'env', { 'helm.sh/hook': 'pre-install', 'helm.sh/hook-weight': '5' })}`.replace('    helm.sh/hook-weight: "5"\n', '    helm.sh/hook-weight: "5"\n    helm.sh/hook-delete-policy: {{ .Values.policy }}\n'), job({ 'helm.sh/hook': 'pre-install' })), 'c/templates/job.yaml', [['relations/helm-hook-order', 'warning', 'env']]],
    ['a post-upgrade hook reading a regular ConfigMap', files(meta('ConfigMap', 'env'), job({ 'helm.sh/hook': 'post-upgrade' })), 'c/templates/job.yaml', []],
    ['a pre-rollback hook reading a pre-rollback hook of a higher weight', files(cm('env', { 'helm.sh/hook': 'pre-rollback', 'helm.sh/hook-weight': '1' }), job({ 'helm.sh/hook': 'pre-rollback' })), 'c/templates/job.yaml', [['relations/helm-hook-order', 'warning', 'env']]],
    ['templated names of one weight: the ConfigMap\'s literal part sorts later', files(cm('{{ include "c.fullname" . }}-env', PRE), job(PRE, '{{ include "c.fullname" . }}-env', '{{ include "c.fullname" . }}-db-migrate')), 'c/templates/job.yaml', [['relations/helm-hook-order', 'warning', '{{ include "c.fullname" . }}-env']]],
    ['templated names of one weight: the ConfigMap\'s literal part sorts first', files(cm('{{ include "c.fullname" . }}-config', PRE), job(PRE, '{{ include "c.fullname" . }}-config', '{{ include "c.fullname" . }}-migrate')), 'c/templates/job.yaml', []],
    ['the release\'s name against a literal name decides the order: a hint', files(cm('config', PRE), job(PRE, 'config', '{{ .Release.Name }}-migrate')), 'c/templates/job.yaml', [['relations/helm-hook-order', 'hint', 'config']]],
    ['both names start with the release\'s name: their literal parts decide', files(cm('{{ .Release.Name }}-config', PRE), job(PRE, '{{ .Release.Name }}-config', '{{ .Release.Name }}-migrate')), 'c/templates/job.yaml', []],
    ['names that differ at a value: not judged', files(cm('{{ .Values.cm }}', PRE), job(PRE, '{{ .Values.cm }}', '{{ .Values.job }}')), 'c/templates/job.yaml', []],
  ]);
});

describe('relations/argocd-sync-order', () => {
  const cm = (wave: string) => meta('ConfigMap', 'cfg', { 'argocd.argoproj.io/sync-wave': wave });
  const job = (annotations: Record<string, string>, kind = 'Job', apiVersion = 'batch/v1') => hookJob(annotations, envFrom('cfg'), kind, apiVersion);
  run([
    ['a Job of an earlier wave', { 'a/cm.yaml': cm('5'), 'a/job.yaml': job({ 'argocd.argoproj.io/sync-wave': '1' }) }, 'a/job.yaml', [['relations/argocd-sync-order', 'warning', 'cfg']]],
    ['the same wave (applied together)', { 'a/cm.yaml': cm('1'), 'a/job.yaml': job({ 'argocd.argoproj.io/sync-wave': '1' }) }, 'a/job.yaml', []],
    ['the ConfigMap first', { 'a/cm.yaml': cm('-1'), 'a/job.yaml': job({}) }, 'a/job.yaml', []],
    ['a PreSync hook and a regular ConfigMap of wave -10 (phases come before waves)', { 'a/cm.yaml': cm('-10'), 'a/job.yaml': job({ 'argocd.argoproj.io/hook': 'PreSync' }) }, 'a/job.yaml', [['relations/argocd-sync-order', 'warning', 'cfg']]],
    ['a CronJob (Argo CD does not wait for it)', { 'a/cm.yaml': cm('5'), 'a/job.yaml': `${meta('CronJob', 'c', {}, 'batch/v1')}spec:\n  schedule: "* * * * *"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers:\n          - name: m\n            image: b\n            envFrom:\n            - configMapRef:\n                name: cfg\n` }, 'a/job.yaml', []],
    ['no Argo CD annotation on either end', { 'a/cm.yaml': meta('ConfigMap', 'cfg'), 'a/job.yaml': job({}) }, 'a/job.yaml', []],
    ['another folder (another application)', { 'a/cm.yaml': cm('5'), 'b/job.yaml': job({}) }, 'b/job.yaml', []],
    ['a ConfigMap Argo CD skips', { 'a/cm.yaml': meta('ConfigMap', 'cfg', { 'argocd.argoproj.io/hook': 'Skip' }), 'a/job.yaml': job({ 'argocd.argoproj.io/sync-wave': '1' }) }, 'a/job.yaml', []],
  ]);
});

describe('relations/argocd-sync-order reads generated objects and annotation maps as kustomize and Helm render them', () => {
  const kustomization = (generator: string, extra = '') => `resources:\n- job.yaml\nconfigMapGenerator:\n- name: cfg\n  literals: [A=b]\n${generator}${extra}`;
  const presync = (wave: string) => ({ 'argocd.argoproj.io/hook': 'PreSync', 'argocd.argoproj.io/sync-wave': wave });
  const job = (annotations: Record<string, string>) => hookJob(annotations, envFrom('cfg'));
  run([
    ['a PreSync hook reading a ConfigMap generatorOptions make a PreSync hook of an earlier wave', { 'k/kustomization.yaml': kustomization('', 'generatorOptions:\n  annotations:\n    argocd.argoproj.io/hook: PreSync\n    argocd.argoproj.io/sync-wave: "-1"\n'), 'k/job.yaml': job(presync('0')) }, 'k/job.yaml', []],
    ['the same through the generator\'s own options', { 'k/kustomization.yaml': kustomization('  options:\n    annotations:\n      argocd.argoproj.io/hook: PreSync\n      argocd.argoproj.io/sync-wave: "-1"\n'), 'k/job.yaml': job(presync('0')) }, 'k/job.yaml', []],
    ['a generator\'s own options win over generatorOptions (MergeGlobalOptionsIntoLocal)', { 'k/kustomization.yaml': kustomization('  options:\n    annotations:\n      argocd.argoproj.io/sync-wave: "3"\n', 'generatorOptions:\n  annotations:\n    argocd.argoproj.io/hook: PreSync\n    argocd.argoproj.io/sync-wave: "-1"\n'), 'k/job.yaml': job(presync('0')) }, 'k/job.yaml', [['relations/argocd-sync-order', 'warning', 'cfg']]],
    ['a generated ConfigMap without options is synced in the Sync phase, after a PreSync hook', { 'k/kustomization.yaml': kustomization(''), 'k/job.yaml': job(presync('0')) }, 'k/job.yaml', [['relations/argocd-sync-order', 'warning', 'cfg']]],
    ['commonAnnotations put the Job and the ConfigMap in one wave', { 'k/kustomization.yaml': kustomization('', 'commonAnnotations:\n  argocd.argoproj.io/sync-wave: "2"\n'), 'k/cm.yaml': '', 'k/job.yaml': job({ 'argocd.argoproj.io/sync-wave': '1' }) }, 'k/job.yaml', []],
    ['a literal hook beside annotations the values add is still judged', { ...CHART, 'c/templates/cm.yaml': meta('ConfigMap', 'cfg'), 'c/templates/job.yaml': hookJob({}, envFrom('cfg')).replace('  name: migrate\n', '  name: migrate\n  annotations:\n    argocd.argoproj.io/hook: PreSync\n    {{- with .Values.jobAnnotations }}\n    {{- toYaml . | nindent 4 }}\n    {{- end }}\n') }, 'c/templates/job.yaml', [['relations/argocd-sync-order', 'warning', 'cfg']]],
    ['a ConfigMap whose Argo CD hook the values may add is not judged', { ...CHART, 'c/templates/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\n  annotations:\n    {{- toYaml .Values.annotations | nindent 4 }}\n', 'c/templates/job.yaml': hookJob({ 'argocd.argoproj.io/hook': 'PreSync' }, envFrom('cfg')) }, 'c/templates/job.yaml', []],
  ]);
});

const DRIVER = (name: string, spec: string) => `apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: ${name}\nspec:\n${spec}`;
const inlinePod = (driver: string, extra = '') => `${meta('Pod', 'p')}spec:\n${extra}  containers:\n  - name: c\n    image: b\n  volumes:\n  - name: v\n    csi:\n      driver: ${driver}\n`;

const JOBSET = (driver: string) =>
  `apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: js\nspec:\n  replicatedJobs:\n${['leader', 'workers']
    .map((name, i) => `  - name: ${name}\n    template:\n      spec:\n        template:\n          spec:\n            restartPolicy: Never\n            containers:\n            - name: c\n              image: b\n${i ? `            volumes:\n            - name: v\n              csi:\n                driver: ${driver}\n` : ''}`)
    .join('')}`;

describe('relations/csi-inline-volume-mode', () => {
  run([
    ['a CSIDriver with Ephemeral', { 'a/d.yaml': DRIVER('x.example.com', '  volumeLifecycleModes: [Persistent, Ephemeral]\n'), 'a/p.yaml': inlinePod('x.example.com') }, 'a/p.yaml', []],
    ['a CSIDriver without modes (Persistent only), same folder', { 'a/d.yaml': DRIVER('x.example.com', '  attachRequired: false\n'), 'a/p.yaml': inlinePod('x.example.com') }, 'a/p.yaml', [['relations/csi-inline-volume-mode', 'warning', 'x.example.com']]],
    ['the CSIDriver in another folder: a hint', { 'a/d.yaml': DRIVER('x.example.com', '  volumeLifecycleModes: [Persistent]\n'), 'b/p.yaml': inlinePod('x.example.com') }, 'b/p.yaml', [['relations/csi-inline-volume-mode', 'hint', 'x.example.com']]],
    ['two CSIDrivers of the name, one with Ephemeral (an older copy beside a newer one)', { 'a/d.yaml': DRIVER('x.example.com', '  volumeLifecycleModes: [Persistent]\n'), 'b/d.yaml': DRIVER('x.example.com', '  volumeLifecycleModes: [Persistent, Ephemeral]\n'), 'a/p.yaml': inlinePod('x.example.com') }, 'a/p.yaml', []],
    ['modes a template writes', { 'c/Chart.yaml': 'apiVersion: v2\nname: c\nversion: 1\n', 'c/templates/d.yaml': DRIVER('x.example.com', '  volumeLifecycleModes: {{ toYaml .Values.modes | nindent 4 }}\n'), 'c/templates/p.yaml': inlinePod('x.example.com') }, 'c/templates/p.yaml', []],
    ['an unknown driver without a CSIDriver', { 'a/p.yaml': inlinePod('x.example.com') }, 'a/p.yaml', []],
    ['a well-known driver that serves ephemeral volumes', { 'a/p.yaml': inlinePod('secrets-store.csi.k8s.io') }, 'a/p.yaml', []],
    ['a well-known driver that does not (assumed: a hint)', { 'a/p.yaml': inlinePod('ebs.csi.aws.com') }, 'a/p.yaml', [['relations/csi-inline-volume-mode', 'hint', 'ebs.csi.aws.com']]],
    ['a JobSet\'s second replicated job (a checked kind since issue 22: each Job template\'s Pod is a consumer)', { 'a/d.yaml': DRIVER('x.example.com', '  attachRequired: false\n'), 'a/js.yaml': JOBSET('x.example.com') }, 'a/js.yaml', [['relations/csi-inline-volume-mode', 'warning', 'x.example.com']]],
  ]);
});

const claimPod = (claim: string, fsGroup = '    fsGroup: 1000\n', readOnly = '') => `${meta('Pod', 'p')}spec:\n  securityContext:\n${fsGroup}  containers:\n  - name: c\n    image: b\n  volumes:\n  - name: v\n    persistentVolumeClaim:\n      claimName: ${claim}\n${readOnly}`;
const pvc = (name: string, modes: string, spec = '') => `${meta('PersistentVolumeClaim', name)}spec:\n  accessModes: [${modes}]\n${spec}  resources:\n    requests:\n      storage: 1Gi\n`;
const pv = (name: string, modes: string, csi: string) => `${meta('PersistentVolume', name)}spec:\n  accessModes: [${modes}]\n  capacity:\n    storage: 1Gi\n  csi:\n${csi}`;
const sc = (name: string, provisioner: string, parameters = '') => `apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: ${name}\nprovisioner: ${provisioner}\n${parameters}`;

describe('relations/fsgroup-not-applied', () => {
  const rwx = { 'a/d.yaml': DRIVER('x.example.com', '  attachRequired: false\n'), 'a/pv.yaml': [pv('vol', 'ReadWriteMany', '    driver: x.example.com\n    volumeHandle: h\n    fsType: ext4\n'), pvc('data', 'ReadWriteMany', '  storageClassName: ""\n  volumeName: vol\n')].join('---\n') };
  run([
    ['a ReadWriteMany volume under the default policy', { ...rwx, 'a/p.yaml': claimPod('data') }, 'a/p.yaml', [['relations/fsgroup-not-applied', 'warning', 'data']]],
    ['no fsGroup', { ...rwx, 'a/p.yaml': claimPod('data', '    runAsUser: 1000\n') }, 'a/p.yaml', []],
    ['a read-only claim', { ...rwx, 'a/p.yaml': claimPod('data', undefined, '      readOnly: true\n') }, 'a/p.yaml', []],
    ['fsGroupPolicy File', { ...rwx, 'a/d.yaml': DRIVER('x.example.com', '  fsGroupPolicy: File\n'), 'a/p.yaml': claimPod('data') }, 'a/p.yaml', []],
    ['fsGroupPolicy None (a hint: the driver says it does not)', { ...rwx, 'a/d.yaml': DRIVER('x.example.com', '  fsGroupPolicy: None\n'), 'a/p.yaml': claimPod('data') }, 'a/p.yaml', [['relations/fsgroup-not-applied', 'hint', 'data']]],
    ['ReadWriteOnce with an fsType', { 'a/d.yaml': DRIVER('x.example.com', '  attachRequired: false\n'), 'a/pv.yaml': [pv('vol', 'ReadWriteOnce', '    driver: x.example.com\n    volumeHandle: h\n    fsType: ext4\n'), pvc('data', 'ReadWriteOnce', '  volumeName: vol\n')].join('---\n'), 'a/p.yaml': claimPod('data') }, 'a/p.yaml', []],
    ['ReadWriteOnce without an fsType', { 'a/d.yaml': DRIVER('x.example.com', '  attachRequired: false\n'), 'a/pv.yaml': [pv('vol', 'ReadWriteOnce', '    driver: x.example.com\n    volumeHandle: h\n'), pvc('data', 'ReadWriteOnce', '  volumeName: vol\n')].join('---\n'), 'a/p.yaml': claimPod('data') }, 'a/p.yaml', [['relations/fsgroup-not-applied', 'warning', 'data']]],
    ['ReadWriteOncePod (releases differ)', { 'a/d.yaml': DRIVER('x.example.com', '  attachRequired: false\n'), 'a/pv.yaml': [pv('vol', 'ReadWriteOncePod', '    driver: x.example.com\n    volumeHandle: h\n'), pvc('data', 'ReadWriteOncePod', '  volumeName: vol\n')].join('---\n'), 'a/p.yaml': claimPod('data') }, 'a/p.yaml', []],
    ['no CSIDriver in the workspace', { 'a/pv.yaml': rwx['a/pv.yaml'], 'a/p.yaml': claimPod('data') }, 'a/p.yaml', []],
    ['a claim of a StorageClass with an fstype', { 'a/d.yaml': DRIVER('x.example.com', '  attachRequired: false\n'), 'a/sc.yaml': sc('fast', 'x.example.com', 'parameters:\n  csi.storage.k8s.io/fstype: xfs\n'), 'a/c.yaml': pvc('data', 'ReadWriteOnce', '  storageClassName: fast\n'), 'a/p.yaml': claimPod('data') }, 'a/p.yaml', []],
    ['a claim of the default class (unknown here)', { 'a/d.yaml': DRIVER('x.example.com', '  attachRequired: false\n'), 'a/c.yaml': pvc('data', 'ReadWriteMany'), 'a/p.yaml': claimPod('data') }, 'a/p.yaml', []],
    ['an inline volume without fsType', { 'a/d.yaml': DRIVER('x.example.com', '  volumeLifecycleModes: [Ephemeral]\n'), 'a/p.yaml': inlinePod('x.example.com', '  securityContext:\n    fsGroup: 2000\n') }, 'a/p.yaml', [['relations/fsgroup-not-applied', 'warning', 'x.example.com']]],
    ['a StatefulSet claim template, ReadWriteMany', { 'a/d.yaml': DRIVER('x.example.com', '  attachRequired: false\n'), 'a/sc.yaml': sc('shared', 'x.example.com'), 'a/s.yaml': `${meta('StatefulSet', 's', {}, 'apps/v1')}spec:\n  serviceName: s\n  selector:\n    matchLabels: {a: b}\n  template:\n    metadata:\n      labels: {a: b}\n    spec:\n      securityContext:\n        fsGroup: 1\n      containers:\n      - name: c\n        image: b\n        volumeMounts:\n        - name: data\n          mountPath: /d\n  volumeClaimTemplates:\n  - metadata:\n      name: data\n    spec:\n      accessModes: [ReadWriteMany]\n      storageClassName: shared\n      resources:\n        requests:\n          storage: 1Gi\n` }, 'a/s.yaml', [['relations/fsgroup-not-applied', 'warning', 'shared']]],
  ]);
});

describe('a CSIDriver field a template writes in `if` branches', () => {
  const chart = (spec: string) => ({ 'c/Chart.yaml': 'apiVersion: v2\nname: c\nversion: 1.0.0\n', 'c/templates/driver.yaml': DRIVER('x.example.com', spec) });
  const pod = inlinePod('x.example.com', '  securityContext:\n    fsGroup: 2000\n');
  const branch = (condition: string, then: string, otherwise?: string) => `  volumeLifecycleModes: [Ephemeral]\n  {{- if ${condition} }}\n  fsGroupPolicy: ${then}\n${otherwise ? `  {{- else }}\n  fsGroupPolicy: ${otherwise}\n` : ''}  {{- end }}\n`;
  run([
    ['the release picks the branch (1.37 >= 1.20): File, silent', { ...chart(branch('semverCompare ">=1.20-0" .Capabilities.KubeVersion.Version', 'File')), 'c/templates/p.yaml': pod }, 'c/templates/p.yaml', []],
    ['the release picks the other branch: no fsGroupPolicy, the default, and an inline volume without fsType', { ...chart(branch('semverCompare "<1.20-0" .Capabilities.KubeVersion.GitVersion', 'File')), 'c/templates/p.yaml': pod }, 'c/templates/p.yaml', [['relations/fsgroup-not-applied', 'warning', 'x.example.com']]],
    ['a condition on the values, one branch works: silent', { ...chart(branch('.Values.file', 'File', 'None')), 'c/templates/p.yaml': pod }, 'c/templates/p.yaml', []],
    ['a condition on the values, every branch fails (None, or the default without fsType): reported, a hint', { ...chart(branch('.Values.none', 'None', 'ReadWriteOnceWithFSType')), 'c/templates/p.yaml': pod }, 'c/templates/p.yaml', [['relations/fsgroup-not-applied', 'hint', 'x.example.com']]],
    ['a constraint without a pre-release (a managed cluster\'s version never matches it): every branch judged', { ...chart(branch('semverCompare ">=1.20" .Capabilities.KubeVersion.Version', 'File')), 'c/templates/p.yaml': pod }, 'c/templates/p.yaml', []],
    ['a templated fsGroupPolicy leaves the literal volumeLifecycleModes judged', { ...chart('  fsGroupPolicy: {{ .Values.policy }}\n  volumeLifecycleModes: [Persistent]\n'), 'c/templates/p.yaml': inlinePod('x.example.com') }, 'c/templates/p.yaml', [['relations/csi-inline-volume-mode', 'warning', 'x.example.com']]],
  ]);
});

describe('relations/csi-driver-name', () => {
  run([
    ['an exact name', { 'a/d.yaml': DRIVER('nfs.csi.k8s.io', '  attachRequired: false\n'), 'a/sc.yaml': sc('nfs', 'nfs.csi.k8s.io') }, 'a/sc.yaml', []],
    ['a typo, same folder', { 'a/d.yaml': DRIVER('hostpath.csi.k8s.io', '  attachRequired: false\n'), 'a/sc.yaml': sc('h', 'hostpth.csi.k8s.io') }, 'a/sc.yaml', [['relations/csi-driver-name', 'warning', 'hostpth.csi.k8s.io']]],
    ['a typo, another folder: a hint', { 'a/d.yaml': DRIVER('hostpath.csi.k8s.io', '  attachRequired: false\n'), 'b/sc.yaml': sc('h', 'hostpth.csi.k8s.io') }, 'b/sc.yaml', [['relations/csi-driver-name', 'hint', 'hostpth.csi.k8s.io']]],
    ['two well-known drivers a letter apart', { 'a/d.yaml': DRIVER('efs.csi.aws.com', '  attachRequired: false\n'), 'a/sc.yaml': sc('gp3', 'ebs.csi.aws.com') }, 'a/sc.yaml', []],
    ['an in-tree provisioner', { 'a/d.yaml': DRIVER('kubernetes.io/aws-ebs.x', '  attachRequired: false\n'), 'a/sc.yaml': sc('old', 'kubernetes.io/aws-ebs') }, 'a/sc.yaml', []],
    ['no close name', { 'a/d.yaml': DRIVER('pd.csi.storage.gke.io', '  attachRequired: true\n'), 'a/sc.yaml': sc('x', 'csi.hetzner.cloud') }, 'a/sc.yaml', []],
    ['a VolumeSnapshotClass driver', { 'a/d.yaml': DRIVER('hostpath.csi.k8s.io', '  attachRequired: false\n'), 'a/vsc.yaml': 'apiVersion: snapshot.storage.k8s.io/v1\nkind: VolumeSnapshotClass\nmetadata:\n  name: s\ndriver: hostpath.csi.k8s.ioo\ndeletionPolicy: Delete\n' }, 'a/vsc.yaml', [['relations/csi-driver-name', 'warning', 'hostpath.csi.k8s.ioo']]],
  ]);
});

describe('relations/gcsfuse-*', () => {
  const volume = '      volumes:\n      - name: g\n        csi:\n          driver: gcsfuse.csi.storage.gke.io\n          volumeAttributes:\n            bucketName: b\n';
  const job = (own: string, pod: string, containers = '') => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\n${own}spec:\n  template:\n${pod}    spec:\n      restartPolicy: Never\n      containers:\n      - name: c\n        image: b\n${containers}${volume}`;
  const annotation = (indent: string) => `${indent}annotations:\n${indent}  gke-gcsfuse/volumes: "true"\n`;
  run([
    ['on the Pod template', { 'a/j.yaml': job('', `    metadata:\n${annotation('      ')}`) }, 'a/j.yaml', []],
    ['on the Job', { 'a/j.yaml': job(annotation('  '), '') }, 'a/j.yaml', [['relations/gcsfuse-annotation-placement', 'warning', 'gke-gcsfuse/volumes']]],
    ['on both (the Job\'s copy is only redundant)', { 'a/j.yaml': job(annotation('  '), `    metadata:\n${annotation('      ')}`) }, 'a/j.yaml', []],
    ['on neither', { 'a/j.yaml': job('', '') }, 'a/j.yaml', [['relations/gcsfuse-sidecar-missing', 'warning', 'gcsfuse.csi.storage.gke.io']]],
    ['on neither, with the sidecar added by hand', { 'a/j.yaml': job('', '', '      - name: gke-gcsfuse-sidecar\n        image: gcs-fuse-csi-driver-sidecar-mounter\n') }, 'a/j.yaml', []],
  ]);
});

describe('relations/undefined-reference (opt-in)', () => {
  const files = { 'k/kustomization.yaml': 'resources:\n- sa.yaml\n- job.yaml\n', 'k/sa.yaml': meta('ServiceAccount', 'one'), 'k/job.yaml': hookJob({}, '      serviceAccountName: two\n') };
  run([
    ['off by default', files, 'k/job.yaml', []],
    ['on: a name the kustomization does not define', files, 'k/job.yaml', [['relations/undefined-reference', 'hint', 'two']], { undefinedReferences: true }],
    ['on: a name it defines', { ...files, 'k/sa.yaml': meta('ServiceAccount', 'two') }, 'k/job.yaml', [], { undefinedReferences: true }],
    ['on: a folder is no kustomization', { 'k/sa.yaml': files['k/sa.yaml'], 'k/job.yaml': files['k/job.yaml'] }, 'k/job.yaml', [], { undefinedReferences: true }],
    ['on: a chart\'s templated name no template of the chart writes', { ...CHART, 'c/templates/sa.yaml': meta('ServiceAccount', '{{ include "c.fullname" . }}-runner'), 'c/templates/job.yaml': hookJob({}, '      serviceAccountName: {{ include "c.fullname" . }}-migrate\n') }, 'c/templates/job.yaml', [['relations/undefined-reference', 'hint', '{{ include "c.fullname" . }}-migrate']], { undefinedReferences: true }],
    ['on: a chart\'s templated name the chart writes with other spacing', { ...CHART, 'c/templates/sa.yaml': meta('ServiceAccount', '{{ include "c.fullname" $ }}-runner'), 'c/templates/job.yaml': hookJob({}, '      serviceAccountName: {{include "c.fullname" .}}-runner\n') }, 'c/templates/job.yaml', [], { undefinedReferences: true }],
    ['on: a name from the values may be any of the chart\'s', { ...CHART, 'c/templates/sa.yaml': meta('ServiceAccount', '{{ include "c.fullname" . }}-runner'), 'c/templates/job.yaml': hookJob({}, '      serviceAccountName: {{ .Values.serviceAccountName }}\n') }, 'c/templates/job.yaml', [], { undefinedReferences: true }],
    ['on: a literal name a template of the chart may write', { ...CHART, 'c/templates/sa.yaml': meta('ServiceAccount', '{{ .Release.Name }}-runner'), 'c/templates/job.yaml': hookJob({}, '      serviceAccountName: prod-runner\n') }, 'c/templates/job.yaml', [], { undefinedReferences: true }],
    ['on: a ConfigMap its configMapGenerator makes', { 'k/kustomization.yaml': 'resources:\n- cm.yaml\n- job.yaml\nconfigMapGenerator:\n- name: generated\n  literals: [A=b]\n', 'k/cm.yaml': meta('ConfigMap', 'other'), 'k/job.yaml': hookJob({}, envFrom('generated')) }, 'k/job.yaml', [], { undefinedReferences: true }],
  ]);
});
