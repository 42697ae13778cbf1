// `kubeassist check --helm CHART` and `--kustomize DIR` as a shell user runs them. Neither tool installs on
// the machines these tests run on, so a stand-in on PATH prints a rendering in the tool's real format
// (Helm: `---` and `# Source: <chart>/templates/<file>` before each document; kustomize: the objects only,
// keys sorted) and records the command line it was given. Findings go back to the lines that wrote them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

const TEMPLATE = `apiVersion: batch/v1
kind: Job
metadata:
  name: {{ include "demo.fullname" . }}-migrate
  annotations:
    "helm.sh/hook": pre-install
spec:
  backoffLimit: {{ .Values.backoffLimit }}
  completionMode: indexed
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: migrate
          image: "{{ .Values.image }}"
`;

/** What `helm template chart --values values.yaml` prints for TEMPLATE with backoffLimit: -1 in the values. */
const HELM_OUTPUT = `---
# Source: demo/templates/configmap.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: release-name-demo
data:
  mode: batch
---
# Source: demo/templates/job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: release-name-demo-migrate
  annotations:
    "helm.sh/hook": pre-install
spec:
  backoffLimit: -1
  completionMode: indexed
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: migrate
          image: "registry.example.com/migrate:1.0"
`;

const BASE_JOB = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: migrate\n        image: registry.example.com/migrate:1.0\n';
const PATCH = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\nspec:\n  template:\n    spec:\n      restartPolicy: Always\n';

/** What `kustomize build overlay` prints: the base Job with the patch merged, keys sorted, no comments. */
const KUSTOMIZE_OUTPUT = `apiVersion: batch/v1
kind: Job
metadata:
  name: prod-migrate
spec:
  template:
    spec:
      containers:
      - image: registry.example.com/migrate:1.0
        name: migrate
      restartPolicy: Always
`;

