// Real manifests accepted by real API servers get no error from our rules (Kubernetes 1.35 to the newest
// release): every top-level file of corpus/real/csidriver and corpus/real/job (.yaml and .yml, List items included).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { csiDriverRules } from '../../../server/src/service/rules/csidriver/index';
import { metaRules } from '../../../server/src/service/rules/meta/index';
import { podTemplateRules } from '../../../server/src/service/rules/pod/index';
import { versionRules } from '../../../server/src/service/rules/version/index';
import { MAX_MINOR } from '../../../server/src/service/types';
import { objectsIn } from './corpusObjects';
import { runRules } from './harness';
import { sharedPath, skipUnlessShared } from '../../support/shared';

const CORPUS = sharedPath('corpus', 'real');
const RULES = [...metaRules, ...csiDriverRules, ...podTemplateRules, ...versionRules];

function corpusFiles(folder: string, pattern: RegExp): string[] {
  return readdirSync(`${CORPUS}/${folder}`, { withFileTypes: true }).filter((entry) => entry.isFile() && pattern.test(entry.name)).map((entry) => entry.name);
}

describe(`real-world corpus: no errors at 1.35 to 1.${MAX_MINOR}`, { skip: skipUnlessShared('rule families on the real-world corpus', 'corpus', 'real') }, () => {
  for (const [folder, kind, pattern] of [['csidriver', 'CSIDriver', /\.ya?ml$/], ['job', 'Job', /\.ya?ml$/]] as const) {
    it(`every ${kind} in ${folder}/`, () => {
      let checked = 0;
      const errors: string[] = [];
      for (const file of corpusFiles(folder, pattern)) {
        for (const object of objectsIn(readFileSync(`${CORPUS}/${folder}/${file}`, 'utf8'), kind)) {
          checked++;
          // JSON is YAML: the object goes through the same reading as a manifest.
          for (let minor = 35; minor <= MAX_MINOR; minor++) {
            for (const finding of runRules(RULES, JSON.stringify(object), minor)) {
              if (finding.severity === 'error') errors.push(`1.${minor} ${file}: ${finding.code} @ ${finding.path}: ${finding.message}`);
            }
          }
        }
      }
      // SOURCES.md: 63 Jobs counting the one in rejected/ (so 62 here, one of them a List item), 37 CSIDrivers.
      assert.ok(checked >= (kind === 'Job' ? 62 : 37), `only ${checked} ${kind} objects found`);
      assert.deepEqual(errors, []);
    });
  }
});
