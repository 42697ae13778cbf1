// `kubeassist check --jobs N`: files spread over worker threads, results handed back in input order as soon
// as every earlier file is done, so reports stream and never depend on timing. A worker is the CLI bundle
// itself (dist/cli.js) started again in a thread; it loads the engine once and checks batches of files.
// Each thread starts cold (its JIT warms up over its first few thousand files, about a second of CPU) and
// takes the second core from V8's own compiler and garbage collector threads, which help a lone main thread:
// by default (no --jobs) threads are started only for as much work as pays for them, and only on idle cores.
import { statSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { WorkspaceIndex, type DefinitionEntry, type IndexSnapshot, type Settings } from '../service/index';
import { checkFile, type CheckOptions, type FileResult, type FileTask } from './checkFile';
import { checkRelations, readFacts, runSnapshot, setsAnnotations, withRelationFindings, type FactsResult, type FactsTask, type RelationResult, type RelationTask } from './relations';

/** With `--jobs N`: below this many files per worker, threads cost more than they save. */
export const FILES_PER_WORKER = 200;

/**
 * By default: one thread per this many bytes of input, up to the CPU count; with fewer than two, the main
 * thread checks everything. Measured on 2 CPUs (docs/performance.md, "kubeassist check on a repository"):
 * two threads break even with one at about 7 MiB of manifests on idle cores, so they start at 16 MiB.
 */
export const BYTES_PER_THREAD = 8 * 1024 * 1024;

/** Files whose size is looked at to estimate the whole input (a stat each), evenly spread over it. */
const SIZE_SAMPLE = 256;

/**
 * The threads the default uses for these tasks: one per BYTES_PER_THREAD of input (estimated from a sample
 * of file sizes), at most one per CPU left idle by the machine's load (its 1-minute load average: on a busy
 * machine a thread gets no core of its own and only adds its warm-up); 0: the main thread alone.
 */
export function defaultThreads(tasks: readonly FileTask[], cpuCount = CPU_COUNT, load = loadavg()[0]): number {
  const idle = Math.round(cpuCount - load);
  if (tasks.length === 0 || idle < 2) return 0;
  const step = Math.max(1, tasks.length / SIZE_SAMPLE);
  let sampled = 0;
  let bytes = 0;
  for (let at = 0; at < tasks.length; at += step) {
    bytes += sizeOf(tasks[Math.floor(at)]);
    sampled++;
  }
  const threads = Math.min(idle, Math.floor(((bytes / sampled) * tasks.length) / BYTES_PER_THREAD));
  return threads < 2 ? 0 : threads;
}

const CPU_COUNT = typeof availableParallelism === 'function' ? availableParallelism() : cpus().length;

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
type FromWorker = { results: Outcome[] } | { failure: string };
type Round = 'check' | 'facts' | 'relations';

/**
 * Each worker's heap limit: a file that needs more (a hostile alias bomb, a giant document) stops its worker
 * only; that file is reported as not checked and the run goes on. KUBEASSIST_WORKER_MEMORY_MB sets it (tests).
 */
const WORKER_MEMORY_MB = Number(process.env.KUBEASSIST_WORKER_MEMORY_MB) || 4096;

/**
 * Checks every task with up to `jobs` threads (undefined: as many as defaultThreads picks) and calls
 * `onResult` in task order. `script` is the file a worker runs (the CLI bundle: its worker entry calls
 * `serveWorker`). A worker that stops (out of memory) is replaced; the files it had are checked again one at a
 * time, and the one that stops a worker alone is reported as not checked.
 *
 * With `options.relations`, the relation checks run once every file is checked (cli/relations.ts): the index
 * of the run is made from what the checks read of each file, and the files whose objects may have relation
 * findings are checked against it on the same threads; a file is reported once its findings are all there.
 */
export async function checkAll(tasks: readonly FileTask[], settings: Settings[], options: CheckOptions, jobs: number | undefined, script: string, onResult: (result: FileResult) => void): Promise<void> {
  const threads = jobs === undefined ? defaultThreads(tasks) : Math.min(jobs, Math.floor(tasks.length / FILES_PER_WORKER));
  const pool = threads < 2 ? undefined : new Pool(threads, script, { kubeassistWorker: true, settings, options });
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
    if (pool) await pool.run('check', tasks, (results) => results.forEach((result) => checked(result as FileResult)), notChecked);
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
      if (pool) await pool.run('facts', again, (results) => results.forEach((result) => reread(result as FactsResult | FileResult)), notChecked);
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
      await pool.run('relations', relationTasks, (results) => results.forEach((result) => related(result as RelationResult | FileResult)), notChecked);
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
  private round: { message: (worker: Worker, message: FromWorker) => void; stopped: (worker: Worker, error: Error | undefined) => void } | undefined;

  constructor(
    private readonly threads: number,
    private readonly script: string,
    private readonly setup: WorkerSetup,
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
    worker.on('message', (message: FromWorker) => this.round?.message(worker, message));
    worker.on('error', (error) => this.round?.stopped(worker, error));
    worker.on('exit', () => this.round?.stopped(worker, undefined));
    return worker;
  }

  /** Runs one round of tasks over the workers; `deliver` hears each batch's results, in any order. */
  run<T extends { index: number }>(kind: Round, tasks: readonly T[], deliver: (results: readonly Outcome[]) => void, failed: (index: number, problem: string) => FileResult): Promise<void> {
    let next = 0;
    let answered = 0;
    /** The batches each worker was sent and has not answered, oldest first. */
    const inFlight = new Map<Worker, T[][]>();
    /** Files of the batch a worker stopped on: each is sent again alone, to find the one that stops a worker. */
    const alone: T[] = [];
    /** Batches a stopped worker had not started: sent again as they are. */
    const again: T[][] = [];
    const threads = this.threads;
    return new Promise<void>((resolve, reject) => {
      if (tasks.length === 0) {
        resolve();
        return;
      }
      const take = (results: readonly Outcome[]): void => {
        answered += results.length;
        try {
          deliver(results);
        } catch (error) {
          reject(error);
          return;
        }
        if (answered === tasks.length) {
          this.round = undefined;
          resolve();
        }
      };
      const send = (worker: Worker): void => {
        let batch: T[];
        if (alone.length) batch = [alone.shift()!];
        else if (again.length) batch = again.shift()!;
        else if (next < tasks.length) {
          const size = Math.max(1, Math.min(BATCH, Math.ceil((tasks.length - next) / (threads * 4))));
          batch = tasks.slice(next, next + size);
          next += size;
        } else return;
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
          if (answered < tasks.length) begin(this.start());
        },
      };
      while (this.workers.length < threads) this.start();
      for (const worker of this.workers) begin(worker);
    });
  }
}

/** The worker's side: check each batch it is sent and send the results back. */
export function serveWorker(port: { on(event: 'message', listener: (message: ToWorker) => void): void; postMessage(message: FromWorker): void }, setup: WorkerSetup): void {
  let index = setup.index ? WorkspaceIndex.fromSnapshot(setup.index) : undefined;
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
