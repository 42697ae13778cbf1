// A discrete-event simulation of one Job: the Job controller (controller.ts) against Pods that do what a scenario
// says, with the kubelet restarting containers under restartPolicy OnFailure and the TTL-after-finished controller
// at the end. Pure: no clock, no I/O. Times are seconds from the Job's creation. events.ts is its clock, podStatus.ts
// what the kubelet writes of a Pod, result.ts the report.
import type { JsonObject } from '../../types';
import type { JobScenario, PodOutcome } from '../scenario';
import { LegacyRateLimiter } from './backoff';
import { isJobFinished, managedByExternalController, newJobStatus, syncJob, type ControllerEffects, type JobControllerState } from './controller';
import { EventQueue, PRIORITY, type SimEvent } from './events';
import { ContainerRestartBackoff } from './kubelet';
import type { JobCondition } from './model';
import { matchPodFailurePolicy, type PodFailurePolicyMatch } from './podFailurePolicy';
import { applyStatus, containerNamed, restartsOf, runningContainer, setReady, suffix, terminateContainers, type SimPod } from './podStatus';
import { isIndexedJob, podGenerateName } from './pods';
import { jobControllerRelease, releaseNotes } from './release';
import { round, simulationResult, type JobSimulation } from './result';
import { storedJob } from './spec';

export type { JobSimulation, SimulatedCondition, SimulatedJobStatus, SimulatedPod } from './result';

/** Bounds that stop a scenario which never ends (every Pod ignored, `then: run` without a deadline). */
export const SIMULATION_LIMITS = { seconds: 366 * 86400, pods: 10_000, syncs: 200_000 };

/** Runs the scenario against the Job (its manifest as JSON) as Kubernetes 1.<minor> would. */
export function simulateJob(job: JsonObject, scenario: JobScenario, minor: number): JobSimulation {
  return new JobSimulationRun(job, scenario, minor).run();
}

class JobSimulationRun {
  private readonly release;
  private readonly stored;
  private readonly state: JobControllerState;
  private readonly events = new EventQueue();
  private readonly pods: SimPod[] = [];
  private readonly timeline: { at: number; event: string }[] = [];
  private readonly notes: string[];
  private readonly pending: PodOutcome[];
  private readonly limiter: LegacyRateLimiter;
  private now = 0;
  private nextSync: number | undefined;
  private syncs = 0;
  private lastBackoffUntil: number | undefined;
  private backoffMessage: string | undefined;
  private deletions: { pod: SimPod; removeFinalizerFirst: boolean; why: string }[] = [];
  /** The Pods the controller still reads (see settled). */
  private live: SimPod[] = [];
  private lastCounters = '';
  private conditionsLogged = 0;

  constructor(job: JsonObject, private readonly scenario: JobScenario, private readonly minor: number) {
    this.release = jobControllerRelease(minor);
    this.stored = storedJob(job, minor);
    this.state = { spec: { ...this.stored.view }, release: this.release, status: newJobStatus(), pods: [] };
    this.notes = [...this.stored.notes, ...releaseNotes(this.release, this.stored.view.suspend || (scenario.updates ?? []).some((update) => update.suspend))];
    this.pending = [...scenario.pods];
    this.limiter = new LegacyRateLimiter(this.release.backoffBase, this.release.backoffMax);
    this.checkScenario();
  }

  run(): JobSimulation {
    const { spec } = this.state;
    if (this.stored.refused) {
      this.notes.unshift(`Nothing runs: ${this.stored.refused}.`);
      return this.result();
    }
    const external = managedByExternalController(spec, this.release);
    if (external !== undefined) {
      this.log(0, `spec.managedBy is ${external}: the built-in Job controller skips this Job; nothing here happens unless that controller does it`);
      this.notes.push(`managedBy ${external}: the built-in Job controller does nothing with this Job (managedByExternalController); what ${external} does is not modelled.`);
      return this.result();
    }
    if (this.notes.length === 0 && this.pending.length === 0 && this.scenario.then === 'run' && spec.activeDeadlineSeconds === undefined) {
      this.notes.push('Every Pod runs forever and no deadline is set: the Job never ends.');
    }
    for (const update of this.scenario.updates ?? []) this.events.push({ at: update.at, kind: 'update', suspend: update.suspend });
    this.enqueue(0); // addJob: enqueueSyncJobImmediately
    this.loop();
    return this.result();
  }

