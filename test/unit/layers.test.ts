// The layer check (.dependency-cruiser.cjs, `npm run lint:layers`, run by `npm test` before the tests) is a
// rule set like any other: these tests give it small trees that break one rule each and read what it says.
// The real tree passing is `npm test`'s own step.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';

const root = resolve(__dirname, '../..');
const config = join(root, '.dependency-cruiser.cjs');
const cruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const LAYERS = createRequire(__filename)(config).LAYERS as [number, string, string][];

const trees: string[] = [];
after(() => { for (const tree of trees) rmSync(tree, { recursive: true, force: true }); });

/** Writes `files` (path -> text) into a fresh folder shaped like the repository and runs the check there. */
function check(files: Record<string, string>): { status: number | null; output: string } {
  const tree = mkdtempSync(join(tmpdir(), 'kubeassist-layers-'));
  trees.push(tree);
  writeFileSync(join(tree, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'Node16', moduleResolution: 'Node16', strict: true }, include: ['server/src', 'client/src'] }));
  mkdirSync(join(tree, 'server/src'), { recursive: true });
  mkdirSync(join(tree, 'client/src'), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  const run = spawnSync(process.execPath, [cruise, 'server/src', 'client/src', '--config', config], { cwd: tree, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const TYPES = 'export type PathSegment = string | number;\n';

describe('the layer check', () => {
  it('passes a tree that imports downwards only', () => {
    const { status, output } = check({
      'server/src/service/types.ts': TYPES,
      'server/src/service/document/split.ts': "import type { PathSegment } from '../types';\nexport const split = (p: PathSegment) => p;\n",
      'server/src/service/rules/job/rule.ts': "import { split } from '../../document/split';\nexport const rule = split;\n",
      'server/src/service/rules/job/rule.fix.ts': "import { rule } from './rule';\nexport const FIXES = { rule };\n",
      'server/src/service/fixes/families.ts': "import { FIXES } from '../rules/job/rule.fix';\nexport const FIX_FAMILIES = [FIXES];\n",
      'server/src/service/index.ts': "export { FIX_FAMILIES } from './fixes/families';\n",
      'server/src/server.ts': "import { FIX_FAMILIES } from './service/index';\nexport const families = FIX_FAMILIES;\n",
    });
    assert.equal(status, 0, output);
    assert.match(output, /no dependency violations found/);
  });

  it('fails on a deliberately added circle, type-only imports included, naming the rules it breaks', () => {
    const { status, output } = check({
      'server/src/service/types.ts': `import type { Fixes } from './fixes/types';\n${TYPES}export type Rule = { fixes?: Fixes };\n`,
      'server/src/service/fixes/types.ts': "import type { PathSegment } from '../types';\nexport type Fixes = Record<string, PathSegment>;\n",
    });
    assert.notEqual(status, 0);
    assert.match(output, /error no-circular: server\/src\/service\/fixes\/types\.ts →\s+server\/src\/service\/types\.ts →\s+server\/src\/service\/fixes\/types\.ts/);
    assert.match(output, /error layer-types: server\/src\/service\/types\.ts → server\/src\/service\/fixes\/types\.ts/);
  });

  it('fails when a rule imports its own fix', () => {
    const { status, output } = check({
      'server/src/service/types.ts': TYPES,
      'server/src/service/rules/job/rule.ts': "import { FIXES } from './rule.fix';\nexport const rule = FIXES;\n",
      'server/src/service/rules/job/rule.fix.ts': "import type { PathSegment } from '../../types';\nexport const FIXES: PathSegment[] = [];\n",
    });
    assert.notEqual(status, 0);
    assert.match(output, /error layer-rules: server\/src\/service\/rules\/job\/rule\.ts → server\/src\/service\/rules\/job\/rule\.fix\.ts/);
    assert.match(output, /error rule-never-imports-its-fix: server\/src\/service\/rules\/job\/rule\.ts → server\/src\/service\/rules\/job\/rule\.fix\.ts/);
  });

  it('fails when the document layer reaches up into the update checks', () => {
    const { status, output } = check({
      'server/src/service/types.ts': TYPES,
      'server/src/service/update/baseline.ts': "export class Baseline { id = 'b'; }\n",
      'server/src/service/document/fileModel.ts': "import type { Baseline } from '../update/baseline';\nexport class FileModel { baseline?: Baseline; }\n",
    });
    assert.notEqual(status, 0);
    assert.match(output, /error layer-document: server\/src\/service\/document\/fileModel\.ts → server\/src\/service\/update\/baseline\.ts/);
  });

  it('fails when two peers of one level import each other (document and kube stand side by side)', () => {
    const { status, output } = check({
      'server/src/service/kube/names.ts': 'export const isName = (s: string) => s.length > 0;\n',
      'server/src/service/document/split.ts': "import { isName } from '../kube/names';\nexport const split = isName;\n",
    });
    assert.notEqual(status, 0);
    assert.match(output, /error layer-document: server\/src\/service\/document\/split\.ts → server\/src\/service\/kube\/names\.ts/);
  });

  it('fails when a front door reaches past the facade, and when a service folder is in no layer', () => {
    const { status, output } = check({
      'server/src/service/types.ts': TYPES,
      'server/src/service/codes.ts': "import type { PathSegment } from './types';\nexport const codes: PathSegment[] = [];\n",
      'server/src/service/gadgets/thing.ts': "import type { PathSegment } from '../types';\nexport const thing: PathSegment = 1;\n",
      'server/src/cli/check.ts': "import { codes } from '../service/codes';\nexport const all = codes;\n",
    });
    assert.notEqual(status, 0);
    assert.match(output, /error front-doors-through-the-facade: server\/src\/cli\/check\.ts → server\/src\/service\/codes\.ts/);
    assert.match(output, /error in-a-layer: server\/src\/service\/gadgets\/thing\.ts → server\/src\/service\/types\.ts/);
  });

  it('fails when the client imports the engine', () => {
    const { status, output } = check({
      'server/src/service/types.ts': TYPES,
      'client/src/extension.ts': "import type { PathSegment } from '../../server/src/service/types';\nexport const segment: PathSegment = 0;\n",
    });
    assert.notEqual(status, 0);
    assert.match(output, /error client-only-protocol: client\/src\/extension\.ts → server\/src\/service\/types\.ts/);
  });
});

describe('ARCHITECTURE.md', () => {
  const text = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
  const firstScreen = text.split('\n').slice(0, 60).join('\n');

  it('names every layer of the check on its first screen', () => {
    for (const [, name] of LAYERS) assert.ok(firstScreen.includes(`\`${name}\``), `layer ${name} is not on ARCHITECTURE.md's first screen`);
  });

  it('says on its first screen where a new rule, fix, completion source, checked kind and front-door command go', () => {
    for (const what of ['A new rule', 'A new fix', 'A new completion source', 'A new checked kind', 'A new front-door command']) {
      assert.ok(firstScreen.includes(what), `"${what}" is not on ARCHITECTURE.md's first screen`);
    }
  });
});
