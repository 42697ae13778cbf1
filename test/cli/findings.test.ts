// Missed and wrong findings on real files (issue 20), through the built CLI as a shell user runs it: an invalid
// namespace, `kind: job`, a JSON 6902 remove judged against its base, a strategic-merge patch for a retired
// apiVersion, the Forbid-without-deadline advice as information, and a Helm template the masking alone cannot
// read. (SARIF's rule list is test/cli/formats.test.ts's.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { REPO_ROOT } from '../support/shared';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');

interface JsonFinding {
  file: string;
  line: number;
  column: number;
  severity: string;
  code: string;
  message: string;
  path?: string;
  serverMessage?: string;
}

describe('kubeassist check on what real files get wrong', () => {
  const work = mkdtempSync(join(tmpdir(), 'kubeassist-findings-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  /** Writes files under a fresh folder of `work`; returns the folder. */
  function tree(name: string, files: Record<string, string>): string {
    const root = join(work, name);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  function check(cwd: string, ...args: string[]): { status: number | null; findings: JsonFinding[]; stderr: string } {
    const result = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', ...args], { cwd, encoding: 'utf8' });
    return { status: result.status, findings: JSON.parse(result.stdout || '[]') as JsonFinding[], stderr: result.stderr };
  }

  const at = (findings: JsonFinding[]) => findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.severity} ${f.code}`);

  const job = (metadata: string) => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\n${metadata}spec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: pi\n        image: perl\n`;

  it('refuses a namespace that is no DNS label (ValidateNamespaceName): upper case, underscore, 64 characters; a CSIDriver\'s is only ignored', () => {
    const root = tree('namespaces', {
      'jobs.yaml': [job('  namespace: Default\n'), job('  namespace: my_ns\n'), job(`  namespace: ${'n'.repeat(64)}\n`), job('  namespace: batch-jobs\n')].join('---\n'),
      'driver.yaml': 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\n  namespace: Not_Valid\nspec: {}\n',
    });
    const { status, findings } = check(root, 'jobs.yaml', 'driver.yaml');
    assert.equal(status, 1);
    assert.deepEqual(at(findings), [
      'jobs.yaml:5:14 error meta/namespace-invalid',
      'jobs.yaml:18:14 error meta/namespace-invalid',
      'jobs.yaml:31:14 error meta/namespace-invalid',
      'driver.yaml:5:3 warning csidriver/namespace/ignored',
    ]);
    assert.equal(findings[0].message, '`Default` is not a valid namespace: it must use only lower-case letters, digits and `-`, and start and end with a letter or digit (namespace names are DNS-1123 labels). No namespace can have this name, so the Job cannot be created: the API server answers `namespaces "Default" not found` (its namespace check comes before validation). Try `default`.');
    assert.equal(findings[0].serverMessage, 'metadata.namespace: Invalid value: "Default": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')');
    assert.match(findings[2].serverMessage ?? '', /^metadata\.namespace: Invalid value: "n{64}": must be no more than 63 characters$/);
  });

  it('refuses `kind: job` with apiVersion batch/v1 in kubectl\'s words, and --fix writes `Job`', () => {
    const root = tree('kind-case', { 'job.yaml': job('').replace('kind: Job', 'kind: job'), 'cron.yaml': 'apiVersion: batch/v1\nkind: cronjob\nmetadata:\n  name: c\nspec: {}\n', 'volcano.yaml': 'apiVersion: batch.volcano.sh/v1alpha1\nkind: job\nmetadata:\n  name: v\n' });
    const { status, findings } = check(root, 'job.yaml', 'cron.yaml', 'volcano.yaml');
    assert.equal(status, 1);
    assert.deepEqual(at(findings), ['job.yaml:2:7 error kind/case', 'cron.yaml:2:7 error kind/case']);
    assert.equal(findings[0].message, '`kind: job` is no kind the API server serves: kinds are case-sensitive, so kubectl refuses the file. Write `kind: Job`.');
    assert.equal(findings[0].serverMessage, 'no matches for kind "job" in version "batch/v1"');
    const fixed = spawnSync(process.execPath, [CLI, 'check', '--fix', 'job.yaml'], { cwd: root, encoding: 'utf8' });
    assert.equal(fixed.status, 0, fixed.stdout + fixed.stderr);
    assert.equal(readFileSync(join(root, 'job.yaml'), 'utf8'), job(''));
  });

  describe('a JSON 6902 remove of a field no CronJob has (argoproj-deployments removes spec.backoffLimit from a CronJob base)', () => {
    const cronJob = (extra: string) => `apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n${extra}  schedule: "0 3 * * *"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers:\n          - name: report\n            image: busybox\n`;
    const overlay = 'resources:\n- ../base\npatches:\n- path: remove-backoff-limit.yaml\n  target:\n    group: batch\n    version: v1\n    kind: CronJob\n    name: nightly\n';
    const remove = '- op: remove\n  path: /spec/backoffLimit\n';

    it('is clean when the local base holds that stray field (the patch repairs it); the base itself gets its error', () => {
      const root = tree('argo-stray', { 'base/kustomization.yaml': 'resources:\n- cronjob.yaml\n', 'base/cronjob.yaml': cronJob('  backoffLimit: 0\n'), 'overlay/kustomization.yaml': overlay, 'overlay/remove-backoff-limit.yaml': remove });
      assert.deepEqual(at(check(root, 'overlay/remove-backoff-limit.yaml').findings), []);
      assert.deepEqual(at(check(root, 'base/cronjob.yaml').findings), ['base/cronjob.yaml:6:3 error schema/unknown-field']);
    });

    it('is an error naming the base when the local base does not hold it: kustomize would stop', () => {
      const root = tree('argo-missing', { 'base/kustomization.yaml': 'resources:\n- cronjob.yaml\n', 'base/cronjob.yaml': cronJob(''), 'overlay/kustomization.yaml': overlay, 'overlay/remove-backoff-limit.yaml': remove });
      const { status, findings } = check(root, 'overlay/remove-backoff-limit.yaml');
      assert.equal(status, 1);
      assert.deepEqual(at(findings), ['overlay/remove-backoff-limit.yaml:2:9 error kustomize/json6902-path']);
      assert.match(findings[0].message, /nor does the base object in `\.\.\/base\/cronjob\.yaml` hold it, so kustomize stops/);
    });

    it('is silent when the base is not local', () => {
      const root = tree('argo-remote', { 'overlay/kustomization.yaml': overlay.replace('- ../base', '- https://github.com/example/deployments//base?ref=main'), 'overlay/remove-backoff-limit.yaml': remove });
      assert.deepEqual(check(root, 'overlay/remove-backoff-limit.yaml').findings, []);
    });
  });

  it('judges a strategic-merge patch written for a batch/v1beta1 CronJob: deprecated up to 1.24, refused from 1.25', () => {
    const patch = 'apiVersion: batch/v1beta1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n  schedule: "0 4 * * *"\n';
    const root = tree('v1beta1-patch', { 'kustomization.yaml': 'resources:\n- cronjob.yaml\npatchesStrategicMerge:\n- schedule.yaml\n', 'schedule.yaml': patch });
    const old = check(root, '--kubernetes-version', '1.24', 'schedule.yaml');
    assert.deepEqual([old.status, ...at(old.findings)], [0, 'schedule.yaml:1:13 warning kind/api-version-deprecated']);
    const now = check(root, '--kubernetes-version', '1.25', 'schedule.yaml');
    assert.deepEqual([now.status, ...at(now.findings)], [1, 'schedule.yaml:1:13 error kind/api-version']);
    assert.match(now.findings[0].message, /This patch applies only to a base object of the same apiVersion, so that base is refused too/);
    // Given a target, kustomize applies it with the target's apiVersion: its own is not judged.
    const targeted = tree('v1beta1-targeted', { 'kustomization.yaml': 'resources:\n- cronjob.yaml\npatches:\n- path: schedule.yaml\n  target:\n    kind: CronJob\n    name: nightly\n', 'schedule.yaml': patch });
    assert.deepEqual(check(targeted, 'schedule.yaml').findings, []);
  });

  it('says a Forbid CronJob without activeDeadlineSeconds as information: exit 0, counted as info', () => {
    const root = tree('forbid', { 'cron.yaml': 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n  schedule: "0 3 * * *"\n  concurrencyPolicy: Forbid\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers:\n          - name: report\n            image: busybox\n' });
    const { status, findings } = check(root, 'cron.yaml');
    assert.deepEqual([status, ...at(findings)], [0, 'cron.yaml:7:22 information cronjob/concurrency/forbid-without-deadline']);
    const text = spawnSync(process.execPath, [CLI, 'check', 'cron.yaml'], { cwd: root, encoding: 'utf8' });
    assert.equal(text.stdout.trimEnd().split('\n').pop(), '1 file, 1 object (1 CronJob): 0 errors, 0 warnings, 1 info');
  });

  it('checks the literal parts of a Helm template whose masked text does not parse (an include after a container\'s dash)', () => {
    const template = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: {{ include "app.fullname" . }}-migrate\n  namespace: {{ .Release.Namespace }}\nspec:\n  backoffLimit: -1\n  template:\n    spec:\n      restartPolicy: Always\n      containers:\n        - {{ include "app.container" . | trim }}\n          volumeMounts:\n            - name: data\n              mountPath: /data\n';
    const root = tree('helm', { 'chart/Chart.yaml': 'apiVersion: v2\nname: app\nversion: 1.0.0\n', 'chart/templates/job.yaml': template });
    const { status, findings } = check(root, 'chart/templates/job.yaml');
    assert.equal(status, 1);
    assert.deepEqual(at(findings), [
      'chart/templates/job.yaml:7:17 error job/numbers/negative-backoff-limit',
      'chart/templates/job.yaml:10:22 error job/restart-policy/never-or-on-failure-required',
    ]);
  });
});
