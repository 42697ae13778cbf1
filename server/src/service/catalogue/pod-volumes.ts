// Volumes of a Job's Pod and where containers mount them. What matters most in a Job is lifetime: a
// volume that belongs to the Pod starts empty at every retry, one backed by a claim keeps what the failed
// try left. A volume whose source is missing keeps the Pod from starting, which the Job never counts.
import { POD_DOCS } from './links';
import { containerPath, exampleContainer, forEachContainerList, podPath, type ContainerList } from './pod-common';
import { ON_OFF, type FieldDoc } from './types';

const NOT_STARTED = 'the Pod stays in `ContainerCreating`, and the Job waits without counting a failure';

const VOLUMES: FieldDoc[] = [
  {
    path: podPath('volumes'),
    summary: 'Storage the containers can mount: scratch space, configuration, Secrets, persistent disks',
    details:
      'A volume is declared once here and mounted by name in each container\'s `volumeMounts`. Its lifetime decides what a retry sees: ' +
      '`emptyDir` and `ephemeral` volumes belong to one Pod, so a retry (a new Pod) starts empty, while a `persistentVolumeClaim` keeps ' +
      'data across retries, and across Jobs.\n\n' +
      `When a volume's source is missing (a ConfigMap, Secret or claim), ${NOT_STARTED}.`,
    interactions: [
      { text: 'Names must be unique in the Pod.', rule: 'pod/volume-name-duplicate' },
      { text: 'Each volume needs exactly one source.', rule: 'pod/volume-source-missing' },
      { text: 'Only one source per volume.', rule: 'pod/volume-source-multiple' },
      { text: 'Mounts must name a volume declared here.', field: 'spec.template.spec.containers[].volumeMounts[].name', rule: 'pod/volume-mount-not-found' },
    ],
    example:
      'volumes:\n- name: scratch\n  emptyDir:\n    sizeLimit: 10Gi\n- name: settings\n  configMap:\n    name: report-settings\n' +
      'containers:\n- name: main\n  image: busybox:1.36\n  volumeMounts:\n  - name: scratch\n    mountPath: /scratch\n' +
      '  - name: settings\n    mountPath: /etc/report\n    readOnly: true\n',
    docs: POD_DOCS.volumes,
  },
  {
    path: podPath('volumes[].name'),
    summary: 'The name containers mount the volume by; a DNS label, unique in the Pod',
    limits: ['a DNS label, at most 63 characters'],
    interactions: [
      { text: 'Required.', rule: 'pod/volume-name-required' },
      { text: 'Must be a DNS label.', rule: 'pod/volume-name-invalid' },
      { text: 'Must be unique in the Pod.', rule: 'pod/volume-name-duplicate' },
    ],
    example: 'volumes:\n- name: scratch\n  emptyDir: {}\n',
    docs: POD_DOCS.volumes,
  },
  {
    path: podPath('volumes[].emptyDir'),
    summary: 'Scratch space that lives as long as the Pod: empty at the start, deleted with the Pod',
    details:
      'Shared by the containers of the Pod and kept across container restarts: with `restartPolicy: OnFailure` a restarted container finds ' +
      'the files of its earlier run (a cheap checkpoint), while with `Never` each retry is a new Pod and starts empty.\n\n' +
      'It lives on the node\'s disk unless `medium: Memory` puts it in RAM, where it counts against the containers\' memory limits. ' +
      '`sizeLimit` caps it: a Pod that writes more is evicted, a failed try for the Job.',
    example: 'volumes:\n- name: scratch\n  emptyDir:\n    sizeLimit: 20Gi\n',
    docs: POD_DOCS.emptyDir,
  },
  {
    path: podPath('volumes[].configMap'),
    summary: 'Files from a ConfigMap: each key becomes a file, or only the keys listed in `items`',
    details:
      `Read-only. If the ConfigMap does not exist, ${NOT_STARTED}, unless it is marked \`optional: true\`. A Job usually reads its ` +
      'configuration once at start, so change the ConfigMap before creating the Job, not during the run.',
    example: 'volumes:\n- name: settings\n  configMap:\n    name: report-settings\n',
    docs: POD_DOCS.configMap,
  },
  {
    path: podPath('volumes[].secret'),
    summary: 'Files from a Secret (credentials, keys, certificates), held in memory on the node',
    details:
      `If the Secret does not exist, ${NOT_STARTED}, unless it is marked \`optional: true\`. \`defaultMode\` sets the file permissions ` +
      '(`0400` keeps a key readable by its owner only).',
    example: 'volumes:\n- name: credentials\n  secret:\n    secretName: report-credentials\n    defaultMode: 0400\n',
    docs: POD_DOCS.secret,
  },
  {
    path: podPath('volumes[].persistentVolumeClaim'),
    summary: 'Mount an existing PersistentVolumeClaim: data that outlives the Pods and the Job',
    details:
      `The claim must exist in the Job's namespace; until it exists and is bound, ${NOT_STARTED}.\n\n` +
      'With `parallelism` above 1 every Pod mounts the same claim: a `ReadWriteOnce` volume attaches to one node only, so Pods placed on other ' +
      'nodes wait. Use `ReadWriteMany` storage to share, or `ephemeral` volumes for space per Pod. Make the work safe to repeat: a retry finds ' +
      'whatever the failed try left behind.',
    example: 'volumes:\n- name: results\n  persistentVolumeClaim:\n    claimName: report-results\n',
    docs: POD_DOCS.persistentVolumeClaim,
  },
  {
    path: podPath('volumes[].ephemeral'),
    summary: 'A PersistentVolumeClaim made for each Pod from a template, and deleted with the Pod',
    details:
      'Scratch space from a StorageClass (larger or faster than the node\'s disk), created with the Pod and owned by it. Every retry and every ' +
      'parallel Pod of a Job gets a fresh claim of its own, named `<pod name>-<volume name>`.',
    example:
      'volumes:\n- name: scratch\n  ephemeral:\n    volumeClaimTemplate:\n      spec:\n        accessModes: ["ReadWriteOnce"]\n' +
      '        storageClassName: fast-ssd\n        resources:\n          requests:\n            storage: 100Gi\n',
    docs: POD_DOCS.ephemeralVolumes,
  },
  {
    path: podPath('volumes[].projected'),
    summary: 'Several sources (Secrets, ConfigMaps, Pod information, service account tokens) in one directory',
    details:
      'Also the way to give a Job a short-lived token for an outside service (a cloud API, a vault): a `serviceAccountToken` source with ' +
      'its own `audience` and `expirationSeconds`, without mounting the default API token.',
    example:
      'volumes:\n- name: vault-token\n  projected:\n    sources:\n    - serviceAccountToken:\n        audience: vault\n' +
      '        expirationSeconds: 3600\n        path: token\n',
    docs: POD_DOCS.projected,
  },
  {
    path: podPath('volumes[].downwardAPI'),
    summary: 'Files holding the Pod\'s own labels, annotations, name or resource limits',
    details:
      'In an Indexed Job, a file from `metadata.annotations[\'batch.kubernetes.io/job-completion-index\']` tells the program its index ' +
      '(the `JOB_COMPLETION_INDEX` variable does too).',
    example:
      'volumes:\n- name: pod-info\n  downwardAPI:\n    items:\n    - path: index\n      fieldRef:\n' +
      '        fieldPath: metadata.annotations[\'batch.kubernetes.io/job-completion-index\']\n',
    docs: POD_DOCS.downwardApiVolume,
  },
  {
    path: podPath('volumes[].hostPath'),
    summary: 'A file or directory of the node, mounted into the Pod: avoid it in a Job',
    details:
      'Each retry may land on another node and find other contents there, the Pod gains access to the node itself, and the `baseline` and ' +
      '`restricted` Pod Security levels refuse it. Use `emptyDir`, a claim or an `ephemeral` volume instead.',
    docs: POD_DOCS.hostPath,
  },
  {
    path: podPath('volumes[].csi'),
    summary: 'An inline volume from a CSI driver that supports it (secret stores, scratch or image drivers)',
    details:
      'The driver\'s CSIDriver object must list `Ephemeral` in its `volumeLifecycleModes`; otherwise the mount fails and the Pod waits. ' +
      'Common in Jobs: the Secrets Store CSI driver, to mount credentials from a vault.',
    example:
      'volumes:\n- name: secrets\n  csi:\n    driver: secrets-store.csi.k8s.io\n    readOnly: true\n' +
      '    volumeAttributes:\n      secretProviderClass: report-secrets\n',
    docs: POD_DOCS.csi,
  },
  {
    path: podPath('volumes[].image'),
    summary: 'Mount the files of an OCI image read-only: model weights, data sets or tools shipped as images',
    details:
      'Pulled like a container image, with its own `pullPolicy`. Alpha in 1.31, beta but off by default in 1.33 and 1.34, on by default from 1.35; ' +
      'while the gate is off the field is dropped, and the volume is left without a source.',
    maturity: 'beta',
    featureGate: 'ImageVolume',
    interactions: [{ text: 'Dropped while the gate is off.', rule: 'version/feature-gate-off' }],
    example: 'volumes:\n- name: model\n  image:\n    reference: registry.example.com/models/summarizer:2024-06\n    pullPolicy: IfNotPresent\n',
    docs: POD_DOCS.imageVolume,
  },
];

