// The relation checks on real repository layouts (test/fixtures/relations-real/<name>/, fetched byte for byte,
// sources in each SOURCES.md): each layout as it is gets no finding, and what a user adds or changes there is
// judged as the tools would run it. Each row names the file it adds or changes, the file checked, and exactly what
// it reports there (code, severity, the text underlined); an empty list is a promise not to cry wolf.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS } from '../../../server/src/service/index';
import { realLayout as layout, underlined, workspace } from '../../support/relationWorkspace';

const SEVERITIES = ['', 'error', 'warning', 'information', 'hint'];
type Found = [code: string, severity: string, underlines: string][];

function findings(files: Record<string, string>, file: string, undefinedReferences = false, kubernetesVersion = DEFAULT_SETTINGS.kubernetesVersion): Found {
  const ws = workspace(files);
  const found = ws.relations(file, { kubernetesVersion, relations: { ...DEFAULT_SETTINGS.relations, undefinedReferences } });
  return found.map((d) => [String(d.code), SEVERITIES[d.severity ?? 0], underlined(ws.text(file), d)]);
}

/** Every relation finding of every file of a layout, opt-in hints included. */
function allFindings(files: Record<string, string>): string[] {
  const ws = workspace(files);
  const out: string[] = [];
  for (const file of Object.keys(files)) {
    for (const d of ws.relations(file, { relations: { ...DEFAULT_SETTINGS.relations, undefinedReferences: true } })) out.push(`${file} ${d.code} ${SEVERITIES[d.severity ?? 0]}`);
  }
  return out;
}

/** A text with one exact passage replaced (the passage must be there). */
function edit(text: string, from: string, to: string): string {
  assert.ok(text.includes(from), `the layout has no ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

describe('fsGroup and the csi-provisioner\'s --default-fstype: kubernetes-sigs/gcp-compute-persistent-disk-csi-driver', () => {
  const real = layout('gcp-pd-csi-driver');
  const CONTROLLER = 'deploy/kubernetes/base/controller/controller.yaml';
  const noDefault: Record<string, string> = { ...real, [CONTROLLER]: edit(real[CONTROLLER], '            - "--default-fstype=ext4"\n', '') };
  const pod = (claim: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: writer\nspec:\n  securityContext:\n    fsGroup: 1000\n  containers:\n  - name: w\n    image: busybox\n  volumes:\n  - name: data\n    persistentVolumeClaim:\n      claimName: ${claim}\n`;
  const rwx = 'kind: PersistentVolumeClaim\napiVersion: v1\nmetadata:\n  name: shared\nspec:\n  accessModes:\n    - ReadWriteMany\n  storageClassName: csi-gce-pd\n  resources:\n    requests:\n      storage: 200Gi\n';
  const WRITER = 'examples/kubernetes/writer.yaml';
  it('the layout as it is: no finding', () => assert.deepEqual(allFindings(real), []));
  it('a Pod with fsGroup on a ReadWriteOnce claim of a class without an fstype: the provisioner gives it ext4, silent', () => {
    assert.deepEqual(findings({ ...real, [WRITER]: pod('test-pvc') }, WRITER), []);
  });
  it('the same without --default-fstype in the controller: the fsType is the provisioner\'s business again, a hint (test-pvc, written twice alike, counts once)', () => {
    assert.deepEqual(findings({ ...noDefault, [WRITER]: pod('test-pvc') }, WRITER), [['relations/fsgroup-not-applied', 'hint', 'test-pvc']]);
  });
  it('the fsGroup the repository\'s own nginx Pod would add there: the same hint on its claim', () => {
    const file = 'examples/kubernetes/demo-vol-create.yaml';
    const files = { ...noDefault, [file]: edit(noDefault[file], 'kind: Pod\nmetadata:\n  name: nginx\nspec:\n', 'kind: Pod\nmetadata:\n  name: nginx\nspec:\n  securityContext:\n    fsGroup: 101\n') };
    assert.deepEqual(findings(files, file), [['relations/fsgroup-not-applied', 'hint', 'test-pvc']]);
  });
  it('near miss: podpvc is written twice differently (ReadWriteOnce, and ReadWriteMany Block): which one is applied is unknown, silent', () => {
    assert.deepEqual(findings({ ...noDefault, [WRITER]: pod('podpvc') }, WRITER), []);
  });
  it('a ReadWriteMany claim of the class: ext4, but not ReadWriteOnce, so the kubelet does not apply fsGroup (a warning)', () => {
    assert.deepEqual(findings({ ...real, 'examples/kubernetes/shared.yaml': rwx, [WRITER]: pod('shared') }, WRITER), [['relations/fsgroup-not-applied', 'warning', 'shared']]);
  });
});

