// The shape of what the workspace index keeps of one YAML document (relations/facts.ts reads it): plain data
// that crosses worker threads and outlives the syntax tree it was read from.
import type { FieldPath } from '../types';
import type { BranchChain } from './branches';
import type { TargetKind } from './kinds';

/** A value read from the text: known (`value`, undefined when certainly absent) or not knowable (`unknown`). */
export interface Read<T> {
  value?: T;
  unknown?: true;
}

/**
 * An object's name as written. `key` compares names: the literal name, or for a Helm template the action text
 * (normalised); absent when it cannot be compared (an action inside `range`/`with`, where `.` is rebound).
 */
export interface NameRef {
  text: string;
  key?: string;
  literal: boolean;
}

/** Offsets into the document's text. */
export type Span = [start: number, end: number];

export interface Reference {
  target: TargetKind;
  name: NameRef;
  /** The namespace a reference names itself (a PersistentVolume's `claimRef`); others use their object's. */
  namespace?: string;
  /** The field path of the value, from the object's root. */
  path: FieldPath;
  span: Span;
  /** How it is referenced, in the words of the field: `configMapKeyRef`, `envFrom`, `volume`, `serviceAccountName` ... */
  via: string;
  /** The Pod does not start without it (a non-optional ConfigMap or Secret, the ServiceAccount, a claim). */
  needed: boolean;
  /** Index of the Pod template it belongs to (JobSets have several), when it is a Pod's reference. */
  pod?: number;
}

export interface VolumeFacts {
  name: string;
  path: FieldPath;
  csi?: { driver: Read<string>; fsType: Read<string>; readOnly: Read<boolean> };
  claim?: { claimName: Read<NameRef>; readOnly: Read<boolean> };
  /** A generic ephemeral volume, or a StatefulSet's volumeClaimTemplate of this name: the claim's spec. */
  claimTemplate?: ClaimSpec;
}

export interface ClaimSpec {
  /** undefined: absent (the default class); '' : no class. */
  storageClassName: Read<string>;
  accessModes: Read<string[]>;
  path: FieldPath;
}

export interface PodFacts {
  metadata: FieldPath;
  spec: FieldPath;
  fsGroup: Read<number>;
  volumes: VolumeFacts[];
  /** `gke-gcsfuse/volumes` on the Pod template, and every `gke-gcsfuse/` key there. */
  gcsfuseVolumes: Read<string>;
  gcsfuseKeys: Read<string[]>;
  /** `gke-gcsfuse/*` annotations written on the objects above the Pods (the Job, the CronJob ...): keys and spans. */
  ownerGcsfuse: { key: string; path: FieldPath; span: Span }[];
  /** A container named `gke-gcsfuse-sidecar` (the sidecar added by hand). */
  gcsfuseSidecar: Read<boolean>;
}

export interface HookAnnotations {
  helmHook: Read<string>;
  helmWeight: Read<string>;
  /** `helm.sh/hook-delete-policy`: whether a hook object stays after its event. */
  helmDeletePolicy: Read<string>;
  argoHook: Read<string>;
  argoWave: Read<string>;
  /** Where `metadata` and its `annotations` are (for a fix that adds annotations), when both are written literally. */
  annotationsAt?: { metadataSpan: Span; annotationsSpan?: Span; flow: boolean };
}

/** What a kind says to the checks. */
export interface DefinitionSpec {
  /** CSIDriver. */
  volumeLifecycleModes?: Read<string[]>;
  fsGroupPolicy?: Read<string>;
  /** A template's `fsGroupPolicy` written in the branches of one `if` chain (relations/branches.ts). */
  fsGroupPolicyBranches?: BranchChain;
  /** StorageClass. */
  provisioner?: Read<string>;
  fsType?: Read<string>;
  /** PersistentVolume: `spec.csi`. */
  csiDriver?: Read<string>;
  /** PersistentVolume and PersistentVolumeClaim. */
  accessModes?: Read<string[]>;
  storageClassName?: Read<string>;
  /** PersistentVolumeClaim: the volume it binds. */
  volumeName?: Read<string>;
  /** PersistentVolume: the claim it is reserved for. */
  claimRef?: { name: string; namespace?: string };
  /** VolumeSnapshotClass. */
  driver?: Read<string>;
  /**
   * A workload that runs the csi-provisioner sidecar: its `--default-fstype` ('' when it has none), the fsType it
   * gives the volumes it provisions for a StorageClass without one.
   */
  provisionerFsType?: Read<string>;
}

export interface ObjectFacts {
  apiVersion: string;
  kind: string;
  /** The object's path in its document: [] or ['items', i] in a List. */
  prefix: FieldPath;
  name?: NameRef;
  /** undefined: not written (the namespace the object is applied to); unknown: templated beyond recognition. */
  namespace: Read<NameRef>;
  /** Offset of the object's first key, and the span of its name's value. */
  at: number;
  nameSpan?: Span;
  annotations: HookAnnotations;
  spec: DefinitionSpec;
  pods: PodFacts[];
  references: Reference[];
  /** The object is rendered only in some branch of a template (an `if` around it). */
  conditional?: boolean;
  /** A ConfigMap or Secret a kustomization generates (`configMapGenerator`, `secretGenerator`). */
  generated?: true;
}

export interface DocumentFacts {
  objects: ObjectFacts[];
}
