// `kubeassist check --jobs N`: files spread over worker threads, results handed back in input order as soon
// as every earlier file is done, so reports stream and never depend on timing. A worker is the CLI bundle
// itself (dist/cli.js) started again in a thread; it loads the engine once and checks batches of files.
// Few files are checked on the main thread: each thread starts cold (its JIT warms up over its first few
// thousand files, about a second of CPU), so a thread pays for itself only with a few hundred files to check.
import { Worker } from 'node:worker_threads';
import type { Settings } from '../service/index';
import { checkFile, type CheckOptions, type FileResult, type FileTask } from './checkFile';

/** Below this many files per worker, threads cost more than they save (see docs/performance.md). */
export const FILES_PER_WORKER = 200;
/** Files per message: big enough that messages cost little, small enough that the last batches even out. */
const BATCH = 32;

export interface WorkerSetup {
  kubeassistWorker: true;
  settings: Settings[];
  options: CheckOptions;
}

type FromWorker = { results: FileResult[] } | { failure: string };

/**
 * Checks every task with up to `jobs` threads and calls `onResult` in task order. `script` is the file a
 * worker runs (the CLI bundle: its worker entry calls `serveWorker`).
 */
export async function checkAll(tasks: readonly FileTask[], settings: Settings[], options: CheckOptions, jobs: number, script: string, onResult: (result: FileResult) => void): Promise<void> {
  const threads = Math.min(jobs, Math.floor(tasks.length / FILES_PER_WORKER));
  if (threads < 2) {
    for (const task of tasks) onResult(checkFile(task, settings[task.settings], options));
    return;
  }
  const done = new Map<number, FileResult>();
  let next = 0;
  let reported = 0;
  const setup: WorkerSetup = { kubeassistWorker: true, settings, options };
  const workers = Array.from({ length: threads }, () => new Worker(script, { workerData: setup, stdout: false, stderr: false }));
  try {
    await new Promise<void>((resolve, reject) => {
      const send = (worker: Worker): void => {
        if (next >= tasks.length) return;
        const size = Math.max(1, Math.min(BATCH, Math.ceil((tasks.length - next) / (threads * 4))));
        worker.postMessage(tasks.slice(next, next + size));
        next += size;
      };
      for (const worker of workers) {
        worker.on('message', (message: FromWorker) => {
          if ('failure' in message) {
            reject(new Error(message.failure));
            return;
          }
          for (const result of message.results) done.set(result.index, result);
          send(worker);
          try {
            for (let result = done.get(tasks[reported]?.index); result; result = done.get(tasks[reported]?.index)) {
              done.delete(result.index);
              reported++;
              onResult(result);
            }
          } catch (error) {
            reject(error);
            return;
          }
          if (reported === tasks.length) resolve();
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (reported < tasks.length) reject(new Error(`a worker thread stopped (exit code ${code})`));
        });
        // Two batches each at first, so that no worker waits for the main thread between batches.
        send(worker);
        send(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** The worker's side: check each batch it is sent and send the results back. */
export function serveWorker(port: { on(event: 'message', listener: (tasks: FileTask[]) => void): void; postMessage(message: FromWorker): void }, setup: WorkerSetup): void {
  port.on('message', (tasks) => {
    try {
      port.postMessage({ results: tasks.map((task) => checkFile(task, setup.settings[task.settings], setup.options)) });
    } catch (error) {
      port.postMessage({ failure: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
}
