// validateLivenessProbe, validateReadinessProbe, validateStartupProbe, validateProbe and validateHandler
// (with validateExecAction, validateHTTPGetAction, validateTCPSocketAction, validateGRPCAction and
// ValidatePortNumOrName), and the probe part of validateInitContainers. Release by release:
// - 1.23: `grpc` is dropped on create (GRPCContainerProbe alpha, off), so a grpc-only probe has no handler.
// - 1.23-1.24: a liveness or startup probe's terminationGracePeriodSeconds is dropped (ProbeTerminationGracePeriod
//   beta but off); a readiness probe's is never dropped and always refused.
// - up to 1.27: init containers are validated like regular containers (probe contents included), and each
//   probe is refused with "must not be set for init containers".
// - from 1.28: a regular init container's probes are refused ("may not be set for init containers without
//   restartPolicy=Always") and not looked into; from 1.29 a sidecar (init container with restartPolicy
//   Always; the field is dropped in 1.28) may have all three probes, validated like a regular container's.
// The handler checks are shared with the lifecycle hooks (validateLifecycle.ts), each with its own codes.
import { httpHeaderNameServerMessages, portNameProblems, portNameServerMessages, portNumberServerMessages } from '../../kube/names';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, listProblems, serverError, serverSays, supportedValuesDetail } from '../meta/report';
import { asArray, asInteger, asObject, asString, report } from '../shared';
import { allContainersOf, describeContainer, jobTemplateRule, podSpecOf, type ContainerRef } from './podTemplate';

/** The codes of one set of handler checks (probes or lifecycle hooks). */
export interface HandlerCodes {
  required: RuleCode;
  multiple: RuleCode;
  execCommand: RuleCode;
  port: RuleCode;
  scheme: RuleCode;
  headerName: RuleCode;
}

/** The handler checks' codes under a prefix (`pod/probe` or `pod/lifecycle`); `what` names the thing in titles. */
export function handlerCodes(prefix: string, what: string, href: string): HandlerCodes {
  const code = (suffix: string, title: string, mirrors: string): RuleCode => ({ code: `${prefix}-${suffix}`, severity: 'error', title, mirrors, href });
  return {
    required: code('handler-required', `A ${what} needs a handler`, 'validateHandler'),
    multiple: code('handler-multiple', `A ${what} may have only one handler`, 'validateHandler'),
    execCommand: code('exec-command-required', `An exec ${what} needs a command`, 'validateExecAction'),
    port: code('port-invalid', `A ${what} port must be a number from 1 to 65535 or a valid port name`, 'ValidatePortNumOrName'),
    scheme: code('http-scheme-unsupported', `An httpGet ${what} scheme must be HTTP or HTTPS`, 'validateHTTPGetAction'),
    headerName: code('http-header-name-invalid', `HTTP header names of a ${what} may contain only letters, digits and -`, 'validateHTTPGetAction (IsHTTPHeaderName)'),
  };
}

const PROBE_HANDLER_CODES = handlerCodes('pod/probe', 'probe', HREF.probes);

export const PROBE_CODES = {
  ...PROBE_HANDLER_CODES,
  negative: { code: 'pod/probe-value-negative', severity: 'error', title: 'Probe delays, timeouts, periods and thresholds may not be negative', mirrors: 'validateProbe (ValidateNonnegativeField)', href: HREF.probes },
  successThreshold: { code: 'pod/probe-success-threshold-not-one', severity: 'error', title: 'Liveness and startup probes must have successThreshold 1', mirrors: 'validateLivenessProbe, validateStartupProbe', href: HREF.probes },
  gracePeriod: { code: 'pod/probe-termination-grace-period-not-positive', severity: 'error', title: 'A probe terminationGracePeriodSeconds must be greater than 0', mirrors: 'validateProbe', href: HREF.probes },
  gracePeriodOnReadiness: { code: 'pod/probe-termination-grace-period-on-readiness', severity: 'error', title: 'A readiness probe may not set terminationGracePeriodSeconds', mirrors: 'validateReadinessProbe', href: HREF.probes },
  onInitContainer: { code: 'pod/probe-on-init-container', severity: 'error', title: 'Init containers may have probes only as sidecars (restartPolicy: Always, 1.29+)', mirrors: 'validateInitContainers', href: HREF.sidecars },
} satisfies Record<string, RuleCode>;

