// The generated JSON Schemas (schemas/, from `npm run gen:schemas`), bundled into the server.
import cronJobSchema from '../../../../schemas/cronjob.schema.json';
import csiDriverSchema from '../../../../schemas/csidriver.schema.json';
import jobSchema from '../../../../schemas/job.schema.json';
import type { KindName } from '../types';

export type JsonSchema = { [key: string]: unknown };

export const SCHEMAS: Record<KindName, JsonSchema> = {
  Job: jobSchema as JsonSchema,
  CronJob: cronJobSchema as JsonSchema,
  CSIDriver: csiDriverSchema as JsonSchema,
};
