// CSIDriver rule families: token requests, lifecycle modes, node allocatable period,
// serviceAccountTokenInSecrets, the 1.35 create warning, the ignored namespace, long names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csiDriverRules } from '../../../server/src/service/rules/csidriver/index';
import { runRules, summary, type RuleCase } from './harness';

/** Token requests with serviceAccountTokenInSecrets set, so the 1.35 create warning stays out of the way. */
function tokens(entries: string): string {
  return driver(`  serviceAccountTokenInSecrets: false\n  tokenRequests:\n${entries}`);
}

function driver(spec: string, metadata = '  name: example.csi.k8s.io'): string {
  return `apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n${metadata}\nspec:\n${spec}\n`;
}

type Case = RuleCase;

const cases: Case[] = [
  // validateTokenRequests
  { name: 'two empty audiences collide', yaml: tokens('  - audience: ""\n  - audience: ""'), expect: ['csidriver/token-requests/duplicate-audience @ spec.tokenRequests[1].audience'], severity: 'error', anchor: 'value', words: ['empty audience', 'tokenRequests[0]', 'Duplicate value: ""'] },
  { name: 'one empty audience is fine', yaml: tokens('  - audience: ""\n  - audience: vault'), expect: [] },
  { name: 'a repeated audience', yaml: tokens('  - audience: vault\n  - audience: gcp\n  - audience: vault'), expect: ['csidriver/token-requests/duplicate-audience @ spec.tokenRequests[2].audience'] },
  { name: 'a duplicate entry\'s expiration is not checked', yaml: tokens('  - audience: a\n  - audience: a\n    expirationSeconds: 10'), expect: ['csidriver/token-requests/duplicate-audience @ spec.tokenRequests[1].audience'] },
  { name: 'expirationSeconds 599', yaml: tokens('  - audience: a\n    expirationSeconds: 599'), expect: ['csidriver/token-requests/expiration-too-short @ spec.tokenRequests[0].expirationSeconds'], severity: 'error', words: ['599', '10 minutes'] },
  { name: 'expirationSeconds 600', yaml: tokens('  - audience: a\n    expirationSeconds: 600'), expect: [] },
  { name: 'expirationSeconds 2^32', yaml: tokens(`  - audience: a\n    expirationSeconds: ${2 ** 32}`), expect: [] },
  { name: 'expirationSeconds 2^32+1', yaml: tokens(`  - audience: a\n    expirationSeconds: ${2 ** 32 + 1}`), expect: ['csidriver/token-requests/expiration-too-long @ spec.tokenRequests[0].expirationSeconds'], severity: 'error', words: ['2^32'] },
  // validateVolumeLifecycleModes
  { name: 'a repeated lifecycle mode is pointless', yaml: driver('  volumeLifecycleModes: [Persistent, Ephemeral, Persistent]'), expect: ['csidriver/volume-lifecycle-modes/duplicate @ spec.volumeLifecycleModes[2]'], severity: 'warning', anchor: 'entry', words: ['already listed', 'no effect'] },
  { name: 'distinct lifecycle modes', yaml: driver('  volumeLifecycleModes: [Persistent, Ephemeral]'), expect: [] },
  // validateNodeAllocatableUpdatePeriodSeconds
  { name: 'period 9 in 1.35', yaml: driver('  nodeAllocatableUpdatePeriodSeconds: 9'), expect: ['csidriver/node-allocatable-update-period/too-short @ spec.nodeAllocatableUpdatePeriodSeconds'], severity: 'error', words: ['10 seconds'] },
  { name: 'period 10 in 1.35', yaml: driver('  nodeAllocatableUpdatePeriodSeconds: 10'), expect: [] },
  { name: 'period 9 in 1.34 (gate beta but off: dropped, not validated)', yaml: driver('  nodeAllocatableUpdatePeriodSeconds: 9'), minor: 34, expect: [] },
  // serviceAccountTokenInSecrets
  { name: 'serviceAccountTokenInSecrets without tokenRequests', yaml: driver('  serviceAccountTokenInSecrets: true'), expect: ['csidriver/service-account-token-in-secrets/without-token-requests @ spec.serviceAccountTokenInSecrets'], severity: 'error', anchor: 'entry', words: ['not set', 'tokenRequests'] },
  { name: 'serviceAccountTokenInSecrets false with empty tokenRequests', yaml: driver('  serviceAccountTokenInSecrets: false\n  tokenRequests: []'), expect: ['csidriver/service-account-token-in-secrets/without-token-requests @ spec.serviceAccountTokenInSecrets'], words: ['empty'] },
  { name: 'serviceAccountTokenInSecrets with tokenRequests', yaml: driver('  serviceAccountTokenInSecrets: true\n  tokenRequests:\n  - audience: a'), expect: [] },
  { name: 'serviceAccountTokenInSecrets before 1.35 is not this rule\'s business', yaml: driver('  serviceAccountTokenInSecrets: true'), minor: 34, expect: [] },
  // WarningsOnCreate (1.35)
  { name: 'tokenRequests without serviceAccountTokenInSecrets in 1.35', yaml: driver('  tokenRequests:\n  - audience: a'), expect: ['csidriver/warnings-on-create/tokens-in-volume-context @ spec.tokenRequests'], severity: 'warning', anchor: 'key', words: ['volume context', 'serviceAccountTokenInSecrets: true'] },
  { name: 'no warning once serviceAccountTokenInSecrets is set', yaml: driver('  serviceAccountTokenInSecrets: false\n  tokenRequests:\n  - audience: a'), expect: [] },
  { name: 'no warning in 1.34', yaml: driver('  tokenRequests:\n  - audience: a'), minor: 34, expect: [] },
  // namespace
  { name: 'namespace on a cluster-scoped CSIDriver', yaml: driver('  attachRequired: false', '  name: example.csi.k8s.io\n  namespace: kube-system'), expect: ['csidriver/namespace/ignored @ metadata.namespace'], severity: 'warning', anchor: 'entry', words: ['cluster-scoped', 'no effect'] },
  { name: 'no namespace', yaml: driver('  attachRequired: false'), expect: [] },
  // name length for volumes
  { name: 'a 63-character driver name', yaml: driver('  attachRequired: false', `  name: ${'d'.repeat(63)}`), expect: [] },
  { name: 'a 64-character driver name', yaml: driver('  attachRequired: false', `  name: ${'d'.repeat(64)}`), expect: ['csidriver/name/too-long-for-volumes @ metadata.name'], severity: 'warning', words: ['64 characters', 'at most 63', 'no volume can refer'] },
  { name: 'an invalid long name is meta/name-invalid only', yaml: driver('  attachRequired: false', `  name: ${'D'.repeat(64)}`), expect: [] },
];