export type ProbeKind = 'livenessProbe' | 'readinessProbe' | 'startupProbe';
const PROBE_KINDS: readonly ProbeKind[] = ['livenessProbe', 'readinessProbe', 'startupProbe'];
const PROBE_NUMBERS = ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'] as const;
const SCHEMES = ['HTTP', 'HTTPS'];

/** A sidecar: an init container with restartPolicy Always, in a release that keeps the field (1.29+). */
export function isSidecar(ref: ContainerRef, minor: number): boolean {
  return ref.list === 'initContainers' && ref.container.restartPolicy === 'Always' && minor >= 29;
}

/**
 * How the server treats a container's probes and lifecycle: 'checked' (regular containers and sidecars),
 * 'refused' (a regular init container from 1.28: refused, contents not looked into), or 'both' (an init
 * container up to 1.27: contents checked and the field refused).
 */
export type ContainerScope = 'checked' | 'refused' | 'both';

export function containerScope(ref: ContainerRef, minor: number): ContainerScope {
  if (ref.list === 'containers' || isSidecar(ref, minor)) return 'checked';
  return minor <= 27 ? 'both' : 'refused';
}

/** The finding for a probe or lifecycle on an init container that is not a sidecar. */
export function onInitContainerFinding(code: RuleCode, ref: ContainerRef, field: string, what: string, minor: number): Finding {
  const path = [...ref.path, field];
  const printed = formatFieldPath(path);
  const server = minor <= 27
    ? serverError(printed, 'Invalid value', undefined, 'must not be set for init containers')
    : serverError(printed, 'Forbidden', undefined, 'may not be set for init containers without restartPolicy=Always');
  let advice: string;
  if (minor <= 27) advice = `Kubernetes 1.${minor} allows no ${what} on init containers: remove it (init containers run to completion one after another, so nothing would act on it).`;
  else if (minor === 28) advice = `Remove it. Sidecars (init containers with \`restartPolicy: Always\`, which may have ${what}s) need Kubernetes 1.29: in 1.28 the SidecarContainers gate is alpha and the init container's restartPolicy is dropped.`;
  else advice = `Remove it, or make this init container a sidecar that keeps running beside the main containers with \`restartPolicy: Always\` (then the ${what} applies).`;
  return report(code, path, `The ${describeContainer(ref)} runs once, before the main containers start. ${advice} ${serverSays([server])}`, 'key');
}

// ---- handlers --------------------------------------------------------------------------------------

/** What the handler belongs to, for messages: "the liveness probe of container `main`". */
export interface HandlerOwner {
  what: string;
  /** Handler fields the server knows in this release, in the order validateHandler checks them. */
  handlers: readonly string[];
  /** Fields of the owner besides handlers: with any other key present, a missing handler is the schema check's finding. */
  otherFields: readonly string[];
  /** Handler fields the server drops in this release (they count as absent, but are not unknown). */
  dropped?: readonly string[];
  /** Added to the "no handler" message when a dropped field was all there was. */
  droppedNote?: string;
}

export function handlerFindings(handler: JsonObject, path: FieldPath, owner: HandlerOwner, codes: HandlerCodes): Finding[] {
  const findings: Finding[] = [];
  const present = owner.handlers.filter((name) => handler[name] !== undefined);
  const known = new Set([...owner.handlers, ...owner.otherFields, ...(owner.dropped ?? [])]);
  const printed = formatFieldPath(path);
  if (present.length === 0) {
    if (Object.keys(handler).some((key) => !known.has(key))) return findings; // a misspelt handler: the schema check speaks
    const dropped = (owner.dropped ?? []).some((name) => handler[name] !== undefined) ? ` ${owner.droppedNote ?? ''}` : '';
    findings.push(report(codes.required, path,
      `The ${owner.what} has no handler: say what it does with one of ${owner.handlers.map((name) => `\`${name}\``).join(', ')}.${dropped} ${serverSays([serverError(printed, 'Required value', undefined, 'must specify a handler type')])}`, 'key'));
    return findings;
  }
  for (const extra of present.slice(1)) {
    const at = [...path, extra];
    findings.push(report(codes.multiple, at,
      `The ${owner.what} already uses \`${present[0]}\`; it takes exactly one handler, so \`${extra}\` is refused. Keep one of them. ${serverSays([serverError(formatFieldPath(at), 'Forbidden', undefined, 'may not specify more than 1 handler type')])}`, 'key'));
  }
  const first = present[0];
  const action = asObject(handler[first]);
  if (!action) return findings;
  const actionPath = [...path, first];
  if (first === 'exec') findings.push(...execFindings(action, actionPath, owner, codes));
  if (first === 'httpGet') findings.push(...httpGetFindings(action, actionPath, owner, codes));
  if (first === 'tcpSocket') findings.push(...portFindings(action.port, [...actionPath, 'port'], owner, codes));
  if (first === 'grpc') findings.push(...portFindings(action.port, [...actionPath, 'port'], owner, codes, true));
  return findings;
}

