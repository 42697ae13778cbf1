// A live read of one Job or CronJob, read-only: the seed's read endpoints (section 4) and the core ones beside
// them, GET only, each bounded in time and size, the lists paged (limit + continue) up to a cap.
//   Job:     GET /apis/batch/v1/namespaces/NS/jobs/NAME
//            GET /api/v1/namespaces/NS/pods?labelSelector=batch.kubernetes.io/job-name=NAME (job-name=NAME before
//                1.27, when the first finds none), kept when a Pod's ownerReferences name the Job's uid
//            GET /api/v1/namespaces/NS/events?fieldSelector=involvedObject.uid=UID, for the Job and each Pod (a
//                namespace's Pod events filtered by uid when there are many Pods)
//   CronJob: GET /apis/batch/v1/namespaces/NS/cronjobs/NAME, its events, GET .../jobs (kept when owned by its uid),
//            and the above for its most recent Jobs.
// What it could not read is said in `notes`, one sentence each; what stops the read (no kubeconfig, an unknown
// context, the Job itself unreadable) is a LiveReadError.
import { connectionFor } from './credentials';
import { forgetExecCredentials } from './exec';
import { getJson, type Connection, type GetLimits } from './http';
import { LiveReadError, loadKubeconfig, resolveContext } from './kubeconfig';

export interface LiveTarget {
  kind: 'job' | 'cronjob';
  name: string;
  namespace?: string;
  context?: string;
}

export interface LiveReadOptions {
  /** `--kubeconfig FILE`: this file alone instead of KUBECONFIG or ~/.kube/config. */
  kubeconfig?: string;
  /** Time limit of each request (default 10 s). */
  timeoutMs?: number;
  /** Size limit of each answer's body (default 50 MB). */
  maxBytes?: number;
  /** At most this many Pods are read per Job (default 1,000). */
  maxPods?: number;
  /** At most this many Jobs of a CronJob get their Pods and events read (default 5, the most recent). */
  maxCronJobJobs?: number;
  /** Whether an exec credential plugin may talk to the user (a terminal); default false. */
  interactive?: boolean;
  /** Time limit of an exec credential plugin (default 60 s). */
  execTimeoutMs?: number;
  /** The environment (KUBECONFIG, HOME, proxies); the process's by default. */
  env?: NodeJS.ProcessEnv;
}

export interface LiveRead {
  /** The objects as the API server returned them (list items with their kind and apiVersion added). */
  objects: unknown[];
  /** What could not be read, one sentence each. */
  notes: string[];
  namespace: string;
  context: string;
  /** The API server's URL. */
  server: string;
}

const PAGE = 500;
const MAX_EVENTS = 5000;
/** Up to this many Pods their events are asked one by one; past it, the namespace's Pod events are filtered. */
const PER_POD_EVENTS = 20;

type Obj = Record<string, unknown> & { metadata?: { name?: string; uid?: string; namespace?: string; creationTimestamp?: string; ownerReferences?: { uid?: string }[] } };

