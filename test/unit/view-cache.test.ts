// The Explain view's page after a keystroke (issue 30): kept while what it reads is unchanged (the explained object's
// document, where it starts, the document its field links point into, the settings, the request, and for a CronJob
// the clock), so an edit in another document explains and simulates nothing again; any edit answers the page a
// fresh model makes of the edited text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FileModel } from '../../server/src/service/document/fileModel';
import { DEFAULT_SETTINGS } from '../../server/src/service/index';
import { ViewPages, viewPage } from '../../server/src/lsp/views';
import type { ViewParams } from '../../server/src/lsp/protocol';
import { random } from '../support/fuzz';
import { EXAMPLES_BUNDLE } from '../support/examples';

const BUNDLE = EXAMPLES_BUNDLE;
const URI = 'file:///w/bundle.yaml';
const NOW = Date.parse('2026-03-27T10:00:00Z') / 1000;

const job = (name: string, completions: number) =>
  `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: ${name}\nspec:\n  completions: ${completions}\n  backoffLimit: 2\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: w\n        image: busybox\n`;
const CRONJOB = 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n  schedule: "0 3 * * *"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers:\n          - name: m\n            image: busybox\n';
const CONFIGMAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: env\ndata:\n  A: b\n';
const FILE = [job('first', 3), CONFIGMAP, job('viewed', 4), CRONJOB, job('last', 5)].join('---\n');

const lineOf = (text: string, line: string) => text.split('\n').indexOf(line);
const replaced = (text: string, from: string, to: string) => {
  assert.ok(text.includes(from), from);
  return text.replace(from, to);
};

describe('the Explain view\'s page kept between keystrokes', () => {
  const params = (text: string, name: string, kind = 'Job'): ViewParams => ({ uri: URI, view: 'explain', line: lineOf(text, `  name: ${name}`) - 3, kind, name });

  it('an edit in another document answers the page kept; an edit in the viewed object makes it again; both as a fresh model does', () => {
    const pages = new ViewPages();
    const model = new FileModel();
    let text = FILE;
    const view = params(text, 'viewed');
    const first = pages.page(model, text, DEFAULT_SETTINGS, view, NOW);
    assert.equal(pages.made, 1);
    assert.match(first.html, /viewed/);

    text = replaced(text, '  completions: 5', '  completions: 6'); // the last Job
    assert.equal(pages.page(model, text, DEFAULT_SETTINGS, view, NOW), first, 'the same page, not made again');
    text = replaced(text, '  A: b', '  A: c'); // the ConfigMap above it
    assert.equal(pages.page(model, text, DEFAULT_SETTINGS, view, NOW + 3600), first, 'a Job\'s page does not read the clock');
    assert.equal(pages.made, 1);

    text = replaced(text, '  completions: 4', '  completions: 7'); // the viewed Job
    const edited = pages.page(model, text, DEFAULT_SETTINGS, view, NOW);
    assert.equal(pages.made, 2);
    assert.notEqual(edited.html, first.html);
    assert.deepEqual(edited, viewPage(new FileModel(), text, DEFAULT_SETTINGS, view, NOW));

    // A line added above moves the object: its field links move with it.
    text = replaced(text, '  A: c', '  A: c\n  B: d');
    const moved = { ...view, line: view.line + 1 };
    const after = pages.page(model, text, DEFAULT_SETTINGS, moved, NOW);
    assert.equal(pages.made, 3);
    assert.deepEqual(after, viewPage(new FileModel(), text, DEFAULT_SETTINGS, moved, NOW));
    // Other settings, another object: made again.
    pages.page(model, text, { ...DEFAULT_SETTINGS, kubernetesVersion: '1.29' }, moved, NOW);
    pages.page(model, text, DEFAULT_SETTINGS, params(text, 'first'), NOW);
    assert.equal(pages.made, 5);
  });

  it('a CronJob\'s page counts its next runs from the clock: kept for the same clock only', () => {
    const pages = new ViewPages();
    const model = new FileModel();
    let text = FILE;
    const view = params(text, 'nightly', 'CronJob');
    const page = pages.page(model, text, DEFAULT_SETTINGS, view, NOW);
    text = replaced(text, '  completions: 5', '  completions: 6');
    assert.equal(pages.page(model, text, DEFAULT_SETTINGS, view, NOW), page);
    assert.equal(pages.made, 1);
    const later = pages.page(model, text, DEFAULT_SETTINGS, view, NOW + 86400);
    assert.equal(pages.made, 2);
    assert.deepEqual(later, viewPage(new FileModel(), text, DEFAULT_SETTINGS, view, NOW + 86400));
    assert.notEqual(later.html, page.html);
  });

  it('a Job found by its name after another object took its place: the page of the one named', () => {
    const pages = new ViewPages();
    const model = new FileModel();
    let text = FILE;
    const view = params(text, 'viewed');
    pages.page(model, text, DEFAULT_SETTINGS, view, NOW);
    // The first Job takes the viewed one's name: explain picks the first of that kind and name.
    text = replaced(text, '  name: first', '  name: viewed');
    const page = pages.page(model, text, DEFAULT_SETTINGS, view, NOW);
    assert.equal(pages.made, 2);
    assert.deepEqual(page, viewPage(new FileModel(), text, DEFAULT_SETTINGS, view, NOW));
  });

  it('after random edits anywhere, every page equals a fresh model\'s', () => {
    const next = random(31);
    const snippets = ['---\n', '\n', 'kind: Job\n', '  completions: 3\n', '  name: viewed\n', ' ', '#', ':', 'CronJob', '  schedule: "*/5 * * * *"\n', '9'];
    const pages = new ViewPages();
    const model = new FileModel();
    let text = `${BUNDLE}---\n${FILE}`;
    const views = [params(text, 'viewed'), params(text, 'nightly', 'CronJob'), { uri: URI, view: 'explain' as const, line: 5 }];
    for (let step = 0; step < 40; step++) {
      for (const view of views) assert.deepEqual(pages.page(model, text, DEFAULT_SETTINGS, view, NOW), viewPage(new FileModel(), text, DEFAULT_SETTINGS, view, NOW), `step ${step}, ${JSON.stringify(view)}`);
      const at = Math.floor(next() * (text.length + 1));
      const start = next() < 0.5 ? text.lastIndexOf('\n', at - 1) + 1 : at;
      const length = next() < 0.6 ? 0 : Math.floor(next() ** 3 * Math.min(200, text.length - start));
      text = text.slice(0, start) + (next() < 0.2 ? '' : snippets[Math.floor(next() * snippets.length)]) + text.slice(start + length);
    }
    assert.ok(pages.made < 40 * views.length, `some pages were kept (${pages.made} made)`);
  });
});