describe('Helm hooks at every event they run in: mastodon/chart', () => {
  const real = layout('mastodon-chart');
  const ADMIN = 'templates/job-create-admin.yaml';
  const ASSETS = 'templates/job-assets-copy.yaml';
  const PREINSTALL = 'templates/secret-redis-preinstall.yaml';
  const REDIS = '                  name: {{ template "mastodon.redis.secretName" . }}\n                  key: {{ .Values.redis.auth.existingSecretKey }}';
  const PRE_REDIS = '                  name: {{ template "mastodon.redis.secretName" . }}-pre-install\n                  key: {{ .Values.redis.auth.existingSecretKey }}';
  const readsPreinstall = (text: string) => edit(text, REDIS, PRE_REDIS);
  const assetsReadsPreinstall = (text: string) =>
    edit(text, '                name: {{ required "Please specify a secret with S3 credentials for S3 asset uploads" .Values.mastodon.hooks.s3Upload.secretRef.name }}\n                key: {{ .Values.mastodon.hooks.s3Upload.secretRef.keys.accesKeyId }}', '                name: {{ include "mastodon.redis.secretName" . }}-pre-install\n                key: {{ .Values.mastodon.hooks.s3Upload.secretRef.keys.accesKeyId }}');
  it('the chart as it is: no finding (the post-install Job reads the env ConfigMap and the regular redis Secret)', () => assert.deepEqual(allFindings(real), []));
  it('the post-install Job reading the pre-install Secret, which Helm deletes once the pre-install hooks succeed: a warning', () => {
    assert.deepEqual(findings({ ...real, [ADMIN]: readsPreinstall(real[ADMIN]) }, ADMIN), [['relations/helm-hook-order', 'warning', '{{ template "mastodon.redis.secretName" . }}-pre-install']]);
  });
  it('near miss: the same Secret kept after its hooks (no `hook-succeeded`): silent', () => {
    const files = { ...real, [PREINSTALL]: edit(real[PREINSTALL], 'before-hook-creation,hook-succeeded', 'before-hook-creation'), [ADMIN]: readsPreinstall(real[ADMIN]) };
    assert.deepEqual(findings(files, ADMIN), []);
  });
  it('the pre-install,pre-upgrade Job reading it: there at the install (weight -5 before -1), gone at the first upgrade: a warning', () => {
    const found = findings({ ...real, [ASSETS]: assetsReadsPreinstall(real[ASSETS]) }, ASSETS);
    assert.deepEqual(found, [['relations/helm-hook-order', 'warning', '{{ include "mastodon.redis.secretName" . }}-pre-install']]);
  });
});

