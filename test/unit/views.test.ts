// The pictures (features/views): the timeline of a simulation and the calendar of a CronJob, checked against the
// model output they are drawn from: one bar per Pod where the JSON puts it, the back-off waits as gaps of their
// length, the conditions as markers, the deadline and the TTL as lines, valid SVG, a text alternative that says
// the same; the HTML page loads nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { simulateJob } from '../../server/src/service/behaviour/job';
import { scheduleCalendar } from '../../server/src/service/features/views/calendar';
import { htmlPage, markdownHtml } from '../../server/src/service/features/views/html';
import { stackedSvg } from '../../server/src/service/features/views/pictures';
import { layoutLanes, timelineChart } from '../../server/src/service/features/views/timeline';
import { timelineOfDiagnosis, timelineOfSimulation } from '../../server/src/service/features/views/timelineSources';
import type { ObjectDiagnosis } from '../../server/src/service/diagnose/types';
import type { JsonObject } from '../../server/src/service/types';

function parse(svg: string): Element {
  const errors: string[] = [];
  const document = new DOMParser({ onError: (level, message) => void (level !== 'warning' && errors.push(message)) }).parseFromString(svg, 'image/svg+xml');
  assert.deepEqual(errors, [], 'the SVG parses as XML');
  const root = document.documentElement as unknown as Element;
  assert.equal(root.tagName, 'svg');
  assert.equal(root.getAttribute('xmlns'), 'http://www.w3.org/2000/svg');
  return root;
}

function all(root: Element, tag: string): Element[] {
  return Array.from(root.getElementsByTagName(tag)) as unknown as Element[];
}

