// Lookups into the catalogue: what we know about a Job, CronJob or CSIDriver field, and about well-known keys.
import type { KindName } from '../types';
import { CRONJOB_FIELDS } from './cronjob';
import { CSIDRIVER_FIELDS } from './csidriver';
import { JOB_FIELDS } from './job';
import { JOBSET_FIELDS } from './jobset';
import { CLUSTER_TRAINING_RUNTIME_FIELDS, TRAINING_RUNTIME_FIELDS } from './trainingruntime';
import type { FieldDoc, SchemaPath, WellKnownKey } from './types';
import { WELL_KNOWN_KEYS } from './wellKnownKeys';

export { schemaPathOf } from '../schema/fieldAvailability';
export type { FieldDoc, Interaction, Maturity, SchemaPath, WellKnownKey } from './types';

const FIELDS: Record<KindName, readonly FieldDoc[]> = {
  Job: JOB_FIELDS, CronJob: CRONJOB_FIELDS, CSIDriver: CSIDRIVER_FIELDS, JobSet: JOBSET_FIELDS, TrainingRuntime: TRAINING_RUNTIME_FIELDS,
  ClusterTrainingRuntime: CLUSTER_TRAINING_RUNTIME_FIELDS,
};

const BY_PATH = Object.fromEntries(
  Object.entries(FIELDS).map(([kind, docs]) => [kind, new Map(docs.map((doc) => [doc.path, doc]))]),
) as unknown as Record<KindName, ReadonlyMap<SchemaPath, FieldDoc>>;

const BY_KEY: ReadonlyMap<string, WellKnownKey> = new Map(WELL_KNOWN_KEYS.map((key) => [key.key, key]));

/**
 * The entry for a field, e.g. `fieldDoc('Job', 'spec.podFailurePolicy.rules[].action')`. An item of a list of
 * plain values (`spec.volumeLifecycleModes[]`) has no entry of its own and gets the list's, whose `values`
 * describe the items.
 */
export function fieldDoc(kind: KindName, path: SchemaPath): FieldDoc | undefined {
  const fields = BY_PATH[kind];
  return fields.get(path) ?? (path.endsWith('[]') ? fields.get(path.slice(0, -2)) : undefined);
}

/** Every entry of a kind, in catalogue order. */
export function fieldDocs(kind: KindName): readonly FieldDoc[] {
  return FIELDS[kind];
}

/** A well-known label, annotation, finalizer, environment or volume-context key, matched exactly. */
export function wellKnownKey(key: string): WellKnownKey | undefined {
  return BY_KEY.get(key);
}

export function wellKnownKeys(): readonly WellKnownKey[] {
  return WELL_KNOWN_KEYS;
}