  private loop(): void {
    for (;;) {
      const next = this.events.peek();
      // The controller's queue holds one wanted sync time; Pod events at the same time reach it first.
      const syncNow = this.nextSync !== undefined && (!next || this.nextSync < next.at || (this.nextSync === next.at && PRIORITY[next.kind] >= PRIORITY.sync));
      const at = syncNow ? (this.nextSync as number) : next?.at;
      if (at === undefined) return;
      if (at > SIMULATION_LIMITS.seconds) {
        this.notes.push(`The simulation stopped after ${SIMULATION_LIMITS.seconds / 86400} days without an end.`);
        return;
      }
      this.now = Math.max(this.now, at);
      if (syncNow) {
        this.nextSync = undefined;
        this.sync();
        if (isJobFinished(this.state.status)) return;
        if (++this.syncs > SIMULATION_LIMITS.syncs || this.pods.length > SIMULATION_LIMITS.pods) {
          this.notes.push(`The simulation stopped after ${this.syncs} syncs and ${this.pods.length} Pods without an end.`);
          return;
        }
        continue;
      }
      const event = this.events.pop() as SimEvent;
      const pod = event.pod;
      if (event.kind === 'update') {
        this.state.spec.suspend = event.suspend === true;
        this.log(this.now, event.suspend ? 'spec.suspend set to true (the Job is suspended)' : 'spec.suspend set to false (the Job is resumed)');
        this.enqueue(0); // updateJob with a new generation: enqueueSyncJobImmediately
      } else if (pod && !pod.gone && event.kind === 'stop') {
        this.stopDeletedPod(pod);
      } else if (pod && !pod.gone && pod.deletionTimestamp === undefined) {
        if (event.kind === 'finish') this.finishPod(pod);
        else this.restartContainer(pod);
      }
    }
  }

  /** jm.queue.AddAfter: the earliest wanted time wins (the delaying queue keeps one entry per Job). */
  private enqueue(delay: number): void {
    const at = this.now + Math.max(0, delay);
    if (this.nextSync === undefined || at < this.nextSync) this.nextSync = at;
  }

  /** A Pod event reaches the controller: enqueueSyncJobBatched (before 1.27 a failed Pod waited getBackoff instead). */
  private podEvent(failed: boolean): void {
    if (this.release.backoff === 'queue' && failed) this.enqueue(this.limiter.backoff());
    else this.enqueue(this.release.batchPeriod);
  }

  private sync(): void {
    const { status } = this.state;
    const before = status.conditions.length;
    const statusBefore = statusKey(status);
    this.state.pods = this.live = this.live.filter((pod) => !pod.gone && !this.settled(pod));
    const result = syncJob(this.state, this.now, this.effects);
    for (const { pod, removeFinalizerFirst, why } of this.deletions) {
      if (removeFinalizerFirst) pod.trackingFinalizer = false;
      pod.deletionTimestamp = this.now;
      pod.deletionGracePeriodSeconds = this.state.spec.terminationGracePeriodSeconds;
      this.log(this.now, `${this.describe(pod)} deleted: ${why}`);
    }
    this.deletions = [];
    if (this.release.backoff === 'queue' && !result.skipped) {
      // A sync that found new failures returns an error: AddRateLimited; any other sync forgets the Job's failures.
      if (result.newFailure) this.enqueue(this.limiter.when());
      else this.limiter.forget();
    }
    this.removeTerminatedPods();
    // A status update is a Job update of the same generation: updateJob enqueues another sync (before 1.27: at once).
    if (!result.skipped && statusKey(status) !== statusBefore) this.enqueue(this.release.backoff === 'queue' ? 0 : this.release.batchPeriod);
    const counters = `active ${status.active}, succeeded ${status.succeeded}, failed ${status.failed}` +
      (status.terminating ? `, terminating ${status.terminating}` : '') +
      (isIndexedJob(this.state.spec) ? `, completed indexes "${status.completedIndexes}"` : '') +
      (status.failedIndexes !== undefined ? `, failed indexes "${status.failedIndexes}"` : '');
    if (counters !== this.lastCounters && !result.skipped) {
      this.lastCounters = counters;
      this.log(this.now, `status: ${counters}`);
    }
    if (this.backoffMessage) this.log(this.now, this.backoffMessage);
    this.backoffMessage = undefined;
    for (const condition of status.conditions.slice(Math.min(before, this.conditionsLogged))) this.logCondition(condition);
    this.conditionsLogged = status.conditions.length;
  }

