// The objects of a diagnosis, sorted by kind (`List` items flattened; a JobList's, PodList's or EventList's items
// take the kind of their list when the API left it out, as it does in list answers), and matched to each other:
// Pods to Jobs by their controller's UID (ownerReferences, controller: true) or else by the job-name label and the
// namespace, Jobs to CronJobs by owner UID (or a name in the CronJob's status.active), events to what they are
// about (core/v1 involvedObject, events.k8s.io/v1 regarding). Linear in the number of objects.
import { int, isObj, label, list, obj, str, type Notes, type Obj } from './read';

export interface Meta {
  raw: Obj;
  /** Not given: made up from what its Pods or events say of it (their owner or job-name label). */
  synthetic?: boolean;
  name: string;
  namespace: string;
  uid: string | undefined;
  /** Whether metadata.namespace was written (a pasted Pod may leave it out). */
  namespaced: boolean;
}

export interface EventInput {
  kind: string | undefined;
  name: string | undefined;
  namespace: string | undefined;
  uid: string | undefined;
  reason: string;
  message: string;
  type: string;
  /** The latest time the event says it happened (raw text), and how many times. */
  time: unknown;
  count: number;
}

export interface Sorted {
  jobs: Meta[];
  cronJobs: Meta[];
  pods: Meta[];
  events: EventInput[];
}

const LIST_ITEM_KINDS: Record<string, string> = { JobList: 'Job', CronJobList: 'CronJob', PodList: 'Pod', EventList: 'Event' };

function metaOf(raw: Obj): Meta {
  const metadata = obj(raw.metadata);
  const namespace = str(metadata.namespace);
  return { raw, name: str(metadata.name) ?? str(metadata.generateName) ?? '(no name)', namespace: namespace ?? 'default', uid: str(metadata.uid) || undefined, namespaced: namespace !== undefined };
}

/** The objects by kind; what is none of them is counted in a note. */
export function sortObjects(objects: readonly unknown[], notes: Notes): Sorted {
  const sorted: Sorted = { jobs: [], cronJobs: [], pods: [], events: [] };
  const others = new Map<string, number>();
  let unreadable = 0;
  const visit = (value: unknown, itemKind: string | undefined, depth: number) => {
    if (!isObj(value)) {
      unreadable++;
      return;
    }
    const kind = str(value.kind) ?? itemKind ?? kindOfUnnamed(value, notes);
    if (kind !== undefined && (kind === 'List' || kind.endsWith('List')) && Array.isArray(value.items) && depth < 4) {
      for (const item of value.items) visit(item, LIST_ITEM_KINDS[kind], depth + 1);
      return;
    }
    const apiVersion = str(value.apiVersion) ?? '';
    if (kind === 'JobStatus') {
      sorted.jobs.push(metaOf({ apiVersion: 'batch/v1', kind: 'Job', metadata: {}, status: value }));
      return;
    }
    if (kind === 'Job' && (apiVersion === '' || apiVersion.startsWith('batch/'))) sorted.jobs.push(metaOf(value));
    else if (kind === 'CronJob' && (apiVersion === '' || apiVersion.startsWith('batch/'))) sorted.cronJobs.push(metaOf(value));
    else if (kind === 'Pod' && (apiVersion === '' || apiVersion === 'v1')) sorted.pods.push(metaOf(value));
    else if (kind === 'Event' && (apiVersion === '' || apiVersion === 'v1' || apiVersion.startsWith('events.k8s.io/'))) sorted.events.push(eventOf(value));
    else {
      const what = kind ? `${apiVersion ? `${apiVersion} ` : ''}${kind}` : 'an object without kind';
      others.set(what, (others.get(what) ?? 0) + 1);
    }
  };
  for (const value of objects) visit(value, undefined, 0);
  for (const [what, count] of others) notes.add(`${count === 1 ? `One ${what}` : `${count} × ${what}`} left out: diagnose reads Jobs, CronJobs, their Pods and events.`);
  if (unreadable) notes.add(`${unreadable === 1 ? 'One item is' : `${unreadable} items are`} not an object: left out.`);
  return sorted;
}

/** A core/v1 Event (involvedObject, message, lastTimestamp) or an events.k8s.io/v1 Event (regarding, note, series). */
function eventOf(raw: Obj): EventInput {
  const regarding = obj(isObj(raw.regarding) ? raw.regarding : raw.involvedObject);
  const series = obj(raw.series);
  const count = int(series.count) ?? int(raw.count) ?? int(raw.deprecatedCount) ?? 1;
  const time = series.lastObservedTime ?? raw.lastTimestamp ?? raw.deprecatedLastTimestamp ?? raw.eventTime ?? raw.firstTimestamp ?? obj(raw.metadata).creationTimestamp;
  return {
    kind: str(regarding.kind), name: str(regarding.name), namespace: str(regarding.namespace) ?? str(obj(raw.metadata).namespace), uid: str(regarding.uid) || undefined,
    reason: str(raw.reason) ?? '', message: str(raw.note) ?? str(raw.message) ?? '', type: str(raw.type) ?? 'Normal', time, count,
  };
}

