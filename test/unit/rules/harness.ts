// Runs rule families on a manifest written as YAML, the way the engine does before it maps paths to ranges,
// and checks table rows of such manifests against the findings a user would see.
import assert from 'node:assert/strict';
import { parseKubectlYaml, toServerJson } from '../../../server/src/service/document/kubectlYaml';
import { applyDefaults, isObject } from '../../../server/src/service/kube/defaults';
import { formatFieldPath, type Finding, type KindName, type Rule } from '../../../server/src/service/types';

export interface ReportedFinding {
  code: string;
  severity: Finding['severity'];
  path: string;
  anchor: NonNullable<Finding['anchor']>;
  message: string;
  /** The API server's exact text, when the message says it in other words. */
  serverMessage?: string;
}

export function runRules(rules: readonly Rule[], yamlText: string, minor = 35): ReportedFinding[] {
  const document = parseKubectlYaml(yamlText);
  if (document.errors.length) throw new Error(`fixture is not valid YAML: ${document.errors[0].message}`);
  const object = toServerJson(document);
  if (!isObject(object)) throw new Error('fixture is not a mapping');
  const kind = object.kind as KindName;
  // Rules only read: the defaulted object shares its untouched parts with the object as written.
  const context = { kind, object: deepFreeze(object), defaulted: deepFreeze(applyDefaults(kind, object)), minor };
  const applicable = rules.filter((rule) => rule.kinds.includes(kind));
  const registered = new Map(applicable.flatMap((rule) => rule.codes.map((code) => [code.code, code] as const)));
  return applicable
    .flatMap((rule) => {
      const findings = rule.check(context);
      // A family split into parts (for partial objects) must report, part by part, exactly what `check` reports.
      if (rule.parts) assert.deepEqual(rule.parts.flatMap((part) => part(context)), findings, `${rule.name}: its parts differ from check`);
      return findings;
    })
    .map((finding) => {
      // Every reported code must be declared in its family's `codes` (docs/rules.md and settings rely on it),
      // and the finding must carry the severity docs/rules.md shows for it, and a link when the code has one
      // (a finding may link somewhere more specific, e.g. its feature gate).
      const declared = registered.get(finding.code);
      if (!declared) throw new Error(`finding code ${finding.code} is not declared in any rule's codes`);
      if (finding.severity !== declared.severity) throw new Error(`finding ${finding.code} has severity ${finding.severity}, its code ${declared.severity}`);
      if (declared.href && !finding.href) throw new Error(`finding ${finding.code} has no link, its code ${declared.href}`);
      return finding;
    })
    .map((finding) => ({
      code: finding.code,
      severity: finding.severity,
      path: formatFieldPath(finding.path),
      anchor: finding.anchor ?? 'value',
      message: finding.message,
      ...(finding.serverMessage ? { serverMessage: finding.serverMessage } : {}),
    }));
}

/** The findings as `code @ path` strings, for compact exact assertions. */
export function summary(findings: readonly ReportedFinding[]): string[] {
  return findings.map((finding) => `${finding.code} @ ${finding.path}`);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as object)) deepFreeze(child);
  }
  return value;
}

/** One row of a rule table: a manifest, the release, its findings (`code @ path`), and what the first one says. */
export interface RuleCase {
  name: string;
  yaml: string;
  minor?: number;
  expect: string[];
  /** The first finding's severity: 'error' unless said. */
  severity?: ReportedFinding['severity'];
  anchor?: ReportedFinding['anchor'];
  /** Words the first finding's message must contain (the server's line among them). */
  words?: string[];
}

/** Runs `rules` on one row (at 1.35 unless it says) and asserts the exact findings and the first one's details. */
export function checkRuleCase(rules: readonly Rule[], testCase: RuleCase): void {
  const findings = runRules(rules, testCase.yaml, testCase.minor ?? 35);
  assert.deepEqual(summary(findings), testCase.expect);
  const first = findings[0];
  if (!first) return;
  assert.equal(first.severity, testCase.severity ?? 'error');
  if (testCase.anchor) assert.equal(first.anchor, testCase.anchor);
  for (const word of testCase.words ?? []) assert.ok(first.message.includes(word), `message lacks "${word}": ${first.message}`);
}
