// The shared data beside developer and CI clones (../shared, resolved from the repository root), in one
// place. A user's clone has no ../shared: tests that read it skip, and say which group and why, in the
// words the test runner's summary repeats (scripts/run-tests.mjs lists every skipped group at the end).
// KUBEASSIST_HIDE_SHARED=1 makes a clone that has ../shared behave as one that has not (`node
// scripts/run-tests.mjs --hide-shared`, which .ci/run runs after `npm test`): every path below then names a
// file that cannot exist, so each reader meets what it would meet on a user's machine.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const SHARED_ROOT = resolve(REPO_ROOT, '..', 'shared');

/** Whether ../shared is hidden (KUBEASSIST_HIDE_SHARED=1): the tests run as on a clone without it. */
export const SHARED_HIDDEN = process.env.KUBEASSIST_HIDE_SHARED === '1';

/** Below a regular file, so that nothing is ever found there (reading it fails with ENOTDIR). */
const HIDDEN_ROOT = join(REPO_ROOT, 'package.json', 'shared-hidden-by-KUBEASSIST_HIDE_SHARED');

/** A path inside ../shared, e.g. `sharedPath('corpus', 'real')`. */
export function sharedPath(...parts: string[]): string {
  return join(SHARED_HIDDEN ? HIDDEN_ROOT : SHARED_ROOT, ...parts);
}

/**
 * The `skip` option for a group of tests that reads `../shared/<parts>`: false when it is there, else the
 * reason, `real-world corpus (../shared/corpus/real not found)`, which the summary prints as it is.
 */
export function skipUnlessShared(group: string, ...parts: string[]): false | string {
  if (existsSync(sharedPath(...parts))) return false;
  return `${group} (${['..', 'shared', ...parts].join('/')} ${SHARED_HIDDEN ? 'hidden by KUBEASSIST_HIDE_SHARED=1' : 'not found'})`;
}
