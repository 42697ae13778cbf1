// docs/rules.md is generated from the engine's code metadata and must not go stale; codes are unique.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { renderRulesDoc, RULES_DOC } from '../../scripts/gen-docs';
import { allRuleCodes, ENGINE_CODES } from '../../server/src/service/codes';
import { ALL_RULES } from '../../server/src/service/rules/index';

describe('rule codes', () => {
  it('docs/rules.md is up to date (run `npm run gen:docs`)', () => {
    assert.equal(readFileSync(RULES_DOC, 'utf8'), renderRulesDoc());
  });

  it('gives each code one meaning: no code is declared twice with different metadata', () => {
    const byCode = new Map<string, string>();
    for (const code of [...ENGINE_CODES, ...ALL_RULES.flatMap((rule) => rule.codes)]) {
      const described = JSON.stringify(code);
      const previous = byCode.get(code.code);
      assert.ok(previous === undefined || previous === described, `${code.code} is declared twice with different metadata`);
      byCode.set(code.code, described);
    }
    assert.ok(allRuleCodes().length > 60);
  });

  it('names codes as family/what in lower-case words', () => {
    for (const { code } of allRuleCodes()) assert.match(code, /^[a-z0-9]+(?:\/[a-z0-9-]+)+$/, code);
  });
});
