// `kubeassist diagnose` as a shell user runs it (dist/cli.js): the JSON shape tools rely on (README "Diagnose"), the
// verdict first in text, standard input, several files as one body of evidence, and input that does not fit.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'diagnose');
const NOW = '2026-12-01T12:00:00Z';

function run(args: string[], input?: string | Buffer) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const JOB_KEYS = ['kind', 'name', 'namespace', 'state', 'since', 'verdict', 'end', 'counters', 'budget', 'cause', 'blockers', 'next', 'inconsistencies', 'unknowns', 'advice', 'pods', 'findings'];

describe('kubeassist diagnose', () => {
  let folder: string;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'kubeassist-diagnose-'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('--format json: exactly { objects, notes }, each Job with the documented fields', () => {
    const { status, stdout, stderr } = run(['diagnose', '--format', 'json', '--now', NOW, join(FIXTURES, 'backoff-limit.yaml'), join(FIXTURES, 'backoff-limit-pods.json')]);
    assert.equal(status, 0, stderr);
    const report = JSON.parse(stdout);
    assert.deepEqual(Object.keys(report), ['objects', 'notes']);
    assert.equal(report.objects.length, 1);
    const job = report.objects[0];
    assert.deepEqual(Object.keys(job), JOB_KEYS);
    assert.deepEqual(Object.keys(job.counters), ['active', 'ready', 'terminating', 'succeeded', 'failed', 'completedIndexes', 'failedIndexes']);
    assert.deepEqual(Object.keys(job.end), ['condition', 'reason', 'message', 'at']);
    assert.deepEqual(Object.keys(job.budget), ['limit', 'counted', 'left']);
    assert.deepEqual(Object.keys(job.cause), ['pod', 'index', 'container', 'exitCode', 'reason', 'rule', 'action', 'signal', 'message']);
    assert.deepEqual(Object.keys(job.pods[0]), ['name', 'index', 'phase', 'created', 'started', 'finished', 'outcome', 'container', 'exitCode', 'signal', 'reason', 'rule', 'action']);
    assert.equal(job.state, 'failed');
    assert.deepEqual(job.end, { condition: 'Failed', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit', at: '2026-12-01T10:01:10Z' });
    assert.deepEqual(job.counters, { active: null, ready: 0, terminating: 0, succeeded: null, failed: 3, completedIndexes: null, failedIndexes: null });
    assert.deepEqual(job.cause, { pod: 'pi-zt6lw', index: null, container: 'pi', exitCode: 1, reason: 'Error', rule: null, action: null, signal: null, message: null });
    for (const finding of job.findings) {
      assert.deepEqual(Object.keys(finding).filter((key) => !['path', 'serverMessage'].includes(key)), ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'code', 'message']);
      assert.equal(finding.file, join(FIXTURES, 'backoff-limit.yaml'));
    }
  });

  it('text: the verdict is the first line; several files are one body of evidence', () => {
    const { status, stdout } = run(['diagnose', '--now', NOW, join(FIXTURES, 'backoff-limit.yaml'), join(FIXTURES, 'backoff-limit-pods.json')]);
    assert.equal(status, 0);
    const lines = stdout.split('\n');
    assert.equal(lines[0], 'Job pi failed at 2026-12-01T10:01:10Z (BackoffLimitExceeded): 3 failures counted against backoffLimit 2; the last: Pod pi-zt6lw, container pi exited with code 1.');
    assert.equal(lines[1], '  Job default/pi: failed since 2026-12-01T10:01:10Z');
    assert.ok(lines.includes('    - pi-zt6lw: failed (pi exit 1 Error), ended 2026-12-01T10:01:08Z'), stdout);
  });

  it('standard input (-), and markdown with the verdict first under its heading', () => {
    const { status, stdout } = run(['diagnose', '-', '--format', 'markdown', '--now', NOW], [readFixture('backoff-limit.yaml')].join(''));
    assert.equal(status, 0);
    const lines = stdout.split('\n');
    assert.equal(lines[0], '## Job pi: failed');
    assert.equal(lines[2], '**Job pi failed at 2026-12-01T10:01:10Z (BackoffLimitExceeded): 3 failures counted against backoffLimit 2.**');
    assert.match(stdout, /No Pods were given: which Pod failed/);
  });

  it('bad input: timestamps that do not parse, another Job\'s Pods, events of nothing: notes, exit 0', () => {
    const job = readFixture('backoff-limit.yaml').replace('startTime: "2026-12-01T10:00:00Z"', 'startTime: "last tuesday"');
    const pods = JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'backup-1', namespace: 'default', labels: { 'batch.kubernetes.io/job-name': 'backup' }, ownerReferences: [{ kind: 'Job', name: 'backup', uid: 'other', controller: true }] }, status: { phase: 'Failed' } }] });
    const events = JSON.stringify({ apiVersion: 'v1', kind: 'EventList', items: [{ metadata: { name: 'x.1', namespace: 'default' }, involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'default', uid: 'w' }, reason: 'BackOff', message: 'Back-off restarting failed container', type: 'Warning' }] });
    writeFileSync(join(folder, 'job.yaml'), job);
    writeFileSync(join(folder, 'pods.json'), pods);
    writeFileSync(join(folder, 'events.json'), events);
    const { status, stdout } = run(['diagnose', '--format', 'json', '--now', NOW, join(folder, 'job.yaml'), join(folder, 'pods.json'), join(folder, 'events.json')]);
    assert.equal(status, 0);
    const report = JSON.parse(stdout);
    assert.equal(report.objects[0].state, 'failed');
    assert.deepEqual(report.notes, [
      'Job default/pi: status.startTime "last tuesday" is not an RFC 3339 time; that time is left out.',
      'One Pod matches no Job given (their Job: backup): backup-1; left out.',
      'One event is about nothing given (Pod default/web-1): left out.',
    ]);
  });

  it('a file that is neither YAML nor JSON, a missing file, a folder: a sentence each, exit 2, the rest diagnosed', () => {
    writeFileSync(join(folder, 'broken.yaml'), 'key: [unclosed\n  - : :\n');
    const { status, stdout, stderr } = run(['diagnose', '--now', NOW, join(folder, 'broken.yaml'), join(folder, 'missing.yaml'), folder, join(FIXTURES, 'backoff-limit.yaml')]);
    assert.equal(status, 2);
    assert.match(stderr, /missing\.yaml: no such file\n/);
    assert.match(stderr, /: is a folder\n/);
    assert.match(stdout, /^Job pi failed/);
    assert.match(stdout, /broken\.yaml: line \d+: .*\(neither YAML nor JSON as kubectl reads it\)\./);
  });

  it('a 50 MB Pod list: refused with a sentence in bounded time, from a file and from standard input; the Job still diagnosed', () => {
    const pod = (i: number) => JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `pi-${i}`, namespace: 'default', labels: { 'batch.kubernetes.io/job-name': 'pi' }, annotations: { filler: 'x'.repeat(4000) } }, status: { phase: 'Succeeded' } });
    const items: string[] = [];
    let size = 0;
    for (let i = 0; size < 50_000_000; i++) {
      const text = pod(i);
      items.push(text);
      size += text.length + 1;
    }
    const big = `{"apiVersion":"v1","kind":"List","items":[${items.join(',')}]}`;
    const path = join(folder, 'pods-50mb.json');
    writeFileSync(path, big);
    const started = Date.now();
    const fromFile = run(['diagnose', '--now', NOW, join(FIXTURES, 'backoff-limit.yaml'), path]);
    assert.equal(fromFile.status, 2);
    assert.equal(fromFile.stderr, `kubeassist: ${path}: ${Buffer.byteLength(big).toLocaleString('en-US')} bytes: larger than the 20,000,000 bytes diagnose reads; not read. Give the Pods of one Job (kubectl get pods -l batch.kubernetes.io/job-name=NAME -o json), or a few of them.\n`);
    assert.match(fromFile.stdout, /^Job pi failed/);
    const fromStdin = run(['diagnose', '--now', NOW, '-'], big);
    assert.equal(fromStdin.status, 2);
    assert.match(fromStdin.stderr, /^kubeassist: <stdin>: larger than the 20,000,000 bytes diagnose reads; not read\./);
    assert.ok(Date.now() - started < 20_000, `took ${Date.now() - started} ms`);
  });

  it('a 2,000-Pod JSON list within the bound is diagnosed', () => {
    const pods = Array.from({ length: 2000 }, (_, i) => ({
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name: `pi-${i}`, namespace: 'default', uid: `p-${i}`, creationTimestamp: '2026-12-01T10:00:00Z', labels: { 'batch.kubernetes.io/job-name': 'pi' }, ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'pi', uid: '5f1c6a1e-0d2b-4c55-9b1e-1f3b2c4d5e6f', controller: true }] },
      status: { phase: 'Failed', containerStatuses: [{ name: 'pi', restartCount: 0, state: { terminated: { exitCode: 1, reason: 'Error', finishedAt: '2026-12-01T10:00:30Z' } } }] },
    }));
    writeFileSync(join(folder, 'pods-2000.json'), JSON.stringify({ apiVersion: 'v1', kind: 'List', items: pods }));
    const started = Date.now();
    const { status, stdout } = run(['diagnose', '--format', 'json', '--now', NOW, join(FIXTURES, 'backoff-limit.yaml'), join(folder, 'pods-2000.json')]);
    assert.equal(status, 0);
    assert.equal(JSON.parse(stdout).objects[0].pods.length, 2000);
    assert.ok(Date.now() - started < 15_000, `took ${Date.now() - started} ms`);
  });

  it('usage: no FILE, a bad --now, an unknown format, --help', () => {
    assert.match(run(['diagnose']).stderr, /^kubeassist: no FILE given \(- reads standard input\)\nRun 'kubeassist diagnose --help' for usage\.\n$/);
    assert.match(run(['diagnose', '--now', 'tomorrow', 'x.yaml']).stderr, /--now takes an RFC 3339 time/);
    assert.match(run(['diagnose', '--format', 'sarif', 'x.yaml']).stderr, /unknown format "sarif" for diagnose \(text, markdown, json, svg, html\)/);
    const help = run(['diagnose', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^Usage: kubeassist diagnose \[--format text\|markdown\|json\|svg\|html\] \[--now TIME\] \[--kubernetes-version 1\.NN\] FILE\.\.\. \| -/);
  });

  it('no Job or CronJob: exit 1 and the note', () => {
    const { status, stdout } = run(['diagnose', '--now', NOW, '-'], 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n');
    assert.equal(status, 1);
    assert.match(stdout, /^No Job or CronJob to diagnose\.\n/);
  });
});

function readFixture(name: string): string {
  return require('node:fs').readFileSync(join(FIXTURES, name), 'utf8');
}
