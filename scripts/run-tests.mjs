// Runs every *.test.ts under test/ (except the real-editor suite) with Node's test runner through tsx.
// Node 20's --test does not expand globs itself, so the files are listed here.
// The reporter (scripts/test-reporter.mjs) ends the summary with every skipped group and why.
// `--hide-shared` runs only the test files that read ../shared (directly, or through a test/support module),
// with KUBEASSIST_HIDE_SHARED=1: as on a user's clone, which has no ../shared (.ci/run does it after npm test).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const hideShared = process.argv.includes('--hide-shared');
const given = process.argv.slice(2).filter((arg) => arg !== '--hide-shared');
const roots = given.length ? given : ['test'];
let files = [];
function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'e2e' && name !== 'fixtures') walk(path);
    } else if (name.endsWith('.test.ts')) files.push(path);
  }
}
for (const root of roots) statSync(root).isDirectory() ? walk(root) : files.push(root);

/** Whether a test file reads ../shared: it names the shared-path helper, or imports a support module that does. */
function readsShared(file, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  if (/\b(sharedPath|skipUnlessShared|SHARED_ROOT)\b/.test(text) && !file.endsWith(join('support', 'shared.ts'))) return true;
  for (const [, module] of text.matchAll(/from '(\.{1,2}\/[^']*support\/[^']+)'/g)) {
    if (readsShared(`${resolve(dirname(file), module)}.ts`, seen)) return true;
  }
  return false;
}

const env = { ...process.env };
if (hideShared) {
  files = files.filter((file) => readsShared(file));
  env.KUBEASSIST_HIDE_SHARED = '1';
  console.log(`--hide-shared: ${files.length} test files that read ../shared, run as without it (KUBEASSIST_HIDE_SHARED=1)`);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-reporter=${join(dirname(fileURLToPath(import.meta.url)), 'test-reporter.mjs')}`, '--test-reporter-destination=stdout', ...files], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
