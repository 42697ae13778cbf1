// Runs rule families on a manifest written as YAML, the way the engine does before it maps paths to ranges,
// and checks table rows of such manifests against the findings a user would see.
import assert from 'node:assert/strict';
import { parseKubectlYaml, toServerJson } from '../../../server/src/service/document/kubectlYaml';
import { applyDefaults, isObject } from '../../../server/src/service/kube/defaults';
import { unguardedCheck } from '../../../server/src/service/rules/pod/podTemplate';
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
      // A family skipped on templates without the fields it declares (POD_TEMPLATE_READS) must lose nothing by it.
      const unguarded = unguardedCheck(rule);
      if (unguarded) assert.deepEqual(unguarded(context), findings, `${rule.name}: skipped by its POD_TEMPLATE_READS entry, but it reports here`);
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
  /** How the CronJob twin of a Job case differs, and why (see checkCronJobTwin). */
  inCronJob?: CronJobTwin;
}

/** Runs `rules` on one row (at 1.35 unless it says) and asserts the exact findings and the first one's details. */
export function checkRuleCase(rules: readonly Rule[], testCase: RuleCase): void {
  const findings = runRules(rules, testCase.yaml, testCase.minor ?? 35);
  assert.deepEqual(summary(findings), testCase.expect);
  assertFirst(findings, { severity: testCase.severity ?? 'error', anchor: testCase.anchor, words: testCase.words });
}

/** The first finding's severity, anchor and words, where given (no finding: nothing to check). */
function assertFirst(findings: readonly ReportedFinding[], expected: { severity?: Finding['severity']; anchor?: Finding['anchor']; words?: readonly string[] }, who = ''): void {
  const first = findings[0];
  if (!first) return;
  if (expected.severity) assert.equal(first.severity, expected.severity, `${who}severity`);
  if (expected.anchor) assert.equal(first.anchor, expected.anchor, `${who}anchor`);
  for (const word of expected.words ?? []) assert.ok(first.message.includes(word), `${who}message lacks "${word}": ${first.message}`);
}

// ---- CronJob twins ----------------------------------------------------------------------------------------
// Every Job case of the rule tables runs a second time as a CronJob: the same Job spec as the CronJob's
// `spec.jobTemplate.spec`, its metadata as the CronJob's. The twin expects the same findings at the paths the
// server prints for a job template (`spec.X` -> `spec.jobTemplate.spec.X`), unless the case says why a job
// template differs (ValidateJobTemplateSpec is not ValidateJob: no generated selector and labels, no Job
// name yet, no Job defaults). So a Job rule cannot miss the CronJob path silently.

/** A case's CronJob twin, when it differs from the Job case: the findings expected, and why. */
export interface CronJobTwin {
  expect: string[];
  why: string;
  /** Words the first finding's message must contain (the Job case's words are not checked then). */
  words?: string[];
}

export const TWIN_SCHEDULE = '0 3 * * *';

/** The CronJob around a Job manifest's spec, as YAML (JSON); undefined when the manifest is not a Job. */
export function cronJobTwinOf(yamlText: string): string | undefined {
  const object = toServerJson(parseKubectlYaml(yamlText));
  if (!isObject(object) || object.kind !== 'Job') return undefined;
  const spec = object.spec === undefined ? {} : object.spec;
  return JSON.stringify({
    apiVersion: 'batch/v1', kind: 'CronJob',
    ...(object.metadata !== undefined ? { metadata: object.metadata } : {}),
    spec: { schedule: TWIN_SCHEDULE, jobTemplate: { spec } },
  });
}

/** A `code @ path` line of a Job finding, at the twin's path: only the Job spec moves. */
export function inCronJob(line: string): string {
  return line.replace(/ @ spec(?=$|[.[])/, ' @ spec.jobTemplate.spec');
}

/**
 * Words of a Job message as the twin's message says them: a path from the Job's root moves too, i.e. one that
 * starts `spec.template` or that is quoted from the root (`` `spec.backoffLimitPerIndex` ``). Other `spec.`
 * texts are not the Job's (a fieldRef's `spec.nodeName`, a claim template's `spec.accessModes`).
 */
export function inCronJobWords(word: string): string {
  return word.replace(/(^|[\s(])spec\.(?=template\b)/g, '$1spec.jobTemplate.spec.').replace(/`spec\.(?!jobTemplate\b)/g, '`spec.jobTemplate.spec.');
}

export type TwinCase = Omit<RuleCase, 'name'>;

/** Runs the CronJob twin of a Job case and returns its findings; a case whose manifest is no Job has none. */
export function checkCronJobTwin(rules: readonly Rule[], testCase: TwinCase): ReportedFinding[] | undefined {
  const twin = cronJobTwinOf(testCase.yaml);
  if (!twin) return undefined;
  const findings = runRules(rules, twin, testCase.minor ?? 35);
  const override = testCase.inCronJob;
  assert.deepEqual(summary(findings), override?.expect ?? testCase.expect.map(inCronJob), override ? `in a CronJob: ${override.why}` : 'in a CronJob');
  assertFirst(findings, override
    ? { words: override.words }
    : { severity: testCase.severity ?? 'error', anchor: testCase.anchor, words: testCase.words?.map(inCronJobWords) }, 'CronJob twin: ');
  return findings;
}
