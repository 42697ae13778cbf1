// `kubeassist diagnose --live job/NAME|cronjob/NAME [-n NS] [--context CTX] [--kubeconfig FILE]`: the live
// options, and the read itself (host/kube: the user's kubeconfig, GET only, bounded). The objects it returns go
// to the diagnose engine as if they had been read from files; its notes join the report's notes.
import { liveTexts, LiveReadError, readLiveObjects, type LiveTarget } from '../host/kube/index';
import { diagnose } from '../service/index';
import { writeDiagnosis, type DiagnoseFormat } from './diagnose';
import type { Settings } from '../service/settings';

export const LIVE_USAGE = `Live (opt-in, read-only; the user's kubeconfig, as kubectl reads it):
  --live job/NAME | cronjob/NAME
                              read the Job (or the CronJob and its Jobs), its Pods and their events from the
                              cluster instead of files: GET requests only, never a change
  -n NS, --namespace NS       the namespace (default: the context's, else default)
  --context CTX               the kubeconfig context (default: its current-context)
  --kubeconfig FILE           this kubeconfig alone (default: the files KUBECONFIG lists, else ~/.kube/config)
  --request-timeout DURATION  the time limit of each request: 10s (default), 500ms, 1m
  --max-pods N                read at most N Pods of a Job (default 1000)`;

/** The options `--live` takes besides the diagnose command's own. */
export const LIVE_OPTIONS = ['--live', '-n', '--namespace', '--context', '--kubeconfig', '--request-timeout', '--max-pods'];

export interface LiveCommand {
  target: LiveTarget;
  kubeconfig?: string;
  timeoutMs?: number;
  maxPods?: number;
}

/** What a live read gives the diagnose command. */
export interface LiveObjects {
  objects: unknown[];
  /** What could not be read, one sentence each (for the report's notes). */
  notes: string[];
  /** Where the objects came from: `context test (https://host:6443/), namespace batch`. */
  source: string;
}

const KINDS: Record<string, LiveTarget['kind']> = {
  job: 'job', jobs: 'job', 'job.batch': 'job', 'jobs.batch': 'job',
  cronjob: 'cronjob', cronjobs: 'cronjob', cj: 'cronjob', 'cronjob.batch': 'cronjob', 'cronjobs.batch': 'cronjob',
};

/** `job/NAME` or `cronjob/NAME` (and the other spellings kubectl takes: jobs, job.batch, cj ...); else why not. */
export function parseLiveTarget(spec: string): LiveTarget | string {
  const slash = spec.indexOf('/');
  const kind = slash === -1 ? undefined : KINDS[spec.slice(0, slash).toLowerCase()];
  const name = slash === -1 ? '' : spec.slice(slash + 1);
  if (!kind || !name) return `--live takes job/NAME or cronjob/NAME, not "${spec}"`;
  if (!/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(name) || name.length > 253) return `"${name}" is not a Kubernetes object name (lowercase letters, digits, '-' and '.')`;
  return { kind, name };
}

/** "10s", "500ms", "1m", "2" (seconds) -> milliseconds; undefined when it is none of them. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) return undefined;
  const value = Number(match[1]) * (match[2] === 'ms' ? 1 : match[2] === 'm' ? 60_000 : 1000);
  return value > 0 ? value : undefined;
}

/**
 * Takes the live options out of a diagnose command line: `live` when --live was given (the rest must then hold no
 * FILE), `rest` for the diagnose command's own options, `problem` for a usage mistake. The options here other than
 * --live mean nothing without it, and say so.
 */
export function takeLiveOptions(args: readonly string[]): { live?: LiveCommand; rest: string[]; problem?: string } {
  const rest: string[] = [];
  const found: Partial<Record<string, string>> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = equals === -1 ? arg : arg.slice(0, equals);
    if (!LIVE_OPTIONS.includes(name)) {
      rest.push(arg);
      continue;
    }
    const value = equals === -1 ? args[++i] : arg.slice(equals + 1);
    if (value === undefined || (equals === -1 && value.startsWith('-') && value !== '-')) return { rest, problem: `${name} needs a value` };
    found[name === '--namespace' ? '-n' : name] = value;
  }
  const given = Object.keys(found);
  if (found['--live'] === undefined) {
    return given.length > 0 ? { rest, problem: `${given[0]} goes with --live job/NAME or cronjob/NAME` } : { rest };
  }
  const target = parseLiveTarget(found['--live']);
  if (typeof target === 'string') return { rest, problem: target };
  const live: LiveCommand = { target: { ...target, namespace: found['-n'], context: found['--context'] }, kubeconfig: found['--kubeconfig'] };
  if (found['-n'] !== undefined && !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(found['-n'])) return { rest, problem: `"${found['-n']}" is not a namespace name` };
  if (found['--request-timeout'] !== undefined) {
    live.timeoutMs = parseDuration(found['--request-timeout']);
    if (live.timeoutMs === undefined) return { rest, problem: `--request-timeout takes a duration such as 10s, 500ms or 1m, not "${found['--request-timeout']}"` };
  }
  if (found['--max-pods'] !== undefined) {
    live.maxPods = Number(found['--max-pods']);
    if (!Number.isInteger(live.maxPods) || live.maxPods < 1) return { rest, problem: `--max-pods takes a positive whole number, not "${found['--max-pods']}"` };
  }
  return { live, rest };
}

/**
 * Reads the live objects. Resolves with what was read; rejects with a LiveReadError whose message is the one
 * sentence to print when nothing could be read (no kubeconfig, an unknown context, the Job not found ...).
 */
export async function readLive(command: LiveCommand, options: { interactive: boolean; env?: NodeJS.ProcessEnv }): Promise<LiveObjects> {
  const read = await readLiveObjects(command.target, {
    kubeconfig: command.kubeconfig, timeoutMs: command.timeoutMs, maxPods: command.maxPods, interactive: options.interactive, env: options.env,
  });
  return { objects: read.objects, notes: read.notes, source: `context ${read.context} (${read.server}), namespace ${read.namespace}` };
}

type Write = (text: string) => void;

/**
 * `kubeassist diagnose --live ...`: the read, then the diagnosis of what was read (as `kubeassist diagnose` reads
 * the same objects from `kubectl get -o json` files), the read's notes after the report's. Exit status: 0 when the
 * Job or CronJob was diagnosed, 2 when nothing could be read (the sentence on standard error).
 */
export async function diagnoseLive(
  command: LiveCommand, settings: Settings, run: { format: DiagnoseFormat; nowSeconds: number; interactive: boolean; env?: NodeJS.ProcessEnv },
  write: Write, writeError: Write,
): Promise<number> {
  let read: LiveObjects;
  try {
    read = await readLive(command, { interactive: run.interactive, env: run.env });
  } catch (error) {
    if (!(error instanceof LiveReadError)) throw error;
    writeError(`kubeassist: ${error.message}\n`);
    return 2;
  }
  const report = diagnose(liveTexts(read.objects), settings, { now: run.nowSeconds });
  report.notes.push(...read.notes);
  const target = `${command.target.kind}/${command.target.name}`;
  writeDiagnosis(report, run.format, write, writeError, `Read from the cluster (GET only): ${target}, ${read.source}.\n\n`);
  return report.objects.length ? 0 : 1;
}

export { LiveReadError };
