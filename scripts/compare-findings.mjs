// The engine's findings of two builds, side by side: every file of test/fixtures and ../shared/corpus/real
// and both bench bundles (scripts/bench-bundle.mjs), in every release the engine knows, each as one cold
// `validate` and again after a one-line edit (the model's reuse path). A performance change must leave them
// identical (docs/performance.md); the first differences are printed, and the exit code is 1 when any.
//
//   node scripts/compare-findings.mjs BEFORE_DIST AFTER_DIST [--documents 1000] [--releases 1.23,1.37]
//
// BEFORE_DIST and AFTER_DIST are dist folders (`npm run build` of each, e.g. main's and this worktree's).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLES } from './bench-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const dists = args.filter((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
if (dists.length !== 2) {
  console.error('usage: node scripts/compare-findings.mjs BEFORE_DIST AFTER_DIST [--documents N] [--releases 1.23,1.37]');
  process.exit(2);
}
const [before, after] = dists.map((dist) => createRequire(import.meta.url)(resolve(dist, 'engine.js')));

const types = readFileSync(join(root, 'server/src/service/types.ts'), 'utf8');
const minor = (name) => Number(new RegExp(`${name} = (\\d+)`).exec(types)[1]);
const releases = option('--releases', undefined)?.split(',') ?? Array.from({ length: minor('MAX_MINOR') - minor('MIN_MINOR') + 1 }, (_, i) => `1.${minor('MIN_MINOR') + i}`);

function files(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ya?ml|json)$/.test(name) ? [path] : [];
  });
}

const inputs = [
  ...files(join(root, 'test/fixtures')).map((path) => ({ name: relative(root, path), text: readFileSync(path, 'utf8') })),
  ...files(join(root, '../shared/corpus/real')).map((path) => ({ name: relative(root, path), text: readFileSync(path, 'utf8') })),
  ...Object.entries(BUNDLES).map(([name, make]) => ({ name: `bundle ${name}`, text: make(Number(option('--documents', '1000'))) })),
];
if (!existsSync(join(root, '../shared/corpus/real'))) console.log('../shared/corpus/real is absent: compared without the real corpus');

/** Findings of a cold validate, then of the same model after a one-line edit in the middle. */
function findings(engine, text, settings) {
  const model = new engine.FileModel();
  const first = engine.validate(model, text, settings);
  const lines = text.split('\n');
  const middle = Math.floor(lines.length / 2);
  lines.splice(middle, 0, '# an edit');
  const edited = engine.validate(model, lines.join('\n'), settings);
  return JSON.stringify([first, edited]);
}

let compared = 0;
let differing = 0;
for (const kubernetesVersion of releases) {
  for (const input of inputs) {
    const a = findings(before, input.text, { ...before.DEFAULT_SETTINGS, kubernetesVersion });
    const b = findings(after, input.text, { ...after.DEFAULT_SETTINGS, kubernetesVersion });
    compared++;
    if (a === b) continue;
    differing++;
    if (differing <= 10) {
      let at = 0;
      while (a[at] === b[at]) at++;
      console.log(`${input.name} (${kubernetesVersion}): differs at ${at}\n  before: ${a.slice(Math.max(0, at - 80), at + 160)}\n  after:  ${b.slice(Math.max(0, at - 80), at + 160)}`);
    }
  }
}
console.log(`${compared} checks (${inputs.length} inputs x ${releases.length} releases): ${differing} with different findings`);
process.exitCode = differing ? 1 : 0;
