// The Cloud Storage FUSE CSI driver on GKE mounts through a sidecar container that its webhook adds to a Pod
// when the Pod carries `gke-gcsfuse/volumes: "true"` (gcs-fuse-csi-driver pkg/webhook/mutatingwebhook.go,
// SidecarInjector.Handle: it reads the Pod's own annotations and nothing else). Written on the Job, the
// CronJob or the Deployment instead, the annotation never reaches the Pods; a Pod with a gcsfuse volume and
// no sidecar fails to mount it ("failed to find the sidecar container in Pod spec",
// GoogleCloudPlatform/gcs-fuse-csi-driver#153). A single-object check that belongs with the volume relations.
import type { RuleCode } from '../../types';
import type { PodFacts } from '../facts';
import { distinct } from '../resolve';
import type { RelationContext, RelationFinding, RelationRule } from '../rule';

export const GCSFUSE_DRIVER = 'gcsfuse.csi.storage.gke.io';
const WEBHOOK = 'https://cloud.google.com/kubernetes-engine/docs/how-to/persistent-volumes/cloud-storage-fuse-csi-driver-sidecar';

export const GCSFUSE_ANNOTATION_PLACEMENT: RuleCode = {
  code: 'relations/gcsfuse-annotation-placement',
  severity: 'warning',
  title: 'A `gke-gcsfuse/` annotation on the object that creates Pods (the Job, CronJob, Deployment ...) instead of its Pod template, where the gcsfuse webhook reads it',
  mirrors: 'gcs-fuse-csi-driver SidecarInjector.Handle (pkg/webhook/mutatingwebhook.go)',
  href: WEBHOOK,
};

export const GCSFUSE_SIDECAR_MISSING: RuleCode = {
  code: 'relations/gcsfuse-sidecar-missing',
  severity: 'warning',
  title: 'A Pod template mounts a Cloud Storage FUSE volume without `gke-gcsfuse/volumes: "true"` and without a `gke-gcsfuse-sidecar` container',
  mirrors: 'gcs-fuse-csi-driver SidecarInjector.Handle and the node server\'s sidecar check',
  href: WEBHOOK,
};

/** The volumes of a Pod that the gcsfuse driver mounts (inline, or through a claim of a PersistentVolume or class of it). */
function gcsfuseVolumes(context: RelationContext, pod: PodFacts): { name: string; path: readonly (string | number)[]; span: [number, number] }[] {
  const out: { name: string; path: readonly (string | number)[]; span: [number, number] }[] = [];
  const podIndex = context.object.pods.indexOf(pod);
  for (const volume of pod.volumes) {
    const prefix = volume.path.join('\u0000');
    const reference = context.object.references.find((candidate) => candidate.pod === podIndex && candidate.path.slice(0, volume.path.length).join('\u0000') === prefix && (candidate.via === 'csi.driver' || candidate.via === 'claimName'));
    if (!reference) continue;
    if (volume.csi?.driver.value === GCSFUSE_DRIVER) {
      out.push({ name: volume.name, path: reference.path, span: reference.span });
      continue;
    }
    if (reference.via !== 'claimName' || !reference.name.key) continue;
    const claims = distinct(context.index.definitions('PersistentVolumeClaim', reference.name.key));
    if (claims.length !== 1) continue;
    const volumeName = claims[0].object.spec.volumeName?.value;
    const className = claims[0].object.spec.storageClassName?.value;
    const byVolume = volumeName ? distinct(context.index.definitions('PersistentVolume', volumeName)) : [];
    const byClass = !volumeName && className ? distinct(context.index.definitions('StorageClass', className)) : [];
    const driver = byVolume.length === 1 ? byVolume[0].object.spec.csiDriver?.value : byClass.length === 1 ? byClass[0].object.spec.provisioner?.value : undefined;
    if (driver === GCSFUSE_DRIVER) out.push({ name: volume.name, path: reference.path, span: reference.span });
  }
  return out;
}

function check(context: RelationContext): RelationFinding[] {
  const findings: RelationFinding[] = [];
  const object = context.object;
  for (const pod of object.pods) {
    for (const owner of pod.ownerGcsfuse) {
      // Certainly not on the Pod template too (then this copy is only redundant).
      const onPod = pod.gcsfuseKeys;
      if (onPod.unknown || onPod.value?.includes(owner.key)) continue;
      findings.push({
        code: GCSFUSE_ANNOTATION_PLACEMENT.code,
        severity: 'warning',
        message:
          `\`${owner.key}\` is written on the ${owner.path.length > 3 ? 'job template' : object.kind}, but the Cloud Storage FUSE webhook reads it from each Pod: ` +
          `Pods get their annotations from the Pod template only (\`${pod.metadata.join('.')}.annotations\`), so ${owner.key === 'gke-gcsfuse/volumes' ? 'no sidecar is injected and the gcsfuse volumes fail to mount ("failed to find the sidecar container in Pod spec")' : 'the setting never reaches the sidecar'}. ` +
          'Move it to the Pod template\'s annotations.',
        path: owner.path,
        span: owner.span,
        related: [],
      });
    }
    if (pod.gcsfuseVolumes.unknown || pod.gcsfuseVolumes.value?.toLowerCase() === 'true' || pod.gcsfuseSidecar.unknown || pod.gcsfuseSidecar.value) continue;
    if (pod.ownerGcsfuse.some((owner) => owner.key === 'gke-gcsfuse/volumes')) continue; // said above, where it is written
    for (const volume of gcsfuseVolumes(context, pod)) {
      findings.push({
        code: GCSFUSE_SIDECAR_MISSING.code,
        severity: 'warning',
        message:
          `Volume \`${volume.name}\` is mounted by the Cloud Storage FUSE CSI driver, which needs its sidecar in the Pod, but the Pod template has no ` +
          '`gke-gcsfuse/volumes: "true"` annotation (the webhook adds the sidecar only then) and no `gke-gcsfuse-sidecar` container: the mount fails ' +
          '("failed to find the sidecar container in Pod spec"). Add the annotation to the Pod template\'s metadata.',
        path: volume.path,
        span: volume.span,
        related: [],
      });
    }
  }
  return findings;
}

export const gcsfuse: RelationRule = {
  name: 'gcsfuse',
  codes: [GCSFUSE_ANNOTATION_PLACEMENT, GCSFUSE_SIDECAR_MISSING],
  scope: 'one object (its Pod template), and for a claim its PersistentVolume or StorageClass in the workspace',
  reason:
    'The webhook reads the annotation from the Pod only, and an object\'s annotations never reach the Pods it creates; a Pod\'s annotations are ' +
    'judged only when the template writes them literally, and a Pod that carries its own `gke-gcsfuse-sidecar` container is left alone.',
  check,
};
