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
