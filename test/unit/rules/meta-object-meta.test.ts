// ValidateObjectMeta for Job and CSIDriver: name, generateName, labels, annotations.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { metaRules } from '../../../server/src/service/rules/meta/index';
import { runRules, summary, type ReportedFinding } from './harness';

function csiDriver(metadata: string): string {
  return `apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n${metadata}\nspec: {}\n`;
}

function job(metadata: string): string {
  return `apiVersion: batch/v1\nkind: Job\nmetadata:\n${metadata}\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: main, image: busybox}]\n`;
}

interface Case {
  name: string;
  yaml: string;
  expect: string[];
  /** For the first finding: severity, anchor and words of the message. */
  severity?: ReportedFinding['severity'];
  anchor?: ReportedFinding['anchor'];
  words?: string[];
  /** Words of the server's exact text (serverMessage), when the message says it in other words. */
  server?: string[];
}

const cases: Case[] = [
  { name: 'no name and no generateName', yaml: job('  labels: {a: b}'), expect: ['meta/name-required @ metadata.name'], severity: 'error', anchor: 'value', words: ['needs a name', 'name or generateName is required'] },
  { name: 'an empty name counts as none', yaml: csiDriver('  name: ""'), expect: ['meta/name-required @ metadata.name'] },
  { name: 'no metadata at all', yaml: 'apiVersion: batch/v1\nkind: Job\nspec: {}\n', expect: ['meta/name-required @ metadata.name'] },
  { name: 'generateName alone is enough', yaml: job('  generateName: pi-'), expect: [] },
  { name: 'upper case in a Job name', yaml: job('  name: MyJob'), expect: ['meta/name-invalid @ metadata.name'], severity: 'error', words: ['DNS-1123 subdomain', 'Try `myjob`'], server: ['metadata.name: Invalid value: "MyJob"'] },
  { name: 'upper case in a CSIDriver name (the CSI spec allows it, the server does not)', yaml: csiDriver('  name: Example.CSI.io'), expect: ['meta/name-invalid @ metadata.name'], words: ['not a valid CSIDriver name'] },
  { name: 'a dotted name is a valid subdomain', yaml: csiDriver('  name: hostpath.csi.k8s.io'), expect: [] },
  { name: 'name of 253 characters', yaml: csiDriver(`  name: ${'a'.repeat(253)}`), expect: [] },
  { name: 'name of 254 characters', yaml: csiDriver(`  name: ${'a'.repeat(254)}`), expect: ['meta/name-invalid @ metadata.name'], words: ['longer than 253'], server: ['must be no more than 253 characters'] },
  { name: 'generateName with a trailing dash is fine', yaml: job('  generateName: my-job-'), expect: [] },
  { name: 'generateName with upper case', yaml: job('  generateName: MyJob-'), expect: ['meta/generate-name-invalid @ metadata.generateName'], severity: 'error', words: ['cannot make a valid Job name', 'Try `myjob-`'], server: ['metadata.generateName: Invalid value', 'metadata.name: Invalid value'] },
  { name: 'generateName ending in a dot', yaml: csiDriver('  generateName: driver.'), expect: ['meta/generate-name-invalid @ metadata.generateName'] },
  { name: 'generateName checked even next to a name', yaml: job('  name: ok\n  generateName: Bad_'), expect: ['meta/generate-name-invalid @ metadata.generateName'] },
  { name: 'a namespace with upper case is refused (ValidateNamespaceName)', yaml: job('  name: ok\n  namespace: Default'), expect: ['meta/namespace-invalid @ metadata.namespace'], severity: 'error', anchor: 'value', words: ['not a valid namespace', 'DNS-1123 labels', 'namespaces "Default" not found', 'Try `default`'], server: ['metadata.namespace: Invalid value: "Default": a lowercase RFC 1123 label must consist of'] },
  { name: 'a namespace with an underscore is refused', yaml: job('  name: ok\n  namespace: my_ns'), expect: ['meta/namespace-invalid @ metadata.namespace'], words: ['Try `my-ns`'] },
  { name: 'a namespace of 64 characters is refused', yaml: job(`  name: ok\n  namespace: ${'n'.repeat(64)}`), expect: ['meta/namespace-invalid @ metadata.namespace'], words: ['longer than 63'], server: ['must be no more than 63 characters'] },
  { name: 'a namespace of 63 characters is fine', yaml: job(`  name: ok\n  namespace: ${'n'.repeat(63)}`), expect: [] },
  { name: 'a dotted namespace is refused (a label, not a subdomain)', yaml: job('  name: ok\n  namespace: team.prod'), expect: ['meta/namespace-invalid @ metadata.namespace'], server: ['must not contain dots'] },
  { name: 'an empty namespace is kubectl\'s to fill', yaml: job('  name: ok\n  namespace: ""'), expect: [] },
  { name: 'a CSIDriver\'s namespace is cleared before validation: never an error', yaml: csiDriver('  name: ok\n  namespace: Not_Valid'), expect: [] },
  { name: 'bad label key', yaml: job('  name: ok\n  labels:\n    "bad key": x'), expect: ['meta/label-key-invalid @ metadata.labels[bad key]'], severity: 'error', anchor: 'key', words: ['not a valid label key', 'metadata.labels: Invalid value: "bad key"'] },
  { name: 'label key with two slashes', yaml: csiDriver('  name: ok\n  labels:\n    a/b/c: x'), expect: ['meta/label-key-invalid @ metadata.labels[a/b/c]'] },
  { name: 'label key with an empty prefix', yaml: csiDriver('  name: ok\n  labels:\n    /app: x'), expect: ['meta/label-key-invalid @ metadata.labels[/app]'], words: ['prefix part must be non-empty'] },
  { name: 'label key name part of 63 characters', yaml: csiDriver(`  name: ok\n  labels:\n    example.com/${'k'.repeat(63)}: x`), expect: [] },
  { name: 'label key name part of 64 characters', yaml: csiDriver(`  name: ok\n  labels:\n    example.com/${'k'.repeat(64)}: x`), expect: [`meta/label-key-invalid @ metadata.labels[example.com/${'k'.repeat(64)}]`] },
  { name: 'label value of 63 characters', yaml: job(`  name: ok\n  labels:\n    app: ${'v'.repeat(63)}`), expect: [] },
  { name: 'label value of 64 characters', yaml: job(`  name: ok\n  labels:\n    app: ${'v'.repeat(64)}`), expect: ['meta/label-value-invalid @ metadata.labels[app]'], severity: 'error', anchor: 'value', words: ['not a valid label value', 'must be no more than 63 characters'] },
  { name: 'label value with a space', yaml: job('  name: ok\n  labels:\n    app: "my app"'), expect: ['meta/label-value-invalid @ metadata.labels[app]'] },
  { name: 'empty label value is fine', yaml: job('  name: ok\n  labels:\n    app: ""'), expect: [] },
  { name: 'annotation key case does not matter', yaml: job('  name: ok\n  annotations:\n    Example.COM/Owner: me'), expect: [] },
  { name: 'annotation key with a space', yaml: job('  name: ok\n  annotations:\n    "my note": me'), expect: ['meta/annotation-key-invalid @ metadata.annotations[my note]'], severity: 'error', anchor: 'key', words: ['Annotation key', 'metadata.annotations: Invalid value'] },
  { name: 'annotations of exactly 256 KiB', yaml: job(`  name: ok\n  annotations:\n    k: ${'x'.repeat(256 * 1024 - 1)}`), expect: [] },
  { name: 'annotations over 256 KiB', yaml: job(`  name: ok\n  annotations:\n    k: ${'x'.repeat(256 * 1024)}`), expect: ['meta/annotations-too-long @ metadata.annotations'], severity: 'error', anchor: 'key', words: ['262145 bytes', 'Too long'] },
];