describe('annotations written beside ones the values add, and templated names of the opt-in hint: mastodon/chart', () => {
  const real = layout('mastodon-chart');
  const ADMIN = 'templates/job-create-admin.yaml';
  const PREINSTALL = 'templates/secret-redis-preinstall.yaml';
  const REDIS = '                  name: {{ template "mastodon.redis.secretName" . }}\n                  key: {{ .Values.redis.auth.existingSecretKey }}';
  const PRE_REDIS = '                  name: {{ template "mastodon.redis.secretName" . }}-pre-install\n                  key: {{ .Values.redis.auth.existingSecretKey }}';
  const OWN = '    "helm.sh/hook-weight": "-1"\n';
  const withValues = (text: string) => edit(text, OWN, `${OWN}    {{- with .Values.jobAnnotations }}\n    {{- toYaml . | nindent 4 }}\n    {{- end }}\n`);
  it('the post-install Job\'s annotations extended with the values: its written hook is still judged (a warning)', () => {
    const files = { ...real, [ADMIN]: edit(withValues(real[ADMIN]), REDIS, PRE_REDIS) };
    assert.deepEqual(findings(files, ADMIN), [['relations/helm-hook-order', 'warning', '{{ template "mastodon.redis.secretName" . }}-pre-install']]);
  });
  it('an Argo CD PreSync hook written beside the values\' annotations: judged per key, the env ConfigMap and the redis Secret come in the Sync phase (warnings)', () => {
    const files = { ...real, [ADMIN]: edit(withValues(real[ADMIN]), OWN, `${OWN}    argocd.argoproj.io/hook: PreSync\n`) };
    assert.deepEqual(findings(files, ADMIN).filter(([code]) => code === 'relations/argocd-sync-order'), [['relations/argocd-sync-order', 'warning', '{{ include "mastodon.fullname" . }}-env'], ['relations/argocd-sync-order', 'warning', '{{ template "mastodon.redis.secretName" . }}']]);
  });
  it('near miss: the ConfigMap\'s own Argo CD annotations left to the values: silent on it (the redis Secret still warned)', () => {
    const CONFIG = 'templates/configmap-env.yaml';
    const files = { ...real, [CONFIG]: edit(real[CONFIG], '    {{- include "mastodon.labels" . | nindent 4 }}\n', '    {{- include "mastodon.labels" . | nindent 4 }}\n  annotations:\n    {{- toYaml .Values.configmap.annotations | nindent 4 }}\n'), [ADMIN]: edit(withValues(real[ADMIN]), OWN, `${OWN}    argocd.argoproj.io/hook: PreSync\n`) };
    assert.deepEqual(findings(files, ADMIN).filter(([code]) => code === 'relations/argocd-sync-order'), [['relations/argocd-sync-order', 'warning', '{{ template "mastodon.redis.secretName" . }}']]);
  });
  it('near miss: the Secret\'s delete policy left to the values (not written): silent', () => {
    const files = { ...real, [PREINSTALL]: edit(real[PREINSTALL], '    "helm.sh/hook-delete-policy": before-hook-creation,hook-succeeded\n', '    {{- with .Values.redis.annotations }}\n    {{- toYaml . | nindent 4 }}\n    {{- end }}\n'), [ADMIN]: edit(real[ADMIN], REDIS, PRE_REDIS) };
    assert.deepEqual(findings(files, ADMIN), []);
  });
  it('opt-in: a ConfigMap name whose literal part no template of the chart writes: a hint', () => {
    const files = { ...real, [ADMIN]: edit(real[ADMIN], 'name: {{ include "mastodon.fullname" . }}-env', 'name: {{ include "mastodon.fullname" . }}-environment') };
    assert.deepEqual(findings(files, ADMIN, true), [['relations/undefined-reference', 'hint', '{{ include "mastodon.fullname" . }}-environment']]);
  });
  it('near miss, opt-in: the Secrets named by other helpers (`mastodon.secretName`, not written here) may be any: silent', () => {
    assert.deepEqual(findings(real, ADMIN, true), []);
  });
});

