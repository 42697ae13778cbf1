// Every batch/v1 Job in the real-world corpus is accepted by the API server, so the Job rules must not
// report a single error on any of them, in any release they may target.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { KUBECTL_PARSE_OPTIONS, toServerJson } from '../../../server/src/service/document/kubectlYaml';
import { applyDefaults, isObject } from '../../../server/src/service/kube/defaults';
import { jobRules } from '../../../server/src/service/rules/job/index';
import { formatFieldPath, MAX_MINOR, type JsonObject } from '../../../server/src/service/types';
import { sharedPath, skipUnlessShared } from '../../support/shared';

const CORPUS = sharedPath('corpus', 'real', 'job');
/** 1.26, 1.29, then every release from 1.31 to the newest. */
const MINORS = [26, 29, ...Array.from({ length: MAX_MINOR - 31 + 1 }, (_, i) => 31 + i)];

/** The top-level batch/v1 Jobs of a file, including the items of a `kind: List`. */
function jobsIn(text: string): JsonObject[] {
  const jobs: JsonObject[] = [];
  for (const document of parseAllDocuments(text, KUBECTL_PARSE_OPTIONS)) {
    if (!('contents' in document) || document.errors.length > 0) continue;
    const json = toServerJson(document);
    if (!isObject(json)) continue;
    const objects = json.kind === 'List' && Array.isArray(json.items) ? json.items.filter(isObject) : [json];
    jobs.push(...objects.filter((object) => object.kind === 'Job' && object.apiVersion === 'batch/v1'));
  }
  return jobs;
}

test('the Job rules report no error on any real Job the API server accepts', { skip: skipUnlessShared('Job rules on the real-world Jobs', 'corpus', 'real', 'job') }, () => {
  const files = readdirSync(CORPUS).filter((name) => /\.ya?ml$/.test(name));
  let jobCount = 0;
  const errors: string[] = [];
  for (const file of files) {
    for (const job of jobsIn(readFileSync(join(CORPUS, file), 'utf8'))) {
      jobCount += 1;
      for (const minor of MINORS) {
        const context = { kind: 'Job' as const, object: job, defaulted: applyDefaults('Job', job), minor };
        for (const rule of jobRules) {
          for (const finding of rule.check(context)) {
            if (finding.severity === 'error') errors.push(`1.${minor} ${file}: ${finding.code} @ ${formatFieldPath(finding.path)}`);
          }
        }
      }
    }
  }
  // 61 top-level Job documents in 59 files, plus the Job item of a `kind: List` (SOURCES.md counts 63 with the rejected file).
  assert.ok(jobCount >= 62, `expected the corpus's 62 accepted Jobs, found ${jobCount}`);
  assert.deepEqual(errors, []);
});

test('the Job rules ignore a Job of another API group', { skip: skipUnlessShared('Job rules on Jobs of other API groups', 'corpus', 'real', 'job', 'other-apigroup') }, () => {
  const directory = join(CORPUS, 'other-apigroup');
  for (const file of readdirSync(directory)) {
    assert.deepEqual(jobsIn(readFileSync(join(directory, file), 'utf8')), [], file);
  }
});