export async function readLiveObjects(target: LiveTarget, options: LiveReadOptions = {}): Promise<LiveRead> {
  if (!target.name) throw new LiveReadError(`name the ${target.kind === 'job' ? 'Job' : 'CronJob'}: ${target.kind}/NAME`);
  const env = options.env ?? process.env;
  const config = loadKubeconfig({ kubeconfig: options.kubeconfig, env });
  const resolved = resolveContext(config, { context: target.context, namespace: target.namespace });
  const connection = await connectionFor(resolved, { interactive: options.interactive ?? false, execTimeoutMs: options.execTimeoutMs ?? 60_000, env });
  const limits: GetLimits = { timeoutMs: options.timeoutMs ?? 10_000, maxBytes: options.maxBytes ?? 50_000_000 };
  const reader = new Reader(connection, limits, resolved.namespace, resolved.context, options.maxPods ?? 1000);
  const objects: unknown[] = [];
  const ns = encodeURIComponent(resolved.namespace);
  const name = encodeURIComponent(target.name);
  if (target.kind === 'job') {
    const job = await reader.main(`/apis/batch/v1/namespaces/${ns}/jobs/${name}`, `job/${target.name}`, 'Job');
    objects.push(job, ...(await reader.jobParts(job)));
  } else {
    const cronJob = await reader.main(`/apis/batch/v1/namespaces/${ns}/cronjobs/${name}`, `cronjob/${target.name}`, 'CronJob');
    objects.push(cronJob, ...(await reader.events(cronJob, 'CronJob')));
    const jobs = await reader.ownedJobs(cronJob);
    // The most recent Jobs (and every one the CronJob lists as active) get their Pods and events read.
    const active = new Set(asArray((cronJob.status as Obj | undefined)?.active).map((ref) => (ref as { uid?: string }).uid));
    const recent = [...jobs].sort((a, b) => String(b.metadata?.creationTimestamp ?? '').localeCompare(String(a.metadata?.creationTimestamp ?? '')));
    const max = options.maxCronJobJobs ?? 5;
    const chosen = recent.filter((job, i) => i < max || active.has(job.metadata?.uid));
    if (recent.length > chosen.length) reader.notes.push(`read the Pods and events of the ${chosen.length} most recent of the ${recent.length} Jobs of cronjob/${target.name} only`);
    objects.push(...jobs);
    for (const job of chosen) objects.push(...(await reader.jobParts(job)));
  }
  return { objects, notes: reader.notes, namespace: resolved.namespace, context: resolved.context, server: connection.server.href };
}

class Reader {
  readonly notes: string[] = [];
  constructor(readonly connection: Connection, readonly limits: GetLimits, readonly namespace: string, readonly context: string, readonly maxPods: number) {}

  /** The Job or CronJob itself: without it there is nothing to diagnose. */
  async main(path: string, label: string, kind: string): Promise<Obj> {
    const got = await getJson(this.connection, path, this.limits);
    if (got.failure !== undefined) {
      if (got.status === 404) throw new LiveReadError(`${label} not found in the namespace ${this.namespace} (context ${this.context})`);
      // A refused credential of an exec plugin is not used again: the next read runs the plugin anew.
      if (got.status === 401) forgetExecCredentials();
      if (got.status === 401) throw new LiveReadError(`the cluster at ${this.connection.server.origin} did not accept the credentials of the user "${this.connection.userName}" (context ${this.context}): ${got.failure}`);
      throw new LiveReadError(`could not read ${label}: ${got.failure}`);
    }
    if (!isObj(got.body) || got.body.kind !== kind) throw new LiveReadError(`could not read ${label}: the answer is not a ${kind} (kind: ${isObj(got.body) ? String(got.body.kind) : typeof got.body})`);
    return got.body;
  }

  /** A Job's Pods and the events of the Job and its Pods. */
  async jobParts(job: Obj): Promise<Obj[]> {
    const pods = await this.pods(job);
    const events = await this.events(job, 'Job');
    return [...pods, ...events, ...(await this.podEvents(pods))];
  }

  async pods(job: Obj): Promise<Obj[]> {
    const name = job.metadata?.name ?? '';
    const uid = job.metadata?.uid;
    const base = `/api/v1/namespaces/${encodeURIComponent(this.namespace)}/pods`;
    const what = `the Pods of job/${name}`;
    let listed = await this.list(base, { labelSelector: `batch.kubernetes.io/job-name=${name}` }, what, 'Pod', this.maxPods);
    // Clusters before 1.27 label a Job's Pods with job-name only (pkg/registry/batch/job/strategy.go generateSelector).
    if (listed && listed.items.length === 0) listed = await this.list(base, { labelSelector: `job-name=${name}` }, what, 'Pod', this.maxPods);
    if (!listed) return [];
    const owned = uid ? listed.items.filter((pod) => (pod.metadata?.ownerReferences ?? []).some((ref) => ref.uid === uid)) : listed.items;
    const others = listed.items.length - owned.length;
    if (others > 0) this.notes.push(`${count(others, 'Pod')} labelled job-name=${name} belong${others === 1 ? 's' : ''} to another Job of that name (not uid ${uid}): left out`);
    return owned;
  }

