// `kubeassist check --format sarif|github|junit` and `--output`, through the built CLI, each held to what its
// consumer reads: SARIF against a golden file and Microsoft's validator (sarif-multitool, with its GitHub
// rules), fingerprints that survive inserted lines, GitHub's workflow-command escaping, JUnit parsed back
// with an XML parser.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { escapeData, escapeProperty } from '../../server/src/cli/github';
import { sarifReport, type ReportFile } from '../../server/src/cli/sarif';
import { allRuleCodes } from '../../server/src/service/codes';
import { REPO_ROOT } from '../support/shared';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const FIXTURE = 'test/cli/fixtures/sarif';
const GOLDEN = join(REPO_ROOT, FIXTURE, 'expected.sarif.json');
const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function run(args: string[], options: { cwd?: string; input?: string } = {}) {
  const result = spawnSync(process.execPath, [CLI, 'check', ...args], { cwd: options.cwd ?? REPO_ROOT, input: options.input, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

type Sarif = {
  version: string;
  runs: {
    tool: { driver: { version: string; semanticVersion: string; rules: { id: string }[] } };
    originalUriBaseIds: Record<string, { uri: string }>;
    invocations: { toolExecutionNotifications?: { level: string; message: { text: string } }[] }[];
    results: Result[];
  }[];
};
type Result = {
  ruleId: string;
  ruleIndex?: number;
  level: string;
  locations: { physicalLocation: { artifactLocation: { uri?: string; uriBaseId?: string }; region: { startLine: number; startColumn: number; endLine: number; endColumn: number } }; logicalLocations?: { fullyQualifiedName: string }[] }[];
  partialFingerprints: Record<string, string>;
  suppressions?: unknown[];
};

/** The run lists exactly the rules its results use, in the code table's order, and each ruleIndex points at its rule. */
function assertUsedRules(sarif: Sarif): void {
  const [run] = sarif.runs;
  const rules = run.tool.driver.rules;
  const used = new Set(run.results.map((result) => result.ruleId));
  assert.deepEqual(rules.map((rule) => rule.id), allRuleCodes().map((code) => code.code).filter((code) => used.has(code)), 'the rules the results use, in the code table\'s order');
  for (const result of run.results) assert.equal(rules[result.ruleIndex ?? -1]?.id, result.ruleId, 'ruleIndex points at the rule');
}

/** The log as the golden file holds it: the version and this machine's folder as placeholders, no ruleIndex (checked before). */
function normalized(sarif: Sarif): unknown {
  assertUsedRules(sarif);
  const copy = JSON.parse(JSON.stringify(sarif)) as Sarif;
  const [out] = copy.runs;
  out.tool.driver.version = out.tool.driver.semanticVersion = '<version>';
  for (const result of out.results) delete result.ruleIndex;
  for (const base of Object.values(out.originalUriBaseIds)) base.uri = base.uri.replace(pathToFileURL(REPO_ROOT).href, 'file:///<repository>');
  return copy;
}

describe('--format sarif', () => {
  const work = mkdtempSync(join(tmpdir(), 'kubeassist-sarif-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  it('two files: exactly the golden SARIF (rules, regions, logical locations, fingerprints, the silenced finding as suppressed)', () => {
    const { status, stdout, stderr } = run(['--format', 'sarif', `${FIXTURE}/`]);
    assert.equal(stderr, '');
    assert.equal(status, 1, 'errors were found');
    const actual = normalized(JSON.parse(stdout) as Sarif);
    if (process.env.UPDATE_GOLDEN) writeFileSync(GOLDEN, JSON.stringify(actual, null, 2) + '\n');
    assert.deepEqual(actual, JSON.parse(readFileSync(GOLDEN, 'utf8')), `${GOLDEN} differs: if the change is meant, run UPDATE_GOLDEN=1 node --import tsx --test test/cli/formats.test.ts`);
    assert.equal((JSON.parse(stdout) as Sarif).runs[0].tool.driver.version, VERSION);
  });

  it('passes Microsoft\'s SARIF validator with its GitHub rules: no error, no warning', { skip: multitool() ? false : `sarif-multitool has no binary for ${process.platform}` }, () => {
    // The fixture, and a log with standard input, a file outside the base folder and a broken configuration.
    writeFileSync(join(work, 'fixture.sarif'), run(['--format', 'sarif', FIXTURE]).stdout);
    writeFileSync(join(work, '.kubeassist.yaml'), 'kubernetesVersion: 1.99\n');
    writeFileSync(join(work, 'outside.yaml'), readFileSync(join(REPO_ROOT, 'examples', 'job-mistakes.yaml')));
    const mixed = run(['--format', 'sarif', '--output', join(work, 'mixed.sarif'), join(work, 'outside.yaml'), '-', 'examples/csidriver-mistakes.yaml'], { input: readFileSync(join(REPO_ROOT, 'examples', 'job-mistakes.yaml'), 'utf8') });
    assert.equal(mixed.status, 1, mixed.stderr);
    const log = join(work, 'validation.sarif');
    const result = spawnSync(multitool()!, ['validate', '--rule-kind', 'Sarif;Ghas', '--level', 'Error;Warning;Note', '--log', 'ForceOverwrite', '--output', log, join(work, 'fixture.sarif'), join(work, 'mixed.sarif')], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stdout + result.stderr);
    const findings = (JSON.parse(readFileSync(log, 'utf8')) as { runs: { results?: { ruleId: string; level?: string; message: unknown }[] }[] }).runs[0].results ?? [];
    assert.ok(findings.length > 0, 'the validator ran its rules (it reports notes we accept, such as hierarchical rule ids)');
    assert.deepEqual(findings.filter((finding) => finding.level === 'error' || finding.level === 'warning' || finding.level === undefined), []);
  });

  it('lists only the rules its results use: one finding is one rule and a few kilobytes, not every code', () => {
    const oneFinding = 'apiVersion: batch/v1\nkind: Job\nmetadata: {name: x}\nspec: {parallelism: -1, template: {spec: {restartPolicy: Never, containers: [{name: a, image: b}]}}}\n';
    const { stdout } = run(['--format', 'sarif', '-'], { input: oneFinding });
    const sarif = JSON.parse(stdout) as Sarif;
    assertUsedRules(sarif);
    assert.deepEqual(sarif.runs[0].tool.driver.rules.map((rule) => rule.id), ['job/numbers/negative-parallelism']);
    assert.ok(Buffer.byteLength(stdout) < 10_000, `${Buffer.byteLength(stdout)} bytes`);
    const clean = JSON.parse(run(['--format', 'sarif', 'examples/job-clean.yaml']).stdout) as Sarif;
    assert.deepEqual([clean.runs[0].results.length, clean.runs[0].tool.driver.rules.length], [0, 0], 'no result, no rule');
  });

  it('a finding keeps its fingerprint when ten lines are inserted above it; only its region moves', () => {
    const folder = join(work, 'moved');
    cpSync(join(REPO_ROOT, FIXTURE), folder, { recursive: true });
    const results = () => (JSON.parse(run(['--format', 'sarif', '--sarif-base', folder, folder]).stdout) as Sarif).runs[0].results;
    const before = results();
    const file = join(folder, 'jobs.yaml');
    writeFileSync(file, '# ten lines of notes\n'.repeat(10) + readFileSync(file, 'utf8'));
    const afterInsert = results();
    const byFingerprint = (list: Result[]) => new Map(list.map((result) => [result.partialFingerprints['kubeassist/v1'], result]));
    const moved = byFingerprint(afterInsert);
    assert.equal(moved.size, before.length, 'fingerprints are distinct');
    for (const [fingerprint, result] of byFingerprint(before)) {
      const now = moved.get(fingerprint);
      assert.ok(now, `${result.ruleId} kept its fingerprint`);
      const shift = result.locations[0].physicalLocation.artifactLocation.uri === 'jobs.yaml' ? 10 : 0;
      assert.equal(now.locations[0].physicalLocation.region.startLine, result.locations[0].physicalLocation.region.startLine + shift);
    }
  });

  it('URIs: relative to --sarif-base (default: the repository root), absolute outside it; standard input is /dev/stdin', () => {
    const sarif = JSON.parse(run(['--format', 'sarif', '--sarif-base', FIXTURE, `${FIXTURE}/csidriver.yaml`, join(REPO_ROOT, 'examples', 'job-mistakes.yaml'), '-'], { input: 'apiVersion: batch/v1\nkind: Job\nmetadata: {name: x}\nspec: {parallelism: -1, template: {spec: {restartPolicy: Never, containers: [{name: a, image: b}]}}}\n' }).stdout) as Sarif;
    const [run0] = sarif.runs;
    assert.deepEqual(run0.originalUriBaseIds, { '%SRCROOT%': { uri: `${pathToFileURL(join(REPO_ROOT, FIXTURE)).href}/` } });
    const artifacts = [...new Set(run0.results.map((result) => JSON.stringify(result.locations[0].physicalLocation.artifactLocation)))];
    assert.deepEqual(artifacts, [
      JSON.stringify({ uri: 'csidriver.yaml', uriBaseId: '%SRCROOT%' }),
      JSON.stringify({ uri: pathToFileURL(join(REPO_ROOT, 'examples', 'job-mistakes.yaml')).href }),
      JSON.stringify({ uri: 'file:///dev/stdin', description: { text: 'standard input' } }),
    ]);
  });

  it('past GitHub\'s limits (5,000 results, 10 MB) keeps the most severe results and says how many were left out', () => {
    const finding = (line: number, severity: 'error' | 'warning') => ({ file: 'a.yaml', line, column: 1, endLine: line, endColumn: 2, severity, code: 'schema/enum', message: `Finding ${line}.`, path: 'spec.x', object: 'Job/default/a' });
    const files: ReportFile[] = [{ name: 'a.yaml', path: join(REPO_ROOT, 'a.yaml'), objects: [], findings: Array.from({ length: 5200 }, (_, i) => finding(i + 1, i % 2 ? 'warning' : 'error')) }];
    const input = { files, rules: allRuleCodes(), version: '1', informationUri: 'https://example.com', rulesUri: 'https://example.com/rules', base: REPO_ROOT, problems: [] };
    const cut = sarifReport(input);
    const sarif = JSON.parse(cut.text) as Sarif;
    assertUsedRules(sarif);
    assert.equal(sarif.runs[0].results.length, 5000);
    assert.equal(sarif.runs[0].results.filter((result) => result.level === 'error').length, 2600, 'every error kept');
    assert.deepEqual(sarif.runs[0].results.map((result) => result.locations[0].physicalLocation.region.startLine), [...sarif.runs[0].results.map((result) => result.locations[0].physicalLocation.region.startLine)].sort((a, b) => a - b), 'in file order');
    const note = 'KubeAssist found 5,200 results; 200 of the lowest severity are left out of this SARIF file, which GitHub code scanning takes up to 5,000 results and 10 MB. Run kubeassist check with --format text or json to see them all.';
    assert.deepEqual(cut.notes, [note]);
    assert.deepEqual(sarif.runs[0].invocations[0].toolExecutionNotifications, [{ level: 'warning', message: { text: note } }]);
    // A byte budget a little above what the run costs without results (the rules' descriptions grow with the rules).
    const empty = Buffer.byteLength(sarifReport({ ...input, files: [{ ...files[0], findings: [] }] }).text);
    const budget = empty + 300_000;
    const small = sarifReport(input, { results: 5000, bytes: budget });
    assert.ok(Buffer.byteLength(small.text) <= budget, `${Buffer.byteLength(small.text)} bytes, budget ${budget}`);
    const kept = (JSON.parse(small.text) as Sarif).runs[0].results.length;
    assert.ok(kept > 0 && kept < 5000, `${kept} results`);
    assert.match(small.notes[0], new RegExp(`^KubeAssist found 5,200 results; ${(5200 - kept).toLocaleString('en-US')} of the lowest severity are left out`));
  });
});

describe('--format github', () => {
  const work = mkdtempSync(join(tmpdir(), 'kubeassist-github-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  it('one workflow command per finding, the file from the repository root, then the summary', () => {
    const { status, stdout } = run(['--format', 'github', `${FIXTURE}/csidriver.yaml`]);
    assert.equal(status, 1);
    assert.equal(
      stdout,
      '::error file=test/cli/fixtures/sarif/csidriver.yaml,line=6,col=19,endLine=6,endColumn=26,title=schema/type::`attachRequired` must be a boolean (true or false), but `"false"` is a string. Remove the quotes.\n' +
        '::warning file=test/cli/fixtures/sarif/csidriver.yaml,line=7,col=38,endLine=7,endColumn=48,title=csidriver/volume-lifecycle-modes/duplicate::`Persistent` is already listed at volumeLifecycleModes[0]. The list is a set: the server accepts the repeat on create, but it has no effect (and a server-side apply may refuse duplicates in a set). Remove this entry.\n' +
        '1 file, 1 object (1 CSIDriver): 1 error, 1 warning\n',
    );
  });

  it('escapes % CR LF in messages, and : , too in properties, as GitHub requires', () => {
    assert.equal(escapeData('100% done\r\nnext: a, b'), '100%25 done%0D%0Anext: a, b');
    assert.equal(escapeProperty('deploy/a,b:c%.yaml\n'), 'deploy/a%2Cb%3Ac%25.yaml%0A');
    // Through the CLI: a file name with `,` `:` `%`, and an unknown key holding `%`, CR and LF.
    const name = 'odd,name:100%.yaml';
    writeFileSync(join(work, name), 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  "a%b\\r\\nc": 1\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - {name: pi, image: perl}\n');
    const { stdout } = run(['--format', 'github', '--sarif-base', work, name], { cwd: work });
    const [command] = stdout.split('\n');
    assert.equal(command, '::error file=odd%2Cname%3A100%25.yaml,line=6,col=3,endLine=6,endColumn=13,title=schema/unknown-field::Unknown field `a%25b%0D%0Ac` in `spec`. The API server rejects unknown fields (kubectl validates strictly by default).');
  });

  it('information and hints are notices; standard input has no file', () => {
    const notice = run(['--format', 'github', '--rule', 'schema/enum=info', '-'], { input: 'apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  completionMode: indexed\n  template: {spec: {restartPolicy: Never, containers: [{name: a, image: b}]}}\n' });
    assert.equal(notice.status, 0);
    assert.match(notice.stdout, /^::notice line=5,col=19,endLine=5,endColumn=26,title=schema\/enum::`indexed` is not a valid `completionMode`/);
  });
});

describe('--format junit', () => {
  const work = mkdtempSync(join(tmpdir(), 'kubeassist-junit-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  /** Parsed as a strict XML parser does: any warning or error fails the test. */
  function parse(xml: string) {
    const document = new DOMParser({ onError: (level, message) => assert.fail(`XML ${level}: ${message}`) }).parseFromString(xml, 'text/xml');
    return document.documentElement!;
  }
  const children = (element: Element, name: string): Element[] => Array.from(element.childNodes).filter((node): node is Element => node.nodeType === 1 && (node as Element).tagName === name);

  it('one testsuite per file, one testcase per object, one failure per error, warnings in system-out', () => {
    const { status, stdout } = run(['--format', 'junit', `${FIXTURE}/`]);
    assert.equal(status, 1);
    const root = parse(stdout);
    assert.equal(root.tagName, 'testsuites');
    assert.deepEqual(['tests', 'failures', 'errors'].map((name) => root.getAttribute(name)), ['3', '2', '0']);
    const suites = children(root, 'testsuite');
    assert.deepEqual(suites.map((suite) => [suite.getAttribute('name'), suite.getAttribute('tests'), suite.getAttribute('failures')]), [
      ['test/cli/fixtures/sarif/csidriver.yaml', '1', '1'],
      ['test/cli/fixtures/sarif/jobs.yaml', '2', '1'],
    ]);
    const cases = suites.flatMap((suite) => children(suite, 'testcase'));
    assert.deepEqual(cases.map((testCase) => [testCase.getAttribute('classname'), testCase.getAttribute('name'), testCase.getAttribute('line')]), [
      ['test/cli/fixtures/sarif/csidriver.yaml', 'CSIDriver/ebs.csi.example.com', '1'],
      ['test/cli/fixtures/sarif/jobs.yaml', 'Job/batch/pi', '2'],
      ['test/cli/fixtures/sarif/jobs.yaml', 'Job/default/report-*', '17'],
    ]);
    const failures = (testCase: Element) => children(testCase, 'failure').map((failure) => [failure.getAttribute('type'), failure.getAttribute('message'), failure.textContent]);
    assert.deepEqual(failures(cases[1]), [
      ['schema/enum', '`indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).',
        'test/cli/fixtures/sarif/jobs.yaml:8:19 error schema/enum `indexed` is not a valid `completionMode`. Did you mean `Indexed`? Allowed values: `NonIndexed`, `Indexed` (case-sensitive).\npath: spec.completionMode'],
      ['schema/type', '`backoffLimit` must be an integer (int32), but `"6"` is a string. Remove the quotes.',
        'test/cli/fixtures/sarif/jobs.yaml:9:17 error schema/type `backoffLimit` must be an integer (int32), but `"6"` is a string. Remove the quotes.\npath: spec.backoffLimit'],
    ]);
    assert.deepEqual(children(cases[0], 'system-out').map((out) => out.textContent), [
      'test/cli/fixtures/sarif/csidriver.yaml:7:38 warning csidriver/volume-lifecycle-modes/duplicate `Persistent` is already listed at volumeLifecycleModes[0]. The list is a set: the server accepts the repeat on create, but it has no effect (and a server-side apply may refuse duplicates in a set). Remove this entry.\n',
    ]);
    assert.deepEqual(failures(cases[2]), [], 'the silenced finding is no failure');
  });

  it('stays well-formed XML with control characters, quotes and markup in the text; same-named objects stay apart; YAML errors outside objects are a case of their document', () => {
    const job = (name: string) => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: ${name}\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - {name: a, image: b}\n`;
    writeFileSync(join(work, 'twice.yaml'), `${job('same')}---\n${job('same')}---\nkind: Job\napiVersion: batch/v1\nmetadata: {name: "x\u0001<&>\\"y"}\nbad: [\n`);
    const { stdout } = run(['--format', 'junit', 'twice.yaml'], { cwd: work });
    const root = parse(stdout);
    const cases = children(children(root, 'testsuite')[0], 'testcase');
    assert.deepEqual(cases.map((testCase) => testCase.getAttribute('name')), ['Job/default/same', 'Job/default/same (2)', 'document 3']);
    const [failure] = children(cases[2], 'failure');
    assert.equal(failure.getAttribute('type'), 'yaml/syntax');
    assert.match(failure.textContent ?? '', /^twice\.yaml:\d+:\d+ error yaml\/syntax /);
  });
});

describe('--output', () => {
  const work = mkdtempSync(join(tmpdir(), 'kubeassist-output-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  for (const format of ['text', 'json', 'sarif', 'github', 'junit']) {
    it(`--format ${format}: the report goes to the file, exactly as it would go to standard output; nothing on standard output`, () => {
      const file = join(work, `report.${format}`);
      const toFile = run(['--format', format, '--output', file, 'examples/']);
      const toStdout = run(['--format', format, 'examples/']);
      assert.equal(toFile.status, 1);
      assert.equal(toFile.stdout, '');
      assert.ok(existsSync(file));
      assert.equal(readFileSync(file, 'utf8'), toStdout.stdout);
      assert.ok(toStdout.stdout.length > 200, toStdout.stdout);
    });
  }
});

/** The validator's binary from the npm package (@microsoft/sarif-multitool ships one per platform). */
function multitool(): string | undefined {
  try {
    const binary = require(`@microsoft/sarif-multitool-${process.platform}`) as string;
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}