function execFindings(exec: JsonObject, path: FieldPath, owner: HandlerOwner, codes: HandlerCodes): Finding[] {
  const command = exec.command;
  if (command !== undefined && !(Array.isArray(command) && command.length === 0)) return [];
  const at = [...path, 'command'];
  return [report(codes.execCommand, at,
    `The \`exec\` handler of the ${owner.what} has no command: give the program and its arguments, e.g. \`command: [cat, /app/healthy]\` (it runs inside the container; exit code 0 means success). ${serverSays([serverError(formatFieldPath(at), 'Required value')])}`,
    command === undefined ? 'key' : undefined)];
}

function httpGetFindings(httpGet: JsonObject, path: FieldPath, owner: HandlerOwner, codes: HandlerCodes): Finding[] {
  const findings = portFindings(httpGet.port, [...path, 'port'], owner, codes);
  const scheme = asString(httpGet.scheme);
  // An empty scheme is defaulted to HTTP (and an empty path to /) before validation.
  if (scheme !== undefined && scheme !== '' && !SCHEMES.includes(scheme)) {
    const at = [...path, 'scheme'];
    findings.push(report(codes.scheme, at,
      `\`${scheme}\` is not a scheme the kubelet can use for the ${owner.what}: use \`HTTP\` or \`HTTPS\` (upper case; HTTPS skips certificate checks). ${serverSays([serverError(formatFieldPath(at), 'Unsupported value', scheme, supportedValuesDetail(SCHEMES))])}`));
  }
  const headers = asArray(httpGet.httpHeaders) ?? [];
  headers.forEach((header, index) => {
    const name = asString(asObject(header)?.name);
    if (name === undefined) return;
    const messages = httpHeaderNameServerMessages(name);
    if (!messages.length) return;
    // The server names the list, not the entry.
    const at = [...path, 'httpHeaders'];
    findings.push(report(codes.headerName, at,
      `HTTP header #${index + 1} of the ${owner.what}, \`${name}\`, is not a valid header name: use only letters, digits and \`-\` (e.g. \`X-Custom-Header\`); the value may hold anything. ${serverSays(messages.map((message) => serverError(formatFieldPath(at), 'Invalid value', name, message)))}`, 'key'));
  });
  return findings;
}

/** ValidatePortNumOrName: a number 1..65535, or an IANA_SVC_NAME naming a container port. */
function portFindings(port: Json | undefined, path: FieldPath, owner: HandlerOwner, codes: HandlerCodes, numberOnly = false): Finding[] {
  const printed = formatFieldPath(path);
  const number = asInteger(port);
  if (number !== undefined) {
    const messages = portNumberServerMessages(number);
    if (!messages.length) return [];
    return [report(codes.port, path,
      `Port ${number} of the ${owner.what} is not a port number: use 1 to 65535${numberOnly ? '' : ', or the name of one of the container\'s ports'}. ${serverSays(messages.map((message) => serverError(printed, 'Invalid value', number, message)))}`)];
  }
  const name = asString(port);
  if (name === undefined || numberOnly) return [];
  const messages = portNameServerMessages(name);
  if (!messages.length) return [];
  const quotedNumber = /^\d+$/.test(name) ? ' A number in quotes is read as a port name: write it without quotes.' : '';
  return [report(codes.port, path,
    `\`${name}\` is not a valid port name for the ${owner.what}: ${listProblems(portNameProblems(name))}.${quotedNumber} Use a port number (1 to 65535) or the name of one of the container's ports. ${serverSays(messages.map((message) => serverError(printed, 'Invalid value', name, message)))}`)];
}

// ---- probes ----------------------------------------------------------------------------------------

const PROBE_NAMES: Record<ProbeKind, string> = { livenessProbe: 'liveness probe', readinessProbe: 'readiness probe', startupProbe: 'startup probe' };

