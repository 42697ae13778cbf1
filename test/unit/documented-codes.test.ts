// Every rule code a user can copy from our texts works: each code (`schema/enum`) or prefix (`job/name/`)
// written in the README, docs/, package.json (the settings' descriptions) and the configuration schema is one
// the engine's code table has, so a `kubeassist.rules` key or `--rule` copied from them is never refused.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { allRuleCodes } from '../../server/src/service/codes';
import { REPO_ROOT } from '../support/shared';

const CODES = allRuleCodes().map((code) => code.code);
const FAMILIES = [...new Set(CODES.map((code) => code.slice(0, code.indexOf('/'))))];
/** `family/...` not inside a path or URL (`server/src/service/schema/`, `https://.../job/`). */
const CODE_LIKE = new RegExp(`(?<![\\w./@-])(?:${FAMILIES.join('|')})/[A-Za-z0-9][\\w./-]*`, 'g');

/** kubectl's KIND/NAME for the kinds diagnose --live reads. */
const OBJECT_REFERENCE = /^(job|cronjob)\/[A-Za-z0-9][A-Za-z0-9.-]*$/;

/** The code-like words of a text that name no code (or, ending in `/`, start none), with their lines. */
export function unknownCodes(text: string, codes: readonly string[] = CODES): string[] {
  const unknown: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(CODE_LIKE)) {
      const word = match[0].replace(/\.+$/, '');
      // `job/pi`, `cronjob/NAME`: an object as kubectl names it (kubeassist diagnose --live job/NAME), not a code;
      // no code of these families has a single segment (checked below).
      if (OBJECT_REFERENCE.test(word)) continue;
      const known = word.endsWith('/') ? codes.some((code) => code.startsWith(word)) : codes.includes(word);
      if (!known) unknown.push(`${index + 1}: ${word}`);
    }
  });
  return unknown;
}

const TEXTS = [
  'README.md',
  'package.json',
  join('schemas', 'kubeassist-config.schema.json'),
  ...readdirSync(join(REPO_ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join('docs', name)),
];

describe('rule codes written in the documentation', () => {
  it('no code of the job and cronjob families has a single segment (so job/NAME is always an object, never a code)', () => {
    assert.deepEqual(CODES.filter((code) => OBJECT_REFERENCE.test(code)), []);
  });

  for (const file of TEXTS) {
    it(`${file} names only codes and prefixes the engine has`, () => {
      assert.deepEqual(unknownCodes(readFileSync(join(REPO_ROOT, file), 'utf8')), []);
    });
  }

  it('finds a code or prefix that does not exist, and leaves paths and URLs alone', () => {
    const text = [
      'e.g. `{ "job/warnings/name-not-dns-label": "off" }`',
      '  job/warnings/: off',
      '`schema/enum` and `job/name/` exist; so does `cronjob/schedule/never-runs`.',
      'see server/src/service/rules/job/ and https://kubernetes.io/docs/concepts/workloads/controllers/job/',
    ].join('\n');
    assert.deepEqual(unknownCodes(text), ['1: job/warnings/name-not-dns-label', '2: job/warnings/']);
  });
});
