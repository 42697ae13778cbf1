// Each upstream report of issue 23, reproduced in the engine alone (the LSP and CLI tests run the same cases
// through the real server and the real CLI): the finding, its severity, what it underlines and the other end.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS } from '../../../server/src/service/index';
import { RELATION_CASES } from '../../support/relationCases';
import { ROOT, underlined, workspace } from '../../support/relationWorkspace';

const SEVERITIES = ['', 'error', 'warning', 'information', 'hint'];

describe('the upstream reports, in the engine', () => {
  for (const testCase of RELATION_CASES) {
    it(testCase.report, () => {
      const ws = workspace(testCase.files);
      const settings = { relations: { ...DEFAULT_SETTINGS.relations, ...testCase.relations } };
      const found = ws.relations(testCase.file, settings);
      assert.deepEqual(
        found.map((diagnostic) => ({ code: diagnostic.code, severity: SEVERITIES[diagnostic.severity ?? 0], underlines: underlined(ws.text(testCase.file), diagnostic) })),
        testCase.expect.map(({ code, severity, underlines }) => ({ code, severity, underlines })),
        found.map((diagnostic) => diagnostic.message).join('\n'),
      );
      testCase.expect.forEach((expected, i) => {
        if (!expected.related) return;
        assert.ok(found[i].relatedInformation?.some((information) => information.location.uri === `file://${ROOT}/${expected.related}`), JSON.stringify(found[i].relatedInformation));
      });
    });
  }
});