describe('ValidateObjectMeta', () => {
  for (const testCase of cases) {
    it(testCase.name, () => {
      const findings = runRules(metaRules, testCase.yaml);
      assert.deepEqual(summary(findings), testCase.expect);
      const first = findings[0];
      if (!first) return;
      if (testCase.severity) assert.equal(first.severity, testCase.severity);
      if (testCase.anchor) assert.equal(first.anchor, testCase.anchor);
      for (const word of testCase.words ?? []) assert.ok(first.message.includes(word), `message lacks "${word}": ${first.message}`);
      for (const word of testCase.server ?? []) assert.ok(first.serverMessage?.includes(word), `serverMessage lacks "${word}": ${first.serverMessage}`);
    });
  }

  it('meta/name-invalid states the rule once and suggests the fixed name; the server\'s exact text (with its regex) is kept apart in serverMessage', () => {
    const [finding] = runRules(metaRules, csiDriver('  name: Block.CSI.Example.com'));
    assert.equal(finding.message, '`Block.CSI.Example.com` is not a valid CSIDriver name: it must use only lower-case letters, digits, `-` and `.`, and start and end with a letter or digit (names are DNS-1123 subdomains). Try `block.csi.example.com`.');
    assert.equal(finding.serverMessage, 'metadata.name: Invalid value: "Block.CSI.Example.com": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')');
    assert.ok(finding.message.length < 250, `${finding.message.length} characters`);
  });

  it('every code has its metadata', () => {
    const codes = metaRules.flatMap((rule) => rule.codes.map((code) => code.code));
    assert.deepEqual(codes.sort(), ['meta/annotation-key-invalid', 'meta/annotations-too-long', 'meta/generate-name-invalid', 'meta/label-key-invalid', 'meta/label-value-invalid', 'meta/name-invalid', 'meta/name-required', 'meta/namespace-invalid']);
  });
});
