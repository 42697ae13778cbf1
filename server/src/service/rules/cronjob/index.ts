// The one list of a CronJob's own rule families, in the order validateCronJobSpec reports them, then the create
// warnings and our pitfalls. Its job template gets every Job rule (rules/job, run on `spec.jobTemplate.spec`)
// and every Pod rule (rules/pod, on `spec.jobTemplate.spec.template`).
import type { Rule } from '../../types';
import { cronJobPitfalls } from './cronJobPitfalls';
import { cronJobWarningsOnCreate } from './cronJobWarningsOnCreate';
import { validateCronJobName } from './validateCronJobName';
import { validateCronJobSpec } from './validateCronJobSpec';
import { validateJobTemplateSpec } from './validateJobTemplateSpec';
import { validateScheduleFormat } from './validateScheduleFormat';
import { validateTimeZone } from './validateTimeZone';

export const cronJobRules: readonly Rule[] = [
  validateCronJobName,
  validateScheduleFormat,
  validateCronJobSpec,
  validateTimeZone,
  validateJobTemplateSpec,
  cronJobWarningsOnCreate,
  cronJobPitfalls,
];
