// The relation checks through the real CLI (dist/cli.js): the paths given are one workspace; each upstream
// report of issue 23 is found in the text report with its other end on a note line, in JSON and in SARIF
// (relatedLocations); --no-relations and `.kubeassist.yaml` turn them off.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { RELATION_CASES, writeCase, type RelationCase } from '../support/relationCases';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function run(cwd: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, 'check', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function folderOf(testCase: RelationCase): string {
  const root = writeCase(testCase);
  folders.push(root);
  if (testCase.relations?.undefinedReferences) writeFileSync(join(root, '.kubeassist.yaml'), 'relations:\n  undefinedReferences: true\n');
  return root;
}

interface JsonFinding {
  file: string;
  line: number;
  column: number;
  endColumn: number;
  severity: string;
  code: string;
  related?: { file: string; line: number; message: string }[];
}

describe('the upstream reports through the real CLI', () => {
  for (const testCase of RELATION_CASES) {
    it(testCase.report, () => {
      const root = folderOf(testCase);
      const { status, stdout } = run(root, '--format', 'json', '.');
      assert.equal(status, 0, stdout);
      const found = (JSON.parse(stdout) as JsonFinding[]).filter((finding) => finding.code.startsWith('relations/'));
      const text = testCase.files[testCase.file].split('\n');
      assert.deepEqual(
        found.map((finding) => ({ file: finding.file, code: finding.code, severity: finding.severity, underlines: text[finding.line - 1].slice(finding.column - 1, finding.endColumn - 1) })),
        testCase.expect.map(({ code, severity, underlines }) => ({ file: testCase.file, code, severity, underlines })),
      );
      testCase.expect.forEach((expected, i) => {
        if (expected.related) assert.ok(found[i].related?.some((end) => end.file === expected.related), JSON.stringify(found[i].related));
      });
    });
  }
});

describe('kubeassist check and the relations', () => {
  const mastodon = RELATION_CASES.find((testCase) => testCase.report.startsWith('mastodon/chart#74')) as RelationCase;

  it('prints the other end on a note line below the finding (which the problem matcher does not take for a finding)', () => {
    const root = folderOf(mastodon);
    const { stdout } = run(root, '.');
    const lines = stdout.split('\n');
    const at = lines.findIndex((line) => line.startsWith('mastodon/templates/job-db-migrate.yaml:23:23 warning relations/helm-hook-order This pre-install hook reads ConfigMap'));
    assert.ok(at >= 0, stdout);
    assert.equal(lines[at + 1], '  mastodon/templates/configmap-env.yaml:4:9 note: ConfigMap `{{ include "mastodon.fullname" . }}-env` is created here, as a regular resource of the release (Helm creates those only after every pre-install hook has finished).');
    assert.doesNotMatch(lines[at + 1], /^(.+?):(\d+):(\d+) (error|warning) (\S+) (.+)$/);
    assert.match(lines[lines.length - 2], /^3 files, 1 object \(1 Job\): 0 errors, 1 warning$/);
  });

  it('SARIF: the result at the reference, the ConfigMap as a related location', () => {
    const root = folderOf(mastodon);
    const { stdout } = run(root, '--format', 'sarif', '--sarif-base', root, '.');
    const result = JSON.parse(stdout).runs[0].results.find((candidate: { ruleId: string }) => candidate.ruleId === 'relations/helm-hook-order');
    assert.deepEqual(result.locations[0].physicalLocation, { artifactLocation: { uri: 'mastodon/templates/job-db-migrate.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 23, startColumn: 23, endLine: 23, endColumn: 62 } });
    assert.deepEqual(result.relatedLocations, [{
      id: 0,
      physicalLocation: { artifactLocation: { uri: 'mastodon/templates/configmap-env.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 4, startColumn: 9, endLine: 4, endColumn: 48 } },
      message: { text: 'ConfigMap `{{ include "mastodon.fullname" . }}-env` is created here, as a regular resource of the release (Helm creates those only after every pre-install hook has finished).' },
    }]);
    assert.deepEqual(result.locations[0].logicalLocations[0], { name: '{{ include "mastodon.fullname" . }}-db-migrate', fullyQualifiedName: 'Job/default/{{ include "mastodon.fullname" . }}-db-migrate', kind: 'object' });
  });

  it('--no-relations leaves them out', () => {
    const root = folderOf(mastodon);
    const { stdout } = run(root, '--no-relations', '.');
    assert.doesNotMatch(stdout, /relations\//);
    assert.match(stdout, /0 errors, 0 warnings/);
  });

  it('.kubeassist.yaml relations.enable: false leaves them out, rules: relations/: off too', () => {
    const root = folderOf(mastodon);
    writeFileSync(join(root, '.kubeassist.yaml'), 'relations:\n  enable: false\n');
    assert.doesNotMatch(run(root, '.').stdout, /relations\//);
    writeFileSync(join(root, '.kubeassist.yaml'), 'rules:\n  relations/: "off"\n');
    assert.doesNotMatch(run(root, '.').stdout, /relations\//);
  });

  it('one file given alone is a workspace of one file: the ConfigMap it does not name is not known', () => {
    const root = folderOf(mastodon);
    assert.doesNotMatch(run(root, 'mastodon/templates/job-db-migrate.yaml').stdout, /relations\//);
    assert.match(run(root, 'mastodon/templates/job-db-migrate.yaml', 'mastodon/templates/configmap-env.yaml').stdout, /relations\/helm-hook-order/);
  });

  it('the same findings on worker threads (--jobs 2 with enough files to use them)', () => {
    const root = folderOf(mastodon);
    for (let i = 0; i < 420; i++) writeFileSync(join(root, `filler-${i}.yaml`), `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: filler-${i}\n`);
    const { stdout } = run(root, '--jobs', '2', '--format', 'json', '.');
    const found = (JSON.parse(stdout) as JsonFinding[]).filter((finding) => finding.code.startsWith('relations/'));
    assert.deepEqual(found.map((finding) => [finding.file, finding.line, finding.code, finding.related?.[0]?.file]), [['mastodon/templates/job-db-migrate.yaml', 23, 'relations/helm-hook-order', 'mastodon/templates/configmap-env.yaml']]);
  });
});