/** The controller owner reference of an object (controller: true), if any. */
export function controllerOf(raw: Obj): { kind: string | undefined; name: string | undefined; uid: string | undefined } | undefined {
  for (const reference of list(obj(raw.metadata).ownerReferences)) {
    if (isObj(reference) && reference.controller === true) return { kind: str(reference.kind), name: str(reference.name), uid: str(reference.uid) || undefined };
  }
  return undefined;
}

function labels(raw: Obj): Obj {
  return obj(obj(raw.metadata).labels);
}

/** The Job a Pod's labels name (batch.kubernetes.io/job-name from 1.27, job-name before). */
export function jobNameLabel(raw: Obj): string | undefined {
  const found = labels(raw);
  return str(found['batch.kubernetes.io/job-name']) ?? str(found['job-name']);
}

function controllerUidLabel(raw: Obj): string | undefined {
  const found = labels(raw);
  return str(found['batch.kubernetes.io/controller-uid']) ?? str(found['controller-uid']);
}

/** Pods per Job (by the Job's index in `jobs`), and the Pods that match none. */
export function matchPods(jobs: readonly Meta[], pods: readonly Meta[]): { byJob: Meta[][]; unmatched: Meta[] } {
  const byJob: Meta[][] = jobs.map(() => []);
  const byUid = new Map<string, number>();
  const byName = new Map<string, number>();
  jobs.forEach((job, i) => {
    if (job.uid) byUid.set(job.uid, i);
    const key = `${job.namespace}/${job.name}`;
    if (!byName.has(key)) byName.set(key, i);
  });
  const unmatched: Meta[] = [];
  for (const pod of pods) {
    const owner = controllerOf(pod.raw);
    let found: number | undefined;
    if (owner?.uid !== undefined) {
      found = byUid.get(owner.uid);
      // Owned by a Job not given: by name only when that Job's UID is unknown (a Job pasted without metadata.uid).
      if (found === undefined && owner.kind === 'Job' && owner.name) {
        const named = byName.get(`${pod.namespace}/${owner.name}`) ?? (pod.namespaced ? undefined : firstNamed(jobs, owner.name));
        if (named !== undefined && jobs[named].uid === undefined) found = named;
      }
    } else {
      const uid = controllerUidLabel(pod.raw);
      found = uid === undefined ? undefined : byUid.get(uid);
      const name = jobNameLabel(pod.raw);
      if (found === undefined && name !== undefined && (uid === undefined || jobs.every((job) => job.uid !== uid))) {
        const named = byName.get(`${pod.namespace}/${name}`) ?? (pod.namespaced ? undefined : firstNamed(jobs, name));
        // A Job with a UID owns only Pods with its UID: a label naming it with another UID is an earlier Job of that name.
        if (named !== undefined && (uid === undefined || jobs[named].uid === undefined)) found = named;
      }
    }
    if (found === undefined) unmatched.push(pod);
    else byJob[found].push(pod);
  }
  return { byJob, unmatched };
}

function firstNamed(jobs: readonly Meta[], name: string): number | undefined {
  const index = jobs.findIndex((job) => job.name === name);
  return index === -1 ? undefined : index;
}

/** The CronJob (index in `cronJobs`) that owns each Job, by controller UID, else by a name in its status.active. */
export function matchJobsToCronJobs(cronJobs: readonly Meta[], jobs: readonly Meta[]): (number | undefined)[] {
  const byUid = new Map<string, number>();
  const activeNames = new Map<string, number>();
  cronJobs.forEach((cronJob, i) => {
    if (cronJob.uid) byUid.set(cronJob.uid, i);
    for (const reference of list(obj(cronJob.raw.status).active)) {
      const name = str(obj(reference).name);
      if (name) activeNames.set(`${str(obj(reference).namespace) ?? cronJob.namespace}/${name}`, i);
    }
  });
  return jobs.map((job) => {
    const owner = controllerOf(job.raw);
    if (owner?.uid !== undefined && owner.kind === 'CronJob') {
      const found = byUid.get(owner.uid);
      if (found !== undefined) return found;
      if (owner.name) {
        const named = cronJobs.findIndex((cronJob) => cronJob.name === owner.name && cronJob.namespace === job.namespace && cronJob.uid === undefined);
        if (named !== -1) return named;
      }
    }
    return activeNames.get(`${job.namespace}/${job.name}`);
  });
}

/** Something an event can be about. */
export interface EventTarget {
  kind: string;
  meta: Meta;
}