describe('kustomize generators and Argo CD PreSync hooks: redhat-cop/gitops-catalog, openshift-ai', () => {
  const real = layout('gitops-catalog-openshift-ai');
  const COMPONENT = 'openshift-ai/instance/components/wait-for-servicemesh/kustomization.yaml';
  const JOB = 'openshift-ai/instance/components/wait-for-servicemesh/wait-for-servicemesh-job.yaml';
  const OVERLAY = 'openshift-ai/instance/overlays/eus-2.16-modelregistry-only/kustomization.yaml';
  const GLOBAL_HOOK = '  annotations:\n    argocd.argoproj.io/hook: PreSync\n';
  const SCRIPT = '      - wait-for-servicemesh.sh\n';
  /** The component with generatorOptions that no longer make the generated ConfigMap a hook. */
  const noGlobalHook = edit(real[COMPONENT], GLOBAL_HOOK, '');
  /** The generator given its own `options.annotations`. */
  const ownOptions = (text: string, annotations: Record<string, string>) =>
    edit(text, SCRIPT, `${SCRIPT}    options:\n      annotations:\n${Object.entries(annotations).map(([key, value]) => `        ${key}: ${JSON.stringify(value)}\n`).join('')}`);
  const LATE = [['relations/argocd-sync-order', 'warning', 'wait-for-servicemesh']];
  it('the layout as it is: no finding (the PreSync Job of wave 10 reads the ConfigMap generatorOptions make a PreSync hook of wave 0)', () => {
    assert.deepEqual(allFindings(real), []);
  });
  it('generatorOptions without the hook annotation: the generated ConfigMap comes in the Sync phase, after the PreSync Job that waits for it (a warning)', () => {
    assert.deepEqual(findings({ ...real, [COMPONENT]: noGlobalHook }, JOB), LATE);
  });
  it('the generator\'s own options give it wave 20 (MergeGlobalOptionsIntoLocal: its keys win, the global hook stays): a PreSync ConfigMap after the wave-10 Job (a warning)', () => {
    assert.deepEqual(findings({ ...real, [COMPONENT]: ownOptions(real[COMPONENT], { 'argocd.argoproj.io/sync-wave': '20' }) }, JOB), LATE);
  });
  it('near miss: its own options give it wave 5, still before the Job\'s wave 10: silent', () => {
    assert.deepEqual(findings({ ...real, [COMPONENT]: ownOptions(real[COMPONENT], { 'argocd.argoproj.io/sync-wave': '5' }) }, JOB), []);
  });
  it('near miss: the hook written in the generator\'s own options instead of generatorOptions: silent', () => {
    assert.deepEqual(findings({ ...real, [COMPONENT]: ownOptions(noGlobalHook, { 'argocd.argoproj.io/hook': 'PreSync' }) }, JOB), []);
  });
  it('the generator\'s own options make it a Sync hook over the global PreSync: after the PreSync Job (a warning)', () => {
    assert.deepEqual(findings({ ...real, [COMPONENT]: ownOptions(real[COMPONENT], { 'argocd.argoproj.io/hook': 'Sync' }) }, JOB), LATE);
  });
  it('near miss: commonAnnotations of the component make everything it builds, the generated ConfigMap included, a PreSync hook: silent', () => {
    const files = { ...real, [COMPONENT]: `${noGlobalHook}\ncommonAnnotations:\n  argocd.argoproj.io/hook: PreSync\n` };
    assert.deepEqual(findings(files, JOB), []);
  });
  it('near miss: the overlay that uses the component puts everything in one wave (commonAnnotations): silent', () => {
    const files = { ...real, [OVERLAY]: `${real[OVERLAY]}\ncommonAnnotations:\n  argocd.argoproj.io/sync-wave: "1"\n` };
    assert.deepEqual(findings(files, JOB), []);
  });
});

