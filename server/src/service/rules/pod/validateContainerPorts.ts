// validateContainerPorts (per container: names, numbers and the protocol), checkHostPortConflicts (regular containers together, each init
// container on its own) and validatePodHostNetworkDeps. With hostNetwork the server first defaults an
// unset hostPort to the containerPort, so conflicts are computed on the defaulted value.
import { isObject } from '../../kube/defaults';
import { portNameProblems, portNameServerMessages } from '../../kube/names';
import { formatFieldPath, type FieldPath, type Finding, type Json, type JsonObject, type RuleCode } from '../../types';
import { HREF, listProblems, serverError, serverSays, supportedValuesDetail } from '../meta/report';
import { asInteger } from '../shared';
import { PORT_PROTOCOLS } from './podEnums';
import { containersOf, describeContainer, jobTemplateRule, podSpecOf, type ContainerRef } from './podTemplate';

export const PORT_CODES = {
  nameInvalid: 'pod/port-name-invalid',
  nameDuplicate: 'pod/port-name-duplicate',
  containerPortRequired: 'pod/container-port-required',
  containerPortRange: 'pod/container-port-out-of-range',
  hostPortRange: 'pod/host-port-out-of-range',
  protocolUnsupported: 'pod/port-protocol-unsupported',
  hostPortConflict: 'pod/host-port-conflict',
  hostNetworkMismatch: 'pod/host-port-host-network-mismatch',
} as const;

export const portCodes: readonly RuleCode[] = [
  { code: PORT_CODES.nameInvalid, severity: 'error', title: 'Port names must be IANA service names (IANA_SVC_NAME)', mirrors: 'validateContainerPorts (IsValidPortName)', href: HREF.ports },
  { code: PORT_CODES.nameDuplicate, severity: 'error', title: 'Port names must be unique within a container', mirrors: 'validateContainerPorts', href: HREF.ports },
  { code: PORT_CODES.containerPortRequired, severity: 'error', title: 'containerPort may not be 0', mirrors: 'validateContainerPorts', href: HREF.ports },
  { code: PORT_CODES.containerPortRange, severity: 'error', title: 'containerPort must be between 1 and 65535', mirrors: 'validateContainerPorts (IsValidPortNum)', href: HREF.ports },
  { code: PORT_CODES.hostPortRange, severity: 'error', title: 'hostPort must be between 1 and 65535 when set', mirrors: 'validateContainerPorts (IsValidPortNum)', href: HREF.ports },
  { code: PORT_CODES.protocolUnsupported, severity: 'error', title: 'A port protocol must be TCP, UDP or SCTP', mirrors: 'validateContainerPorts (supportedPortProtocols)', href: HREF.ports },
  { code: PORT_CODES.hostPortConflict, severity: 'error', title: 'Two containers may not claim the same host port, protocol and host IP', mirrors: 'checkHostPortConflicts (AccumulateUniqueHostPorts)', href: HREF.ports },
  { code: PORT_CODES.hostNetworkMismatch, severity: 'error', title: 'With hostNetwork, hostPort must equal containerPort', mirrors: 'validatePodHostNetworkDeps', href: HREF.ports },
];

const RANGE = 'must be between 1 and 65535, inclusive';

interface PortRef {
  port: JsonObject;
  path: FieldPath;
}

function portsOf(ref: ContainerRef): PortRef[] {
  const ports = ref.container.ports;
  if (!Array.isArray(ports)) return [];
  return ports.flatMap((port, index) => (isObject(port) ? [{ port, path: [...ref.path, 'ports', index] }] : []));
}

function containerPortFindings(ref: ContainerRef): Finding[] {
  const findings: Finding[] = [];
  const names = new Map<string, FieldPath>();
  for (const { port, path } of portsOf(ref)) {
    const name = port.name;
    if (typeof name === 'string' && name !== '') {
      const namePath = [...path, 'name'];
      const problems = portNameProblems(name);
      if (problems.length) {
        findings.push({
          code: PORT_CODES.nameInvalid, severity: 'error', path: namePath,
          message: `\`${name}\` is not a valid port name: ${listProblems(problems)}. Port names follow IANA_SVC_NAME: at most 15 lower-case letters, digits and \`-\`, with at least one letter, no \`--\`, and no \`-\` at either end (Services refer to ports by this name). ${serverSays(portNameServerMessages(name).map((detail) => serverError(formatFieldPath(namePath), 'Invalid value', name, detail)))}`,
          href: HREF.ports,
        });
      } else if (names.has(name)) {
        findings.push({
          code: PORT_CODES.nameDuplicate, severity: 'error', path: namePath,
          message: `The port name \`${name}\` is already used by \`${formatFieldPath(names.get(name) ?? [])}\` in the same container. Port names must be unique within a container, since Services and probes refer to a port by its name. Rename one of them. ${serverSays([serverError(formatFieldPath(namePath), 'Duplicate value', name)])}`,
          href: HREF.ports,
        });
      } else {
        names.set(name, namePath);
      }
    }
    const containerPort = asInteger(port.containerPort);
    if (containerPort !== undefined) {
      const at = [...path, 'containerPort'];
      if (containerPort === 0) {
        findings.push({
          code: PORT_CODES.containerPortRequired, severity: 'error', path: at,
          message: `containerPort is 0, which the server reads as "not set": every listed port needs the number the container listens on (1 to 65535). ${serverSays([serverError(formatFieldPath(at), 'Required value')])}`,
          href: HREF.ports,
        });
      } else if (containerPort < 1 || containerPort > 65535) {
        findings.push({
          code: PORT_CODES.containerPortRange, severity: 'error', path: at,
          message: `containerPort ${containerPort} is not a TCP/UDP port number: use 1 to 65535. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', containerPort, RANGE)])}`,
          href: HREF.ports,
        });
      }
    }
    const protocol = port.protocol;
    // An empty protocol is defaulted to TCP before validation; other types are the schema check's.
    if (typeof protocol === 'string' && protocol !== '' && !(PORT_PROTOCOLS as readonly string[]).includes(protocol)) {
      const at = [...path, 'protocol'];
      findings.push({
        code: PORT_CODES.protocolUnsupported, severity: 'error', path: at,
        message: `\`${protocol}\` is not a port protocol: use \`TCP\` (the default), \`UDP\` or \`SCTP\`, in upper case. ${serverSays([serverError(formatFieldPath(at), 'Unsupported value', protocol, supportedValuesDetail(PORT_PROTOCOLS))])}`,
        href: HREF.ports,
      });
    }
    const hostPort = asInteger(port.hostPort);
    if (hostPort !== undefined && hostPort !== 0 && (hostPort < 1 || hostPort > 65535)) {
      const at = [...path, 'hostPort'];
      findings.push({
        code: PORT_CODES.hostPortRange, severity: 'error', path: at,
        message: `hostPort ${hostPort} is not a port number: use 1 to 65535, or leave hostPort out (0) to expose no host port. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', hostPort, RANGE)])}`,
        href: HREF.ports,
      });
    }
  }
  return findings;
}

