// A Kustomize patch that sets one field is checked for what that field settles and nothing else. Proof by
// oracle, for every rule family: each field of real and rich Jobs, CronJobs and CSIDrivers (as written, and with a
// wrong value) goes alone into a strategic-merge patch; whatever the engine reports on that patch must be
// reported again on every object the patch can produce, i.e. merged into each of several valid bases. A
// finding that depends on a field the patch leaves to the base (a cross-field rule) fails that test. The
// same single-field patches, read as complete manifests, show which families they would set off.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { parseAllDocuments, stringify } from 'yaml';
import { DEFAULT_SETTINGS, validateText, type DocumentContext } from '../../server/src/service/index';
import { ENGINE_CODES } from '../../server/src/service/codes';
import { ALL_RULES } from '../../server/src/service/rules/index';
import type { Json, JsonObject, KindName } from '../../server/src/service/types';
import { REPO_ROOT, sharedPath, skipUnlessShared } from '../support/shared';
import { MERGE_KEYS, strategicMerge } from '../support/strategicMerge';

const PATCH: DocumentContext = { kustomizePatch: { kind: 'strategic', uses: [{ kustomization: 'kustomization.yaml', relative: 'kustomization.yaml', field: 'patches' }] } };

function objectsIn(file: string): JsonObject[] {
  try {
    return parseAllDocuments(readFileSync(file, 'utf8'), { version: '1.1' })
      .map((document) => document.toJS() as Json)
      .filter((value): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value))
      .filter((object) => ((object.kind === 'Job' || object.kind === 'CronJob') && object.apiVersion === 'batch/v1') || (object.kind === 'CSIDriver' && object.apiVersion === 'storage.k8s.io/v1'));
  } catch {
    return [];
  }
}

function yamlFiles(folder: string, limit = Infinity): string[] {
  try {
    return readdirSync(folder).filter((name) => /\.ya?ml$/.test(name)).sort().slice(0, limit).map((name) => join(folder, name));
  } catch {
    return [];
  }
}

const errorsOf = (text: string, context?: DocumentContext) =>
  validateText(text, DEFAULT_SETTINGS, { context }).filter((diagnostic) => diagnostic.severity === 1 || diagnostic.severity === 2);

/** `code @ path`, list indexes left out: a merged list may hold the patch's item at another index. */
const keyOf = (diagnostic: { code?: string | number; data?: unknown }) =>
  `${diagnostic.code} @ ${String((diagnostic.data as { path?: string } | undefined)?.path ?? '').replace(/\[\d+\]/g, '[*]')}`;

type Path = (string | number)[];

function leaves(value: Json, path: Path = [], out: [Path, Json][] = []): [Path, Json][] {
  if (Array.isArray(value)) value.forEach((item, index) => leaves(item, [...path, index], out));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) leaves(item, [...path, key], out);
  else out.push([path, value]);
  return out;
}

/** The patch that sets only `path` (to `value`), with the merge keys of the list items on the way. */
function singleFieldPatch(object: JsonObject, path: Path, value: Json): JsonObject {
  const build = (source: Json | undefined, rest: Path, field: string | undefined): Json => {
    if (rest.length === 0) return value;
    const [head, ...tail] = rest;
    if (typeof head === 'number') {
      const item = Array.isArray(source) ? source[head] : undefined;
      const built = build(item, tail, undefined);
      const key = field ? MERGE_KEYS[field] : undefined;
      if (key && typeof built === 'object' && built !== null && !Array.isArray(built) && item && typeof item === 'object' && !Array.isArray(item) && item[key] !== undefined) {
        return [{ [key]: item[key], ...built }];
      }
      return [built];
    }
    const child = source && typeof source === 'object' && !Array.isArray(source) ? source[head] : undefined;
    return { [head]: build(child, tail, head) };
  };
  const name = (object.metadata as JsonObject).name;
  return strategicMerge({ apiVersion: object.apiVersion, kind: object.kind, metadata: { name } }, build(object, path, undefined)) as JsonObject;
}

function mutations(value: Json): Json[] {
  if (typeof value === 'string') return [value, '', 'Not_A-valid value'];
  if (typeof value === 'number') return [value, -1];
  return [value];
}

const FAMILY_OF = new Map<string, string>();
for (const rule of ALL_RULES) for (const code of rule.codes) if (!FAMILY_OF.has(code.code)) FAMILY_OF.set(code.code, rule.name);
for (const code of ENGINE_CODES) FAMILY_OF.set(code.code, 'schema and YAML checks');

interface Case {
  kind: KindName;
  text: string;
  patch: JsonObject;
  /** Codes reported when the patch is read as a complete manifest. */
  asComplete: Set<string>;
  /** What the engine reports on it as a patch. */
  asPatch: ReturnType<typeof errorsOf>;
}