describe('CSIDriver fields a chart writes in `if` branches: kubernetes-sigs/aws-ebs-csi-driver', () => {
  const real = layout('aws-ebs-csi-driver');
  const DRIVER = 'charts/aws-ebs-csi-driver/templates/csidriver.yaml';
  const APP = 'examples/kubernetes/dynamic-provisioning/manifests/pod.yaml';
  const INLINE = 'examples/kubernetes/inline/pod.yaml';
  const BRANCH = '  {{- if not .Values.useOldCSIDriver }}\n  fsGroupPolicy: File\n  {{- end }}\n';
  const withFsGroup = edit(real[APP], 'spec:\n  containers:\n', 'spec:\n  securityContext:\n    fsGroup: 1000\n  containers:\n');
  const inline = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: inline\nspec:\n  containers:\n  - name: app\n    image: busybox\n  volumes:\n  - name: data\n    csi:\n      driver: ebs.csi.aws.com\n';
  /** The CSIDriver with the fsGroupPolicy branch rewritten. */
  const driver = (branch: string) => ({ [DRIVER]: edit(real[DRIVER], BRANCH, branch) });
  it('the layout as it is: no finding (the apiVersion a `.Capabilities.KubeVersion` test picks, fields in `if` branches)', () => assert.deepEqual(allFindings(real), []));
  it('an inline `csi` volume of the driver: `fsGroupPolicy` in a values branch leaves `volumeLifecycleModes` judged (not written: Persistent only), a hint across scopes', () => {
    assert.deepEqual(findings({ ...real, [INLINE]: inline }, INLINE), [['relations/csi-inline-volume-mode', 'hint', 'ebs.csi.aws.com']]);
  });
  it('near miss: `Ephemeral` listed in a values branch (as csi-driver-nfs\'s chart writes it): silent', () => {
    const files = { ...real, [DRIVER]: edit(real[DRIVER], '  podInfoOnMount: false\n', '  podInfoOnMount: false\n  volumeLifecycleModes:\n    - Persistent\n  {{- if .Values.enableInlineVolume }}\n    - Ephemeral\n  {{- end }}\n'), [INLINE]: inline };
    assert.deepEqual(findings(files, INLINE), []);
    const persistentOnly = { ...files, [DRIVER]: edit(files[DRIVER], '  {{- if .Values.enableInlineVolume }}\n    - Ephemeral\n  {{- end }}\n', '') };
    assert.deepEqual(findings(persistentOnly, INLINE), [['relations/csi-inline-volume-mode', 'hint', 'ebs.csi.aws.com']]);
  });
  it('near miss: fsGroup on the example Pod: one branch (`File`) applies it, the other (not written: ReadWriteOnceWithFSType, a class without fstype) may not; silent', () => {
    assert.deepEqual(findings({ ...real, [APP]: withFsGroup }, APP), []);
  });
  it('the branch writing `None` instead: every branch may leave the volume without the group, a hint', () => {
    const files = { ...real, ...driver(BRANCH.replace('File', 'None')), [APP]: withFsGroup };
    assert.deepEqual(findings(files, APP), [['relations/fsgroup-not-applied', 'hint', 'ebs-claim']]);
  });
  it('near miss: `None` in one branch and `File` in the other, on the values: silent', () => {
    const files = { ...real, ...driver(`${BRANCH.replace('  {{- end }}\n', '  {{- else }}\n  fsGroupPolicy: None\n  {{- end }}\n')}`), [APP]: withFsGroup };
    assert.deepEqual(findings(files, APP), []);
  });
  it('`File` behind the chart\'s own `semverCompare ">=1.33.0-0" .Capabilities.KubeVersion.Version` test: the branch Helm renders for the release checked', () => {
    const files = { ...real, ...driver(BRANCH.replace('if not .Values.useOldCSIDriver', 'if semverCompare ">=1.33.0-0" .Capabilities.KubeVersion.Version')), [APP]: withFsGroup };
    assert.deepEqual(findings(files, APP, false, '1.37'), []);
    assert.deepEqual(findings(files, APP, false, '1.32'), [['relations/fsgroup-not-applied', 'hint', 'ebs-claim']]);
  });
});

describe('Helm hooks of one weight run in name order (hookByWeight.Less): prometheus-community/helm-charts, kube-prometheus-stack', () => {
  const real = layout('kube-prometheus-stack');
  const DIR = 'charts/kube-prometheus-stack/templates/prometheus-operator/admission-webhooks/job-patch/';
  const SA = `${DIR}serviceaccount.yaml`;
  const CREATE = `${DIR}job-createSecret.yaml`;
  const PATCH = `${DIR}job-patchWebhook.yaml`;
  const NAME = '{{ template "kube-prometheus-stack.fullname" . }}-admission';
  /** The ServiceAccount renamed, and both Jobs naming it so. */
  const renamed = (files: Record<string, string>, suffix: string) => ({
    ...files,
    [SA]: edit(files[SA], `name:  ${NAME}\n`, `name:  ${NAME}${suffix}\n`),
    [CREATE]: edit(files[CREATE], `serviceAccountName: ${NAME}\n`, `serviceAccountName: ${NAME}${suffix}\n`),
    [PATCH]: edit(files[PATCH], `serviceAccountName: ${NAME}\n`, `serviceAccountName: ${NAME}${suffix}\n`),
  });
  /**
   * The annotations as written only (the values' blocks taken out: the Job's may add a `helm.sh/hook-weight`, the
   * ServiceAccount's second `annotations:` may replace its hook): the weights are then settled, 0 both.
   */
  const writtenOnly = {
    ...real,
    [CREATE]: edit(real[CREATE], '{{- with .Values.prometheusOperator.admissionWebhooks.annotations }}\n{{ toYaml . | indent 4 }}\n{{- end }}\n', ''),
    [SA]: edit(real[SA], '  {{- with .Values.prometheusOperator.admissionWebhooks.patch.serviceAccount.annotations }}\n  annotations: {{- toYaml . | nindent 4 }}\n  {{- end }}\n', ''),
  };
  it('the chart as it is: no finding (`…-admission`, the ServiceAccount, sorts before `…-admission-create`, the Job, at the same weight)', () => assert.deepEqual(allFindings(real), []));
  it('near miss: the annotations as written only: the Job\'s weight is 0 like the ServiceAccount\'s, whose name sorts first: silent', () => {
    assert.deepEqual(findings(writtenOnly, CREATE), []);
  });
  it('the ServiceAccount renamed `…-admission-sa`: Helm creates the pre-install Job first (same weight, a later name) and the Job cannot create its Pod, a warning', () => {
    assert.deepEqual(findings(renamed(writtenOnly, '-sa'), CREATE), [['relations/helm-hook-order', 'warning', `${NAME}-sa`]]);
  });
  it('near miss: the same rename in the chart as it is, whose values may add a `helm.sh/hook-weight` to the Job or replace the ServiceAccount\'s annotations: not judged', () => {
    assert.deepEqual(findings(renamed(real, '-sa'), CREATE), []);
  });
  it('near miss: the renamed ServiceAccount given a lower weight: created first, silent', () => {
    const files = renamed(writtenOnly, '-sa');
    files[SA] = edit(files[SA], '    "helm.sh/hook-delete-policy": before-hook-creation,hook-succeeded\n', '    "helm.sh/hook-delete-policy": before-hook-creation,hook-succeeded\n    "helm.sh/hook-weight": "-1"\n');
    assert.deepEqual(findings(files, CREATE), []);
  });
  it('near miss: the post-install patch Job reads the renamed ServiceAccount, there since the pre-install hooks: silent', () => {
    assert.deepEqual(findings(renamed(writtenOnly, '-sa'), PATCH), []);
  });
});

