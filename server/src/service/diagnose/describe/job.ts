// `kubectl describe job` (describeJob in kubernetes/kubectl pkg/describe/describe.go) as a batch/v1 Job.
// What it prints, per kubectl release:
// - Name, Namespace, Selector, Labels, Annotations, Controlled By (a CronJob's Job), Parallelism,
//   Completions (`<unset>` for a work queue), Completion Mode (1.21+);
// - Suspend, Backoff Limit, TTL Seconds After Finished (kubectl 1.30+, commit 7cd57900);
// - Start Time and Completed At (status.startTime, status.completionTime in RFC1123Z), Duration (derived);
// - Active Deadline Seconds (`100s`);
// - Pods Statuses: `N Running / N Succeeded / N Failed` before kubectl 1.23, `N Active / ...` when the status
//   has no `ready`, `N Active (N Ready) / ...` when it has (commit def56a58) — Running and Active both count
//   status.active;
// - Completed Indexes for an Indexed Job: `<none>`, or the list cut after 50 characters with `...`;
// - the pod template, then the events.
// It never prints status.conditions, failedIndexes, terminating or uncountedTerminatedPods, nor the uid
// (which the generated selector carries: generateSelector in pkg/registry/batch/job/strategy.go).

import { type Node, isNone, readBool, readTime, setInt } from './text';
import { type ObjectRead, describeWhere, involvedOf, readMetadataField, readSelector, unknownNote } from './meta';
import { readPodTemplate } from './template';

const PODS_STATUSES = /^(\d+) (Running|Active)(?: \((\d+) Ready\))? \/ (\d+) Succeeded \/ (\d+) Failed$/;
const UID_LABELS = ['batch.kubernetes.io/controller-uid', 'controller-uid'];

/** The object's top-level lines (its `Name:` line first) as a Job. */
export function readJob(fields: Node[]): ObjectRead {
  const metadata: Record<string, unknown> = {};
  const spec: Record<string, unknown> = {};
  const status: Record<string, unknown> = {};
  const notes: string[] = [];
  const unknown: string[] = [];
  const where = (): string => describeWhere('Job', metadata);
  let eventsNode: Node | undefined;
  let selector: Record<string, string> | undefined;
  let template: Node | undefined;

  for (const field of fields) {
    if (readMetadataField(field, metadata, notes, where)) continue;
    const value = field.value;
    switch (field.key) {
      case 'Selector':
        selector = readSelector(value);
        if (selector === undefined && !isNone(value)) notes.push(`${where()}: the selector "${value}" is not read (only key=value selectors are).`);
        break;
      case 'Parallelism':
        setInt(spec, 'parallelism', value);
        break;
      case 'Completions':
        setInt(spec, 'completions', value);
        break;
      case 'Completion Mode':
        spec.completionMode = value;
        break;
      case 'Suspend':
        if (readBool(value) !== undefined) spec.suspend = readBool(value);
        break;
      case 'Backoff Limit':
        setInt(spec, 'backoffLimit', value);
        break;
      case 'TTL Seconds After Finished':
        setInt(spec, 'ttlSecondsAfterFinished', value);
        break;
      case 'Active Deadline Seconds':
        setInt(spec, 'activeDeadlineSeconds', value);
        break;
      case 'Start Time':
        setTime(status, 'startTime', value, notes, where);
        break;
      case 'Completed At':
        setTime(status, 'completionTime', value, notes, where);
        break;
      case 'Duration':
        break;
      case 'Pods Statuses':
        readPodsStatuses(value, status, notes, where);
        break;
      case 'Completed Indexes':
        if (value === '<none>') status.completedIndexes = '';
        else if (value.endsWith('...')) notes.push(`${where()}: kubectl cut Completed Indexes after 50 characters ("${value}"); the full list is in kubectl get job -o yaml.`);
        else status.completedIndexes = value;
        break;
      case 'Pod Template':
        template = field;
        break;
      case 'Events':
        eventsNode = field;
        break;
      default:
        unknown.push(field.key ?? field.text);
    }
  }

  if (selector !== undefined) spec.selector = { matchLabels: selector };
  if (template !== undefined) {
    const read = readPodTemplate(template, where());
    spec.template = read.template;
    notes.push(...read.notes);
  }
  // The generated selector and labels carry the Job's uid (generateSelector, pkg/registry/batch/job/strategy.go).
  const labels = (metadata.labels as Record<string, string> | undefined) ?? {};
  const templateLabels = ((spec.template as { metadata?: { labels?: Record<string, string> } } | undefined)?.metadata?.labels) ?? {};
  const uid = UID_LABELS.map((key) => selector?.[key] ?? labels[key] ?? templateLabels[key]).find((v) => v !== undefined && v !== '');
  if (uid !== undefined) metadata.uid = uid;
  else notes.push(`${where()}: the text shows no controller-uid (in the selector or the labels): the Job's Pods and events can be matched only by name.`);
  if (unknown.length > 0) notes.push(unknownNote(where(), unknown));

  const object: Record<string, unknown> = { apiVersion: 'batch/v1', kind: 'Job', metadata: { ...metadata, annotations: withSource(metadata.annotations) } };
  object.spec = spec;
  object.status = status;
  return { object, involved: involvedOf('batch/v1', 'Job', metadata), eventsNode, notes };
}

/** Marks an object as read from describe text, so a reader knows why conditions and times are missing. */
export function withSource(annotations: unknown): Record<string, string> {
  return { ...((annotations as Record<string, string> | undefined) ?? {}), 'kubeassist.dev/source': 'kubectl-describe' };
}

export function setTime(target: Record<string, unknown>, key: string, value: string, notes: string[], where: () => string): void {
  if (isNone(value)) return;
  const time = readTime(value);
  if (time !== undefined) target[key] = time;
  else notes.push(`${where()}: the time "${value}" is not in the form kubectl prints (RFC 1123 with a numeric zone); ${key} was left out.`);
}

function readPodsStatuses(value: string, status: Record<string, unknown>, notes: string[], where: () => string): void {
  const match = PODS_STATUSES.exec(value);
  if (!match) {
    notes.push(`${where()}: Pods Statuses "${value}" is not in a form this reader knows; the counters were left out.`);
    return;
  }
  status.active = Number(match[1]);
  if (match[3] !== undefined) status.ready = Number(match[3]);
  status.succeeded = Number(match[4]);
  status.failed = Number(match[5]);
}
