// A guard against a hang: a test's own `timeout` cannot stop synchronous code (node:test reports it passed, however
// long it ran), so a read that must stay linear on a huge input runs in a child Node that is stopped at the bound.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './shared';

/** Runs `script` (CommonJS; TypeScript sources are required through tsx) from the repository root and returns its stdout; fails when it has not ended within `ms`. */
export function runBounded(script: string, ms = 30_000): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: REPO_ROOT, encoding: 'utf8', timeout: ms });
  assert.equal(run.signal, null, `did not end within ${ms / 1000} s`);
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}
