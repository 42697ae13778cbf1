// The sources a volume may take, in the order validateVolumeSource tries them, and what a create keeps
// of them in one release (a source whose feature gate is off by default is dropped by PrepareForCreate).
import { gateEnabledByDefault } from '../../kube/featureGates';
import type { JsonObject } from '../../types';

/** The volume sources, in the order validateVolumeSource tries them (the first found is the one validated). */
export const VOLUME_SOURCES = [
  'emptyDir', 'hostPath', 'gitRepo', 'gcePersistentDisk', 'awsElasticBlockStore', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'flocker', 'persistentVolumeClaim', 'rbd', 'cinder', 'cephfs', 'quobyte', 'downwardAPI', 'fc', 'flexVolume',
  'configMap', 'azureFile', 'vsphereVolume', 'photonPersistentDisk', 'portworxVolume', 'azureDisk', 'storageos',
  'projected', 'scaleIO', 'csi', 'ephemeral', 'image',
] as const;

/** What a volume's source fields come to in one release. */
export interface VolumeSources {
  /** Sources the server keeps, in validateVolumeSource's order: it validates the first and refuses the others. */
  kept: string[];
  /** Sources a create drops because their feature gate is off by default (image in 1.31 to 1.34). */
  dropped: string[];
  /** Keys that are no source in this release (misspelt, or too new): the schema check reports them. */
  unknown: string[];
}

export function volumeSourcesOf(volume: JsonObject, minor: number): VolumeSources {
  const sources: VolumeSources = { kept: [], dropped: [], unknown: [] };
  const known = new Set<string>(VOLUME_SOURCES);
  for (const key of Object.keys(volume)) {
    if (key === 'name') continue;
    if (!known.has(key) || (key === 'image' && minor < 31)) sources.unknown.push(key);
  }
  for (const source of VOLUME_SOURCES) {
    if (volume[source] === undefined || (source === 'image' && minor < 31)) continue;
    if (source === 'image' && !gateEnabledByDefault('ImageVolume', minor)) sources.dropped.push(source);
    else sources.kept.push(source);
  }
  return sources;
}
