// `kubectl describe pod` (describePod in kubernetes/kubectl pkg/describe/describe.go) as a core/v1 Pod:
// Name, Namespace, Priority, Priority Class Name, Runtime Class Name, Service Account, Node (`name/hostIP` or
// `<none>`), Start Time, Labels, Annotations, Status (the phase, or `Terminating (lasts 5m)` with Termination
// Grace Period), Reason and Message (status.reason/message: `Evicted`, ...), SeccompProfile, IP and IPs,
// Controlled By (`Job/NAME`), NominatedNodeName, Init Containers and Containers with their states, Readiness
// Gates, Conditions (a `Type Status` table), Volumes, QoS Class, Node-Selectors, Tolerations, the events.

import { readContainers } from './containers';
import { type ObjectRead, describeWhere, involvedOf, readMetadataField, unknownNote } from './meta';
import { setTime, withSource } from './job';
import { readTolerations, volumesNote } from './template';
import { type Node, descendants, isNone, readInt, readLabels } from './text';

const SKIPPED = new Set(['SeccompProfile', 'LocalhostProfile', 'Readiness Gates', 'Topology Spread Constraints', 'Resources', 'Scheduling Group']);

export function readPod(fields: Node[]): ObjectRead {
  const metadata: Record<string, unknown> = {};
  const spec: Record<string, unknown> = {};
  const status: Record<string, unknown> = {};
  const notes: string[] = [];
  const unknown: string[] = [];
  const where = (): string => describeWhere('Pod', metadata);
  let eventsNode: Node | undefined;

  for (const field of fields) {
    if (readMetadataField(field, metadata, notes, where)) continue;
    const value = field.value;
    switch (field.key) {
      case 'Priority':
        if (readInt(value) !== undefined) spec.priority = readInt(value);
        break;
      case 'Priority Class Name':
        spec.priorityClassName = value;
        break;
      case 'Runtime Class Name':
        spec.runtimeClassName = value;
        break;
      case 'Service Account':
        spec.serviceAccountName = value;
        break;
      case 'Node': {
        if (isNone(value)) break;
        const slash = value.indexOf('/');
        spec.nodeName = slash >= 0 ? value.slice(0, slash) : value;
        if (slash >= 0 && value.slice(slash + 1) !== '') status.hostIP = value.slice(slash + 1);
        break;
      }
      case 'Start Time':
        setTime(status, 'startTime', value, notes, where);
        break;
      case 'Status': {
        const terminating = /^Terminating \(lasts (.+)\)$/.exec(value);
        if (terminating) {
          metadata.annotations = { ...(metadata.annotations as Record<string, string> | undefined), 'kubeassist.dev/terminating-for': terminating[1] };
          notes.push(`${where()}: the Pod is being deleted (Terminating for ${terminating[1]}); describe hides its phase and the deletion time.`);
        } else if (value !== '') status.phase = value;
        break;
      }
      case 'Termination Grace Period':
        if (readInt(value) !== undefined) spec.terminationGracePeriodSeconds = readInt(value);
        break;
      case 'Reason':
        status.reason = value;
        break;
      case 'Message':
        status.message = value;
        break;
      case 'IP':
        if (value !== '') status.podIP = value;
        break;
      case 'IPs': {
        const ips = descendants(field).map((line) => /^IP:\s+(\S+)$/.exec(line.text)?.[1]).filter((ip) => ip !== undefined);
        if (ips.length > 0) status.podIPs = ips.map((ip) => ({ ip }));
        break;
      }
      case 'NominatedNodeName':
        status.nominatedNodeName = value;
        break;
      case 'Init Containers':
      case 'Containers':
      case 'Ephemeral Containers': {
        const read = readContainers(field, where());
        const [specKey, statusKey] =
          field.key === 'Containers' ? ['containers', 'containerStatuses']
          : field.key === 'Init Containers' ? ['initContainers', 'initContainerStatuses']
          : ['ephemeralContainers', 'ephemeralContainerStatuses'];
        if (read.containers.length > 0) spec[specKey] = read.containers;
        if (read.statuses.length > 0) status[statusKey] = read.statuses;
        notes.push(...read.notes);
        break;
      }
      case 'Conditions': {
        const conditions = readConditions(field);
        if (conditions.length > 0) status.conditions = conditions;
        break;
      }
      case 'Volumes':
        if (!isNone(value) || field.children.length > 0) notes.push(volumesNote(where()));
        break;
      case 'QoS Class':
        status.qosClass = value;
        break;
      case 'Node-Selectors': {
        const selector = readLabels(field);
        if (Object.keys(selector).length > 0) spec.nodeSelector = selector;
        break;
      }
      case 'Tolerations': {
        const tolerations = readTolerations(field);
        if (tolerations.length > 0) spec.tolerations = tolerations;
        break;
      }
      case 'Events':
        eventsNode = field;
        break;
      default:
        if (field.key === undefined || !SKIPPED.has(field.key)) unknown.push(field.key ?? field.text);
    }
  }
  if (unknown.length > 0) notes.push(unknownNote(where(), unknown));
  const object: Record<string, unknown> = { apiVersion: 'v1', kind: 'Pod', metadata: { ...metadata, annotations: withSource(metadata.annotations) }, spec, status };
  return { object, involved: involvedOf('v1', 'Pod', metadata), eventsNode, notes };
}

/** The `Type  Status` table of pod conditions (rows `Ready  False`). */
function readConditions(field: Node): Record<string, unknown>[] {
  const conditions: Record<string, unknown>[] = [];
  for (const line of descendants(field)) {
    const match = /^(\S+)\s+(True|False|Unknown)$/.exec(line.text);
    if (match) conditions.push({ type: match[1], status: match[2] });
  }
  return conditions;
}