describe('a patch that sets one field gets no finding its base could refute', () => {
  const bases: Record<KindName, JsonObject[]> = { Job: [], CronJob: [], CSIDriver: [], JobSet: [], TrainingRuntime: [], ClusterTrainingRuntime: [] };
  const cases: Case[] = [];

  before(() => {
    const examples = join(REPO_ROOT, 'examples');
    const clean = [join(examples, 'job-clean.yaml'), join(examples, 'cronjob-clean.yaml'), join(examples, 'csidriver-clean.yaml'), join(REPO_ROOT, 'test', 'fixtures', 'partial', 'rich-job.yaml')];
    const realCronJobs = join(REPO_ROOT, 'test', 'fixtures', 'cronjob');
    const real = [...yamlFiles(sharedPath('corpus', 'real', 'job')), ...yamlFiles(realCronJobs), ...yamlFiles(sharedPath('corpus', 'real', 'csidriver'))];
    // Bases: the clean examples, the rich Job, and a few real objects of each kind (every real file is a source of patches).
    const someReal = [...yamlFiles(sharedPath('corpus', 'real', 'job'), 10), ...yamlFiles(realCronJobs, 6), ...yamlFiles(sharedPath('corpus', 'real', 'csidriver'), 6)];
    for (const file of [...clean, ...someReal]) {
      for (const object of objectsIn(file)) {
        if (errorsOf(stringify(object)).length === 0) bases[object.kind as KindName].push(object);
      }
    }
    // Every field of the examples and the rich Job, as written and with wrong values; of the real files, as written.
    const mutated = new Set([...clean, join(examples, 'job-mistakes.yaml'), join(examples, 'cronjob-mistakes.yaml'), join(examples, 'csidriver-mistakes.yaml')]);
    const seen = new Set<string>();
    for (const file of [...mutated, ...real]) {
      for (const object of objectsIn(file)) {
        for (const [path, written] of leaves(object)) {
          if (path[0] === 'apiVersion' || path[0] === 'kind' || (path[0] === 'metadata' && path[1] === 'name')) continue;
          for (const value of mutated.has(file) ? mutations(written) : [written]) {
            const patch = singleFieldPatch(object, path, value);
            const text = stringify(patch);
            if (seen.has(text)) continue;
            seen.add(text);
            cases.push({
              kind: object.kind as KindName,
              text,
              patch,
              asComplete: new Set(errorsOf(text).map((diagnostic) => String(diagnostic.code))),
              asPatch: errorsOf(text, PATCH),
            });
          }
        }
      }
    }
  });

  const mergedFindings = new Map<Case, Set<string>[]>();

  /** The findings of `found` (on the patch) that some merged object does not have, with the base that refutes each. */
  function refuted(testCase: Case, found: Case['asPatch']): string[] {
    if (found.length === 0) return [];
    let merges = mergedFindings.get(testCase);
    if (!merges) {
      merges = bases[testCase.kind].map((base) => new Set(errorsOf(stringify(strategicMerge(base, testCase.patch))).map(keyOf)));
      mergedFindings.set(testCase, merges);
    }
    const problems: string[] = [];
    for (const [index, base] of bases[testCase.kind].entries()) {
      const merged = merges[index];
      for (const diagnostic of found) {
        if (!merged.has(keyOf(diagnostic))) problems.push(`${keyOf(diagnostic)} on\n${testCase.text}refuted by base ${(base.metadata as JsonObject).name}`);
      }
    }
    return problems;
  }

  it('has bases of every kind and hundreds of single-field patches from the committed examples alone', () => {
    assert.ok(bases.Job.length >= 1 && bases.CronJob.length >= 3 && bases.CSIDriver.length >= 1, `bases: ${bases.Job.length} Jobs, ${bases.CronJob.length} CronJobs, ${bases.CSIDriver.length} CSIDrivers`);
    assert.ok(cases.length > 500, `${cases.length} patches`);
    console.log(`oracle: ${cases.length} single-field patches, ${cases.reduce((n, c) => n + c.asPatch.length, 0)} findings on them, bases: ${bases.Job.length} Jobs, ${bases.CronJob.length} CronJobs, ${bases.CSIDriver.length} CSIDrivers`);
  });

  it('has several real Jobs as bases and thousands of single-field patches with the real-world corpus', { skip: skipUnlessShared('partial oracle on the real-world corpus', 'corpus', 'real') }, () => {
    assert.ok(bases.Job.length >= 3 && bases.CronJob.length >= 3 && bases.CSIDriver.length >= 1, `bases: ${bases.Job.length} Jobs, ${bases.CronJob.length} CronJobs, ${bases.CSIDriver.length} CSIDrivers`);
    assert.ok(cases.length > 1500, `${cases.length} patches`);
  });

  for (const family of [...new Set(FAMILY_OF.values())]) {
    it(`${family}: reported on a single-field patch only when every base agrees`, () => {
      const codes = new Set([...FAMILY_OF].filter(([, name]) => name === family).map(([code]) => code));
      const problems = cases.flatMap((testCase) => refuted(testCase, testCase.asPatch.filter((diagnostic) => codes.has(String(diagnostic.code)))));
      assert.deepEqual(problems, []);
    });
  }

  it('sets off, on complete manifests, most rule families the patches then stay quiet about', () => {
    // A family a single field sets off on a complete manifest (a missing template, a default restart policy,
    // a per-index limit without Indexed ...) but that stays silent on the same text read as a patch: the
    // cross-field findings a patch must not get. Every Job family with a cross-field rule appears here.
    const silenced = new Map<string, number>();
    for (const testCase of cases) {
      const onPatch = new Set(testCase.asPatch.map((diagnostic) => String(diagnostic.code)));
      for (const code of testCase.asComplete) {
        if (onPatch.has(code)) continue;
        const family = FAMILY_OF.get(code) ?? code;
        silenced.set(family, (silenced.get(family) ?? 0) + 1);
      }
    }
    for (const family of ['schema and YAML checks', 'validateJobSpec (restartPolicy)', 'validateJobSpec (backoffLimitPerIndex)', 'validateJobSpec (completionMode)', 'validatePodFailurePolicy', 'validateSuccessPolicy', 'ValidateVolumeMounts', 'validateContainers']) {
      assert.ok((silenced.get(family) ?? 0) > 0, `${family} is never silenced: ${[...silenced.keys()].join(', ')}`);
    }
  });
});
