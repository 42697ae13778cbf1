// IP addresses as the API server reads the pod's legacy IP fields (hostAliases[].ip, dnsConfig.nameservers):
// netutils.ParseIPSloppy (Go's parser from before 1.17, which reads `010.1.2.3` as 10.1.2.3), and from
// 1.36, with StrictIPCIDRValidation on, apimachinery's IsValidIPForLegacyField in strict mode, which also
// refuses leading zeros and IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`).
import { gateEnabledByDefault } from './featureGates';

interface ParsedIP {
  /** 16 bytes; an IPv4 address is stored IPv4-mapped, as Go's net.IP does. */
  bytes: number[];
  /** An IPv4 octet written with a leading zero (`01`), which netip.ParseAddr refuses. */
  leadingZero: boolean;
  /** Written as IPv6 (with colons), even when it holds an IPv4 address. */
  ipv6: boolean;
}

function parseIPv4(text: string): { bytes: number[]; leadingZero: boolean } | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes: number[] = [];
  let leadingZero = false;
  for (const part of parts) {
    if (!/^\d+$/.test(part)) return undefined;
    const value = Number(part);
    if (value > 255) return undefined;
    if (part.length > 1 && part.startsWith('0')) leadingZero = true;
    bytes.push(value);
  }
  return { bytes, leadingZero };
}

function parseIPv6(text: string): ParsedIP | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  let leadingZero = false;
  const groupsOf = (half: string, last: boolean): number[] | undefined => {
    if (half === '') return [];
    const groups = half.split(':');
    const out: number[] = [];
    for (let i = 0; i < groups.length; i++) {
      const group = groups[i];
      if (last && i === groups.length - 1 && group.includes('.')) {
        const v4 = parseIPv4(group);
        if (!v4) return undefined;
        leadingZero ||= v4.leadingZero;
        out.push(v4.bytes[0] * 256 + v4.bytes[1], v4.bytes[2] * 256 + v4.bytes[3]);
        continue;
      }
      if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined;
      out.push(parseInt(group, 16));
    }
    return out;
  };
  const head = groupsOf(halves[0], halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1], true) : [];
  if (!head || !tail) return undefined;
  const count = head.length + tail.length;
  if (halves.length === 1 ? count !== 8 : count > 7) return undefined;
  const groups = [...head, ...Array<number>(8 - count).fill(0), ...tail];
  return { bytes: groups.flatMap((group) => [group >> 8, group & 0xff]), leadingZero, ipv6: true };
}

/** netutils.ParseIPSloppy: undefined when the server cannot read the text as an IP address at all. */
export function parseIPSloppy(text: string): ParsedIP | undefined {
  if (text.includes(':')) return parseIPv6(text);
  const v4 = parseIPv4(text);
  return v4 ? { bytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4.bytes], leadingZero: v4.leadingZero, ipv6: false } : undefined;
}

/** An IPv6 address that holds an IPv4 one (`::ffff:a.b.c.d`): netip's Is4In6. */
function isIPv4MappedIPv6(ip: ParsedIP): boolean {
  return ip.ipv6 && ip.bytes.slice(0, 10).every((byte) => byte === 0) && ip.bytes[10] === 0xff && ip.bytes[11] === 0xff;
}

/** Whether the release checks legacy IP fields strictly (StrictIPCIDRValidation on by default). */
export function strictIPValidation(minor: number): boolean {
  return gateEnabledByDefault('StrictIPCIDRValidation', minor);
}

/** The server's detail for an IP it cannot read: worded differently before 1.30 (a hand-written check). */
export function invalidIPDetail(minor: number): string {
  return minor >= 30 ? 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)' : 'must be valid IP address';
}

export interface IPProblem {
  /** In plain words. */
  problem: string;
  /** What the server says. */
  detail: string;
}

/** What the release's API server finds wrong with a legacy IP field's value (none: accepted). */
export function legacyIPProblems(text: string, minor: number): IPProblem[] {
  const ip = parseIPSloppy(text);
  if (!ip) {
    return [{ problem: text === '' ? 'it is empty' : 'it is not an IPv4 or IPv6 address', detail: invalidIPDetail(minor) }];
  }
  if (!strictIPValidation(minor)) return [];
  const problems: IPProblem[] = [];
  if (ip.leadingZero) problems.push({ problem: 'a number in it has a leading zero, which some software reads as octal', detail: 'must not have leading 0s' });
  if (isIPv4MappedIPv6(ip)) problems.push({ problem: 'it is an IPv4 address written as IPv6 (`::ffff:...`)', detail: 'must not be an IPv4-mapped IPv6 address' });
  return problems;
}

/** The form a strict server accepts for an address it refuses only for its spelling: `010.0.0.1` -> `10.0.0.1`. */
export function canonicalIPv4(text: string): string | undefined {
  const ip = parseIPSloppy(text);
  if (!ip || (ip.ipv6 && !isIPv4MappedIPv6(ip)) || !(ip.leadingZero || isIPv4MappedIPv6(ip))) return undefined;
  return ip.bytes.slice(12).join('.');
}