function job(spec: JsonObject): JsonObject {
  return { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'work' }, spec: { ...spec, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox' }] } } } };
}

describe('the timeline chart of a simulation', () => {
  const simulation = simulateJob(job({ backoffLimit: 3, activeDeadlineSeconds: 300, ttlSecondsAfterFinished: 600 }), { pods: [], then: { exitCode: 1, runFor: 30 } }, 37);
  const input = timelineOfSimulation(simulation, 'work');
  const chart = timelineChart(input);
  const root = parse(chart.svg);

  it('draws one bar per Pod, from its creation to its end, where the JSON puts them', () => {
    const bars = all(root, 'rect').filter((rect) => rect.getAttribute('class')?.includes('ka-bar'));
    assert.equal(bars.length, simulation.pods.length);
    assert.equal(simulation.pods.length, 4, 'backoffLimit 3: the fourth failed Pod fails the Job');
    for (const [i, pod] of simulation.pods.entries()) {
      assert.equal(bars[i].getAttribute('data-pod'), pod.name);
      assert.equal(Number(bars[i].getAttribute('data-start')), pod.created);
      assert.equal(Number(bars[i].getAttribute('data-end')), pod.finished);
      assert.match(bars[i].getAttribute('class') ?? '', /ka-failed/);
    }
    // Later Pods stand further right, at the same scale: x grows with the creation time.
    const xs = bars.map((bar) => Number(bar.getAttribute('x')));
    assert.deepEqual([...xs].sort((a, b) => a - b), xs);
    const width = (i: number) => Number(bars[i].getAttribute('width'));
    assert.ok(Math.abs(width(0) - width(1)) < 0.02, 'every Pod ran 30 s: bars of one width');
  });

  it('draws the back-off waits as gaps of their length: 10 s, 20 s, 40 s', () => {
    const gaps = all(root, 'line').filter((line) => line.getAttribute('class') === 'ka-gap');
    const expected = simulation.pods.slice(1).map((pod, i) => pod.created - (simulation.pods[i].finished ?? 0));
    assert.deepEqual(expected, [10, 20, 40]);
    assert.deepEqual(gaps.map((gap) => Number(gap.getAttribute('data-wait'))), expected);
  });

  it('marks the conditions, the deadline and the TTL deletion where the model says', () => {
    const conditions = all(root, 'line').filter((line) => line.getAttribute('data-condition'));
    const trueConditions = simulation.status.conditions.filter((condition) => condition.status === 'True');
    assert.deepEqual(conditions.map((line) => [line.getAttribute('data-condition'), Number(line.getAttribute('data-at'))]), trueConditions.map((condition) => [condition.type, condition.at]));
    const lines = all(root, 'line').filter((line) => line.getAttribute('data-line'));
    assert.deepEqual(lines.map((line) => [line.getAttribute('data-line'), Number(line.getAttribute('data-at'))]), [
      ['deadline', (simulation.status.startTime ?? 0) + 300],
      ['ttl', simulation.deletedAt],
    ]);
  });

  it('says the same in words: the Pods, the waits, the end, the counters', () => {
    assert.equal(chart.text, all(root, 'desc')[0].textContent);
    assert.match(chart.text, /^Job work: simulation in Kubernetes 1\.37: 4 Pods in 1 slot over /);
    assert.match(chart.text, /Back-off waits between a failed Pod and the next: 10s, 20s, 40s\./);
    assert.match(chart.text, /Failed \(BackoffLimitExceeded\) at /);
    assert.match(chart.text, /Counters: active 0, succeeded 0, failed 4/);
  });

  it('gives an Indexed Job one lane per index, and NonIndexed Pods the first slot free at their creation', () => {
    const lanes = layoutLanes({
      indexed: false,
      bars: [
        { pod: 'a', index: null, start: 0, end: 10, outcome: 'failed' },
        { pod: 'b', index: null, start: 0, end: 50, outcome: 'succeeded' },
        { pod: 'c', index: null, start: 20, end: 30, outcome: 'succeeded' },
      ],
    });
    assert.deepEqual(lanes.map((lane) => lane.bars.map((bar) => bar.pod)), [['a', 'c'], ['b']]);
    const indexed = simulateJob(job({ completionMode: 'Indexed', completions: 3, parallelism: 3 }), { pods: [] }, 37);
    assert.equal(timelineChart(timelineOfSimulation(indexed, 'work')).lanes, 3);
  });

  it('stays readable at 1,000 Pods: thin lanes, one bar each (its speed: npm run bench)', () => {
    const big = simulateJob(job({ completionMode: 'Indexed', completions: 1000, parallelism: 1000 }), { pods: [] }, 37);
    const drawn = timelineChart(timelineOfSimulation(big, 'big'));
    const bars = all(parse(drawn.svg), 'rect').filter((rect) => rect.getAttribute('class')?.includes('ka-bar'));
    assert.equal(bars.length, 1000);
    assert.equal(drawn.lanes, 1000);
    assert.ok(drawn.height < 2400, `height ${drawn.height}`);
  });

  it('escapes what a manifest writes: a name with markup stays text', () => {
    const drawn = timelineChart({ ...input, title: 'Job <script>alert(1)</script> & "x"' });
    const svgRoot = parse(drawn.svg);
    assert.equal(all(svgRoot, 'script').length, 0);
    assert.equal(all(svgRoot, 'title')[0].textContent, 'Job <script>alert(1)</script> & "x"');
  });
});

describe('the timeline of a diagnosis', () => {
  it('places the observed Pods from their RFC 3339 times, relative to the first', () => {
    const diagnosis = {
      kind: 'Job', name: 'pi', namespace: 'default', state: 'failed', since: null, verdict: '', budget: null, cause: null, blockers: [], inconsistencies: [], unknowns: [], advice: [], findings: [],
      end: { condition: 'Failed', reason: 'BackoffLimitExceeded', message: null, at: '2026-12-01T10:01:10Z' },
      counters: { active: 0, ready: 0, terminating: 0, succeeded: null, failed: 2, completedIndexes: null, failedIndexes: null },
      next: [{ at: '2026-12-01T11:01:10Z', event: 'the TTL deletes the Job, its Pods and their logs' }],
      pods: [
        { name: 'pi-a', index: null, phase: 'Failed', created: '2026-12-01T10:00:00Z', started: null, finished: '2026-12-01T10:00:20Z', outcome: 'failed', container: 'pi', exitCode: 137, reason: 'OOMKilled', rule: null },
        { name: 'pi-b', index: null, phase: 'Failed', created: '2026-12-01T10:00:30Z', started: null, finished: 'not a time', outcome: 'failed', container: 'pi', exitCode: 1, reason: null, rule: null },
      ],
    } as unknown as ObjectDiagnosis;
    const input = timelineOfDiagnosis(diagnosis);
    assert.ok(input);
    assert.deepEqual(input.bars.map((bar) => [bar.pod, bar.start, bar.end, bar.detail]), [
      ['pi-a', 0, 20, 'exit 137 (signal 9), OOMKilled'],
      ['pi-b', 30, 30, 'exit 1'],
    ]);
    assert.deepEqual(input.markers, [{ at: 70, condition: 'Failed', reason: 'BackoffLimitExceeded' }]);
    assert.deepEqual(input.lines, [{ at: 3670, kind: 'ttl', label: 'TTL deletes the Job and its logs' }]);
    assert.equal(input.origin, '2026-12-01T10:00:00Z');
    parse(timelineChart(input).svg);
  });
});

function cronJob(spec: JsonObject): JsonObject {
  return { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'nightly' }, spec: { jobTemplate: { spec: {} }, ...spec } };
}