describe('CSIDriver rules', () => {
  for (const testCase of cases) {
    it(testCase.name, () => {
      const findings = runRules(csiDriverRules, testCase.yaml, testCase.minor ?? 35);
      assert.deepEqual(summary(findings), testCase.expect);
      const first = findings[0];
      if (!first) return;
      if (testCase.severity) assert.equal(first.severity, testCase.severity);
      if (testCase.anchor) assert.equal(first.anchor, testCase.anchor);
      for (const word of testCase.words ?? []) assert.ok(first.message.includes(word), `message lacks "${word}": ${first.message}`);
    });
  }

  it('values of the wrong type are skipped silently', () => {
    const yaml = driver('  tokenRequests: nope\n  volumeLifecycleModes: {a: b}\n  nodeAllocatableUpdatePeriodSeconds: "5"\n  serviceAccountTokenInSecrets: "yes"', '  name: 5');
    assert.deepEqual(runRules(csiDriverRules, yaml), []);
  });

  it('every code carries metadata with a reference id', () => {
    for (const rule of csiDriverRules) {
      for (const code of rule.codes) {
        assert.match(code.code, /^csidriver\//);
        assert.ok(code.reference, `${code.code} has no reference`);
        assert.ok(code.title && code.mirrors && code.href);
      }
    }
  });
});
