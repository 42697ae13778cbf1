// What relations/facts.ts reads of a Pod template: the references its containers and volumes make, its volumes
// as the storage checks need them, its fsGroup and the gcsfuse annotations and sidecar.
import { jsonAt, type FieldPath, type JsonObject } from '../types';
import type { ObjectReader } from './factReader';
import type { ObjectFacts, PodFacts, Read, VolumeFacts } from './factTypes';
import type { TargetKind } from './kinds';

const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;

export function readPod(reader: ObjectReader, facts: ObjectFacts, metadata: FieldPath, spec: FieldPath, owners: FieldPath[], pod: number): PodFacts {
  const push = (target: TargetKind, path: FieldPath, via: string, needed: boolean) => {
    const name = reader.name(path);
    const span = reader.span(path);
    if (name && span && name.text !== '') facts.references.push({ target, name, path, span, via, needed, pod });
  };
  const optional = (path: FieldPath) => reader.value(path) === true || reader.value(path) === 'unknown';
  for (const list of CONTAINER_LISTS) {
    for (const [container, c] of reader.items([...spec, list])) {
      const base = [...spec, list, c];
      if (list === 'containers' && isProvisioner(container)) {
        const fsType = defaultFsType(reader, base);
        const known = facts.spec.provisionerFsType;
        facts.spec.provisionerFsType = !known || (!known.unknown && !fsType.unknown && known.value === fsType.value) ? fsType : { unknown: true };
      }
      for (const [entry, e] of reader.items([...base, 'env'])) {
        const valueFrom = entry.valueFrom;
        if (!valueFrom || typeof valueFrom !== 'object' || Array.isArray(valueFrom)) continue;
        for (const [field, target] of [['configMapKeyRef', 'ConfigMap'], ['secretKeyRef', 'Secret']] as const) {
          if (!(field in valueFrom)) continue;
          const at = [...base, 'env', e, 'valueFrom', field];
          push(target, [...at, 'name'], field, !optional([...at, 'optional']));
        }
      }
      for (const [entry, e] of reader.items([...base, 'envFrom'])) {
        for (const [field, target] of [['configMapRef', 'ConfigMap'], ['secretRef', 'Secret']] as const) {
          if (!(field in entry)) continue;
          const at = [...base, 'envFrom', e, field];
          push(target, [...at, 'name'], 'envFrom', !optional([...at, 'optional']));
        }
      }
      void container;
    }
  }
  const volumes: VolumeFacts[] = [];
  for (const [volume, v] of reader.items([...spec, 'volumes'])) {
    const at = [...spec, 'volumes', v];
    const name = typeof volume.name === 'string' ? volume.name : '';
    const facts_: VolumeFacts = { name, path: at };
    if (volume.configMap && typeof volume.configMap === 'object') push('ConfigMap', [...at, 'configMap', 'name'], 'volume', !optional([...at, 'configMap', 'optional']));
    if (volume.secret && typeof volume.secret === 'object') push('Secret', [...at, 'secret', 'secretName'], 'volume', !optional([...at, 'secret', 'optional']));
    for (const [source, s] of reader.items([...at, 'projected', 'sources'])) {
      const sourceAt = [...at, 'projected', 'sources', s];
      if (source.configMap) push('ConfigMap', [...sourceAt, 'configMap', 'name'], 'projected', !optional([...sourceAt, 'configMap', 'optional']));
      if (source.secret) push('Secret', [...sourceAt, 'secret', 'name'], 'projected', !optional([...sourceAt, 'secret', 'optional']));
    }
    if (volume.persistentVolumeClaim && typeof volume.persistentVolumeClaim === 'object') {
      push('PersistentVolumeClaim', [...at, 'persistentVolumeClaim', 'claimName'], 'claimName', true);
      const claimName = reader.name([...at, 'persistentVolumeClaim', 'claimName']);
      facts_.claim = { claimName: claimName ? { value: claimName } : { unknown: true }, readOnly: reader.boolean([...at, 'persistentVolumeClaim', 'readOnly']) };
    }
    if (volume.csi && typeof volume.csi === 'object') {
      push('CSIDriver', [...at, 'csi', 'driver'], 'csi.driver', false);
      push('Secret', [...at, 'csi', 'nodePublishSecretRef', 'name'], 'nodePublishSecretRef', true);
      facts_.csi = { driver: reader.string([...at, 'csi', 'driver']), fsType: reader.string([...at, 'csi', 'fsType']), readOnly: reader.boolean([...at, 'csi', 'readOnly']) };
    }
    if (volume.ephemeral && typeof volume.ephemeral === 'object') {
      const claimSpec = [...at, 'ephemeral', 'volumeClaimTemplate', 'spec'];
      push('StorageClass', [...claimSpec, 'storageClassName'], 'storageClassName', false);
      facts_.claimTemplate = { storageClassName: reader.string([...claimSpec, 'storageClassName']), accessModes: reader.strings([...claimSpec, 'accessModes']), path: claimSpec };
    }
    volumes.push(facts_);
  }
  // A StatefulSet's claims: each Pod gets a claim from the template of the volume's name.
  if (facts.kind === 'StatefulSet') {
    for (const [template, t] of reader.items(['spec', 'volumeClaimTemplates'])) {
      const at: FieldPath = ['spec', 'volumeClaimTemplates', t, 'spec'];
      push('StorageClass', [...at, 'storageClassName'], 'storageClassName', false);
      const metadata = template.metadata as JsonObject | undefined;
      const name = typeof metadata?.name === 'string' ? metadata.name : undefined;
      if (!name || volumes.some((volume) => volume.name === name)) continue;
      volumes.push({ name, path: ['spec', 'volumeClaimTemplates', t], claimTemplate: { storageClassName: reader.string([...at, 'storageClassName']), accessModes: reader.strings([...at, 'accessModes']), path: at } });
    }
  }
  const serviceAccount = reader.value([...spec, 'serviceAccountName']) !== undefined ? 'serviceAccountName' : 'serviceAccount';
  const account = reader.name([...spec, serviceAccount]);
  if (account?.literal === false || (account && account.text !== 'default')) push('ServiceAccount', [...spec, serviceAccount], serviceAccount, true);
  for (const [, i] of reader.items([...spec, 'imagePullSecrets'])) push('Secret', [...spec, 'imagePullSecrets', i, 'name'], 'imagePullSecrets', false);

  const ownerGcsfuse: PodFacts['ownerGcsfuse'] = [];
  for (const owner of owners) {
    const annotations = jsonAt(reader.object, [...owner, 'annotations']);
    if (!annotations || typeof annotations !== 'object' || Array.isArray(annotations)) continue;
    for (const key of Object.keys(annotations)) {
      if (!key.startsWith('gke-gcsfuse/')) continue;
      const path = [...owner, 'annotations', key];
      const span = reader.keySpan(path);
      if (span) ownerGcsfuse.push({ key, path, span });
    }
  }
  let sidecar: Read<boolean> = { value: false };
  for (const list of ['initContainers', 'containers'] as const) {
    if (reader.openList([...spec, list])) sidecar = { unknown: true };
    if (reader.items([...spec, list]).some(([container]) => container.name === 'gke-gcsfuse-sidecar')) {
      sidecar = { value: true };
      break;
    }
  }
  return {
    metadata,
    spec,
    fsGroup: reader.number([...spec, 'securityContext', 'fsGroup']),
    volumes,
    gcsfuseVolumes: reader.string([...metadata, 'annotations', 'gke-gcsfuse/volumes']),
    gcsfuseKeys: annotationKeys(reader, [...metadata, 'annotations'], 'gke-gcsfuse/'),
    ownerGcsfuse,
    gcsfuseSidecar: sidecar,
  };
}


