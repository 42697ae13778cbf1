// The verdict: one plain sentence, the first thing a person reads. It only says what the evidence shows.
import type { DiagnoseBlocker, DiagnoseBudget, DiagnoseCause, DiagnoseCounters, JobState } from './types';
import { duration, plural, rfc3339 } from './read';
import { signalName } from './pods';
import type { JobCondition } from './status';

export interface VerdictInput {
  name: string;
  state: JobState;
  since: number | undefined;
  end: JobCondition | undefined;
  counters: DiagnoseCounters;
  budget: DiagnoseBudget | null;
  cause: DiagnoseCause | null;
  blockers: readonly DiagnoseBlocker[];
  activeDeadlineSeconds: number | undefined;
  terminating: number;
}

const at = (time: number | undefined) => (time === undefined ? '' : ` at ${rfc3339(time)}`);
const since = (time: number | undefined) => (time === undefined ? '' : ` since ${rfc3339(time)}`);

/** "Pod p, container c exited with code 1" / "was OOMKilled (exit code 137)" / "was evicted". */
export function causeWords(cause: DiagnoseCause): string {
  const who = [cause.pod ? `Pod ${cause.pod}` : '', cause.index !== null ? `index ${cause.index}` : '', cause.container ? `container ${cause.container}` : ''].filter(Boolean).join(', ');
  let what: string;
  if (cause.reason === 'OOMKilled') what = `was OOMKilled${cause.exitCode !== null ? ` (exit code ${cause.exitCode})` : ''}`;
  else if (cause.exitCode !== null && cause.exitCode !== 0) what = `exited with code ${cause.exitCode}${cause.signal ? ` (${signalName(cause.signal)})` : ''}${cause.reason && cause.reason !== 'Error' ? ` (${cause.reason})` : ''}`;
  else if (cause.reason) what = `failed (${cause.reason})`;
  else what = 'failed';
  const rule = cause.rule ? `, matching ${cause.rule} (${cause.action})` : '';
  return `${who || 'a Pod'} ${what}${rule}`;
}

export function verdictOf(input: VerdictInput): string {
  const { name, state, end, counters, budget, blockers } = input;
  // A cause that names no Pod, exit code or reason (only the template's container) adds nothing to a sentence.
  const cause = input.cause && (input.cause.pod || input.cause.exitCode !== null || input.cause.reason) ? input.cause : null;
  const job = `Job ${name}`;
  const reason = end?.reason ? ` (${end.reason})` : '';
  const blocker = blockers.find((b) => b.type !== 'managed-elsewhere' && b.type !== 'suspended');
  const managed = blockers.find((b) => b.type === 'managed-elsewhere');
  switch (state) {
    case 'failed': {
      if (end?.reason === 'DeadlineExceeded') return `${job} failed${at(end.at)} (DeadlineExceeded): it was active longer than activeDeadlineSeconds${input.activeDeadlineSeconds !== undefined ? ` (${duration(input.activeDeadlineSeconds)})` : ''}; its running Pods were deleted.`;
      const counted = budget && end?.reason === 'BackoffLimitExceeded' ? `: ${plural(budget.counted, 'failure')} counted against backoffLimit ${budget.limit}` : '';
      const last = cause ? `${counted ? '; the last: ' : ': '}${causeWords(cause)}` : counted ? '' : end?.message ? `: ${end.message}` : '';
      return `${job} failed${at(end?.at)}${reason}${counted}${last}.`;
    }
    case 'complete': {
      const succeeded = counters.succeeded !== null ? `: ${plural(counters.succeeded, 'Pod')} succeeded` : '';
      const failed = counters.failed ? `, ${counters.failed} failed on the way` : '';
      return `${job} completed${at(end?.at)}${reason}${succeeded}${failed}.`;
    }
    case 'finishing': {
      const what = end?.type === 'FailureTarget' ? 'failing' : 'succeeding';
      const then = end?.type === 'FailureTarget' ? 'Failed' : 'Complete';
      const pods = input.terminating > 0 ? `${plural(input.terminating, 'Pod')} still terminating` : 'its Pods are terminating';
      return `${job} is ${what}${since(input.since)}${reason}: ${pods}; it is marked ${then} once they are gone${cause ? ` (${causeWords(cause)})` : ''}.`;
    }
    case 'suspended':
      return `${job} is suspended${since(input.since)}: no Pods run until spec.suspend is false${managed ? ` (${managed.message})` : ''}.`;
    case 'not-started':
      if (managed) return `${job} has not started: ${managed.message}`;
      return `${job} has not started${blocker ? `: ${blocker.message}` : ' (no status.startTime): the controller has not synced it yet, or cannot create its Pods.'}`;
    default: {
      if (blocker) return `${job} is running${since(input.since)} but is held: ${blocker.message}`;
      const parts: string[] = [];
      if (counters.active !== null) parts.push(`${counters.active} active`);
      if (counters.succeeded) parts.push(`${counters.succeeded} succeeded`);
      if (budget) {
        parts.push(budget.perIndex ? `at most ${plural(budget.counted, 'failure')} in one index (backoffLimitPerIndex ${budget.limit})` : `${plural(budget.counted, 'failure')} of backoffLimit ${budget.limit}`);
      }
      const last = cause && (!budget || budget.counted > 0) ? `; the last failure: ${causeWords(cause)}` : '';
      return `${job} is running${since(input.since)}${parts.length ? `: ${parts.join(', ')}` : ''}${last}${managed ? ` (${managed.message.replace(/\.$/, '')})` : ''}.`;
    }
  }
}
