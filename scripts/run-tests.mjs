// Runs every *.test.ts under test/ (except the real-editor suite) with Node's test runner through tsx.
// Node 20's --test does not expand globs itself, so the files are listed here.
// The reporter (scripts/test-reporter.mjs) ends the summary with every skipped group and why.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['test'];
const files = [];
function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'e2e' && name !== 'fixtures') walk(path);
    } else if (name.endsWith('.test.ts')) files.push(path);
  }
}
for (const root of roots) statSync(root).isDirectory() ? walk(root) : files.push(root);
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-reporter=${join(dirname(fileURLToPath(import.meta.url)), 'test-reporter.mjs')}`, '--test-reporter-destination=stdout', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
