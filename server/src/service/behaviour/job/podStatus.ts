// A simulated Pod's status as the kubelet writes it: its containers running, exiting, restarting, or the
// PodStatus a scenario gives; and its generated name.
import type { Json, JsonObject } from '../../types';
import type { PodOutcome } from '../scenario';
import type { ContainerRestartBackoff } from './kubelet';
import type { ContainerStatus, PodView } from './model';
import type { SimulatedPod } from './result';

export interface SimPod extends PodView {
  record: SimulatedPod;
  outcome: PodOutcome | 'run';
  restartBackoff: ContainerRestartBackoff;
  gone: boolean;
  /** Deleted from outside (scenario `terminating`): the time its containers stop. */
  stopsAt?: number;
}

/** Pod names as generateName makes them: `<job>-<index>-` or `<job>-`, then five characters (here: counted, not random). */
const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
export function suffix(n: number): string {
  let out = '';
  for (let i = 0, value = n; i < 5; i++, value = Math.floor(value / NAME_ALPHABET.length)) out = NAME_ALPHABET[value % NAME_ALPHABET.length] + out;
  return out;
}

/** The Pod's Ready condition, replaced (the kubelet keeps one per type). */
export function setReady(pod: PodView, status: string, now: number): void {
  pod.status.conditions = [...pod.status.conditions.filter((c) => c.type !== 'Ready'), { type: 'Ready', status, lastTransitionTime: now }];
}

export function runningContainer(name: string): ContainerStatus {
  return { name, restartCount: 0, state: { running: {} } };
}

export function containerNamed(pod: SimPod, name: string): ContainerStatus {
  return pod.status.containerStatuses.find((c) => c.name === name) ?? pod.status.initContainerStatuses.find((c) => c.name === name) ?? pod.status.containerStatuses[0];
}

export function restartsOf(pod: PodView): number {
  return [...pod.status.containerStatuses, ...pod.status.initContainerStatuses].reduce((sum, c) => sum + c.restartCount, 0);
}

/**
 * A finished Pod's containers: the target exits with the code (app containers: the others complete with 0; an init
 * container: the app containers never start).
 */
export function terminateContainers(pod: PodView, appTarget: string | undefined, exitCode: number | undefined, now: number, initTarget: string | undefined): void {
  if (initTarget !== undefined) {
    let reached = false;
    for (const status of pod.status.initContainerStatuses) {
      if (status.name === initTarget) {
        status.state = { terminated: { exitCode: exitCode ?? 1, finishedAt: now } };
        reached = true;
      } else if (reached) status.state = { waiting: { reason: 'PodInitializing' } };
    }
    for (const status of pod.status.containerStatuses) status.state = { waiting: { reason: 'PodInitializing' } };
    return;
  }
  for (const status of pod.status.containerStatuses) {
    if (exitCode === undefined) status.state = {}; // failed without an exit code (eviction): no terminated state
    else status.state = { terminated: { exitCode: status.name === appTarget ? exitCode : 0, finishedAt: now } };
  }
}

/** A PodStatus from the scenario, as the Pod's status from `now` on. */
export function applyStatus(pod: PodView, status: JsonObject, now: number, containers: readonly string[]): void {
  const read = (list: Json | undefined, fallback: readonly ContainerStatus[]): ContainerStatus[] => {
    if (!Array.isArray(list)) return fallback.map((c) => ({ ...c }));
    return list.filter((c): c is JsonObject => typeof c === 'object' && c !== null && !Array.isArray(c)).map((c) => {
      const state = typeof c.state === 'object' && c.state !== null && !Array.isArray(c.state) ? c.state : {};
      const terminated = typeof state.terminated === 'object' && state.terminated !== null && !Array.isArray(state.terminated) ? state.terminated : undefined;
      return {
        name: typeof c.name === 'string' ? c.name : containers[0],
        restartCount: typeof c.restartCount === 'number' ? c.restartCount : 0,
        state: terminated ? { terminated: { exitCode: typeof terminated.exitCode === 'number' ? terminated.exitCode : 0, finishedAt: now } } : state.waiting !== undefined ? { waiting: {} } : { running: {} },
      };
    });
  };
  pod.status.phase = String(status.phase);
  pod.status.containerStatuses = read(status.containerStatuses, pod.status.containerStatuses);
  pod.status.initContainerStatuses = read(status.initContainerStatuses, pod.status.initContainerStatuses);
  if (Array.isArray(status.conditions)) {
    pod.status.conditions = status.conditions
      .filter((c): c is JsonObject => typeof c === 'object' && c !== null && !Array.isArray(c))
      .map((c) => ({ type: String(c.type), status: String(c.status), lastTransitionTime: now }));
  } else if (pod.status.phase !== 'Running') {
    setReady(pod, 'False', now);
  }
}