describe('kubeassist check --helm / --kustomize', () => {
  let root: string;
  const bin = () => join(root, 'bin');
  const empty = () => join(root, 'empty');

  /** A stand-in for a tool: records its arguments in <name>.args and prints `output`. */
  function standIn(name: string, output: string): void {
    writeFileSync(join(root, `${name}.out`), output);
    const script = `#!/bin/sh\nprintf '%s\\n' "$@" > '${join(root, `${name}.args`)}'\nexec /bin/cat '${join(root, `${name}.out`)}'\n`;
    writeFileSync(join(bin(), name), script);
    chmodSync(join(bin(), name), 0o755);
  }

  function run(args: string[], path: string) {
    const result = spawnSync(process.execPath, [CLI, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, PATH: path, NO_COLOR: '1' } });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'kubeassist-render-'));
    for (const folder of ['bin', 'empty', 'chart/templates', 'base', 'overlay']) mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, 'chart', 'Chart.yaml'), 'apiVersion: v2\nname: demo\nversion: 0.1.0\n');
    writeFileSync(join(root, 'chart', 'templates', 'job.yaml'), TEMPLATE);
    writeFileSync(join(root, 'values.yaml'), 'backoffLimit: -1\nimage: registry.example.com/migrate:1.0\n');
    writeFileSync(join(root, 'base', 'kustomization.yaml'), 'resources:\n- job.yaml\n');
    writeFileSync(join(root, 'base', 'job.yaml'), BASE_JOB);
    writeFileSync(join(root, 'overlay', 'kustomization.yaml'), 'namePrefix: prod-\nresources:\n- ../base\npatches:\n- path: restart.yaml\n');
    writeFileSync(join(root, 'overlay', 'restart.yaml'), PATCH);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('says clearly that helm is missing, and exits 2', () => {
    const { status, stdout, stderr } = run(['check', '--helm', 'chart'], empty());
    assert.equal(status, 2);
    assert.equal(stdout, '0 files, 0 objects: 0 errors, 0 warnings\n');
    assert.equal(stderr, 'kubeassist: --helm needs the `helm` command, which is not on PATH. Install Helm (https://helm.sh/docs/intro/install/), or check the templates as they are: `kubeassist check CHART/templates`.\n');
  });

  it('says clearly that kustomize and kubectl are missing, and exits 2', () => {
    const { status, stderr } = run(['check', '--kustomize', 'overlay'], empty());
    assert.equal(status, 2);
    assert.match(stderr, /^kubeassist: --kustomize needs the `kustomize` or `kubectl` command, and neither is on PATH\. /);
  });

  it('renders with helm template and reports each finding at the template line that wrote it, or at the template with the rendered object named', () => {
    standIn('helm', HELM_OUTPUT);
    const { status, stdout, stderr } = run(['check', '--helm', 'chart', '--values', 'values.yaml'], bin());
    assert.equal(stderr, '');
    assert.equal(status, 1);
    assert.deepEqual(readFileSync(join(root, 'helm.args'), 'utf8').split('\n').filter(Boolean), ['template', 'chart', '--values', 'values.yaml']);
    assert.equal(stdout, [
      // `backoffLimit: -1` is nowhere in the template (a value wrote it): at the template's `kind` line, the object named.
      'chart/templates/job.yaml:2:1 error job/numbers/negative-backoff-limit `backoffLimit` is -1, but it must not be negative: it is how many failed retries the Job allows before it fails. Use 0 to fail at the first failure, or remove it for the default of 6. (In the rendered Job release-name-demo-migrate, `spec.backoffLimit`, line 18 of the output of `helm template chart`.)',
      'chart/templates/job.yaml:9:19 error schema/enum `indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).',
      '1 file, 1 object (1 Job): 2 errors, 0 warnings',
      '',
    ].join('\n'));
  });

  it('renders with kustomize build and finds the line in the files the kustomization reads', () => {
    standIn('kustomize', KUSTOMIZE_OUTPUT);
    const { status, stdout, stderr } = run(['check', '--kustomize', 'overlay', '--format', 'json'], bin());
    assert.equal(stderr, '');
    assert.equal(status, 1);
    assert.deepEqual(readFileSync(join(root, 'kustomize.args'), 'utf8').split('\n').filter(Boolean), ['build', 'overlay']);
    const findings = JSON.parse(stdout) as { file: string; line: number; column: number; code: string }[];
    assert.deepEqual(findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.code}`), [
      'overlay/restart.yaml:8:22 job/restart-policy/never-or-on-failure-required',
    ]);
  });

  it('falls back to kubectl kustomize when kustomize is not on PATH', () => {
    rmSync(join(bin(), 'kustomize'), { force: true });
    rmSync(join(bin(), 'helm'), { force: true });
    standIn('kubectl', KUSTOMIZE_OUTPUT);
    const { status, stdout } = run(['check', '--kustomize', 'overlay'], bin());
    assert.equal(status, 1);
    assert.deepEqual(readFileSync(join(root, 'kubectl.args'), 'utf8').split('\n').filter(Boolean), ['kustomize', 'overlay']);
    assert.match(stdout, /^overlay\/restart\.yaml:8:22 error job\/restart-policy\/never-or-on-failure-required /);
  });

  it('passes on what the tool says when it fails, and exits 2', () => {
    writeFileSync(join(bin(), 'helm'), "#!/bin/sh\necho 'Error: Chart.yaml file is missing' >&2\nexit 1\n");
    chmodSync(join(bin(), 'helm'), 0o755);
    const { status, stderr } = run(['check', '--helm', 'nochart'], bin());
    assert.equal(status, 2);
    assert.equal(stderr, 'kubeassist: helm template failed (exit status 1):\nError: Chart.yaml file is missing\n');
  });

  it('checks a file its kustomization lists as a patch as a patch, and the same file alone as a whole Job', () => {
    const patch = run(['check', 'overlay/restart.yaml'], empty());
    const lines = patch.stdout.trimEnd().split('\n');
    assert.deepEqual(lines.slice(0, -1).map((line) => line.split(' ', 3).join(' ')), ['overlay/restart.yaml:8:22 error job/restart-policy/never-or-on-failure-required'],
      'a patch leaves the containers to its base: no required field is missing');
    assert.equal(lines[lines.length - 1], '1 file, 1 object (1 Job): 1 error, 0 warnings');
    writeFileSync(join(root, 'alone.yaml'), PATCH);
    const alone = run(['check', 'alone.yaml'], empty());
    assert.match(alone.stdout, /alone\.yaml:\d+:\d+ error schema\/required/);
  });
});
