// `kubeassist check --jobs N`: files spread over worker threads, results handed back in input order as soon
// as every earlier file is done, so reports stream and never depend on timing. A worker is the CLI bundle
// itself (dist/cli.js) started again in a thread; it loads the engine once and checks batches of files.
// Each thread starts cold (its JIT warms up over its first few thousand files, about a second of CPU): by
// default (no --jobs) the main thread checks files itself, and a worker starts beside it only for as much work
// as pays for one, and only on a CPU no other process is using.
import { statSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { WorkspaceIndex, type DefinitionEntry, type IndexSnapshot, type Settings } from '../service/index';
import { checkFile, type CheckOptions, type FileResult, type FileTask } from './checkFile';
import { checkRelations, readFacts, runSnapshot, setsAnnotations, withRelationFindings, type FactsResult, type FactsTask, type RelationResult, type RelationTask } from './relations';

/** With `--jobs N`: below this many files per worker, threads cost more than they save. */
export const FILES_PER_WORKER = 200;

/**
 * By default: one worker thread beside the main thread (which checks files too) per this many bytes of input,
 * at most one per CPU that is idle while the inputs are listed. A worker starts in about 0.2 s of CPU (the
 * bundle from its code cache) and warms up over its first thousand files, while the main thread is already
 * checking, and the main thread hands it files and takes its results back. Since plain block YAML is read
 * without `yaml`'s parser (document/blockYaml.ts) a file costs half as much, and on 2 CPUs (V8's own threads
 * keep a quarter of the second busy) one worker beside the main thread gave 0.94x to 1.01x at 20 MiB of
 * manifests, 1.11x at 32 MiB and 1.26x at 60 MiB (issue 30, `npm run bench -- --cli`, 3 runs each).
 */
export const BYTES_PER_THREAD = 24 * 1024 * 1024;

/** Files whose size is looked at to estimate the whole input (a stat each), evenly spread over it. */
const SIZE_SAMPLE = 256;

/**
 * The worker threads the default starts beside the main thread for these tasks: one per BYTES_PER_THREAD of
 * input (estimated from a sample of file sizes), at most one per idle CPU (`idle`: CPUs other processes left
 * idle, from idleCpus, rounded); 0: the main thread alone.
 */
export function defaultWorkers(tasks: readonly FileTask[], idle: number): number {
  const cpus = Math.floor(idle + 0.5);
  if (tasks.length === 0 || cpus < 1) return 0;
  const step = Math.max(1, tasks.length / SIZE_SAMPLE);
  let sampled = 0;
  let bytes = 0;
  for (let at = 0; at < tasks.length; at += step) {
    bytes += sizeOf(tasks[Math.floor(at)]);
    sampled++;
  }
  // KUBEASSIST_BYTES_PER_THREAD sets another amount (tests that want a worker beside the main thread on a few files).
  const fixed = Number(process.env.KUBEASSIST_BYTES_PER_THREAD);
  const perThread = fixed > 0 ? fixed : BYTES_PER_THREAD;
  return Math.min(cpus, Math.floor(((bytes / sampled) * tasks.length) / perThread));
}

const CPU_COUNT = typeof availableParallelism === 'function' ? availableParallelism() : cpus().length;

/**
 * Starts watching how busy the machine is; the function returned says how many CPUs other processes left idle
 * since then, besides the one this thread keeps busy (its own work counts as busy). The 1-minute load average
 * would count the runs just before this one (a CI job's earlier steps, a bench's earlier runs) as load that is
 * no longer there; over a window under 50 ms it is the fallback all the same.
 */
export function idleCpus(): () => number {
  // KUBEASSIST_IDLE_CPUS fixes the answer (tests, and a bench that wants the threads whatever the load).
  const fixed = Number(process.env.KUBEASSIST_IDLE_CPUS);
  if (process.env.KUBEASSIST_IDLE_CPUS && fixed >= 0) return () => fixed;
  const start = performance.now();
  const before = idleTimes();
  return () => {
    const elapsed = performance.now() - start;
    const after = idleTimes();
    if (elapsed < 50 || before === undefined || after === undefined) return Math.max(0, CPU_COUNT - 1 - loadavg()[0]);
    return Math.max(0, Math.min(CPU_COUNT - 1, (after - before) / elapsed));
  };
}

/**
 * Milliseconds every CPU has been idle or running niced work since the machine started (os.cpus); undefined
 * where unknown. A process that lowered its priority (`nice`, a fuzzer in the background) yields its CPU to ours.
 */
function idleTimes(): number | undefined {
  const list = cpus();
  if (list.length === 0) return undefined;
  return list.reduce((sum, cpu) => sum + cpu.times.idle + cpu.times.nice, 0);
}

function sizeOf(task: FileTask): number {
  if (task.text !== undefined) return task.text.length;
  try {
    return statSync(task.path).size;
  } catch {
    return 0; // unreadable: reported when it is checked
  }
}
/** Files per message: big enough that messages cost little, small enough that the last batches even out. */
const BATCH = 32;

export interface WorkerSetup {
  kubeassistWorker: true;
  settings: Settings[];
  options: CheckOptions;
  /** The run's workspace index (its definitions), for the relation checks, once every file is checked. */
  index?: IndexSnapshot;
}

type ToWorker = { check: FileTask[] } | { facts: FactsTask[] } | { relations: RelationTask[] } | { index: IndexSnapshot };
type Outcome = FileResult | FactsResult | RelationResult;
type FromWorker = { results: Outcome[] } | { failure: string } | { ready: true };
type Round = 'check' | 'facts' | 'relations';

/**
 * Each worker's heap limit: a file that needs more (a hostile alias bomb, a giant document) stops its worker
 * only; that file is reported as not checked and the run goes on. KUBEASSIST_WORKER_MEMORY_MB sets it (tests).
 */
const WORKER_MEMORY_MB = Number(process.env.KUBEASSIST_WORKER_MEMORY_MB) || 4096;

/**
 * Checks every task with `jobs` worker threads (undefined: the main thread and as many workers as defaultWorkers
 * picks for the CPUs `idle` says are free) and calls
 * `onResult` in task order. `script` is the file a worker runs (the CLI bundle: its worker entry calls
 * `serveWorker`). A worker that stops (out of memory) is replaced; the files it had are checked again one at a
 * time, and the one that stops a worker alone is reported as not checked.
 *
 * With `options.relations`, the relation checks run once every file is checked (cli/relations.ts): the index
 * of the run is made from what the checks read of each file, and the files whose objects may have relation
 * findings are checked against it on the same threads; a file is reported once its findings are all there.
 */
export async function checkAll(tasks: readonly FileTask[], settings: Settings[], options: CheckOptions, jobs: number | undefined, script: string, onResult: (result: FileResult) => void, idle: () => number = idleCpus()): Promise<void> {
  // --jobs N: N workers, the main thread hands out the files. By default the main thread checks files too,
  // beside the workers the input and the idle CPUs pay for (none: the main thread alone, as --jobs 1).
  const forced = jobs === undefined ? 0 : Math.min(jobs, Math.floor(tasks.length / FILES_PER_WORKER));
  const workers = jobs === undefined ? defaultWorkers(tasks, idle()) : forced < 2 ? 0 : forced;
  const pool = workers === 0 ? undefined : new Pool(workers, script, { kubeassistWorker: true, settings, options }, jobs === undefined);
  /** The run's index on the main thread, when it checks files beside the workers (made once, for the relation round). */
  let mainIndex: WorkspaceIndex | undefined;
  // Results are reported in task order, each once it is final.
  const position = new Map(tasks.map((task, i) => [task.index, i]));
  const final: (FileResult | undefined)[] = [];
  let reported = 0;
  const ready = (result: FileResult): void => {
    final[position.get(result.index)!] = result;
    for (let next = final[reported]; next; next = final[reported]) {
      final[reported++] = undefined;
      onResult(next);
    }
  };
  /** Checked files waiting for their relation findings, and what each file defines. */
  const waiting = new Map<number, FileResult>();
  const definitions = new Map<number, DefinitionEntry[]>();
  let orders = false;
  const checked = (result: FileResult): void => {
    if (result.relations?.definitions.length) definitions.set(result.index, result.relations.definitions);
    if (result.relations?.ordersCreation) orders = true;
    if (result.relations?.text !== undefined) waiting.set(result.index, result);
    else ready(withoutFacts(result));
  };
  const failed = (outcome: FileResult): void => {
    waiting.delete(outcome.index);
    ready(outcome);
  };
  const reread = (outcome: FactsResult | FileResult): void => {
    if ('checked' in outcome) return failed(outcome); // reading it stopped a thread: not checked
    const result = waiting.get(outcome.index)!;
    result.relations = outcome.reread;
    definitions.set(outcome.index, outcome.reread.definitions);
  };
  const related = (outcome: RelationResult | FileResult): void => {
    if ('checked' in outcome) return failed(outcome); // its relation checks stopped a thread: not checked
    const result = waiting.get(outcome.index)!;
    waiting.delete(outcome.index);
    ready({ ...withoutFacts(result), findings: withRelationFindings(result.findings, outcome.findings, result.relations!.tail) });
  };
  try {
    if (pool) await pool.run('check', tasks, (results) => results.forEach((result) => checked(result as FileResult)), notChecked, (task) => checkFile(task, settings[task.settings], options));
    else for (const task of tasks) checked(checkFile(task, settings[task.settings], options));
    if (!options.relations) return;
    // Every file is checked: the index of the run, from their definitions (standard input is no file of it).
    const files = tasks.filter((task) => task.path !== '-');
    let snapshot = runSnapshot(files.map((task) => ({ path: task.path, definitions: definitions.get(task.index) ?? [] })));
    if (options.deferQuiet && (orders || setsAnnotations(snapshot))) {
      // A Helm hook, an Argo CD annotation or a kustomization's annotations: the documents left unread may matter.
      const again: FactsTask[] = [];
      for (const task of tasks) {
        const relations = waiting.get(task.index)?.relations;
        if (relations?.deferred) again.push({ index: task.index, path: task.path, settings: task.settings, text: relations.text!, tail: relations.tail });
      }
      if (pool) await pool.run('facts', again, (results) => results.forEach((result) => reread(result as FactsResult | FileResult)), notChecked, (task) => readFacts(task, settings[task.settings]));
      else for (const task of again) reread(readFacts(task, settings[task.settings]));
      snapshot = runSnapshot(files.map((task) => ({ path: task.path, definitions: definitions.get(task.index) ?? [] })));
    }
    definitions.clear();
    const relationTasks: RelationTask[] = [];
    for (const task of tasks) {
      const result = waiting.get(task.index);
      if (!result) continue;
      const relations = result.relations!;
      if (relations.candidate) relationTasks.push({ index: task.index, path: task.path, name: task.name, settings: task.settings, text: relations.text!, facts: relations.facts! });
      else {
        // Only documents left unread, which cannot speak in this run.
        waiting.delete(task.index);
        ready(withoutFacts(result));
      }
    }
    if (pool) {
      pool.broadcast(snapshot);
      await pool.run('relations', relationTasks, (results) => results.forEach((result) => related(result as RelationResult | FileResult)), notChecked, (task) => checkRelations(task, settings[task.settings], options.suppressed, (mainIndex ??= WorkspaceIndex.fromSnapshot(snapshot))));
    } else {
      const index = WorkspaceIndex.fromSnapshot(snapshot);
      for (const task of relationTasks) related(checkRelations(task, settings[task.settings], options.suppressed, index));
    }
  } finally {
    await pool?.close();
  }
}

function withoutFacts(result: FileResult): FileResult {
  if (!result.relations) return result;
  const { relations: _relations, ...rest } = result;
  return rest;
}

function notChecked(index: number, problem: string): FileResult {
  return { index, checked: false, problem, findings: [], objects: [], fixed: 0 };
}

/** Worker threads that live through both rounds of a run: the checks, then the relation checks. */
class Pool {
  private readonly workers: Worker[] = [];
  private closing = false;
  /** The current round's handlers, by worker. */
  private round: { message: (worker: Worker, message: { results: Outcome[] } | { failure: string }) => void; stopped: (worker: Worker, error: Error | undefined) => void; loaded: (worker: Worker) => void } | undefined;
  /** Workers that have loaded the bundle and said so. */
  private readonly loaded = new Set<Worker>();

  constructor(
    private readonly threads: number,
    private readonly script: string,
    private readonly setup: WorkerSetup,
    /** The main thread checks files too, between the workers' messages (the default). */
    private readonly mainChecks = false,
  ) {}

  /** Every worker gets the run's index (and each worker started from now on). */
  broadcast(index: IndexSnapshot): void {
    this.setup.index = index;
    for (const worker of this.workers) worker.postMessage({ index } satisfies ToWorker);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private start(): Worker {
    const worker = new Worker(this.script, { workerData: this.setup, stdout: false, stderr: false, resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB } });
    this.workers.push(worker);
    worker.on('message', (message: FromWorker) => {
      if (!('ready' in message)) this.round?.message(worker, message);
      else {
        this.loaded.add(worker);
        this.round?.loaded(worker);
      }
    });
    worker.on('error', (error) => this.round?.stopped(worker, error));
    worker.on('exit', () => this.round?.stopped(worker, undefined));
    return worker;
  }

  /** Runs one round of tasks over the workers; `deliver` hears each batch's results, in any order. */
  run<T extends { index: number }>(kind: Round, tasks: readonly T[], deliver: (results: readonly Outcome[]) => void, failed: (index: number, problem: string) => FileResult, local: (task: T) => Outcome): Promise<void> {
    let next = 0;
    let answered = 0;
    /** The batches each worker was sent and has not answered, oldest first. */
    const inFlight = new Map<Worker, T[][]>();
    /** Files of the batch a worker stopped on: each is sent again alone, to find the one that stops a worker. */
    const alone: T[] = [];
    /** Batches a stopped worker had not started: sent again as they are. */
    const again: T[][] = [];
    const threads = this.threads + (this.mainChecks ? 1 : 0);
    let settled = false;
    return new Promise<void>((resolve, reject) => {
      if (tasks.length === 0) {
        resolve();
        return;
      }
      const take = (results: readonly Outcome[]): void => {
        if (settled) return;
        answered += results.length;
        try {
          deliver(results);
        } catch (error) {
          reject(error);
          return;
        }
        if (answered === tasks.length) {
          settled = true;
          this.round = undefined;
          resolve();
        }
      };
      const fresh = (): T[] | undefined => {
        if (again.length) return again.shift()!;
        if (next >= tasks.length) return undefined;
        const size = Math.max(1, Math.min(BATCH, Math.ceil((tasks.length - next) / (threads * 4))));
        next += size;
        return tasks.slice(next - size, next);
      };
      const send = (worker: Worker): void => {
        const batch = alone.length ? [alone.shift()!] : fresh();
        if (!batch) return;
        inFlight.get(worker)!.push(batch);
        worker.postMessage({ [kind]: batch } as unknown as ToWorker);
      };
      const begin = (worker: Worker): void => {
        inFlight.set(worker, []);
        // Two batches each at first, so that no worker waits for the main thread between batches.
        send(worker);
        send(worker);
      };
      this.round = {
        message: (worker, message) => {
          if ('failure' in message) {
            settled = true;
            reject(new Error(message.failure));
            return;
          }
          inFlight.get(worker)?.shift();
          send(worker);
          take(message.results);
        },
        stopped: (worker, error) => {
          const batches = inFlight.get(worker);
          if (!batches || this.closing) return; // already handled (an error is followed by an exit), or terminated by us
          inFlight.delete(worker);
          this.workers.splice(this.workers.indexOf(worker), 1);
          // A worker works through its batches in the order sent: it stopped on the first one it had not answered.
          const [current, ...notStarted] = batches;
          again.push(...notStarted);
          const lost: FileResult[] = [];
          if (current?.length === 1) {
            const outOfMemory = (error as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
            const problem = outOfMemory
              ? `ran out of memory while checking it (each thread may use ${WORKER_MEMORY_MB} MB): not checked`
              : `internal error while checking (please report it): ${error?.message ?? 'a worker thread stopped'}`;
            lost.push(failed(current[0].index, problem));
          } else if (current) {
            alone.push(...current);
          }
          if (lost.length) take(lost);
          if (answered < tasks.length) {
            const replacement = this.start();
            if (!this.mainChecks) begin(replacement);
          }
        },
        // Beside the main thread, a worker gets files once it has loaded: a file sent while it loads would
        // wait for it, even when the main thread is idle.
        loaded: (worker) => {
          if (this.mainChecks && !inFlight.has(worker)) begin(worker);
        },
      };
      while (this.workers.length < this.threads) this.start();
      for (const worker of this.workers) if (!this.mainChecks || this.loaded.has(worker)) begin(worker);
      if (!this.mainChecks) return;
      // The main thread's share: a batch at a time (never a file that stopped a worker), then the workers'
      // messages are heard before the next one.
      const step = (): void => {
        if (settled) return;
        const batch = fresh();
        if (!batch) return;
        let results: Outcome[];
        try {
          results = batch.map(local);
        } catch (error) {
          settled = true;
          reject(error);
          return;
        }
        take(results);
        setImmediate(step);
      };
      setImmediate(step);
    });
  }
}

/** The worker's side: check each batch it is sent and send the results back. */
export function serveWorker(port: { on(event: 'message', listener: (message: ToWorker) => void): void; postMessage(message: FromWorker): void }, setup: WorkerSetup): void {
  let index = setup.index ? WorkspaceIndex.fromSnapshot(setup.index) : undefined;
  port.postMessage({ ready: true });
  port.on('message', (message) => {
    try {
      if ('index' in message) index = WorkspaceIndex.fromSnapshot(message.index);
      else if ('check' in message) port.postMessage({ results: message.check.map((task) => checkFile(task, setup.settings[task.settings], setup.options)) });
      else if ('facts' in message) port.postMessage({ results: message.facts.map((task) => readFacts(task, setup.settings[task.settings])) });
      else port.postMessage({ results: message.relations.map((task) => checkRelations(task, setup.settings[task.settings], setup.options.suppressed, index!)) });
    } catch (error) {
      port.postMessage({ failure: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
}
