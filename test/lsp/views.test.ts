// kubeassist/view against the built server: the page the VS Code panel shows for Explain, Simulate… and a CronJob,
// rendered (no raw Markdown), with its pictures, its field names linked to the manifest, and no script.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TestServer } from '../support/lspClient';

const E2E = join(__dirname, '..', 'e2e', 'fixtures');
const JOB = readFileSync(join(E2E, 'job-valid.yaml'), 'utf8');
const CRON = readFileSync(join(E2E, 'cronjob-pod-failure-policy.yaml'), 'utf8');
// An export with its Pods pasted below it, as the Diagnose view reads a file.
const DIAGNOSE = join(__dirname, '..', 'fixtures', 'diagnose');
const POD_LIST = JSON.parse(readFileSync(join(DIAGNOSE, 'backoff-limit-pods.json'), 'utf8')) as { items: { metadata: { name: string } }[] };
const EXPORT = `${readFileSync(join(DIAGNOSE, 'backoff-limit.yaml'), 'utf8')}---\n${JSON.stringify(POD_LIST)}\n`;

interface View {
  title: string;
  html: string;
  pictures: { id: string; title: string; text: string }[];
}

describe('kubeassist/view', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start({ env: { KUBEASSIST_NOW: '2026-12-07T00:00:00Z' } });
    await server.open('file:///job-valid.yaml', JOB);
    await server.open('file:///cron.yaml', CRON);
    await server.open('file:///export.yaml', EXPORT);
  });
  after(() => server.stop());
  const view = (params: Record<string, unknown>) => server.connection.sendRequest<View | null>('kubeassist/view', params);

  it('Explain: the rendered explanation with its timeline, field names linked to their line in the manifest', async () => {
    const page = await view({ uri: 'file:///job-valid.yaml', view: 'explain', line: 2, kind: 'Job', name: 'pi' });
    assert.ok(page);
    assert.equal(page.title, 'Job pi');
    assert.match(page.html, /<h2 id="job-pi">Job <code>pi<\/code><\/h2>/);
    assert.doesNotMatch(page.html, /^#{2,3} /m, 'no raw Markdown heading');
    assert.match(page.html, /<blockquote>Runs 1 Pod to success; fails after 5 failed Pods;/);
    assert.equal((page.html.match(/class="ka-bar ka-failed"/g) ?? []).length, 5);
    assert.deepEqual(page.pictures.map((picture) => picture.id), ['timeline']);
    const backoff = /<a class="field" href="command:kubeassist\.revealField\?([^"]+)"><code>backoffLimit: 4<\/code><\/a>/.exec(page.html);
    assert.ok(backoff, 'the code span `backoffLimit: 4` links to the field');
    assert.deepEqual(JSON.parse(decodeURIComponent(backoff[1])), ['file:///job-valid.yaml', 6, 2]);
    assert.match(page.html, /<nav class="ka-controls"[^>]*><a href="command:kubeassist\.simulate\?[^"]+" title="Pick a ready scenario or a scenario file">Simulate…<\/a><\/nav>/);
    assert.doesNotMatch(page.html, /<script/);
    assert.match(page.html, /Content-Security-Policy" content="default-src &#39;none&#39;|Content-Security-Policy" content="default-src 'none'/);
  });

  it('Simulate…: a preset draws the timeline; a scenario file given as text too; a bad one says why', async () => {
    const preset = await view({ uri: 'file:///job-valid.yaml', view: 'simulate', line: 2, name: 'pi', scenario: 'preset:all-fail' });
    assert.equal(preset?.title, 'pi (all-fail)');
    assert.equal((preset?.html.match(/class="ka-gap"/g) ?? []).length, 4);
    const file = await view({ uri: 'file:///job-valid.yaml', view: 'simulate', line: 2, scenario: 'pods:\n- exitCode: 3\n  runFor: 10s\nthen: succeed\n' });
    assert.equal((file?.html.match(/class="ka-bar ka-failed"/g) ?? []).length, 1);
    assert.equal((file?.html.match(/class="ka-bar ka-succeeded"/g) ?? []).length, 1);
    const bad = await view({ uri: 'file:///job-valid.yaml', view: 'simulate', line: 2, scenario: 'pods: [' });
    assert.match(bad?.html ?? '', /Not simulated: the scenario file:1:\d+: not valid YAML/);
  });

  it('a CronJob: the calendar of its runs in its zone, and in the viewer\'s', async () => {
    const page = await view({ uri: 'file:///cron.yaml', view: 'explain', line: 2, viewerZone: 'Asia/Tokyo' });
    assert.deepEqual(page?.pictures.map((picture) => picture.id), ['calendar']);
    assert.equal((page?.html.match(/class="ka-calendar-run ka-run"/g) ?? []).length, 7);
    assert.match(page?.pictures[0].text ?? '', /Mon 7 Dec 02:00 \(Mon 7 Dec 11:00 Asia\/Tokyo\)/);
  });

  it('follows the manifest: after an edit the page says what the new text does', async () => {
    await server.change('file:///job-valid.yaml', [{ text: JOB.replace('backoffLimit: 4', 'backoffLimit: 2') }]);
    const page = await view({ uri: 'file:///job-valid.yaml', view: 'explain', line: 2 });
    assert.match(page?.html ?? '', /fails after 3 failed Pods/);
  });

  it('Diagnose: the verdict first, then the Pods observed as a timeline, one bar per Pod pasted below the export', async () => {
    const page = await view({ uri: 'file:///export.yaml', view: 'diagnose', line: 3, kind: 'Job', name: 'pi' });
    assert.equal(page?.title, 'Job pi');
    assert.deepEqual(page?.pictures.map((picture) => picture.id), ['timeline']);
    const drawn = [...(page?.html ?? '').matchAll(/class="ka-bar [^"]*"[^>]*data-pod="([^"]+)"/g)].map((match) => match[1]).sort();
    assert.deepEqual(drawn, POD_LIST.items.map((pod) => pod.metadata.name).sort());
    const verdict = (page?.html ?? '').indexOf('failed at 2026-12-01T10:01:10Z (BackoffLimitExceeded)');
    assert.ok(verdict > 0 && verdict < (page?.html ?? '').indexOf('<figure'), 'the verdict comes before the picture');
    assert.match(page?.html ?? '', /data-condition="Failed"/);
  });

  it('answers null for a document that is not open', async () => {
    assert.equal(await view({ uri: 'file:///nothing.yaml', view: 'explain', line: 0 }), null);
  });
});
