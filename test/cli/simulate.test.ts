// `kubeassist simulate` as a shell user runs it: the built dist/cli.js, its output and exit status.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const FIXTURES = 'test/fixtures/simulate';

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [CLI, 'simulate', ...args], { cwd: ROOT, input, encoding: 'utf8', env: { ...process.env, KUBEASSIST_NOW: '2026-01-03T12:00:00Z' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function scenarioFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kubeassist-simulate-')), 'scenario.yaml');
  writeFileSync(path, text);
  return path;
}

describe('kubeassist simulate', () => {
  it('the website#54415 Job reaches Failed / BackoffLimitExceeded at 544 s ± 5 s (--format json)', () => {
    const { status, stdout } = run([`${FIXTURES}/website-54415.yaml`, '--scenario', `${FIXTURES}/website-54415.scenario.yaml`, '--format', 'json']);
    assert.equal(status, 0);
    const result = JSON.parse(stdout);
    assert.equal(result.end.condition, 'Failed');
    assert.equal(result.end.reason, 'BackoffLimitExceeded');
    assert.ok(Math.abs(result.end.at - 544) <= 5, `ended at ${result.end.at}`);
    assert.deepEqual(Object.keys(result).filter((key) => ['spec', 'pods', 'status', 'end'].includes(key)), ['spec', 'pods', 'status', 'end']);
    assert.deepEqual(result.pods[0], { name: 'job-pod-failure-policy-example-bbbbb', index: null, created: 0, finished: 31, phase: 'Failed', exitCode: 42, rule: null, action: null, counted: true, restarts: 0 });
    assert.deepEqual({ ...result.status, conditions: undefined }, { active: 0, ready: 0, terminating: 0, succeeded: 0, failed: 8, completedIndexes: '', failedIndexes: null, startTime: 0, completionTime: null, conditions: undefined });
    assert.deepEqual(result.status.conditions.map((c: { type: string; at: number }) => [c.type, c.at]), [['FailureTarget', 545], ['Failed', 545]]);
    assert.equal(result.spec.backoffLimit, 6);
    assert.equal(result.spec.template, undefined);
  });

  it('prints a timeline: Pods created, outcomes, counts, back-off waits, conditions and the end', () => {
    const { status, stdout } = run([`${FIXTURES}/website-54415.yaml`, '--scenario', `${FIXTURES}/website-54415.scenario.yaml`, '--kubernetes-version', '1.37']);
    assert.equal(status, 0);
    const lines = stdout.split('\n');
    assert.equal(lines[0], `Job job-pod-failure-policy-example (${FIXTURES}/website-54415.yaml:3), Kubernetes 1.37, scenario: ${FIXTURES}/website-54415.scenario.yaml`);
    assert.equal(lines[1], '  spec: completions 8, parallelism 2, completionMode NonIndexed, backoffLimit 6, podReplacementPolicy TerminatingOrFailed, suspend false');
    for (const line of [
      '     0s  Pod job-pod-failure-policy-example-bbbbb created',
      '    31s  Pod job-pod-failure-policy-example-bbbbb failed: container main exited with 42',
      '    32s  back-off: the next Pod waits 19s (until 51s)',
      '  3m14s  back-off: the next Pod waits 319s (until 513s)',
      '  9m05s  condition Failed=True (BackoffLimitExceeded: Job has reached the specified backoff limit)',
      '  end: Failed (BackoffLimitExceeded) at 9m05s (545s)',
      '  status: active 0, succeeded 0, failed 8',
    ]) assert.ok(lines.includes(line), `missing line: ${line}\n${stdout}`);
  });

  it('runs a ready scenario on the object named by --object: a FailJob rule on exit code 42 in container main', () => {
    const { status, stdout } = run([`${FIXTURES}/jobs.yaml`, '--object', 'with-policy', '--scenario', 'preset:exit-code,code=42,container=main,runFor=10s', '--format', 'json']);
    assert.equal(status, 0);
    const result = JSON.parse(stdout);
    assert.deepEqual(result.object, { kind: 'Job', name: 'with-policy', line: 0 });
    assert.deepEqual(result.end, { condition: 'Failed', reason: 'PodFailurePolicy', at: 11 });
    assert.deepEqual(result.pods.map((p: { rule: number; action: string }) => [p.rule, p.action]), [[1, 'FailJob'], [1, 'FailJob']]);
  });

  it('an evicted Pod matches the Ignore rule and is not counted', () => {
    const { stdout } = run([`${FIXTURES}/jobs.yaml`, '--object', 'with-policy', '--scenario', 'preset:evicted', '--format', 'json']);
    const result = JSON.parse(stdout);
    assert.deepEqual([result.pods[0].action, result.pods[0].counted, result.status.failed, result.end.condition], ['Ignore', false, 0, 'Complete']);
  });

  it('reads a scenario file with a Job and a CronJob document; a CronJob with a Job scenario runs its job template', () => {
    const file = scenarioFile('pods:\n- exitCode: 1\n  runFor: 5s\nthen: succeed\n---\ncreated: "2026-01-01T00:00:00Z"\nnow: "2026-01-03T12:00:00Z"\n');
    const { status, stdout } = run([`${FIXTURES}/jobs.yaml`, '--object', 'nightly', '--scenario', file, '--format', 'json']);
    assert.equal(status, 0, stdout);
    const result = JSON.parse(stdout);
    assert.equal(result.object.kind, 'CronJob');
    assert.match(result.notes[0], /CronJob nightly: this is what each Job it creates/);
  });

  it('runs the CronJob controller on a CronJob scenario: the decision, the Job it creates and the next runs', () => {
    const file = scenarioFile('created: "2026-01-01T00:00:00Z"\nlastScheduleTime: "2026-01-01T03:00:00Z"\nnow: "2026-01-03T12:00:00Z"\nactiveJobs: 1\n');
    const json = run([`${FIXTURES}/jobs.yaml`, '--object', 'nightly', '--scenario', file, '--format', 'json']);
    assert.equal(json.status, 0, json.stderr);
    const result = JSON.parse(json.stdout);
    assert.deepEqual(result.decision, { action: 'create', reason: 'SuccessfulCreate', scheduledTime: '2026-01-03T03:00:00Z', missed: 2, tooManyMissed: false, requeueAfter: 15 * 3600 + 0.1 });
    assert.equal(result.jobName, 'nightly-29456820');
    assert.deepEqual(result.next.slice(0, 2), ['2026-01-04T03:00:00Z', '2026-01-05T03:00:00Z']);
    const text = run([`${FIXTURES}/jobs.yaml`, '--object', 'nightly', '--scenario', 'preset:cluster-down']);
    assert.deepEqual(text.stdout.split('\n').slice(1, 3), [
      '  decision: create (SuccessfulCreate) for the run scheduled at 2026-01-03T03:00:00Z; missed runs counted: 1',
      '  job: nightly-29456820',
    ]);
  });

  it('says what is wrong with each bad entry of a scenario, with its path, and exits 2', () => {
    const file = scenarioFile('pods:\n- exitCode: one\n- runFor: 31\n  index: -2\nthen: explode\n');
    const { status, stdout, stderr } = run([`${FIXTURES}/jobs.yaml`, '--scenario', file]);
    assert.equal(status, 2);
    assert.equal(stdout, '');
    assert.deepEqual(stderr.trimEnd().split('\n'), [
      `kubeassist: ${file}: pods[0].exitCode: an integer exit code, not "one"`,
      `kubeassist: ${file}: pods[1].index: a completion index (0 or more), not -2`,
      `kubeassist: ${file}: then: "explode" is not one of succeed, fail, run`,
    ]);
  });

  it('reports a scenario that is not YAML, an unknown preset and an unknown object', () => {
    const broken = scenarioFile('pods: [\n');
    assert.match(run([`${FIXTURES}/jobs.yaml`, '--scenario', broken]).stderr, /scenario\.yaml:\d+:\d+: not valid YAML/);
    const preset = run([`${FIXTURES}/jobs.yaml`, '--scenario', 'preset:meltdown']);
    assert.deepEqual([preset.status, preset.stderr.trim()], [2, 'kubeassist: preset:meltdown: unknown preset "meltdown"; the presets are all-fail, exit-code, evicted, index-fails, cluster-down']);
    const object = run([`${FIXTURES}/jobs.yaml`, '--object', 'nope']);
    assert.deepEqual([object.status, object.stderr.trim()], [2, `kubeassist: ${FIXTURES}/jobs.yaml: no Job or CronJob named nope (the file has with-policy, indexed, nightly)`]);
  });

  it('reads the manifest from standard input and shows its usage with --help', () => {
    const { status, stdout } = run(['-', '--format', 'json'], 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: pi\n        image: perl\n');
    assert.equal(status, 0);
    assert.deepEqual(JSON.parse(stdout).end, { condition: 'Complete', reason: 'CompletionsReached', at: 1 });
    const help = run(['--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^Usage: kubeassist simulate FILE/);
    assert.match(help.stdout, /index-fails: index I always fails/);
  });
  it('upstream TestSyncJobWithJobBackoffLimitPerIndex/job failed due to failed indexes, end to end: the end, the counters and the index sets in the JSON', () => {
    const manifest = scenarioFile([
      'apiVersion: batch/v1', 'kind: Job', 'metadata: {name: foobar}', 'spec:', '  completions: 2', '  parallelism: 2', '  completionMode: Indexed',
      '  backoffLimitPerIndex: 1', '  template:', '    spec:', '      restartPolicy: Never', '      containers: [{name: main, image: foo/bar}]', '',
    ].join('\n'));
    const { status, stdout, stderr } = run([manifest, '--scenario', scenarioFile('pods:\n- {index: 0, exitCode: 1, always: true}\n'), '--format', 'json']);
    assert.equal(status, 0, stderr);
    const result = JSON.parse(stdout);
    assert.deepEqual(result.end, { condition: 'Failed', reason: 'FailedIndexes', at: 11 });
    assert.deepEqual([result.status.active, result.status.ready, result.status.terminating, result.status.succeeded, result.status.failed], [0, 0, 0, 1, 2]);
    assert.deepEqual([result.status.completedIndexes, result.status.failedIndexes], ['1', '0']);
  });

  it('a Pod deleted from outside (terminating) is replaced once it stopped under podReplacementPolicy Failed', () => {
    const manifest = scenarioFile([
      'apiVersion: batch/v1', 'kind: Job', 'metadata: {name: foobar}', 'spec:', '  podReplacementPolicy: Failed', '  template:', '    spec:',
      '      restartPolicy: Never', '      containers: [{name: main, image: foo/bar}]', '',
    ].join('\n'));
    const { status, stdout, stderr } = run([manifest, '--scenario', scenarioFile('pods:\n- {runFor: 5s, terminating: 30s}\n')]);
    assert.equal(status, 0, stderr);
    for (const line of [
      '    5s  Pod foobar-bbbbb deleted from outside; it stops after 30s',
      '    6s  status: active 0, succeeded 0, failed 0, terminating 1',
      '   35s  Pod foobar-bbbbb stopped after its deletion: failed',
      '   45s  Pod foobar-bbbbc created',
      '  end: Complete (CompletionsReached) at 46s (46s)',
    ]) assert.ok(stdout.split('\n').includes(line), `missing line: ${line}\n${stdout}`);
  });
});