/** The keys with a prefix of the annotations at `path`, when the template settles them all. */
function annotationKeys(reader: ObjectReader, path: FieldPath, prefix: string): Read<string[]> {
  const value = reader.value(path);
  if (value === 'unknown') return { unknown: true };
  if (reader.unknowns?.isOpen(path)) return { unknown: true };
  if (value === undefined) return { value: [] };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { unknown: true };
  const keys = Object.keys(value).filter((key) => key.startsWith(prefix));
  if (reader.unknowns && keys.some((key) => !reader.unknowns?.isCertain(reader.object, [...path, key]))) return { unknown: true };
  return { value: keys };
}

/** The external-provisioner sidecar (kubernetes-csi/external-provisioner), by its image or its usual name. */
function isProvisioner(container: JsonObject): boolean {
  const image = typeof container.image === 'string' ? container.image : '';
  return /(?:^|\/)csi-provisioner(?:[:@]|$)/.test(image) || container.name === 'csi-provisioner';
}

/**
 * The `--default-fstype` a csi-provisioner is started with (Go's flag package: one or two dashes, `=value` or the
 * next argument), '' when its arguments are all written and hold none; unknown when a template writes some.
 */
function defaultFsType(reader: ObjectReader, container: FieldPath): Read<string> {
  let open = false;
  for (const field of ['command', 'args'] as const) {
    const path = [...container, field];
    const value = reader.value(path);
    if (value === 'unknown' || reader.openList(path)) open = true;
    const items = Array.isArray(jsonAt(reader.object, path)) ? (jsonAt(reader.object, path) as unknown[]) : [];
    for (let i = 0; i < items.length; i++) {
      const item = reader.string([...path, i]);
      if (item.unknown) {
        open = true;
        continue;
      }
      const match = /^--?default-fstype(?:=(.*))?$/.exec(item.value ?? '');
      if (!match) continue;
      if (match[1] !== undefined) return { value: match[1] };
      const next = reader.string([...path, i + 1]);
      return next.value !== undefined ? { value: next.value } : { unknown: true };
    }
  }
  return open ? { unknown: true } : { value: '' };
}
