// What happens next, in wall-clock time, from the status timestamps and the controller model:
// - the next Pod after failures (backoff_utils.go: newBackoffRecord over the Pods' finish times, getRemainingTimeForFailuresCount:
//   10 s doubling per failure since the last success, capped at 10 min from 1.28; the record counts failures an
//   Ignore rule matched too);
// - activeDeadlineSeconds (job_controller.go pastActiveDeadline: status.startTime + the deadline; startTime is set
//   again when a suspended Job resumes);
// - the TTL (ttlafterfinished_controller.go: the Complete or Failed condition's lastTransitionTime plus
//   ttlSecondsAfterFinished; the Job is deleted with foreground propagation, its Pods and their logs with it).
import { backoffDuration, jobDeletionTime, newBackoffRecord, type JobControllerRelease, type JobSpecView, type PodView } from '../behaviour/job';
import type { DiagnoseNext, JobState } from './types';
import type { JudgedPod } from './outcome';
import { duration, plural, rfc3339 } from './read';
import type { JobStatusView } from './status';

export interface NextInput {
  state: JobState;
  spec: JobSpecView;
  release: JobControllerRelease;
  status: JobStatusView;
  judged: readonly JudgedPod[];
  /** The Complete / Failed condition's time. */
  finishedAt: number | undefined;
  now: number;
}

export function nextOf(input: NextInput): DiagnoseNext[] {
  const next: DiagnoseNext[] = [];
  const { state, spec, status, now } = input;
  if (state === 'running') {
    const backoff = nextPod(input);
    if (backoff) next.push(backoff);
    if (spec.activeDeadlineSeconds !== undefined && status.startTime !== undefined) {
      const at = status.startTime + spec.activeDeadlineSeconds;
      next.push(at > now
        ? { at: rfc3339(at), event: `activeDeadlineSeconds (${duration(spec.activeDeadlineSeconds)} from startTime) fires in ${duration(at - now)}: the Job fails with DeadlineExceeded and its running Pods are deleted` }
        : { at: rfc3339(at), event: `activeDeadlineSeconds (${duration(spec.activeDeadlineSeconds)}) passed ${duration(now - at)} ago: the controller fails the Job with DeadlineExceeded at its next sync` });
    }
  }
  if ((state === 'complete' || state === 'failed') && input.finishedAt !== undefined) {
    const at = jobDeletionTime(spec.ttlSecondsAfterFinished, input.finishedAt);
    if (at !== null) {
      next.push(at > now
        ? { at: rfc3339(at), event: `the TTL (ttlSecondsAfterFinished ${duration(spec.ttlSecondsAfterFinished ?? 0)}) deletes the Job in ${duration(at - now)}, and with it its Pods and their logs` }
        : { at: rfc3339(at), event: `the TTL (ttlSecondsAfterFinished ${duration(spec.ttlSecondsAfterFinished ?? 0)}) expired ${duration(now - at)} ago: the Job, its Pods and their logs are deleted or about to be` });
    }
  }
  return next;
}

/** The back-off before the next Pod, when failures call for one and fewer Pods run than parallelism. */
function nextPod(input: NextInput): DiagnoseNext | undefined {
  const { judged, release, now, spec } = input;
  if (release.backoff !== 'record') return undefined;
  const succeeded: PodView[] = [];
  const failed: PodView[] = [];
  let active = 0;
  for (const j of judged) {
    if (j.outcome === 'succeeded' && j.finished !== undefined) succeeded.push(j.pod.view);
    else if (j.failed && j.finished !== undefined) failed.push(j.pod.view);
    else if (j.outcome === 'running' || j.outcome === 'pending') active++;
  }
  if (!failed.length || active >= spec.parallelism) return undefined;
  const record = newBackoffRecord(undefined, succeeded, failed);
  if (!record.failuresAfterLastSuccess || record.lastFailureTime === undefined || !Number.isFinite(record.lastFailureTime)) return undefined;
  const wait = backoffDuration(release.backoffBase, release.backoffMax, record.failuresAfterLastSuccess);
  const at = record.lastFailureTime + wait;
  if (at <= now) return undefined;
  return { at: rfc3339(at), event: `the next Pod is created (back-off ${duration(wait)} after ${plural(record.failuresAfterLastSuccess, 'failure')} since the last success)` };
}
