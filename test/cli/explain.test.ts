// `kubeassist explain` as a shell user runs it: the built dist/cli.js in each format, its usage errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, input, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  backoffLimit: 2
  ttlSecondsAfterFinished: 600
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "30 2 * * 1-5"
  timeZone: America/New_York
  concurrencyPolicy: Forbid
  startingDeadlineSeconds: 300
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - name: report
            image: busybox
`;

describe('kubeassist explain', () => {
  let folder: string;
  let file: string;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'kubeassist-explain-'));
    file = join(folder, 'jobs.yaml');
    writeFileSync(file, JOB);
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('text: file:line, the summary, then each section indented', () => {
    const { status, stdout, stderr } = run(['explain', '--now', '2026-03-27T12:00:00Z', file]);
    assert.equal(status, 0, stderr);
    const lines = stdout.split('\n');
    assert.equal(lines[0], `${file}:1: Job pi (Kubernetes 1.37)`);
    assert.equal(lines[1], '  Runs 1 Pod to success; fails after 3 failed Pods; deleted 600 s (10 min) after it finishes.');
    assert.ok(lines.includes('    `restartPolicy: Never`: every failed Pod counts once. The Job fails when more than 2 Pods have failed (at the 3rd failure): `backoffLimit: 2`.'), stdout);
    assert.ok(lines.includes('    600 s (10 min) after the Job finishes (`Complete` or `Failed`), the TTL controller deletes it, and its Pods with it: their logs are gone then.'), stdout);
    assert.ok(lines.includes(`${file}:15: CronJob nightly (Kubernetes 1.37)`), stdout);
    assert.ok(lines.includes('    - Mon 2026-03-30 02:30 (UTC-04:00)'), 'the next runs on the zone\'s clock');
    assert.ok(lines.includes('    `concurrencyPolicy: Forbid`: while an earlier Job is still running, the run is skipped (event `JobAlreadyActive`); a Job that hangs blocks every later run unless its template sets `activeDeadlineSeconds`.'), stdout);
  });

  it('markdown: one heading per object, sections as lists, the defaults as a table', () => {
    const { status, stdout } = run(['explain', '--format', 'markdown', '--now', '2026-03-27T12:00:00Z', file]);
    assert.equal(status, 0);
    assert.ok(stdout.startsWith(`## Job \`pi\`\n\n*Kubernetes 1.37 · ${file}:1*\n\n> Runs 1 Pod to success;`), stdout.slice(0, 200));
    assert.ok(stdout.includes('\n| `spec.completions` | `1` | SetDefaults_Job |\n'), stdout);
    assert.ok(stdout.includes('\n### Set on each Job the CronJob creates\n'), stdout);
    assert.ok(stdout.includes('\n## CronJob `nightly`\n'), stdout);
  });

  it('json: one object with every explanation, 1-based lines, and the release', () => {
    const { status, stdout } = run(['explain', '--format=json', '--kubernetes-version', '1.30', '--now', '2026-03-27T12:00:00Z', file]);
    assert.equal(status, 0);
    const report = JSON.parse(stdout) as { kubernetesVersion: string; objects: { file: string; line: number; explanation: Record<string, any> }[] };
    assert.equal(report.kubernetesVersion, '1.30');
    assert.deepEqual(report.objects.map(({ file: name, line, explanation }) => [name, line, explanation.kind, explanation.name]), [[file, 1, 'Job', 'pi'], [file, 15, 'CronJob', 'nightly']]);
    const [job, cron] = report.objects.map((object) => object.explanation);
    assert.equal(job.job.backoffLimit, 2);
    assert.equal(job.job.ttlSecondsAfterFinished, 600);
    assert.equal(job.job.podReplacementPolicy, 'TerminatingOrFailed');
    assert.deepEqual(cron.cronJob.nextRuns, ['2026-03-30T06:30:00Z', '2026-03-31T06:30:00Z', '2026-04-01T06:30:00Z', '2026-04-02T06:30:00Z', '2026-04-03T06:30:00Z']);
    assert.equal(cron.cronJob.job.counts, 'failed-pods-and-container-restarts');
    assert.ok(Array.isArray(cron.sections) && cron.sections.every((section: { id: string; title: string; lines: string[] }) => section.id && section.title && section.lines.length));
  });

  it('reads standard input, and says so when there is nothing to explain', () => {
    const { status, stdout } = run(['explain', '-'], 'apiVersion: v1\nkind: ConfigMap\n');
    assert.equal(status, 0);
    assert.equal(stdout, 'No Job, CronJob or CSIDriver found.\n');
  });

  it('usage errors exit 2 with the one line and where the explain usage is', () => {
    const bad = run(['explain', '--format', 'sarif', file]);
    assert.equal(bad.status, 2);
    assert.equal(bad.stderr, "kubeassist: unknown format \"sarif\" for explain (text, markdown, json, svg, html)\nRun 'kubeassist explain --help' for usage.\n");
    assert.equal(run(['explain']).status, 2);
    const help = run(['explain', '--help']);
    assert.equal(help.status, 0);
    assert.ok(help.stdout.startsWith('Usage: kubeassist explain'));
  });

  it('a file that cannot be read is named, the others are still explained, exit 2', () => {
    const { status, stdout, stderr } = run(['explain', join(folder, 'missing.yaml'), file]);
    assert.equal(status, 2);
    assert.match(stderr, /missing\.yaml: /);
    assert.ok(stdout.includes('Job pi'));
  });
});
