// The lists of a whole file that the requests after a keystroke read (code lens targets, the status bar's count, the
// object the Explain view shows, the Job Simulate runs): kept per file model and brought up to date from each edit
// (document/fileItems.ts). After every random edit, applied as an editor sends it, each must be what a fresh model
// of the same text gives, and an edit that changes no lens must keep the lens list's identity.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkedResourceCount, DEFAULT_SETTINGS, explainedSource, FileModel } from '../../server/src/service/index';
import { lensTargets } from '../../server/src/service/features/codeLens';
import { simulate } from '../../server/src/service/features/simulate';
import { randomDocumentEdit } from '../support/documentEdits';
import { random } from '../support/fuzz';

const job = (name: string) => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: ${name}\nspec:\n  completions: 3\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n        image: busybox\n`;
const cronJob = (name: string) => `apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: ${name}\nspec:\n  schedule: "*/5 * * * *"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers:\n          - name: m\n            image: busybox\n`;
const driver = (name: string) => `apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: ${name}\nspec:\n  attachRequired: false\n`;
const configMap = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  A: b\n`;

/** What the requests after a keystroke answer, as plain values. */
function answers(model: FileModel, text: string, lines: readonly number[]): unknown {
  const settings = DEFAULT_SETTINGS;
  const source = (target: Parameters<typeof explainedSource>[3]) => {
    const picked = explainedSource(model, text, settings, target);
    return picked && { line: picked.line, index: picked.index, kind: picked.kind, text: picked.doc.text };
  };
  return {
    lenses: lensTargets(model, text, settings),
    count: checkedResourceCount(model, text),
    explainNamed: source({ kind: 'Job', name: 'b', line: 0 }),
    explainAt: lines.map((line) => source({ line })),
    simulated: lines.map((line) => simulate(model, text, settings, { position: { line, character: 0 } }, undefined, 1_700_000_000).object),
  };
}

describe('the lists of a whole file after keystrokes', () => {
  for (const seed of [11, 12, 13, 14, 15, 16]) {
    it(`after each of 60 random edits (seed ${seed}), lens targets, the count, Explain's and Simulate's picks are a fresh model's`, () => {
      const next = random(seed);
      let text = [job('a'), configMap('env'), cronJob('c'), driver('disk.csi.example.com'), job('b'), configMap('other'), job('d')].join('---\n');
      const model = new FileModel();
      model.update(text);
      // What the lists say on opening the file, so that the comparisons below are of something.
      const start = (name: string) => text.split('\n').indexOf(`  name: ${name}`) - 3;
      assert.deepEqual(answers(model, text, [0, start('b') + 2]), {
        lenses: [
          { line: start('a'), kind: 'Job', name: 'a', observed: false },
          { line: start('c'), kind: 'CronJob', name: 'c', observed: false },
          { line: start('disk.csi.example.com'), kind: 'CSIDriver', name: 'disk.csi.example.com', observed: false },
          { line: start('b'), kind: 'Job', name: 'b', observed: false },
          { line: start('d'), kind: 'Job', name: 'd', observed: false },
        ],
        count: 5,
        explainNamed: { line: start('b'), index: 0, kind: 'Job', text: `---\n${job('b')}` },
        explainAt: [
          { line: start('a'), index: 0, kind: 'Job', text: job('a') },
          { line: start('b'), index: 0, kind: 'Job', text: `---\n${job('b')}` },
        ],
        simulated: [
          { kind: 'Job', name: 'a', line: start('a') },
          { kind: 'Job', name: 'b', line: start('b') },
        ],
      });
      for (let step = 0; step < 60; step++) {
        const edit = randomDocumentEdit(text, next, ['a', '7', ' ', ':', 'Job', 'x-'], [job('added'), cronJob('nightly'), driver('x.csi.example.com'), configMap('c')]);
        text = edit.text;
        model.applyChanges([edit.change]);
        const lineCount = text.split('\n').length;
        const lines = [0, Math.floor(next() * lineCount), Math.floor(next() * lineCount), lineCount - 1];
        assert.deepEqual(answers(model, model.currentText, lines), answers(new FileModel(), text, lines), `step ${step}: after ${JSON.stringify(edit.change)}`);
      }
    });
  }

  it('typing inside a Job spec keeps the lens list itself (the server tells an unchanged answer by identity)', () => {
    const text = [job('a'), job('b'), driver('d.csi.example.com')].join('---\n');
    const model = new FileModel();
    model.update(text);
    const before = lensTargets(model, text, DEFAULT_SETTINGS);
    const line = text.split('\n').indexOf('  completions: 3', 13);
    assert.equal(line, 18);
    model.applyChanges([{ range: { start: { line, character: 15 }, end: { line, character: 16 } }, text: '4' }]);
    assert.equal(lensTargets(model, model.currentText, DEFAULT_SETTINGS), before);
    model.applyChanges([{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# moved\n' }]);
    const moved = lensTargets(model, model.currentText, DEFAULT_SETTINGS);
    assert.notEqual(moved, before);
    assert.deepEqual(
      moved.map((target) => target.line),
      before.map((target) => target.line + 1),
    );
  });
});