  private logCondition(condition: JobCondition): void {
    const what = condition.reason ? ` (${condition.reason}${condition.message ? `: ${condition.message}` : ''})` : '';
    this.log(this.now, `condition ${condition.type}=${condition.status}${what}`);
  }

  private readonly effects: ControllerEffects = {
    createPod: (index, annotations, batch) => this.createPod(index, annotations, batch),
    // The sync works on the Pods as its informer cache held them: a deletion shows from the next sync on.
    deletePod: (pod, removeFinalizerFirst, why) => this.deletions.push({ pod: pod as SimPod, removeFinalizerFirst, why }),
    removeFinalizer: (pod) => {
      (pod as SimPod).trackingFinalizer = false;
      this.podEvent(false); // the finalizer patch is a Pod update
    },
    enqueueAfter: (delay) => this.enqueue(delay),
    accounted: (pod, outcome, match) => this.accounted(pod as SimPod, outcome, match),
    backoffWait: (delay, index) => {
      const until = round(this.now + delay);
      if (until === this.lastBackoffUntil) return;
      this.lastBackoffUntil = until;
      // Logged after the sync's counting, which the controller does later in the same sync.
      this.backoffMessage = `back-off: the next Pod${index !== undefined ? ` of index ${index}` : ''} waits ${round(delay)}s (until ${until}s)`;
    },
  };

