// The `Containers:` and `Init Containers:` sections of kubectl describe (describeContainers,
// describeContainerBasicInfo, describeContainerCommand, describeContainerState, describeStatus,
// describeResources, describeContainerEnvVars, describeContainerEnvFrom, describeContainerVolumes in
// kubernetes/kubectl pkg/describe/describe.go) as Kubernetes containers and, in a Pod, container statuses.
// A name line (`  create:`), then fields two levels deeper: `Image:`, `Command:` with one line per argument
// line, `State:`/`Last State:` with `Reason:`, `Exit Code:`, `Started:`, `Finished:` below, `Ready:`,
// `Restart Count:`, `Limits:`/`Requests:` maps, `Environment:` and `Mounts:`.

import { type Node, descendants, isNone, minIndent, readBool, readInt, readTime } from './text';

export interface ContainersResult {
  containers: Record<string, unknown>[];
  /** Only where the text prints a status (a Pod): one per container that has one. */
  statuses: Record<string, unknown>[];
  notes: string[];
}

const SKIPPED = new Set(['SeccompProfile', 'LocalhostProfile', 'Liveness', 'Readiness', 'Startup', 'Devices', 'Claims']);

/** The containers below a `Containers:` node (its children are the containers' name lines). */
export function readContainers(section: Node, where: string): ContainersResult {
  const result: ContainersResult = { containers: [], statuses: [], notes: [] };
  for (const entry of section.children) {
    if (entry.key === undefined || entry.value !== '') {
      result.notes.push(`${where}: the line "${entry.text}" under ${section.key} is not a container; it was not read.`);
      continue;
    }
    readContainer(entry, where, result);
  }
  return result;
}

function readContainer(entry: Node, where: string, result: ContainersResult): void {
  const container: Record<string, unknown> = { name: entry.key };
  const status: Record<string, unknown> = { name: entry.key };
  let hasStatus = false;
  const unknown: string[] = [];
  for (const field of entry.children) {
    const value = field.value;
    switch (field.key) {
      case 'Image':
        container.image = value;
        status.image = value;
        break;
      case 'Container ID':
        hasStatus = true;
        if (value !== '') status.containerID = value;
        break;
      case 'Image ID':
        hasStatus = true;
        if (value !== '') status.imageID = value;
        break;
      case 'Port':
      case 'Ports':
        readPorts(value, container, 'containerPort');
        break;
      case 'Host Port':
      case 'Host Ports':
        readPorts(value, container, 'hostPort');
        break;
      case 'Command':
        container.command = listLines(field);
        break;
      case 'Args':
        container.args = listLines(field);
        break;
      case 'State':
        hasStatus = true;
        status.state = readState(field);
        break;
      case 'Last State':
        hasStatus = true;
        status.lastState = readState(field);
        break;
      case 'Ready':
        hasStatus = true;
        if (readBool(value) !== undefined) status.ready = readBool(value);
        break;
      case 'Restart Count':
        hasStatus = true;
        if (readInt(value) !== undefined) status.restartCount = readInt(value);
        break;
      case 'Limits':
      case 'Requests':
        readResources(field, container);
        break;
      case 'Environment':
        if (field.children.length > 0) container.env = field.children.map(readEnv);
        else if (!isNone(value)) unknown.push('Environment');
        break;
      case 'Environment Variables from':
        if (field.children.length > 0) container.envFrom = field.children.map(readEnvFrom).filter((e) => e !== undefined);
        break;
      case 'Mounts':
        if (field.children.length > 0) container.volumeMounts = field.children.map(readMount).filter((m) => m !== undefined);
        break;
      default:
        if (field.key === undefined || !SKIPPED.has(field.key)) unknown.push(field.key ?? field.text);
    }
  }
  if (hasStatus) {
    status.ready ??= false;
    status.restartCount ??= 0;
    result.statuses.push(status);
  }
  result.containers.push(container);
  if (unknown.length > 0) {
    result.notes.push(`${where}, container ${entry.key}: ${unknown.map((u) => `"${u}"`).join(', ')} not read (not a field this reader knows).`);
  }
}

/** `8080/TCP (http), 9090/TCP` or `<none>`; host ports of 0 are the default and are left out. */
function readPorts(value: string, container: Record<string, unknown>, field: 'containerPort' | 'hostPort'): void {
  if (isNone(value)) return;
  const ports = (container.ports as Record<string, unknown>[] | undefined) ?? [];
  value.split(', ').forEach((text, i) => {
    const match = /^(\d+)\/([A-Z]+)(?: \((.+)\))?$/.exec(text.trim());
    if (!match) return;
    const port = ports[i] ?? {};
    const number = Number(match[1]);
    if (field === 'hostPort' && number === 0) return;
    port[field] = number;
    port.protocol = match[2];
    if (match[3] !== undefined) port.name = match[3];
    ports[i] = port;
  });
  if (ports.length > 0) container.ports = ports;
}

