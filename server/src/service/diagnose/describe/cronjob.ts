// `kubectl describe cronjob` (describeCronJob and describeJobTemplate in kubernetes/kubectl
// pkg/describe/describe.go) as a batch/v1 CronJob: Schedule, Concurrency Policy, Suspend (`True`/`False`/
// `<unset>`), Time Zone (kubectl 1.36+), the history limits and Starting Deadline Seconds (`<unset>` or `200s`),
// then the Job template's Selector, Parallelism, Completions, Active Deadline Seconds and Pod Template,
// Last Schedule Time (RFC1123Z or `<unset>`), Active Jobs (names joined by `, `, or `<none>`) and the events.
// It never prints status.lastSuccessfulTime, nor the active Jobs' namespaces or uids.

import { type Node, isNone, readBool, setInt } from './text';
import { type ObjectRead, describeWhere, involvedOf, readMetadataField, readSelector, unknownNote } from './meta';
import { setTime, withSource } from './job';
import { readPodTemplate } from './template';

export function readCronJob(fields: Node[]): ObjectRead {
  const metadata: Record<string, unknown> = {};
  const spec: Record<string, unknown> = {};
  const jobSpec: Record<string, unknown> = {};
  const status: Record<string, unknown> = {};
  const notes: string[] = [];
  const unknown: string[] = [];
  const where = (): string => describeWhere('CronJob', metadata);
  let eventsNode: Node | undefined;
  let activeJobs: string[] = [];

  for (const field of fields) {
    if (readMetadataField(field, metadata, notes, where)) continue;
    const value = field.value;
    switch (field.key) {
      case 'Schedule':
        spec.schedule = value;
        break;
      case 'Concurrency Policy':
        if (value !== '') spec.concurrencyPolicy = value;
        break;
      case 'Suspend':
        if (readBool(value) !== undefined) spec.suspend = readBool(value);
        break;
      case 'Time Zone':
        if (!isNone(value)) spec.timeZone = value;
        break;
      case 'Successful Job History Limit':
        setInt(spec, 'successfulJobsHistoryLimit', value);
        break;
      case 'Failed Job History Limit':
        setInt(spec, 'failedJobsHistoryLimit', value);
        break;
      case 'Starting Deadline Seconds':
        setInt(spec, 'startingDeadlineSeconds', value);
        break;
      case 'Selector': {
        const selector = readSelector(value);
        if (selector !== undefined) jobSpec.selector = { matchLabels: selector };
        break;
      }
      case 'Parallelism':
        setInt(jobSpec, 'parallelism', value);
        break;
      case 'Completions':
        setInt(jobSpec, 'completions', value);
        break;
      case 'Active Deadline Seconds':
        setInt(jobSpec, 'activeDeadlineSeconds', value);
        break;
      case 'Pod Template': {
        const read = readPodTemplate(field, where());
        jobSpec.template = read.template;
        notes.push(...read.notes);
        break;
      }
      case 'Last Schedule Time':
        setTime(status, 'lastScheduleTime', value, notes, where);
        break;
      case 'Active Jobs':
        activeJobs = isNone(value) ? [] : value.split(',').map((name) => name.trim()).filter((name) => name !== '');
        break;
      case 'Events':
        eventsNode = field;
        break;
      default:
        unknown.push(field.key ?? field.text);
    }
  }
  spec.jobTemplate = { spec: jobSpec };
  if (activeJobs.length > 0) {
    status.active = activeJobs.map((name) => {
      const ref: Record<string, unknown> = { apiVersion: 'batch/v1', kind: 'Job', name };
      if (typeof metadata.namespace === 'string') ref.namespace = metadata.namespace;
      return ref;
    });
  }
  if (unknown.length > 0) notes.push(unknownNote(where(), unknown));
  notes.push('kubectl describe cronjob does not print status.lastSuccessfulTime, nor the uids of the active Jobs.');
  const object: Record<string, unknown> = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { ...metadata, annotations: withSource(metadata.annotations) }, spec, status };
  return { object, involved: involvedOf('batch/v1', 'CronJob', metadata), eventsNode, notes };
}