  private createPod(index: number | undefined, annotations: Record<string, string>, batch: number): void {
    const { spec } = this.state;
    const n = this.pods.length;
    const name = podGenerateName(spec.name, index) + suffix(n);
    const outcome = this.outcomeFor(index);
    const pod: SimPod = {
      name, namespace: spec.namespace, uid: `pod-${n}`, creationTimestamp: this.now, trackingFinalizer: true,
      annotations: { ...annotations },
      // A running Pod without readiness probes is Ready (the kubelet's Ready condition); it turns False when the Pod ends.
      status: { phase: 'Running', containerStatuses: spec.containers.map(runningContainer), initContainerStatuses: spec.initContainers.map((c) => ({ ...runningContainer(c), state: { terminated: { exitCode: 0, finishedAt: this.now } } })), conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: this.now }] },
      record: { name, index: index ?? null, created: round(this.now), finished: null, phase: 'Running', exitCode: null, rule: null, action: null, counted: false, restarts: 0 },
      outcome, restartBackoff: new ContainerRestartBackoff(), gone: false,
    };
    this.pods.push(pod);
    this.live.push(pod);
    this.log(this.now, `${this.describe(pod)} created${batch > 0 ? ` (slow-start batch ${batch + 1})` : ''}${outcome === 'run' ? ', runs without end' : ''}`);
    this.podEvent(false); // addPod
    if (outcome !== 'run') this.events.push({ at: this.now + (outcome.runFor ?? 0), kind: 'finish', pod });
  }

  /** The next outcome for a Pod: the first unused entry of its index, else the first unused entry without one, else `then`. */
  private outcomeFor(index: number | undefined): PodOutcome | 'run' {
    if (index !== undefined) {
      const at = this.pending.findIndex((entry) => entry.index === index);
      if (at >= 0) return this.pending[at].always ? this.pending[at] : this.pending.splice(at, 1)[0];
    }
    const at = this.pending.findIndex((entry) => entry.index === undefined);
    if (at >= 0) return this.pending.splice(at, 1)[0];
    const then = this.scenario.then ?? 'succeed';
    if (then === 'run') return 'run';
    if (then === 'succeed') return { exitCode: 0 };
    if (then === 'fail') return { exitCode: 1 };
    return then;
  }

  private describe(pod: SimPod): string {
    return `Pod ${pod.name}${pod.record.index !== null ? ` (index ${pod.record.index})` : ''}`;
  }

  private finishPod(pod: SimPod): void {
    const outcome = pod.outcome as PodOutcome;
    const { spec } = this.state;
    const now = this.now;
    if (outcome.terminating !== undefined) {
      // Deleted from outside with a grace period: no longer active, terminating until its containers stop.
      pod.status.conditions.push(...(outcome.conditions ?? []).map((condition) => ({ ...condition, lastTransitionTime: now })));
      pod.deletionTimestamp = now;
      pod.deletionGracePeriodSeconds = outcome.terminating;
      pod.stopsAt = now + outcome.terminating;
      this.log(now, `${this.describe(pod)} deleted from outside; it stops after ${round(outcome.terminating)}s`);
      this.events.push({ at: pod.stopsAt, kind: 'stop', pod });
      this.podEvent(false); // updatePod: the deletion timestamp
      return;
    }
    if (outcome.status) {
      applyStatus(pod, outcome.status, now, spec.containers);
      if (pod.status.phase === 'Running' || pod.status.phase === 'Pending') {
        this.log(now, `${this.describe(pod)} reports phase ${pod.status.phase}${restartsOf(pod) ? ` with ${restartsOf(pod)} container restarts` : ''} and keeps running`);
        pod.record.restarts = restartsOf(pod);
        this.podEvent(false);
        return;
      }
      this.terminal(pod, `${this.describe(pod)} ends in phase ${pod.status.phase}`);
      return;
    }
    const exitCode = outcome.exitCode ?? (outcome.conditions?.length ? undefined : 0);
    const conditions = (outcome.conditions ?? []).map((condition) => ({ ...condition, lastTransitionTime: now }));
    const failsWholePod = conditions.length > 0 || spec.restartPolicy === 'Never';
    const target = outcome.container ?? spec.containers[0];
    if (exitCode !== undefined && exitCode !== 0 && !failsWholePod) {
      // restartPolicy OnFailure: the kubelet restarts the container in the same Pod.
      const status = containerNamed(pod, target);
      status.state = { terminated: { exitCode, finishedAt: now } };
      setReady(pod, 'False', now); // not Ready until the container runs again
      const restartAt = pod.restartBackoff.restartAt(now);
      this.log(now, `${this.describe(pod)}: container ${target} exited with ${exitCode}; the kubelet restarts it ${restartAt > now ? `after ${round(restartAt - now)}s (CrashLoopBackOff)` : 'at once'}`);
      pod.record.exitCode = exitCode;
      this.events.push({ at: restartAt, kind: 'restart', pod });
      this.podEvent(false);
      return;
    }
    pod.status.conditions.push(...conditions);
    const failed = (exitCode !== undefined && exitCode !== 0) || conditions.length > 0;
    pod.status.phase = failed ? 'Failed' : 'Succeeded';
    terminateContainers(pod, spec.initContainers.includes(target) ? undefined : target, exitCode, now, spec.initContainers.includes(target) ? target : undefined);
    const how = !failed ? 'succeeded' : exitCode !== undefined && exitCode !== 0 ? `failed: container ${target} exited with ${exitCode}` : 'failed';
    const withConditions = conditions.length ? ` (conditions ${conditions.map((c) => `${c.type}=${c.status}`).join(', ')})` : '';
    this.terminal(pod, `${this.describe(pod)} ${how}${withConditions}`);
  }

  private terminal(pod: SimPod, text: string): void {
    const now = this.now;
    setReady(pod, 'False', now);
    pod.record.phase = pod.status.phase;
    pod.record.finished = round(now);
    const exited = [...pod.status.containerStatuses, ...pod.status.initContainerStatuses].find((c) => c.state.terminated && c.state.terminated.exitCode !== 0);
    pod.record.exitCode = exited?.state.terminated?.exitCode ?? (pod.status.phase === 'Succeeded' ? 0 : null);
    this.log(now, text);
    this.podEvent(pod.status.phase === 'Failed');
  }

  /** A Pod deleted from outside stops: Failed (from 1.27, kubernetes#115331), its containers killed by SIGTERM. */
  private stopDeletedPod(pod: SimPod): void {
    if (pod.stopsAt === undefined) return;
    pod.stopsAt = undefined;
    if (pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed') return;
    const outcome = pod.outcome as PodOutcome;
    const target = outcome.container ?? this.state.spec.containers[0];
    terminateContainers(pod, target, outcome.exitCode ?? 143, this.now, undefined);
    if (this.minor < 27) {
      this.podEvent(false); // removeTerminatedPods ends it after the next sync, as before kubernetes#115331
      return;
    }
    pod.status.phase = 'Failed';
    this.terminal(pod, `${this.describe(pod)} stopped after its deletion: failed`);
  }

  private restartContainer(pod: SimPod): void {
    const outcome = pod.outcome as PodOutcome;
    const target = outcome.container ?? this.state.spec.containers[0];
    const status = containerNamed(pod, target);
    status.restartCount++;
    status.state = { running: { startedAt: this.now } };
    setReady(pod, 'True', this.now);
    pod.record.restarts = restartsOf(pod);
    this.log(this.now, `${this.describe(pod)}: container ${target} restarted (restart ${status.restartCount}; the Pod has ${pod.record.restarts} in all)`);
    this.podEvent(false);
    this.events.push({ at: this.now + (outcome.runFor ?? 0), kind: 'finish', pod });
  }

  private accounted(pod: SimPod, outcome: 'succeeded' | 'failed' | 'ignored', match: PodFailurePolicyMatch | undefined): void {
    if (match?.rule !== undefined) {
      pod.record.rule = match.rule;
      pod.record.action = match.action ?? null;
    }
    pod.record.counted = outcome !== 'ignored';
    const rule = match?.rule !== undefined ? `podFailurePolicy rule ${match.rule} (${match.action})` : match ? 'no podFailurePolicy rule matched' : '';
    if (outcome === 'succeeded') return;
    if (pod.deletionTimestamp !== undefined && pod.record.finished === null) pod.record.finished = round(pod.deletionTimestamp);
    const counts = outcome === 'ignored' ? 'not counted' : 'counted as failed';
    this.log(this.now, `${this.describe(pod)}: ${rule ? `${rule}: ` : ''}${counts}`);
  }

  /**
   * A finished Pod whose finalizer is gone changes no decision of syncJob any more (every reader wants a finalizer,
   * an active or a terminating Pod), except getFailJobMessage, which reads every failed Pod: such a Pod stays
   * while it matches a FailJob rule. Leaving the others out keeps a sync's cost to the Pods still in play.
   */
  private settled(pod: SimPod): boolean {
    if (pod.trackingFinalizer || (pod.status.phase !== 'Succeeded' && pod.status.phase !== 'Failed')) return false;
    const { spec, release } = this.state;
    return pod.status.phase === 'Succeeded' || !spec.podFailurePolicy || !release.podFailurePolicy
      || matchPodFailurePolicy(spec.podFailurePolicy, pod, release.backoffLimitPerIndex).jobFailureMessage === undefined;
  }

  /** A deleted Pod stops at once (its containers exit on SIGTERM) and goes from the API once it has no finalizer. */
  private removeTerminatedPods(): void {
    for (const pod of this.pods) {
      if (pod.gone || pod.deletionTimestamp === undefined || pod.stopsAt !== undefined) continue;
      if (pod.status.phase !== 'Succeeded' && pod.status.phase !== 'Failed') {
        if (this.minor >= 27) pod.status.phase = 'Failed'; // kubernetes#115331: deleted running Pods end Failed
        pod.record.phase = 'Failed';
        if (pod.record.finished === null) pod.record.finished = round(this.now);
      }
      if (!pod.trackingFinalizer) {
        pod.gone = true;
        this.podEvent(false); // deletePod
      } else {
        this.podEvent(false); // updatePod
      }
    }
  }

  private checkScenario(): void {
    const { spec } = this.state;
    const containers = [...spec.containers, ...spec.initContainers];
    const check = (outcome: PodOutcome, path: string) => {
      if (outcome.container !== undefined && !containers.includes(outcome.container)) {
        this.notes.push(`${path}.container: the Pod template has no container ${outcome.container} (${containers.join(', ')}); the first container exits instead.`);
        outcome.container = undefined;
      }
      if (outcome.index !== undefined && (!isIndexedJob(spec) || outcome.index >= (spec.completions ?? 0))) {
        this.notes.push(`${path}.index: ${isIndexedJob(spec) ? `index ${outcome.index} is not below completions (${spec.completions})` : 'the Job is not Indexed'}; the entry is never used.`);
      }
    };
    this.pending.forEach((outcome, i) => check((this.pending[i] = { ...outcome }), `pods[${i}]`));
    if (typeof this.scenario.then === 'object') check({ ...this.scenario.then }, 'then');
  }

  private log(at: number, event: string): void {
    this.timeline.push({ at: round(at), event });
  }

  private result(): JobSimulation {
    return simulationResult({ state: this.state, stored: this.stored, minor: this.minor, pods: this.pods, timeline: this.timeline, notes: this.notes });
  }
}

function statusKey(status: JobControllerState['status']): string {
  return `${status.active}|${status.succeeded}|${status.failed}|${status.completedIndexes}|${status.failedIndexes}|${status.startTime}|${status.terminating}|${status.conditions.length}|${status.conditions.map((c) => c.status + c.reason).join()}`;
}