/** The lines of a `Command:`/`Args:` list; a line's own leading spaces (a script's indentation) are kept. */
function listLines(field: Node): string[] {
  const lines = descendants(field);
  const column = minIndent(lines);
  return lines.map((l) => ' '.repeat(l.indent - column) + l.text);
}

/** `Waiting`, `Running` or `Terminated` with the fields describeStatus prints below it. */
function readState(field: Node): Record<string, unknown> {
  const sub: Record<string, string> = {};
  for (const child of field.children) if (child.key !== undefined) sub[child.key] = child.value;
  switch (field.value) {
    case 'Running': {
      const running: Record<string, unknown> = {};
      if (readTime(sub.Started ?? '') !== undefined) running.startedAt = readTime(sub.Started);
      return { running };
    }
    case 'Terminated': {
      const terminated: Record<string, unknown> = {};
      if (sub.Reason !== undefined) terminated.reason = sub.Reason;
      if (sub.Message !== undefined) terminated.message = sub.Message;
      if (readInt(sub['Exit Code'] ?? '') !== undefined) terminated.exitCode = readInt(sub['Exit Code']);
      if (readInt(sub.Signal ?? '') !== undefined) terminated.signal = readInt(sub.Signal);
      if (readTime(sub.Started ?? '') !== undefined) terminated.startedAt = readTime(sub.Started);
      if (readTime(sub.Finished ?? '') !== undefined) terminated.finishedAt = readTime(sub.Finished);
      return { terminated };
    }
    default: {
      const waiting: Record<string, unknown> = {};
      if (sub.Reason !== undefined) waiting.reason = sub.Reason;
      return { waiting };
    }
  }
}

/** `Limits:`/`Requests:` and their `cpu:  1` lines. */
function readResources(field: Node, container: Record<string, unknown>): void {
  const list: Record<string, string> = {};
  for (const child of field.children) if (child.key !== undefined) list[child.key] = child.value;
  const resources = (container.resources as Record<string, unknown> | undefined) ?? {};
  resources[field.key === 'Limits' ? 'limits' : 'requests'] = list;
  container.resources = resources;
}

const SECRET_KEY = /^<set to the key '(.*)' in secret '(.*)'>\s+Optional: (true|false)$/;
const CONFIG_MAP_KEY = /^<set to the key '(.*)' of config map '(.*)'>\s+Optional: (true|false)$/;
const FIELD_REF = /^(?:.*?\s+)?\(([a-z0-9.]+\/)?(v\d+[a-z0-9]*):([A-Za-z0-9_.[\]'"/-]+)\)$/;
const RESOURCE_REF = /^(?:.*?\s+)?\(((?:limits|requests)\.[A-Za-z0-9./-]+)\)$/;

/** One `NAME:  value` line of `Environment:` (a value over several lines continues below it). */
function readEnv(line: Node): Record<string, unknown> {
  const name = line.key ?? line.text;
  const value = [line.value, ...descendants(line).map((l) => l.text)].join('\n');
  if (value.length > 4096) return { name, value };
  let match = SECRET_KEY.exec(value);
  if (match) return { name, valueFrom: { secretKeyRef: { key: match[1], name: match[2], optional: match[3] === 'true' } } };
  match = CONFIG_MAP_KEY.exec(value);
  if (match) return { name, valueFrom: { configMapKeyRef: { key: match[1], name: match[2], optional: match[3] === 'true' } } };
  match = FIELD_REF.exec(value);
  if (match) return { name, valueFrom: { fieldRef: { apiVersion: (match[1] ?? '') + match[2], fieldPath: match[3] } } };
  match = RESOURCE_REF.exec(value);
  if (match) return { name, valueFrom: { resourceFieldRef: { resource: match[1] } } };
  return value === '' ? { name } : { name, value };
}

/** `NAME  ConfigMap  Optional: false` (or `Secret`, `with prefix 'P'`). */
function readEnvFrom(line: Node): Record<string, unknown> | undefined {
  const match = /^(\S+)\s+(ConfigMap|Secret)(?: with prefix '(.*)')?\s+Optional: (true|false)$/.exec(line.text);
  if (!match) return undefined;
  const ref = { name: match[1], optional: match[4] === 'true' };
  const entry: Record<string, unknown> = match[2] === 'ConfigMap' ? { configMapRef: ref } : { secretRef: ref };
  if (match[3] !== undefined) entry.prefix = match[3];
  return entry;
}

/** `/path from volume (ro,path="sub")`. */
function readMount(line: Node): Record<string, unknown> | undefined {
  if (line.text.length > 1024) return undefined;
  const match = /^(\S.*) from (\S+) \((rw|ro)(?:,path="(.*)")?\)$/.exec(line.text);
  if (!match) return undefined;
  const mount: Record<string, unknown> = { name: match[2], mountPath: match[1] };
  if (match[3] === 'ro') mount.readOnly = true;
  if (match[4] !== undefined) mount.subPath = match[4];
  return mount;
}
