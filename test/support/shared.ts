// The shared data beside developer and CI clones (../shared, resolved from the repository root), in one
// place. A user's clone has no ../shared: tests that read it skip, and say which group and why, in the
// words the test runner's summary repeats (scripts/run-tests.mjs lists every skipped group at the end).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const SHARED_ROOT = resolve(REPO_ROOT, '..', 'shared');

/** A path inside ../shared, e.g. `sharedPath('corpus', 'real')`. */
export function sharedPath(...parts: string[]): string {
  return join(SHARED_ROOT, ...parts);
}

/**
 * The `skip` option for a group of tests that reads `../shared/<parts>`: false when it is there, else the
 * reason, `real-world corpus (../shared/corpus/real not found)`, which the summary prints as it is.
 */
export function skipUnlessShared(group: string, ...parts: string[]): false | string {
  return existsSync(sharedPath(...parts)) ? false : `${group} (${['..', 'shared', ...parts].join('/')} not found)`;
}
