// `kubeassist check --jobs N`: files spread over worker threads, results handed back in input order as soon
// as every earlier file is done, so reports stream and never depend on timing. A worker is the CLI bundle
// itself (dist/cli.js) started again in a thread; it loads the engine once and checks batches of files.
// Each thread starts cold (its JIT warms up over its first few thousand files, about a second of CPU) and
// takes the second core from V8's own compiler and garbage collector threads, which help a lone main thread:
// by default (no --jobs) threads are started only for as much work as pays for them, and only on idle cores.
import { statSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { WorkspaceIndex, type IndexSnapshot, type Settings } from '../service/index';
import { checkFile, type CheckOptions, type FileResult, type FileTask } from './checkFile';

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
  /** The run's workspace index (its definitions), for the relation checks. */
  index?: IndexSnapshot;
}

/** The workspace index of a run: the main thread's, and a snapshot of it for the workers. */
export interface RunIndex {
  index: WorkspaceIndex;
  snapshot: () => IndexSnapshot;
}

type FromWorker = { results: FileResult[] } | { failure: string };

/**
 * Each worker's heap limit: a file that needs more (a hostile alias bomb, a giant document) stops its worker
 * only; that file is reported as not checked and the run goes on. KUBEASSIST_WORKER_MEMORY_MB sets it (tests).
 */
const WORKER_MEMORY_MB = Number(process.env.KUBEASSIST_WORKER_MEMORY_MB) || 4096;

/**
 * Checks every task with up to `jobs` threads (undefined: as many as defaultThreads picks) and calls
 * `onResult` in task order. `script` is the file a worker runs (the CLI bundle: its worker entry calls
 * `serveWorker`). A worker that stops (out of memory)
 * is replaced; the files it had are checked again one at a time, and the one that stops a worker alone is
 * reported as not checked.
 */
export async function checkAll(tasks: readonly FileTask[], settings: Settings[], options: CheckOptions, jobs: number | undefined, script: string, onResult: (result: FileResult) => void, index?: RunIndex): Promise<void> {
  const threads = jobs === undefined ? defaultThreads(tasks) : Math.min(jobs, Math.floor(tasks.length / FILES_PER_WORKER));
  if (threads < 2) {
    for (const task of tasks) onResult(checkFile(task, settings[task.settings], options, index?.index));
    return;
  }
  const done = new Map<number, FileResult>();
  let next = 0;
  let reported = 0;
  const setup: WorkerSetup = { kubeassistWorker: true, settings, options, ...(index ? { index: index.snapshot() } : {}) };
  const workers: Worker[] = [];
  /** The batches each worker was sent and has not answered, oldest first. */
  const inFlight = new Map<Worker, FileTask[][]>();
  /** Files of the batch a worker stopped on: each is checked again alone, to find the one that stops a worker. */
  const alone: FileTask[] = [];
  /** Batches a stopped worker had not started: sent again as they are. */
  const again: FileTask[][] = [];
  let closing = false;
  try {
    await new Promise<void>((resolve, reject) => {
      const deliver = (results: readonly FileResult[]): void => {
        for (const result of results) done.set(result.index, result);
        for (let result = done.get(tasks[reported]?.index); result; result = done.get(tasks[reported]?.index)) {
          done.delete(result.index);
          reported++;
          onResult(result);
        }
        if (reported === tasks.length) resolve();
      };
      const send = (worker: Worker): void => {
        let batch: FileTask[];
        if (alone.length) batch = [alone.shift()!];
        else if (again.length) batch = again.shift()!;
        else if (next < tasks.length) {
          const size = Math.max(1, Math.min(BATCH, Math.ceil((tasks.length - next) / (threads * 4))));
          batch = tasks.slice(next, next + size);
          next += size;
        } else return;
        inFlight.get(worker)!.push(batch);
        worker.postMessage(batch);
      };
      const stopped = (worker: Worker, error: Error | undefined): void => {
        const batches = inFlight.get(worker);
        if (!batches || closing) return; // already handled (an error is followed by an exit), or terminated by us
        inFlight.delete(worker);
        // A worker checks its batches in the order sent: it stopped on the first one it had not answered.
        const [current, ...notStarted] = batches;
        again.push(...notStarted);
        const failed: FileResult[] = [];
        if (current?.length === 1) {
          const outOfMemory = (error as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
          const problem = outOfMemory
            ? `ran out of memory while checking it (each thread may use ${WORKER_MEMORY_MB} MB): not checked`
            : `internal error while checking (please report it): ${error?.message ?? 'a worker thread stopped'}`;
          failed.push({ index: current[0].index, checked: false, problem, findings: [], objects: [], fixed: 0 });
        } else if (current) {
          alone.push(...current);
        }
        try {
          deliver(failed);
        } catch (reportError) {
          reject(reportError);
          return;
        }
        if (reported < tasks.length) start();
      };
      const start = (): void => {
        const worker = new Worker(script, { workerData: setup, stdout: false, stderr: false, resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB } });
        workers.push(worker);
        inFlight.set(worker, []);
        worker.on('message', (message: FromWorker) => {
          if ('failure' in message) {
            reject(new Error(message.failure));
            return;
          }
          inFlight.get(worker)?.shift();
          send(worker);
          try {
            deliver(message.results);
          } catch (error) {
            reject(error);
          }
        });
        worker.on('error', (error) => stopped(worker, error));
        worker.on('exit', () => stopped(worker, undefined));
        // Two batches each at first, so that no worker waits for the main thread between batches.
        send(worker);
        send(worker);
      };
      for (let i = 0; i < threads; i++) start();
    });
  } finally {
    closing = true;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** The worker's side: check each batch it is sent and send the results back. */
export function serveWorker(port: { on(event: 'message', listener: (tasks: FileTask[]) => void): void; postMessage(message: FromWorker): void }, setup: WorkerSetup): void {
  const index = setup.index ? WorkspaceIndex.fromSnapshot(setup.index) : undefined;
  port.on('message', (tasks) => {
    try {
      port.postMessage({ results: tasks.map((task) => checkFile(task, setup.settings[task.settings], setup.options, index)) });
    } catch (error) {
      port.postMessage({ failure: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
}