describe('the schedule calendar of a CronJob', () => {
  const week = Date.parse('2027-03-25T00:00:00Z') / 1000;

  it('puts each run on its day and wall-clock time in the CronJob zone, and marks the daylight-saving shift', () => {
    const calendar = scheduleCalendar(cronJob({ schedule: '30 2 * * *', timeZone: 'Europe/Berlin' }), 37, { from: week, days: 7, viewerZone: 'America/New_York' }, 'nightly');
    const root = parse(calendar.svg);
    const runs = all(root, 'circle');
    // 28 March 2027: 02:30 does not exist in Berlin (clocks jump from 02:00 to 03:00); robfig's Next skips it.
    assert.equal(runs.length, 6);
    assert.deepEqual(calendar.model.shifts.map((shift) => [shift.before, shift.after]), [[3600, 7200]]);
    const shift = all(root, 'line').filter((line) => line.getAttribute('data-shift'));
    assert.equal(shift.length, 1);
    assert.match(calendar.text, /Daylight saving on Sun 28 Mar: UTC\+01:00 to UTC\+02:00/);
    assert.match(calendar.text, /Thu 25 Mar 02:30 \(Wed 24 Mar 21:30 America\/New_York\)/);
    // Every run at 02:30 on its row: the same x on each day.
    assert.equal(new Set(runs.map((run) => run.getAttribute('cx'))).size, 1);
  });

  it('marks what a cluster outage misses: only the most recent missed run starts late, within startingDeadlineSeconds', () => {
    const day = Date.parse('2026-12-07T00:00:00Z') / 1000;
    const down = { from: day + 3 * 3600, to: day + 34 * 3600 };
    const within = scheduleCalendar(cronJob({ schedule: '0 */4 * * *' }), 37, { from: day, days: 7, down }, 'nightly').model.runs;
    assert.deepEqual(within.filter((run) => run.state !== 'runs').map((run) => [run.at - day, run.state]), [
      [4 * 3600, 'missed'], [8 * 3600, 'missed'], [12 * 3600, 'missed'], [16 * 3600, 'missed'], [20 * 3600, 'missed'], [24 * 3600, 'missed'], [28 * 3600, 'missed'], [32 * 3600, 'late'],
    ]);
    const deadline = scheduleCalendar(cronJob({ schedule: '0 */4 * * *', startingDeadlineSeconds: 3600 }), 37, { from: day, days: 7, down }, 'nightly').model.runs;
    assert.equal(deadline.filter((run) => run.state === 'late').length, 0, '2 h late is past a 1 h deadline');
  });

  it('draws overlapping runs as concurrencyPolicy decides: Forbid skips, Replace replaces, Allow overlaps', () => {
    const day = Date.parse('2026-12-07T00:00:00Z') / 1000;
    const states = (policy: string) => scheduleCalendar(cronJob({ schedule: '0 * * * *', concurrencyPolicy: policy }), 37, { from: day, days: 7, runSeconds: 5400 }, 'n').model.runs.slice(0, 4).map((run) => run.state);
    assert.deepEqual(states('Forbid'), ['runs', 'skipped', 'runs', 'skipped']);
    assert.deepEqual(states('Replace'), ['runs', 'replaces', 'replaces', 'replaces']);
    assert.deepEqual(states('Allow'), ['runs', 'overlaps', 'overlaps', 'overlaps']);
  });

  it('counts a schedule of every minute per hour over a month instead of drawing 44,640 marks', () => {
    const calendar = scheduleCalendar(cronJob({ schedule: '* * * * *' }), 37, { from: Date.parse('2026-12-01T00:00:00Z') / 1000, days: 31 }, 'n');
    assert.equal(calendar.model.dense, true);
    const cells = all(parse(calendar.svg), 'rect').filter((rect) => rect.getAttribute('data-count'));
    assert.equal(cells.length, 31 * 24);
    assert.match(calendar.text, /^CronJob n: 44640 runs from Tue 1 Dec to Thu 31 Dec/);
  });

  it('says why nothing runs for a schedule the controller cannot parse', () => {
    const calendar = scheduleCalendar(cronJob({ schedule: '61 * * * *' }), 37, { from: week, days: 7 }, 'n');
    assert.match(calendar.text, /the controller runs nothing: unparseable schedule/);
    parse(calendar.svg);
  });
});