/** The events of each target (same order), and the events about none. */
export function matchEvents(targets: readonly EventTarget[], events: readonly EventInput[]): { byTarget: EventInput[][]; unmatched: EventInput[] } {
  const byTarget: EventInput[][] = targets.map(() => []);
  const byUid = new Map<string, number>();
  const byName = new Map<string, number>();
  targets.forEach((target, i) => {
    if (target.meta.uid) byUid.set(target.meta.uid, i);
    byName.set(`${target.kind}/${target.meta.namespace}/${target.meta.name}`, i);
  });
  const unmatched: EventInput[] = [];
  for (const event of events) {
    let found = event.uid !== undefined ? byUid.get(event.uid) : undefined;
    if (found === undefined && event.kind) {
      const named = byName.get(`${event.kind}/${event.namespace ?? 'default'}/${event.name ?? '(no name)'}`);
      // The same name with another UID is an earlier object of that name: not this one.
      if (named !== undefined && (event.uid === undefined || targets[named].meta.uid === undefined)) found = named;
    }
    if (found === undefined) unmatched.push(event);
    else byTarget[found].push(event);
  }
  return { byTarget, unmatched };
}

export function describeUnmatchedPods(pods: readonly Meta[], jobsGiven: number): string {
  const names = [...new Set(pods.map((pod) => jobNameLabel(pod.raw) ?? controllerOf(pod.raw)?.name).filter((name): name is string => name !== undefined))];
  const first = pods.slice(0, 3).map((pod) => pod.name).join(', ');
  const whose = names.length ? ` (their Job: ${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''})` : '';
  return jobsGiven === 0
    ? `${pods.length === 1 ? 'One Pod' : `${pods.length} Pods`} given (${first}${pods.length > 3 ? ', …' : ''})${whose}, but no Job: give the Job too (kubectl get job NAME -o yaml).`
    : `${pods.length === 1 ? 'One Pod matches' : `${pods.length} Pods match`} no Job given${whose}: ${first}${pods.length > 3 ? ', …' : ''}; left out.`;
}

export function describeUnmatchedEvents(events: readonly EventInput[]): string {
  const about = [...new Set(events.map((event) => label(event.kind ?? 'object', event.namespace, event.name)))];
  return `${events.length === 1 ? 'One event is' : `${events.length} events are`} about nothing given (${about.slice(0, 3).join(', ')}${about.length > 3 ? ', …' : ''}): left out.`;
}

const JOB_STATUS_KEYS = ['conditions', 'startTime', 'completionTime', 'active', 'failed', 'succeeded', 'uncountedTerminatedPods', 'completedIndexes', 'failedIndexes', 'terminating', 'ready'];

/**
 * The kind of an object pasted without `kind`: a Job's spec (`template` with `backoffLimit`, `completions`,
 * `parallelism`), a CronJob's (`schedule`, `jobTemplate`), or a bare JobStatus (`status:` alone, or its fields).
 * Said in a note; undefined when it is none of them.
 */
function kindOfUnnamed(value: Obj, notes: Notes): string | undefined {
  if (value.apiVersion !== undefined) return undefined;
  const spec = obj(value.spec);
  if (spec.schedule !== undefined || spec.jobTemplate !== undefined) {
    notes.add('An object without kind is read as a CronJob (its spec has schedule or jobTemplate).');
    return 'CronJob';
  }
  const status = isObj(value.status) ? value.status : undefined;
  const looksLikeStatus = (candidate: Obj) => JOB_STATUS_KEYS.some((key) => candidate[key] !== undefined) && list(candidate.conditions).every((c) => isObj(c) && typeof c.type === 'string');
  if (spec.template !== undefined || (status && looksLikeStatus(status) && (Object.keys(spec).length > 0 || Object.keys(value).every((key) => key === 'status' || key === 'metadata' || key === 'spec')))) {
    notes.add('An object without kind is read as a Job (its spec or status is a Job\'s); its name, spec and Pods are what the text shows.');
    return 'Job';
  }
  if (!status && looksLikeStatus(value) && (value.conditions !== undefined || value.startTime !== undefined)) {
    notes.add('A bare JobStatus (conditions, startTime, counters) is read as the status of a Job whose name and spec are not given.');
    return 'JobStatus';
  }
  return undefined;
}

/** A Job that was not given, made up from its Pods' owner reference or job-name label, or from its events. */
export function syntheticJob(name: string, namespace: string, uid: string | undefined): Meta {
  const metadata: Obj = { name, namespace, ...(uid ? { uid } : {}) };
  return { raw: { apiVersion: 'batch/v1', kind: 'Job', metadata }, name, namespace, uid, namespaced: true, synthetic: true };
}

/** The Jobs the unmatched Pods and events name (owner reference, job-name label, involvedObject), each once. */
export function jobsNamedBy(pods: readonly Meta[], events: readonly EventInput[]): Meta[] {
  const found = new Map<string, Meta>();
  for (const pod of pods) {
    const owner = controllerOf(pod.raw);
    const name = owner?.kind === 'Job' ? owner.name : owner === undefined ? jobNameLabel(pod.raw) : undefined;
    if (!name) continue;
    const key = `${pod.namespace}/${name}`;
    if (!found.has(key)) found.set(key, syntheticJob(name, pod.namespace, owner?.uid));
  }
  for (const event of events) {
    if (event.kind !== 'Job') continue;
    const name = event.name ?? '(no name)';
    const key = `${event.namespace ?? 'default'}/${name}`;
    if (!found.has(key)) found.set(key, syntheticJob(name, event.namespace ?? 'default', event.uid));
  }
  return [...found.values()];
}