/** The host port after defaulting: with hostNetwork an unset hostPort takes the containerPort. */
function effectiveHostPort(port: JsonObject, hostNetwork: boolean): number {
  const hostPort = asInteger(port.hostPort) ?? 0;
  if (hostPort === 0 && hostNetwork) return asInteger(port.containerPort) ?? 0;
  return hostPort;
}

function conflictFindings(refs: readonly ContainerRef[], hostNetwork: boolean): Finding[] {
  const findings: Finding[] = [];
  const claimed = new Map<string, FieldPath>();
  for (const ref of refs) {
    for (const { port, path } of portsOf(ref)) {
      const hostPort = effectiveHostPort(port, hostNetwork);
      if (hostPort === 0) continue;
      const protocol = typeof port.protocol === 'string' && port.protocol !== '' ? port.protocol : 'TCP';
      const hostIP = typeof port.hostIP === 'string' ? port.hostIP : '';
      const key = `${protocol}/${hostIP}/${hostPort}`;
      const first = claimed.get(key);
      if (!first) {
        claimed.set(key, path);
        continue;
      }
      const at = [...path, 'hostPort'];
      findings.push({
        code: PORT_CODES.hostPortConflict, severity: 'error', path: at,
        message: `Host port ${hostPort}/${protocol}${hostIP ? ` on ${hostIP}` : ''} of the ${describeContainer(ref)} is already claimed by \`${formatFieldPath(first)}\`${hostNetwork && asInteger(port.hostPort) === undefined ? ' (with hostNetwork, an unset hostPort is the containerPort)' : ''}. Two containers of one pod cannot bind the same host port; change or remove one of them. ${serverSays([serverError(formatFieldPath(at), 'Duplicate value', key)])}`,
        href: HREF.ports,
      });
    }
  }
  return findings;
}

function hostNetworkFindings(refs: readonly ContainerRef[]): Finding[] {
  const findings: Finding[] = [];
  for (const ref of refs) {
    for (const { port, path } of portsOf(ref)) {
      const hostPort = asInteger(port.hostPort) ?? 0;
      const containerPort = asInteger(port.containerPort) ?? 0;
      if (hostPort === 0 || hostPort === containerPort) continue;
      const at = [...path, 'hostPort'];
      findings.push({
        code: PORT_CODES.hostNetworkMismatch, severity: 'error', path: at,
        message: `With \`hostNetwork: true\` the container listens directly on the node, so hostPort (${hostPort}) must equal containerPort (${containerPort}). Set them equal, or leave hostPort out. ${serverSays([serverError(formatFieldPath(at), 'Invalid value', hostPort, 'must match `containerPort` when `hostNetwork` is true')])}`,
        href: HREF.ports,
      });
    }
  }
  return findings;
}

export function checkContainerPorts(template: Json | undefined, base: FieldPath): Finding[] {
  const spec = podSpecOf(template);
  if (!spec) return [];
  const hostNetwork = spec.hostNetwork === true;
  const containers = containersOf(spec, base, 'containers');
  const initContainers = containersOf(spec, base, 'initContainers');
  return [
    ...[...containers, ...initContainers].flatMap(containerPortFindings),
    ...conflictFindings(containers, hostNetwork),
    // Init containers run one at a time: each is checked against itself only.
    ...initContainers.flatMap((ref) => conflictFindings([ref], hostNetwork)),
    ...(hostNetwork ? hostNetworkFindings(containers) : []),
  ];
}

export const validateContainerPorts = jobTemplateRule('validateContainerPorts', portCodes, (template, base) => checkContainerPorts(template, base));