function probeOwner(ref: ContainerRef, kind: ProbeKind, minor: number): HandlerOwner {
  const grpcKept = minor >= 24;
  return {
    what: `${PROBE_NAMES[kind]} of the ${describeContainer(ref)}`,
    handlers: grpcKept ? ['exec', 'httpGet', 'tcpSocket', 'grpc'] : ['exec', 'httpGet', 'tcpSocket'],
    otherFields: [...PROBE_NUMBERS, 'terminationGracePeriodSeconds'],
    dropped: grpcKept ? [] : ['grpc'],
    droppedNote: 'Its `grpc` handler is dropped on create in Kubernetes 1.23 (the GRPCContainerProbe gate is alpha, off by default); gRPC probes work from 1.24.',
  };
}

/** The probe-level terminationGracePeriodSeconds of liveness and startup probes is dropped in 1.23-1.24. */
function gracePeriodKept(kind: ProbeKind, minor: number): boolean {
  return kind === 'readinessProbe' || minor >= 25;
}

function probeFindings(probe: JsonObject, ref: ContainerRef, kind: ProbeKind, minor: number): Finding[] {
  const path = [...ref.path, kind];
  const owner = probeOwner(ref, kind, minor);
  const findings = handlerFindings(probe, path, owner, PROBE_HANDLER_CODES);
  for (const field of PROBE_NUMBERS) {
    const value = asInteger(probe[field]);
    if (value === undefined || value >= 0) continue;
    const at = [...path, field];
    findings.push(report(PROBE_CODES.negative, at,
      `\`${field}\` of the ${owner.what} is ${value}; it may not be negative. Use 0 or more (0, or leaving it out, gives the default). ${serverSays([serverError(formatFieldPath(at), 'Invalid value', value, 'must be greater than or equal to 0')])}`));
  }
  // 0 is defaulted to 1 before validation.
  const successThreshold = asInteger(probe.successThreshold);
  if (kind !== 'readinessProbe' && successThreshold !== undefined && successThreshold !== 0 && successThreshold !== 1) {
    const at = [...path, 'successThreshold'];
    findings.push(report(PROBE_CODES.successThreshold, at,
      `A ${PROBE_NAMES[kind]} must have \`successThreshold: 1\` (one success is enough to count the container as ${kind === 'livenessProbe' ? 'alive' : 'started'}); only readiness probes may ask for more. Set it to 1 or leave it out. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', successThreshold, 'must be 1')])}`));
  }
  const gracePeriod = asInteger(probe.terminationGracePeriodSeconds);
  if (gracePeriod !== undefined && gracePeriodKept(kind, minor)) {
    const at = [...path, 'terminationGracePeriodSeconds'];
    if (gracePeriod <= 0) {
      findings.push(report(PROBE_CODES.gracePeriod, at,
        `The ${owner.what} gives the container ${gracePeriod} seconds to stop after a failure; it must be at least 1. Use a positive number, or leave it out to use the pod's terminationGracePeriodSeconds. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', gracePeriod, 'must be greater than 0')])}`));
    }
    if (kind === 'readinessProbe') {
      findings.push(report(PROBE_CODES.gracePeriodOnReadiness, at,
        `A readiness probe never stops the container, so it has no grace period: remove \`terminationGracePeriodSeconds\` here (liveness and startup probes may set it). ${serverSays([serverError(formatFieldPath(at), 'Invalid value', gracePeriod, 'must not be set for readinessProbes')])}`, 'key'));
    }
  }
  return findings;
}

export function checkProbes(template: Json | undefined, base: FieldPath, minor: number): Finding[] {
  const spec = podSpecOf(template);
  if (!spec) return [];
  const findings: Finding[] = [];
  for (const ref of allContainersOf(spec, base)) {
    const scope = containerScope(ref, minor);
    for (const kind of PROBE_KINDS) {
      const probe = asObject(ref.container[kind]);
      if (!probe) continue;
      if (scope !== 'refused') findings.push(...probeFindings(probe, ref, kind, minor));
      if (scope !== 'checked') findings.push(onInitContainerFinding(PROBE_CODES.onInitContainer, ref, kind, PROBE_NAMES[kind], minor));
    }
  }
  return findings;
}

export const validateProbe = jobTemplateRule('validateProbe', Object.values(PROBE_CODES), checkProbes);
