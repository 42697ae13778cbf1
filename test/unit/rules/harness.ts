// Runs rule families on a manifest written as YAML, the way the engine does before it maps paths to ranges,
// and checks table rows of such manifests against the findings a user would see.
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { parseKubectlYaml, toServerJson } from '../../../server/src/service/document/kubectlYaml';
import { applyDefaults, isObject } from '../../../server/src/service/kube/defaults';
import { jobSpecPaths } from '../../../server/src/service/kube/jobSpec';
import { PartialObject } from '../../../server/src/service/partial/partialObject';
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

export function runRules(rules: readonly Rule[], yamlText: string, minor = 35, options: { trainerOwned?: boolean; jobSetFeatureGates?: Record<string, boolean> } = {}): ReportedFinding[] {
  const document = parseKubectlYaml(yamlText);
  if (document.errors.length) throw new Error(`fixture is not valid YAML: ${document.errors[0].message}`);
  const object = toServerJson(document);
  if (!isObject(object)) throw new Error('fixture is not a mapping');
  const kind = object.kind as KindName;
  // Rules only read: the defaulted object shares its untouched parts with the object as written.
  // A training runtime is partial even as a plain manifest (what the Trainer fills is unknown), as in the engine;
  // its rules read read-only views, which a frozen object would not allow (a proxy must return a frozen value).
  const partial = options.trainerOwned === false ? undefined : PartialObject.forKind(kind, object);
  const gates = options.jobSetFeatureGates ? { jobSetFeatureGates: options.jobSetFeatureGates } : {};
  const context = partial
    ? { kind, object, defaulted: applyDefaults(kind, object), minor, jobSpecPaths: jobSpecPaths(kind, object), ...gates }
    : { kind, object: deepFreeze(object), defaulted: deepFreeze(applyDefaults(kind, object)), minor, ...gates };
  const applicable = rules.filter((rule) => rule.kinds.includes(kind));
  const registered = new Map(applicable.flatMap((rule) => rule.codes.map((code) => [code.code, code] as const)));
  return applicable
    .flatMap((rule) => {
      if (partial) return partial.check(rule, context);
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
  /** How the JobSet and TrainingRuntime twins differ, and why (see checkWrappedTwin). */
  inJobSet?: WrappedTwin;
  inTrainingRuntime?: WrappedTwin;
  /** JobSet feature gates the cluster turned on (`kubeassist.jobset.featureGates`). */
  jobSetFeatureGates?: Record<string, boolean>;
}

/** Runs `rules` on one row (at 1.35 unless it says) and asserts the exact findings and the first one's details. */
export function checkRuleCase(rules: readonly Rule[], testCase: RuleCase): void {
  const findings = runRules(rules, testCase.yaml, testCase.minor ?? 35, testCase.jobSetFeatureGates ? { jobSetFeatureGates: testCase.jobSetFeatureGates } : {});
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

// ---- JobSet and TrainingRuntime twins ------------------------------------------------------------------
// Every Job case runs twice more, as the Job template of a JobSet and of a training runtime: the Job's spec as
// `spec.replicatedJobs[0].template.spec` (`spec.template.spec.replicatedJobs[0].template.spec` in a runtime), its
// labels and annotations as that template's metadata, its name as the JobSet's. The JobSet controller then
// creates a Job named `<name>-r-0` with that spec, and the batch API server judges it, so the twin expects the
// Job's findings at the nodes of the template (messages print the Job's own paths, as the server does for the
// Job it refuses). A Job that leaves `completionMode` out is NonIndexed, while JobSet's webhook would make it
// Indexed: the twin writes `completionMode: NonIndexed` then, so that its Job is the Job of the case. What
// differs otherwise is the case's `inJobSet` / `inTrainingRuntime`, with why; in a runtime, what the Trainer
// fills for each TrainJob (partial/trainerOwned.ts) is never judged.

export type WrappingKind = 'JobSet' | 'TrainingRuntime';

/** The replicatedJob of a twin: short, so that the Jobs' names stay close to the case's Job name. */
export const TWIN_REPLICATED_JOB = 'r';

/** The JobSet or training runtime around a Job manifest, as YAML (JSON); undefined when the manifest is not a Job. */
export function wrappedTwinOf(yamlText: string, kind: WrappingKind): string | undefined {
  const object = toServerJson(parseKubectlYaml(yamlText));
  if (!isObject(object) || object.kind !== 'Job') return undefined;
  const metadata = isObject(object.metadata) ? object.metadata : undefined;
  const { name, generateName, namespace, labels, annotations, ...otherMetadata } = metadata ?? {};
  const templateMetadata = { ...(labels !== undefined ? { labels } : {}), ...(annotations !== undefined ? { annotations } : {}) };
  const spec = isObject(object.spec) ? { ...object.spec } : object.spec === undefined ? {} : object.spec;
  if (isObject(spec) && spec.completionMode === undefined) spec.completionMode = 'NonIndexed';
  const replicatedJob = {
    name: TWIN_REPLICATED_JOB,
    template: { ...(Object.keys(templateMetadata).length ? { metadata: templateMetadata } : {}), spec },
  };
  const ownMetadata = {
    ...(name !== undefined ? { name } : {}), ...(generateName !== undefined ? { generateName } : {}), ...(namespace !== undefined ? { namespace } : {}), ...otherMetadata,
  };
  const head = kind === 'JobSet'
    ? { apiVersion: 'jobset.x-k8s.io/v1alpha2', kind: 'JobSet' }
    : { apiVersion: 'trainer.kubeflow.org/v1alpha1', kind: 'TrainingRuntime' };
  const jobSetSpec = { replicatedJobs: [replicatedJob] };
  return JSON.stringify({
    ...head,
    ...(metadata !== undefined ? { metadata: ownMetadata } : {}),
    spec: kind === 'JobSet' ? jobSetSpec : { template: { spec: jobSetSpec } },
  });
}

const WRAPPED_PREFIX: Record<WrappingKind, string> = {
  JobSet: 'spec.replicatedJobs[0]',
  TrainingRuntime: 'spec.template.spec.replicatedJobs[0]',
};

/** A `code @ path` line of a Job finding, at the twin's path: the spec and the Job's labels move into the template. */
export function inWrapped(line: string, kind: WrappingKind): string {
  const entry = WRAPPED_PREFIX[kind];
  return line
    .replace(/ @ spec(?=$|[.[])/, ` @ ${entry}.template.spec`)
    .replace(/ @ metadata\.(labels|annotations)(?=$|[.[])/, ` @ ${entry}.template.metadata.$1`);
}

/** A case's JobSet or runtime twin, when it differs: the findings expected, and why. */
export interface WrappedTwin {
  expect: string[];
  why: string;
  words?: string[];
}

export type WrappedTwinCase = TwinCase & { inJobSet?: WrappedTwin; inTrainingRuntime?: WrappedTwin };

/** A JobSet twin's `code @ path` line, in the runtime twin: the JobSet spec sits at `spec.template.spec`. */
export function jobSetToRuntime(line: string): string {
  return line.replace(/ @ spec\.replicatedJobs\[/, ' @ spec.template.spec.replicatedJobs[');
}

/**
 * Runs the JobSet or runtime twin of a Job case and returns its findings; a case whose manifest is no Job has
 * none. A runtime twin is checked twice: whole (as if the Trainer filled nothing) it must report what the
 * JobSet twin reports, at its paths (unless the case says why not: its JobSet is named after each TrainJob);
 * as it is (what the Trainer fills unknown, partial/trainerOwned.ts) it may only report findings of the whole.
 */
export function checkWrappedTwin(rules: readonly Rule[], testCase: WrappedTwinCase, kind: WrappingKind): ReportedFinding[] | undefined {
  const twin = wrappedTwinOf(testCase.yaml, kind);
  if (!twin) return undefined;
  const minor = testCase.minor ?? 35;
  const moved = testCase.expect.map((line) => inWrapped(line, 'JobSet'));
  const jobSetExpected = testCase.inJobSet?.expect ?? moved;
  const override = kind === 'JobSet' ? testCase.inJobSet : testCase.inTrainingRuntime;
  const expected = kind === 'JobSet' ? jobSetExpected : testCase.inTrainingRuntime?.expect ?? jobSetExpected.map(jobSetToRuntime);
  const whole = runRules(rules, twin, minor, { trainerOwned: false });
  assert.deepEqual(summary(whole), expected, override ? `in a ${kind}: ${override.why}` : `in a ${kind}`);
  const sameFirst = !override && !(kind === 'TrainingRuntime' && testCase.inJobSet) && expected[0] === (kind === 'JobSet' ? moved[0] : moved[0] && jobSetToRuntime(moved[0]));
  assertFirst(whole, override ? { words: override.words } : sameFirst ? { severity: testCase.severity ?? 'error', anchor: testCase.anchor, words: testCase.words } : {}, `${kind} twin: `);
  const first = whole[0];
  if (first?.severity === 'error' && first.code !== 'schema/required' && !/^(jobset|trainingruntime|meta)\//.test(first.code)) {
    assert.ok(/JobCreationFailed/.test(first.message), `${kind} twin: the error says where the refusal shows: ${first.message}`);
  }
  if (kind === 'JobSet') return whole;
  const real = runRules(rules, twin, minor);
  for (const finding of real) assert.ok(whole.some((candidate) => isDeepStrictEqual(candidate, finding)), `in a TrainingRuntime: reported only with what the Trainer fills unknown: ${finding.code} @ ${finding.path}`);
  return real;
}
