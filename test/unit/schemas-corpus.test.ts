// Real public manifests (../shared/corpus/real, see its SOURCES.md) that the API server accepts must pass
// the generated schemas with zero errors; the one the server rejects must not.
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import Ajv, { type ValidateFunction } from 'ajv';
import { parseAllDocuments } from 'yaml';
import { SCHEMAS_DIR } from '../../scripts/gen-schemas';
import { KUBECTL_PARSE_OPTIONS, toServerJson } from '../../server/src/service/document/kubectlYaml';
import { KINDS, type Json, type KindName } from '../../server/src/service/types';
import { sharedPath, skipUnlessShared } from '../support/shared';

const CORPUS = sharedPath('corpus', 'real');
const skip = skipUnlessShared('real-world corpus against the generated schemas', 'corpus', 'real');

const ajv = new Ajv({ allErrors: true, strict: false });
const validators: Record<KindName, ValidateFunction> = {
  Job: ajv.compile(JSON.parse(readFileSync(join(SCHEMAS_DIR, 'job.schema.json'), 'utf8')) as object),
  CronJob: ajv.compile(JSON.parse(readFileSync(join(SCHEMAS_DIR, 'cronjob.schema.json'), 'utf8')) as object),
  CSIDriver: ajv.compile(JSON.parse(readFileSync(join(SCHEMAS_DIR, 'csidriver.schema.json'), 'utf8')) as object),
  JobSet: ajv.compile(JSON.parse(readFileSync(join(SCHEMAS_DIR, 'jobset.schema.json'), 'utf8')) as object),
  TrainingRuntime: ajv.compile(JSON.parse(readFileSync(join(SCHEMAS_DIR, 'trainingruntime.schema.json'), 'utf8')) as object),
  ClusterTrainingRuntime: ajv.compile(JSON.parse(readFileSync(join(SCHEMAS_DIR, 'clustertrainingruntime.schema.json'), 'utf8')) as object),
};

function isKind(value: Json, kind: KindName): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === kind && value.apiVersion === KINDS[kind].apiVersion;
}

/**
 * The objects of one kind in a file, as kubectl would send them (a v1 List is expanded on the client).
 * A document of another kind that the `yaml` library cannot read is passed over: the openebs lvm-driver
 * file has a CRD whose multi-line single-quoted description go-yaml accepts and `yaml` does not.
 */
function objectsOfKind(file: string, kind: KindName): Json[] {
  const found: Json[] = [];
  for (const document of parseAllDocuments(readFileSync(file, 'utf8'), KUBECTL_PARSE_OPTIONS)) {
    const object = toServerJson(document);
    const ofKind = listItems(object).filter((item) => isKind(item, kind));
    if (ofKind.length) assert.equal(document.errors.length, 0, `${file}: ${document.errors[0]?.message}`);
    found.push(...ofKind);
  }
  return found;
}

function listItems(object: Json): Json[] {
  const isList = typeof object === 'object' && object !== null && !Array.isArray(object) && object.kind === 'List';
  return isList && Array.isArray(object.items) ? object.items : [object];
}

function topLevelFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => /\.ya?ml$/.test(name) && statSync(join(folder, name)).isFile())
    .sort()
    .map((name) => join(folder, name));
}

/** `file: keyword @ instancePath (detail)` for every schema error. */
function schemaErrors(kind: KindName, files: readonly string[]): { objects: number; errors: string[] } {
  let objects = 0;
  const errors: string[] = [];
  for (const file of files) {
    for (const object of objectsOfKind(file, kind)) {
      objects++;
      const validate = validators[kind];
      if (validate(object)) continue;
      for (const error of validate.errors ?? []) {
        errors.push(`${file.slice(CORPUS.length + 1)}: ${error.keyword} @ ${error.instancePath} ${JSON.stringify(error.params)}`);
      }
    }
  }
  return { objects, errors };
}

describe('real-world corpus against the generated schemas', { skip }, () => {
  test('every Job the API server accepts passes job.schema.json', () => {
    const { objects, errors } = schemaErrors('Job', topLevelFiles(join(CORPUS, 'job')));
    assert.deepEqual(errors, []);
    // 61 top-level Job documents plus the Job inside jaeger's v1 List (SOURCES.md says 63, counting the rejected one).
    assert.ok(objects >= 62, `expected at least 62 Jobs, found ${objects}`);
  });

  test('every CSIDriver the API server accepts passes csidriver.schema.json', () => {
    const { objects, errors } = schemaErrors('CSIDriver', topLevelFiles(join(CORPUS, 'csidriver')));
    assert.deepEqual(errors, []);
    assert.ok(objects >= 37, `expected at least the 37 CSIDrivers SOURCES.md lists, found ${objects}`);
  });

  test('the Job with the removed resourceClaims[].source shape fails', () => {
    const files = topLevelFiles(join(CORPUS, 'job', 'rejected'));
    for (const file of files) {
      const { objects, errors } = schemaErrors('Job', [file]);
      assert.ok(objects > 0, `${file} holds no Job`);
      assert.ok(errors.length > 0, `${file} should fail`);
    }
    const { errors } = schemaErrors('Job', files);
    const removedShape = 'additionalProperties @ /spec/template/spec/resourceClaims/0 {"additionalProperty":"source"}';
    assert.ok(errors.some((error) => error.includes(removedShape)), errors.join('\n'));
  });
});