  async events(object: Obj, kind: string): Promise<Obj[]> {
    const uid = object.metadata?.uid;
    if (!uid) return [];
    const label = `${kind.toLowerCase()}/${object.metadata?.name ?? ''}`;
    const listed = await this.list(`/api/v1/namespaces/${encodeURIComponent(this.namespace)}/events`, { fieldSelector: `involvedObject.uid=${uid}` }, `the events of ${label}`, 'Event', MAX_EVENTS);
    return listed?.items ?? [];
  }

  async podEvents(pods: Obj[]): Promise<Obj[]> {
    if (pods.length === 0) return [];
    if (pods.length <= PER_POD_EVENTS) {
      const out: Obj[] = [];
      for (let i = 0; i < pods.length; i += 5) {
        const batch = await Promise.all(pods.slice(i, i + 5).map((pod) => this.events(pod, 'Pod')));
        for (const events of batch) out.push(...events);
      }
      return out;
    }
    const uids = new Set(pods.map((pod) => pod.metadata?.uid));
    const listed = await this.list(`/api/v1/namespaces/${encodeURIComponent(this.namespace)}/events`, { fieldSelector: 'involvedObject.kind=Pod' }, `the events of the Pods in the namespace ${this.namespace}`, 'Event', MAX_EVENTS);
    return (listed?.items ?? []).filter((event) => uids.has((event.involvedObject as { uid?: string } | undefined)?.uid));
  }

  async ownedJobs(cronJob: Obj): Promise<Obj[]> {
    const uid = cronJob.metadata?.uid;
    const listed = await this.list(`/apis/batch/v1/namespaces/${encodeURIComponent(this.namespace)}/jobs`, {}, `the Jobs of cronjob/${cronJob.metadata?.name ?? ''}`, 'Job', 5000);
    return (listed?.items ?? []).filter((job) => (job.metadata?.ownerReferences ?? []).some((ref) => ref.uid === uid));
  }

  /** A paged list, its items given the kind and apiVersion the list leaves out; undefined (and a note) when it failed. */
  async list(path: string, query: Record<string, string>, what: string, kind: string, max: number): Promise<{ items: Obj[] } | undefined> {
    const items: Obj[] = [];
    let next: string | undefined;
    for (;;) {
      const params = new URLSearchParams({ ...query, limit: String(Math.min(PAGE, max - items.length)) });
      if (next) params.set('continue', next);
      const got = await getJson(this.connection, `${path}?${params.toString()}`, this.limits);
      if (got.failure !== undefined) {
        this.notes.push(`could not list ${what}: ${got.failure}`);
        return items.length > 0 ? { items } : undefined;
      }
      const body = got.body;
      if (!isObj(body) || !Array.isArray(body.items)) {
        this.notes.push(`could not list ${what}: the answer is not a list (no items)`);
        return items.length > 0 ? { items } : undefined;
      }
      const apiVersion = typeof body.apiVersion === 'string' ? body.apiVersion : undefined;
      for (const item of body.items) if (isObj(item)) items.push({ apiVersion, kind, ...item });
      const meta = (body.metadata ?? {}) as { continue?: unknown; remainingItemCount?: unknown };
      next = typeof meta.continue === 'string' && meta.continue !== '' ? meta.continue : undefined;
      if (!next) return { items };
      if (items.length >= max) {
        const more = typeof meta.remainingItemCount === 'number' ? `${meta.remainingItemCount.toLocaleString('en-US')} more` : 'more';
        this.notes.push(`read the first ${max.toLocaleString('en-US')} of ${what}; ${more} not read`);
        return { items };
      }
    }
  }
}

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
