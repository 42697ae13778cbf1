// The generated JSON Schemas (schemas/, from `npm run gen:schemas`), bundled into the server.
import clusterTrainingRuntimeSchema from '../../../../schemas/clustertrainingruntime.schema.json';
import cronJobSchema from '../../../../schemas/cronjob.schema.json';
import csiDriverSchema from '../../../../schemas/csidriver.schema.json';
import jobSchema from '../../../../schemas/job.schema.json';
import jobSetSchema from '../../../../schemas/jobset.schema.json';
import trainingRuntimeSchema from '../../../../schemas/trainingruntime.schema.json';
import type { KindName } from '../types';

export type JsonSchema = { [key: string]: unknown };

export const SCHEMAS: Record<KindName, JsonSchema> = {
  Job: jobSchema as JsonSchema,
  CronJob: cronJobSchema as JsonSchema,
  CSIDriver: csiDriverSchema as JsonSchema,
  JobSet: jobSetSchema as JsonSchema,
  TrainingRuntime: trainingRuntimeSchema as JsonSchema,
  ClusterTrainingRuntime: clusterTrainingRuntimeSchema as JsonSchema,
};