/** The mount fields of one container list. */
function mounts(list: ContainerList): FieldDoc[] {
  const at = (field: string) => containerPath(list, `volumeMounts${field}`);
  const example = (lines: string, volume = '- name: scratch\n  emptyDir: {}\n') =>
    `${list}:\n- name: ${exampleContainer(list)}\n  image: busybox:1.36\n  volumeMounts:\n${lines}volumes:\n${volume}`;
  const scratch = '  - name: scratch\n    mountPath: /scratch\n';
  return [
    {
      path: at(''),
      summary: 'Where the Pod\'s volumes appear inside this container',
      details:
        'Each entry names a volume of `volumes` and a `mountPath`, unique within the container. Whatever the container writes outside its ' +
        'mounts is lost when the container ends, including at a restart with `restartPolicy: OnFailure`.',
      interactions: [
        { text: 'Must name a volume of the Pod.', rule: 'pod/volume-mount-not-found' },
        { text: 'Mount paths must be unique within the container.', rule: 'pod/volume-mount-path-duplicate' },
      ],
      example: example(scratch),
      docs: POD_DOCS.volumes,
    },
    {
      path: at('[].name'),
      summary: 'The volume to mount: a `name` from the Pod\'s `volumes`',
      interactions: [
        { text: 'Required.', rule: 'pod/volume-mount-name-required' },
        { text: 'Must name a volume of the Pod.', field: 'spec.template.spec.volumes[].name', rule: 'pod/volume-mount-not-found' },
      ],
      example: example(scratch),
      docs: POD_DOCS.volumes,
    },
    {
      path: at('[].mountPath'),
      summary: 'The path in the container where the volume appears; what the image had there is hidden',
      interactions: [
        { text: 'Required.', rule: 'pod/volume-mount-path-required' },
        { text: 'Unique within the container.', rule: 'pod/volume-mount-path-duplicate' },
      ],
      example: example(scratch),
      docs: POD_DOCS.volumes,
    },
    {
      path: at('[].readOnly'),
      summary: 'Mount the volume read-only in this container',
      default: 'false',
      values: ON_OFF('The container can only read the volume.', 'The container may write, if the volume allows it.'),
      example: example('  - name: settings\n    mountPath: /etc/report\n    readOnly: true\n', '- name: settings\n  configMap:\n    name: report-settings\n'),
      docs: POD_DOCS.volumes,
    },
    {
      path: at('[].subPath'),
      summary: 'Mount one file or subdirectory of the volume instead of its root',
      details:
        'Handy to put one ConfigMap key at a fixed path without hiding the directory around it; such mounts do not see later changes of the ' +
        'ConfigMap or Secret. `subPathExpr` can use `$(NAME)` variables, for example the Pod name, so that parallel Pods of a Job write to ' +
        'separate directories of one shared volume.',
      example: example('  - name: settings\n    mountPath: /etc/report/config.yaml\n    subPath: config.yaml\n', '- name: settings\n  configMap:\n    name: report-settings\n'),
      docs: POD_DOCS.volumes,
    },
  ];
}

export const VOLUME_FIELDS: readonly FieldDoc[] = [...VOLUMES, ...forEachContainerList(mounts)];
