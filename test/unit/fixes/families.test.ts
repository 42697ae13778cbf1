// Fixes are bound to rule codes in one place (server/src/service/fixes/families.ts), above the rules: each
// binding must name a code the engine reports, and no code may be fixed by two families (one would hide the other).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allRuleCodes } from '../../../server/src/service/codes';
import { FIX_FAMILIES, FIXES_BY_CODE } from '../../../server/src/service/fixes/families';

describe('fix families', () => {
  it('bind fixes only to codes of the code table', () => {
    const codes = new Set(allRuleCodes().map((code) => code.code));
    for (const code of Object.keys(FIXES_BY_CODE)) assert.ok(codes.has(code), `a fix is bound to ${code}, which no rule reports`);
  });

  it('never bind two fixes to one code', () => {
    const seen = new Map<string, number>();
    FIX_FAMILIES.forEach((family, index) => {
      for (const code of Object.keys(family)) {
        assert.ok(!seen.has(code) || FIX_FAMILIES[seen.get(code)!][code] === family[code], `${code} is fixed by families ${seen.get(code)} and ${index}`);
        seen.set(code, index);
      }
    });
  });

  it('describe each bound fix in the code table (the "Quick fix" column of docs/rules.md)', () => {
    const described = new Map(allRuleCodes().map((code) => [code.code, code.fix]));
    for (const [code, entry] of Object.entries(FIXES_BY_CODE)) assert.equal(described.get(code), entry.does, code);
  });
});
