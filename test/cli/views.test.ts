// `--format svg` and `--format html` of `kubeassist simulate` and `kubeassist explain`: the pictures a CI artifact or
// a pull request comment shows, from the same model output as `--format json`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const FIXTURES = 'test/fixtures/simulate';

function run(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, KUBEASSIST_NOW: '2026-01-03T12:00:00Z' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function svgRoot(svg: string): Element {
  const errors: string[] = [];
  const document = new DOMParser({ onError: (level, message) => void (level !== 'warning' && errors.push(message)) }).parseFromString(svg, 'image/svg+xml');
  assert.deepEqual(errors, []);
  return document.documentElement as unknown as Element;
}

const bars = (root: Element) => (Array.from(root.getElementsByTagName('rect')) as unknown as Element[]).filter((rect) => rect.getAttribute('class')?.includes('ka-bar'));

describe('kubeassist simulate --format svg|html', () => {
  const args = [`${FIXTURES}/website-54415.yaml`, '--scenario', `${FIXTURES}/website-54415.scenario.yaml`];

  it('--format svg: one bar per Pod of the JSON, at its creation time', () => {
    const json = JSON.parse(run(['simulate', ...args, '--format', 'json']).stdout);
    const { status, stdout } = run(['simulate', ...args, '--format', 'svg']);
    assert.equal(status, 0);
    const drawn = bars(svgRoot(stdout));
    const byName = (a: [string | null, number], b: [string | null, number]) => String(a[0]).localeCompare(String(b[0]));
    assert.deepEqual(
      drawn.map((bar): [string | null, number] => [bar.getAttribute('data-pod'), Number(bar.getAttribute('data-start'))]).sort(byName),
      json.pods.map((pod: { name: string; created: number }): [string | null, number] => [pod.name, pod.created]).sort(byName),
    );
    assert.match(stdout, /<desc id="ka-desc">Job job-pod-failure-policy-example: simulation in Kubernetes 1\.37: 8 Pods/);
  });

  it('--format html: one page with the report, the chart and its text alternative; no script, nothing remote', () => {
    const { status, stdout } = run(['simulate', ...args, '--format', 'html']);
    assert.equal(status, 0);
    assert.match(stdout, /^<!DOCTYPE html>/);
    assert.match(stdout, /<h1 id="[^"]+">Job <code>job-pod-failure-policy-example<\/code>/);
    assert.match(stdout, /<figure id="picture-timeline"[^>]*><svg /);
    assert.match(stdout, /<figcaption>Job job-pod-failure-policy-example: simulation/);
    assert.doesNotMatch(stdout, /<script|src="http|href="http/);
  });

  it('a CronJob simulation draws its calendar around the scenario: the outage of preset cluster-down', () => {
    const { status, stdout } = run(['simulate', 'examples/cronjob-clean.yaml', '--scenario', 'preset:cluster-down,for=48h', '--format', 'svg']);
    assert.equal(status, 0);
    const root = svgRoot(stdout);
    const runs = Array.from(root.getElementsByTagName('*')) as unknown as Element[];
    const states = runs.map((element) => element.getAttribute('data-state')).filter(Boolean);
    assert.ok(states.includes('missed'), 'runs during the two days are missed');
    assert.ok(states.filter((state) => state === 'late').length <= 1, 'at most the most recent starts late');
  });

  it('refuses another format with the list of formats', () => {
    const { status, stderr } = run(['simulate', ...args, '--format', 'png']);
    assert.equal(status, 2);
    assert.match(stderr, /simulate prints text, json, svg or html, not "png"/);
  });
});

describe('kubeassist explain --format svg|html', () => {
  it('--format svg: the Job if every Pod fails at once, and the CronJob week, stacked in one SVG', () => {
    const { status, stdout } = run(['explain', '--now', '2026-12-07T00:00:00Z', '--format', 'svg', 'examples/job-clean.yaml', 'examples/cronjob-clean.yaml']);
    assert.equal(status, 0);
    const root = svgRoot(stdout);
    const titles = (Array.from(root.getElementsByTagName('title')) as unknown as Element[]).filter((title) => title.getAttribute('id')).map((title) => title.textContent);
    assert.deepEqual(titles, ['Job render-frames: if every Pod fails as soon as it starts', 'CronJob nightly-backup: schedule calendar']);
  });

  it('--format html: the explanation rendered, the calendar after its verdict', () => {
    const { status, stdout } = run(['explain', '--now', '2026-12-07T00:00:00Z', '--format', 'html', 'examples/cronjob-clean.yaml']);
    assert.equal(status, 0);
    assert.match(stdout, /<\/blockquote>\n<figure id="picture-calendar"/);
    assert.match(stdout, /<h3 id="when-it-runs">When it runs<\/h3>/);
    assert.match(stdout, /CronJob nightly-backup: 7 runs from Mon 7 Dec to Sun 13 Dec, times in Europe\/Berlin\./);
  });

  it('a CSIDriver has no picture: --format svg says so on standard error', () => {
    const { stdout, stderr } = run(['explain', '--format', 'svg', 'examples/csidriver-clean.yaml']);
    assert.equal(stdout, '');
    assert.match(stderr, /no Job or CronJob to draw/);
  });
});

describe('kubeassist diagnose --format svg|html', () => {
  const job = 'test/fixtures/diagnose/backoff-limit.yaml';
  const pods = 'test/fixtures/diagnose/backoff-limit-pods.json';

  it('--format svg: the Pods observed, one bar each where their times put them, the end marked', () => {
    const json = JSON.parse(run(['diagnose', '--format', 'json', '--now', '2026-12-01T10:30:00Z', job, pods]).stdout);
    const { status, stdout } = run(['diagnose', '--format', 'svg', '--now', '2026-12-01T10:30:00Z', job, pods]);
    assert.equal(status, 0);
    const root = svgRoot(stdout);
    const observed = json.objects[0].pods as { name: string }[];
    assert.deepEqual(bars(root).map((bar) => bar.getAttribute('data-pod')).sort(), observed.map((pod) => pod.name).sort());
    const ends = (Array.from(root.getElementsByTagName('line')) as unknown as Element[]).filter((line) => line.getAttribute('data-condition'));
    assert.deepEqual(ends.map((line) => line.getAttribute('data-condition')), [json.objects[0].end.condition]);
  });

  it('--format html: the verdict first, then the chart; without Pods, no chart and the page says what is unknown', () => {
    const { stdout } = run(['diagnose', '--format', 'html', '--now', '2026-12-01T10:30:00Z', job, pods]);
    assert.match(stdout, /<figure id="picture-timeline"/);
    const alone = run(['diagnose', '--format', 'html', '--now', '2026-12-01T10:30:00Z', job]);
    assert.doesNotMatch(alone.stdout, /<figure/);
    assert.match(alone.stdout, /kubectl get pods -l batch\.kubernetes\.io\/job-name=pi/);
    const svg = run(['diagnose', '--format', 'svg', '--now', '2026-12-01T10:30:00Z', job]);
    assert.equal(svg.stdout, '');
    assert.match(svg.stderr, /no Pods to draw/);
  });
});
