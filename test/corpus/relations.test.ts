// The relation checks never cry wolf on the real manifests we keep: every chart, kustomization, Job, CronJob and
// CSIDriver of test/fixtures and of ../shared/corpus (one workspace each, as `kubeassist check <folder>` sees
// it) gets no relation finding above a hint, with the opt-in hints on too. The index must have read them:
// the counts of objects and resolved references guard against a test that looks at nothing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS, FileModel, validate, WorkspaceIndex } from '../../server/src/service/index';
import { resolveReference } from '../../server/src/service/relations/resolve';
import { filesUnder } from '../support/relationWorkspace';
import { sharedPath, skipUnlessShared } from '../support/shared';


function checkWorkspace(root: string): { files: number; objects: number; resolved: number; above: string[]; hints: number } {
  const files = filesUnder(resolve(root));
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  };
  const index = new WorkspaceIndex(read);
  for (const path of files) index.setText(path, read(path));
  const above: string[] = [];
  let hints = 0;
  let objects = 0;
  let resolved = 0;
  for (const path of files) {
    for (const document of index.documentsOf(path)) {
      for (const object of document.facts.objects) {
        objects++;
        for (const reference of object.references) if (resolveReference(index, path, object, reference).length) resolved++;
      }
    }
    const settings = { ...DEFAULT_SETTINGS, relations: { ...DEFAULT_SETTINGS.relations, undefinedReferences: true } };
    for (const diagnostic of validate(new FileModel(), read(path) ?? '', settings, { relations: { index, path } })) {
      if (!String(diagnostic.code).startsWith('relations/')) continue;
      if ((diagnostic.severity ?? 1) < 4) above.push(`${path}:${diagnostic.range.start.line + 1} ${diagnostic.code} ${diagnostic.message}`);
      else hints++;
    }
  }
  return { files: files.length, objects, resolved, above, hints };
}

describe('relation checks on the real corpora', () => {
  it('test/fixtures: no relation finding above a hint', () => {
    const result = checkWorkspace(join(__dirname, '..', 'fixtures'));
    assert.deepEqual(result.above, []);
    assert.ok(result.files > 100 && result.objects > 100, JSON.stringify(result));
  });

  it('../shared/corpus: no relation finding above a hint', { skip: skipUnlessShared('relation checks on the shared corpus', 'corpus') }, () => {
    const result = checkWorkspace(sharedPath('corpus'));
    assert.deepEqual(result.above, []);
    assert.ok(result.objects > 200 && result.resolved > 50, JSON.stringify(result));
  });
});
