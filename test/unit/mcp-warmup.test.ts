// The MCP server's warm-up (server/src/mcp/warmUp.ts) runs the paths a host's first check takes only if its
// text is read as meant: every document an object of its kind, the Job with mistakes finding exactly its four,
// and the fix warm-up repairing them. A warm-up text that stopped parsing, or whose mistakes were no longer
// found, would warm the error paths instead and leave the first check cold again, with no test failing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkedResources, DEFAULT_SETTINGS, FileModel, fixText, validate } from '../../server/src/service/index';
import { WARM_UP_MISTAKES, WARM_UP_TEXT } from '../../server/src/mcp/warmUp';

const codesOf = (text: string) => validate(new FileModel(), text, DEFAULT_SETTINGS).map((diagnostic) => `${diagnostic.code} ${diagnostic.range.start.line + 1}`);

describe('the MCP warm-up text', () => {
  it('is read as the 14 documents it holds (the Jobs, CronJob and CSIDrivers checked)', () => {
    const model = new FileModel();
    const kinds = checkedResources(model, WARM_UP_TEXT).map((resource) => resource.kind);
    assert.deepEqual(kinds, ['Job', 'Job', 'Job', 'Job', 'CronJob', 'CSIDriver', 'Job', 'Job', 'CSIDriver']);
    // and the other kinds a manifest holds beside them: two Deployments, two ConfigMaps, a Service
    assert.equal(model.update(WARM_UP_TEXT).length, 14);
  });

  it('finds in the Job with mistakes exactly its four (an enum value\'s case, a quoted number, a misspelt field, a YAML 1.1 boolean)', () => {
    const lineOf = (needle: string) => WARM_UP_MISTAKES.split('\n').findIndex((line) => line.includes(needle)) + 1;
    assert.deepEqual(codesOf(WARM_UP_MISTAKES), [
      `schema/enum ${lineOf('completionMode: indexed')}`,
      `schema/type ${lineOf('backoffLimit: "4"')}`,
      `schema/unknown-field ${lineOf('ttlSecondsAfterFinish:')}`,
      `yaml/yaml11-scalar ${lineOf('value: yes')}`,
    ]);
  });

  it('holds no other finding than those four and the hand-written CSIDriver\'s token warning', () => {
    const others = codesOf(WARM_UP_TEXT).map((code) => code.split(' ')[0]);
    assert.deepEqual(others.sort(), ['csidriver/warnings-on-create/tokens-in-volume-context', 'schema/enum', 'schema/type', 'schema/unknown-field', 'yaml/yaml11-scalar']);
  });

  it('the fix warm-up repairs all four, so the fixes\' paths run', () => {
    const fixed = fixText(WARM_UP_MISTAKES, DEFAULT_SETTINGS);
    assert.equal(fixed.fixed, 4);
    assert.deepEqual(codesOf(fixed.text), []);
    assert.match(fixed.text, /completionMode: Indexed\n/);
    assert.match(fixed.text, /ttlSecondsAfterFinished: 600\n/);
  });
});
