// Kueue's webhooks on the keys a Job author writes for it (its queue, limits, partial admission): on Jobs,
// CronJobs' job templates, JobSets and their templates, and training runtimes' JobSet templates.
import type { Rule } from '../../types';
import { validateKueueJobAnnotations } from './jobWebhook';
import { validateKueueJobOnCreate } from './validateJobOnCreate';

export const kueueRules: readonly Rule[] = [validateKueueJobOnCreate, validateKueueJobAnnotations];
