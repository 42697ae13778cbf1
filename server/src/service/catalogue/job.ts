// Every Job field the catalogue explains: the top level, the spec without the inside of the Pod
// template (hover shows schema facts for those), and the status.
import { JOB_POLICY_FIELDS } from './job-policies';
import { JOB_SCHEDULING_FIELDS } from './job-scheduling';
import { JOB_SPEC_FIELDS } from './job-spec';
import { JOB_STATUS_FIELDS } from './job-status';
import type { FieldDoc } from './types';

export const JOB_FIELDS: readonly FieldDoc[] = [...JOB_SPEC_FIELDS, ...JOB_POLICY_FIELDS, ...JOB_SCHEDULING_FIELDS, ...JOB_STATUS_FIELDS];