describe('kustomize components run over what their parent accumulated before them: redhat-na-ssa/demo-ai-gitops-catalog', () => {
  const real = layout('demo-ai-gitops-catalog');
  const COMPONENT = 'demos/components/rhoai-servicemesh/approve-after-servicemesh/kustomization.yaml';
  const JOB = 'demos/components/rhoai-servicemesh/approve-after-servicemesh/job.yaml';
  const PREREQS = 'demos/components/rhoai-prereqs/kustomization.yaml';
  const GPU = 'demos/overlays/rhoai-nvidia-gpu-autoscale/kustomization.yaml';
  const WORKSHOP = 'demos/overlays/rhoai-workshop-ready/kustomization.yaml';
  const PRESYNC = 'commonAnnotations:\n  argocd.argoproj.io/hook: PreSync\n';
  const LATE = [['relations/argocd-sync-order', 'warning', 'approve-after-servicemesh']];
  it('the layout as it is: no finding (the workshop overlay\'s component rhoai-prereqs makes everything built before it a PreSync hook, the generated ConfigMap included; the GPU overlay alone does not: its builds disagree)', () => {
    assert.deepEqual(allFindings(real), []);
  });
  it('rhoai-prereqs without its commonAnnotations: every build syncs the generated ConfigMap after the PreSync Job that mounts it (a warning)', () => {
    assert.deepEqual(findings({ ...real, [PREREQS]: edit(real[PREREQS], PRESYNC, '') }, JOB), LATE);
  });
  it('a component runs over what was built before it only: rhoai-prereqs listed before rhoai-servicemesh in the GPU overlay (and not in the workshop one) does not reach the ConfigMap (a warning)', () => {
    const files = {
      ...real,
      [GPU]: edit(real[GPU], '  - ../../components/rhoai-servicemesh\n', '  - ../../components/rhoai-prereqs\n  - ../../components/rhoai-servicemesh\n'),
      [WORKSHOP]: edit(real[WORKSHOP], 'components:\n  - ../../components/rhoai-prereqs\n', ''),
    };
    assert.deepEqual(findings(files, JOB), LATE);
  });
  it('near miss: the component\'s generatorOptions make the ConfigMap a PreSync hook (as the repository\'s fix-dashboard-magic does): silent', () => {
    const files = { ...real, [PREREQS]: edit(real[PREREQS], PRESYNC, ''), [COMPONENT]: edit(real[COMPONENT], 'generatorOptions:\n  disableNameSuffixHash: true\n', 'generatorOptions:\n  disableNameSuffixHash: true\n  annotations:\n    argocd.argoproj.io/hook: PreSync\n') };
    assert.deepEqual(findings(files, JOB), []);
  });
});
