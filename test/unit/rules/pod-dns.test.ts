// The pod's DNS and host-name fields on a Job's pod template, release by release: dnsPolicy, dnsConfig,
// hostAliases, hostname, subdomain and hostnameOverride.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalIPv4, legacyIPProblems, parseIPSloppy } from '../../../server/src/service/kube/ip';
import { validateDNS } from '../../../server/src/service/rules/pod/validateDNS';
import { assertEveryCodeTriggered, POD, runPodCases, type PodCase } from './podCases';

// The JobSet controller gives each Pod the JobSet's subdomain (DNS hostnames are on unless turned off): a value
// written in the template is replaced, never refused.
const OVERWRITTEN = { expect: [], why: "the JobSet controller replaces the Pods' subdomain with the JobSet's" };
const OVERWRITTEN_SUBDOMAIN = { inJobSet: OVERWRITTEN, inTrainingRuntime: OVERWRITTEN };

const CONFIG = `${POD}.dnsConfig`;
/** A search domain of 253 characters, the most a DNS subdomain may have. */
const LONG = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
const searches = (count: number, name = (i: number) => `s${i}.example.com`) => Array.from({ length: count }, (_, i) => name(i));

const policy: PodCase[] = [
  { name: 'dnsPolicy typo', spec: { dnsPolicy: 'ClusterFirstt' }, expect: [`pod/dns-policy-unsupported @ ${POD}.dnsPolicy`], words: ['Unsupported value: "ClusterFirstt": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"'] },
  { name: 'every policy, and an empty one (defaulted)', spec: { dnsPolicy: 'ClusterFirstWithHostNet' }, expect: [] },
  { name: 'dnsPolicy "" is defaulted to ClusterFirst', spec: { dnsPolicy: '' }, expect: [] },
  { name: 'None without dnsConfig', spec: { dnsPolicy: 'None' }, expect: [`pod/dns-config-required @ ${CONFIG}`], words: ['Required value: must provide `dnsConfig` when `dnsPolicy` is None'] },
  { name: 'None without nameservers', spec: { dnsPolicy: 'None', dnsConfig: { searches: ['svc.cluster.local'] } }, expect: [`pod/dns-nameservers-required @ ${CONFIG}.nameservers`] },
  { name: 'None with a nameserver', spec: { dnsPolicy: 'None', dnsConfig: { nameservers: ['10.96.0.10'] } }, expect: [] },
];

