// The lists of a whole file that the requests after a keystroke read (code lens targets, the status bar's count, the
// object the Explain view shows, the Job Simulate runs): kept per file model and brought up to date from each edit
// (document/fileItems.ts). After every random edit, applied as an editor sends it, each must be what a fresh model
// of the same text gives, and an edit that changes no lens must keep the lens list's identity.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkedResourceCount, DEFAULT_SETTINGS, explainedSource, FileModel } from '../../server/src/service/index';
import { lensTargets } from '../../server/src/service/features/codeLens';
import { simulate } from '../../server/src/service/features/simulate';
import type { TextChange } from '../../server/src/service/document/textChanges';

const job = (name: string) => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: ${name}\nspec:\n  completions: 3\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n        image: busybox\n`;
const cronJob = (name: string) => `apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: ${name}\nspec:\n  schedule: "*/5 * * * *"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers:\n          - name: m\n            image: busybox\n`;
const driver = (name: string) => `apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: ${name}\nspec:\n  attachRequired: false\n`;
const configMap = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  A: b\n`;

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** One random keystroke-like change: typed or deleted characters, a line added or removed, a document cut, joined or added. */
function randomChange(text: string, next: () => number): { change: TextChange; text: string } {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const lineStarts = [0, ...[...text.matchAll(/\n/g)].map((match) => match.index! + 1).filter((offset) => offset < text.length)];
  const kind = pick(['type', 'type', 'type', 'delete', 'newline', 'removeLine', 'separator', 'join', 'document']);
  let start = Math.floor(next() * (text.length + 1));
  let end = start;
  let insert = '';
  if (kind === 'type') insert = pick(['a', '7', ' ', ':', 'Job', 'x-']);
  else if (kind === 'delete') end = Math.min(text.length, start + 1 + Math.floor(next() * 4));
  else if (kind === 'newline') insert = '\n';
  else if (kind === 'removeLine') {
    start = pick(lineStarts);
    const lineEnd = text.indexOf('\n', start);
    end = lineEnd === -1 ? text.length : lineEnd + 1;
  } else if (kind === 'separator') {
    start = end = pick(lineStarts);
    insert = '---\n';
  } else if (kind === 'join') {
    const separators = [...text.matchAll(/^---\n/gm)].map((match) => match.index!);
    if (separators.length) {
      start = pick(separators);
      end = start + 4;
    }
  } else {
    start = end = pick(lineStarts);
    insert = `${pick([job('added'), cronJob('nightly'), driver('x.csi.example.com'), configMap('c')])}---\n`;
  }
  return { change: { range: { start: positionAt(text, start), end: positionAt(text, end) }, text: insert }, text: text.slice(0, start) + insert + text.slice(end) };
}

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
      answers(model, text, [0]);
      for (let step = 0; step < 60; step++) {
        const edit = randomChange(text, next);
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