describe('the HTML page', () => {
  it('renders our Markdown, inlines the pictures after the verdict, and allows no script and nothing remote', () => {
    const chart = timelineChart(timelineOfSimulation(simulateJob(job({}), { pods: [] }, 37), 'work'));
    const page = htmlPage('Explain <x>', '# Job `work`\n\n> Runs **1 Pod**.\n\n- one\n- two `<b>`\n\n| a | b |\n|---|---:|\n| 1 | 2 \\| 3 |\n', [{ id: 'timeline', title: 'Timeline', svg: chart.svg, text: chart.text }]);
    assert.match(page, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;|<meta http-equiv="Content-Security-Policy" content="default-src 'none'/);
    assert.doesNotMatch(page, /<script|src="http|href="http|@import|url\(/);
    assert.match(page, /<h1 id="job-work">Job <code>work<\/code><\/h1>\n<blockquote>Runs <strong>1 Pod<\/strong>\.<\/blockquote>\n<figure id="picture-timeline"/);
    assert.match(page, /<li>two <code>&lt;b&gt;<\/code><\/li>/);
    assert.match(page, /<td style="text-align:right">2 \| 3<\/td>/);
    assert.match(page, /<figcaption>Job work: simulation/);
    assert.match(page, /<title>Explain &lt;x&gt;<\/title>/);
  });

  it('keeps only safe links', () => {
    assert.equal(markdownHtml('[a](javascript:alert) [b](#pods) [c](https://kubernetes.io)'), '<p>a <a href="#pods">b</a> <a href="https://kubernetes.io">c</a></p>');
  });

  it('stacks several pictures into one SVG that still parses, ids kept apart', () => {
    const a = timelineChart(timelineOfSimulation(simulateJob(job({}), { pods: [] }, 37), 'a'));
    const b = scheduleCalendar(cronJob({ schedule: '@daily' }), 37, { from: Date.parse('2026-12-07T00:00:00Z') / 1000, days: 7 }, 'b');
    const root = parse(stackedSvg([{ id: 'timeline', title: 'a', svg: a.svg, text: a.text }, { id: 'calendar', title: 'b', svg: b.svg, text: b.text }]));
    const ids = all(root, 'title').map((title) => title.getAttribute('id')).filter(Boolean);
    assert.deepEqual(ids, ['ka-title-0', 'ka-title-1']);
  });
});