const config: PodCase[] = [
  { name: 'four nameservers', spec: { dnsConfig: { nameservers: ['1.1.1.1', '8.8.8.8', '9.9.9.9', '10.0.0.1'] } }, expect: [`pod/dns-nameservers-too-many @ ${CONFIG}.nameservers`], anchor: 'key', words: ['must not have more than 3 nameservers'] },
  { name: 'three IPv6 nameservers', spec: { dnsConfig: { nameservers: ['2001:db8::1', 'fd00::a', '::1'] } }, expect: [] },
  { name: 'a nameserver that is not an IP', spec: { dnsConfig: { nameservers: ['dns.example.com'] } }, expect: [`pod/dns-nameserver-invalid @ ${CONFIG}.nameservers[0]`], words: ['must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'] },
  { name: 'the same in 1.29 (older wording)', minor: 29, spec: { dnsConfig: { nameservers: ['dns.example.com'] } }, expect: [`pod/dns-nameserver-invalid @ ${CONFIG}.nameservers[0]`], words: ['Invalid value: "dns.example.com": must be valid IP address`'] },
  { name: 'a nameserver with a leading zero, 1.36 (strict)', minor: 36, spec: { dnsConfig: { nameservers: ['010.0.0.10'] } }, expect: [`pod/dns-nameserver-invalid @ ${CONFIG}.nameservers[0]`], words: ['must not have leading 0s', 'StrictIPCIDRValidation'] },
  { name: 'the same in 1.35 (read as 10.0.0.10)', spec: { dnsConfig: { nameservers: ['010.0.0.10'] } }, expect: [] },
  { name: '32 search domains', spec: { dnsConfig: { searches: searches(32) } }, expect: [] },
  { name: '33 search domains', spec: { dnsConfig: { searches: searches(33) } }, expect: [`pod/dns-searches-too-many @ ${CONFIG}.searches`], words: ['must not have more than 32 search paths'] },
  { name: '7 search domains in 1.25', minor: 25, spec: { dnsConfig: { searches: searches(7) } }, expect: [`pod/dns-searches-too-many @ ${CONFIG}.searches`], words: ['at most 6', 'From Kubernetes 1.26'] },
  { name: '7 search domains in 1.26', minor: 26, spec: { dnsConfig: { searches: searches(7) } }, expect: [] },
  { name: 'a search list of 2049 characters', spec: { dnsConfig: { searches: [...Array<string>(8).fill(LONG), 'x'.repeat(17)] } }, expect: [`pod/dns-searches-too-long @ ${CONFIG}.searches`], anchor: 'key', words: ['2049 characters', 'must not have more than 2048 characters (including spaces) in the search list'] },
  { name: 'a search list of 2048 characters', spec: { dnsConfig: { searches: [...Array<string>(8).fill(LONG), 'x'.repeat(16)] } }, expect: [] },
  { name: 'a search list of 257 characters in 1.25', minor: 25, spec: { dnsConfig: { searches: ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(65)] } }, expect: [`pod/dns-searches-too-long @ ${CONFIG}.searches`], words: ['must not have more than 256 characters'] },
  { name: 'a search with an underscore in 1.32', minor: 32, spec: { dnsConfig: { searches: ['_srv.example.com'] } }, expect: [`pod/dns-search-invalid @ ${CONFIG}.searches[0]`], words: ['From Kubernetes 1.33'] },
  { name: 'the same and a lone dot in 1.33', minor: 33, spec: { dnsConfig: { searches: ['_srv.example.com', '.'] } }, expect: [] },
  { name: 'a search with a trailing dot', spec: { dnsConfig: { searches: ['svc.cluster.local.'] } }, expect: [] },
  { name: 'an upper-case search', spec: { dnsConfig: { searches: ['Example.com'] } }, expect: [`pod/dns-search-invalid @ ${CONFIG}.searches[0]`] },
  { name: 'an option without a name', spec: { dnsConfig: { options: [{ value: '2' }] } }, expect: [`pod/dns-option-name-required @ ${CONFIG}.options[0]`], anchor: 'entry', words: ['Required value: must not be empty'] },
  { name: 'an option with a name', spec: { dnsConfig: { options: [{ name: 'ndots', value: '2' }, { name: 'edns0' }] } }, expect: [] },
];

const names: PodCase[] = [
  { name: 'hostname with a dot', spec: { hostname: 'worker.0' }, expect: [`pod/dns-hostname-invalid @ ${POD}.hostname`], words: ['Invalid value: "worker.0": must not contain dots'] },
  { name: 'hostname of 63 characters', spec: { hostname: 'h'.repeat(63) }, expect: [] },
  { name: 'subdomain in upper case', spec: { subdomain: 'Workers' }, expect: [`pod/dns-subdomain-invalid @ ${POD}.subdomain`],
    ...OVERWRITTEN_SUBDOMAIN },
  { name: 'hostnameOverride with setHostnameAsFQDN', spec: { hostnameOverride: 'db-0.example.internal', setHostnameAsFQDN: true }, expect: [`pod/dns-hostname-override-forbidden @ ${POD}.hostnameOverride`], anchor: 'key', words: ['Forbidden: may not be specified when setHostnameAsFQDN is true'] },
  { name: 'hostnameOverride with hostNetwork', spec: { hostnameOverride: 'db-0', hostNetwork: true }, expect: [`pod/dns-hostname-override-forbidden @ ${POD}.hostnameOverride`] },
  { name: 'hostnameOverride that is not a DNS subdomain', spec: { hostnameOverride: 'DB_0' }, expect: [`pod/dns-hostname-override-invalid @ ${POD}.hostnameOverride`] },
  { name: 'the same in 1.34, where hostnameOverride is dropped', minor: 34, spec: { hostnameOverride: 'DB_0' }, expect: [] },
  { name: 'a valid hostnameOverride', spec: { hostnameOverride: 'db-0.example.internal' }, expect: [] },
];

