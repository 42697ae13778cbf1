// Every Job field the catalogue explains: the top level, the spec, the status, and the Pod template fields
// a Job author touches most (the rest of the template keeps the schema hover).
import { JOB_POLICY_FIELDS } from './job-policies';
import { JOB_SPEC_FIELDS } from './job-spec';
import { JOB_STATUS_FIELDS } from './job-status';
import { POD_TEMPLATE_FIELDS } from './pod-template';
import type { FieldDoc } from './types';

export const JOB_FIELDS: readonly FieldDoc[] = [...JOB_SPEC_FIELDS, ...JOB_POLICY_FIELDS, ...JOB_STATUS_FIELDS, ...POD_TEMPLATE_FIELDS];
