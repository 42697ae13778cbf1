// validateLifecycle (postStart and preStop through validateHandler, validateSleepAction) and the lifecycle
// part of validateInitContainers. Release by release:
// - 1.29: the `sleep` action exists but is dropped on create (PodLifecycleSleepAction alpha, off): a hook
//   left without a handler is dropped with it, and a lifecycle left empty is dropped too.
// - 1.30-1.32: `sleep.seconds` must be greater than 0 and at most the pod's terminationGracePeriodSeconds
//   (1.32 adds a hint about the AllowZero gate to the message).
// - from 1.33: 0 is allowed too (PodLifecycleSleepActionAllowZero beta, on).
// - `stopSignal` (ContainerStopSignals, alpha from 1.33) is dropped on create in every release we know, so
//   its checks (a valid signal for spec.os.name) never run with default gates; a lifecycle holding only a
//   stopSignal is dropped as a whole.
// Init containers follow the probes' rules (validateProbe.ts): refused up to 1.27 with their contents
// checked, refused unchecked from 1.28, and checked like a regular container's for sidecars from 1.29.
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, serverError, serverSays } from '../meta/report';
import { asInteger, asObject, report } from '../shared';
import { allContainersOf, describeContainer, jobTemplateRule, podSpecOf, type ContainerRef } from './podTemplate';
import { containerScope, handlerCodes, handlerFindings, onInitContainerFinding, type HandlerOwner } from './validateProbe';

const LIFECYCLE_HANDLER_CODES = handlerCodes('pod/lifecycle', 'lifecycle hook', HREF.lifecycleHooks);

export const LIFECYCLE_CODES = {
  ...LIFECYCLE_HANDLER_CODES,
  sleepSeconds: { code: 'pod/lifecycle-sleep-seconds-out-of-range', severity: 'error', title: 'A sleep action must last from 1 (0 from 1.33) to terminationGracePeriodSeconds seconds', mirrors: 'validateSleepAction', href: HREF.lifecycleHooks },
  onInitContainer: { code: 'pod/lifecycle-on-init-container', severity: 'error', title: 'Init containers may have lifecycle hooks only as sidecars (restartPolicy: Always, 1.29+)', mirrors: 'validateInitContainers', href: HREF.sidecars },
} satisfies Record<string, RuleCode>;

const HOOKS = ['postStart', 'preStop'] as const;
const BASIC_HANDLERS = ['exec', 'httpGet', 'tcpSocket'];
const DEFAULT_GRACE_PERIOD = 30;

/**
 * The lifecycle the server validates, after the create-time drops of disabled fields (sleep in 1.29,
 * stopSignal from 1.33), or undefined when nothing is left of it.
 */
export function effectiveLifecycle(lifecycle: JsonObject, minor: number): JsonObject | undefined {
  let result = lifecycle;
  if (minor === 29) {
    result = { ...result };
    for (const hook of HOOKS) {
      const handler = asObject(result[hook]);
      if (!handler || handler.sleep === undefined) continue;
      const { sleep: _dropped, ...rest } = handler;
      if (BASIC_HANDLERS.some((name) => rest[name] !== undefined)) result[hook] = rest;
      else delete result[hook];
    }
    // dropPodLifecycleSleepAction clears a lifecycle without hooks, even one written empty.
    if (result.preStop === undefined && result.postStart === undefined) return undefined;
  }
  if (minor >= 33 && result.stopSignal !== undefined) {
    const { stopSignal: _dropped, ...rest } = result;
    if (rest.preStop === undefined && rest.postStart === undefined) return undefined;
    result = rest;
  }
  return result;
}

function hookOwner(ref: ContainerRef, hook: string, minor: number): HandlerOwner {
  return {
    what: `${hook} hook of the ${describeContainer(ref)}`,
    handlers: minor >= 30 ? [...BASIC_HANDLERS, 'sleep'] : BASIC_HANDLERS,
    otherFields: [],
    // In 1.29 a hook whose only handler is `sleep` is dropped before validation (effectiveLifecycle).
    dropped: minor === 29 ? ['sleep'] : [],
  };
}

function sleepFindings(sleep: JsonObject, path: FieldPath, owner: HandlerOwner, gracePeriod: number, minor: number): Finding[] {
  const seconds = asInteger(sleep.seconds);
  if (seconds === undefined) return [];
  const zeroAllowed = minor >= 33;
  if (seconds <= gracePeriod && (zeroAllowed ? seconds >= 0 : seconds > 0)) return [];
  const detail = zeroAllowed
    ? `must be non-negative and less than terminationGracePeriodSeconds (${gracePeriod})`
    : `must be greater than 0 and less than terminationGracePeriodSeconds (${gracePeriod})${minor >= 32 ? '. Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep.' : ''}`;
  const range = zeroAllowed ? `0 to ${gracePeriod}` : `1 to ${gracePeriod}`;
  let advice = 'Shorten the sleep, or raise the pod\'s terminationGracePeriodSeconds.';
  if (seconds <= gracePeriod) advice = zeroAllowed ? 'Use 0 or more.' : 'Use at least 1 second (a zero sleep is allowed from Kubernetes 1.33).';
  return [report(LIFECYCLE_CODES.sleepSeconds, path,
    `The ${owner.what} sleeps ${seconds} seconds; it must sleep ${range} seconds, since the pod's terminationGracePeriodSeconds (${gracePeriod}) bounds how long stopping may take. ${advice} ${serverSays([serverError(formatFieldPath(path), 'Invalid value', seconds, detail)])}`, 'key')];
}

function lifecycleFindings(lifecycle: JsonObject, ref: ContainerRef, gracePeriod: number, minor: number): Finding[] {
  const findings: Finding[] = [];
  for (const hook of HOOKS) {
    const handler = asObject(lifecycle[hook]);
    if (!handler) continue;
    const path = [...ref.path, 'lifecycle', hook];
    const owner = hookOwner(ref, hook, minor);
    findings.push(...handlerFindings(handler, path, owner, LIFECYCLE_HANDLER_CODES));
    const first = owner.handlers.find((name) => handler[name] !== undefined);
    const sleep = asObject(handler.sleep);
    if (first === 'sleep' && sleep) findings.push(...sleepFindings(sleep, [...path, 'sleep'], owner, gracePeriod, minor));
  }
  return findings;
}

export function checkLifecycle(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  if (!spec) return [];
  // The pod's grace period after defaulting (30); sleeps are measured against it.
  const gracePeriod = asInteger(spec.terminationGracePeriodSeconds) ?? DEFAULT_GRACE_PERIOD;
  const findings: Finding[] = [];
  for (const ref of allContainersOf(spec, base)) {
    const written = asObject(ref.container.lifecycle);
    const lifecycle = written && effectiveLifecycle(written, minor);
    if (!lifecycle) continue;
    const scope = containerScope(ref, minor);
    if (scope !== 'refused') findings.push(...lifecycleFindings(lifecycle, ref, gracePeriod, minor));
    if (scope !== 'checked') findings.push(onInitContainerFinding(LIFECYCLE_CODES.onInitContainer, ref, 'lifecycle', 'lifecycle hook', minor));
  }
  return findings;
}

export const validateLifecycle = jobTemplateRule('validateLifecycle', Object.values(LIFECYCLE_CODES), checkLifecycle);