const hostAliases: PodCase[] = [
  { name: 'host aliases', spec: { hostAliases: [{ ip: '127.0.0.1', hostnames: ['foo.local', 'bar.local'] }, { ip: '2001:db8::1', hostnames: ['v6.local'] }] }, expect: [] },
  { name: 'an IP that is not one', spec: { hostAliases: [{ ip: '10.0.0.300', hostnames: ['a'] }] }, expect: [`pod/host-alias-ip-invalid @ ${POD}.hostAliases[0].ip`] },
  { name: 'an empty IP', spec: { hostAliases: [{ ip: '', hostnames: ['a'] }] }, expect: [`pod/host-alias-ip-invalid @ ${POD}.hostAliases[0].ip`], words: ['it is empty'] },
  { name: 'an IPv4-mapped IPv6 address, 1.36', minor: 36, spec: { hostAliases: [{ ip: '::ffff:10.0.0.1' }] }, expect: [`pod/host-alias-ip-invalid @ ${POD}.hostAliases[0].ip`], words: ['must not be an IPv4-mapped IPv6 address'] },
  { name: 'the same in 1.35', spec: { hostAliases: [{ ip: '::ffff:10.0.0.1' }] }, expect: [] },
  { name: 'a host name with an underscore', spec: { hostAliases: [{ ip: '10.0.0.1', hostnames: ['my_host'] }] }, expect: [`pod/host-alias-hostname-invalid @ ${POD}.hostAliases[0].hostnames[0]`] },
];

const groups: [string, PodCase[]][] = [['dnsPolicy', policy], ['dnsConfig', config], ['host names', names], ['hostAliases', hostAliases]];
runPodCases('pod DNS', [validateDNS], groups);

describe('pod DNS: codes', () => {
  assertEveryCodeTriggered([validateDNS], groups);
});

describe('IP addresses as the legacy pod fields read them', () => {
  it('reads what ParseIPSloppy reads', () => {
    for (const text of ['1.2.3.4', '010.001.000.001', '::', '::1', '2001:db8::', 'fe80::1:2:3:4', '1:2:3:4:5:6:7:8', '::ffff:1.2.3.4', '64:ff9b::1.2.3.4']) assert.ok(parseIPSloppy(text), text);
    for (const text of ['', '1.2.3', '1.2.3.4.5', '256.1.1.1', '1:2:3:4:5:6:7:8:9', '1::2::3', 'fe80::1%eth0', '1:2:3:4:5:6:7::8', ' 1.2.3.4', 'a.b.c.d', '12345::1']) assert.equal(parseIPSloppy(text), undefined, text);
  });

  it('refuses leading zeros and IPv4-mapped IPv6 only from 1.36', () => {
    assert.deepEqual(legacyIPProblems('010.0.0.1', 35), []);
    assert.deepEqual(legacyIPProblems('010.0.0.1', 36).map((problem) => problem.detail), ['must not have leading 0s']);
    assert.deepEqual(legacyIPProblems('::ffff:010.0.0.1', 36).map((problem) => problem.detail), ['must not have leading 0s', 'must not be an IPv4-mapped IPv6 address']);
    assert.deepEqual(legacyIPProblems('2001:db8::0001', 36), []);
  });

  it('writes plainly only what a strict server refuses for its spelling', () => {
    assert.equal(canonicalIPv4('010.000.000.001'), '10.0.0.1');
    assert.equal(canonicalIPv4('::ffff:10.0.0.1'), '10.0.0.1');
    assert.equal(canonicalIPv4('10.0.0.1'), undefined);
    assert.equal(canonicalIPv4('64:ff9b::010.0.0.1'), undefined);
  });
});
