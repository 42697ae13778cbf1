// `--format junit`: the JUnit XML that GitLab (`artifacts:reports:junit`) and Jenkins (`junit`) read. One
// <testsuite> per file, one <testcase> per object (`Job/default/pi`), which fails with one <failure> per
// error; warnings and the rest go to the case's <system-out>. GitLab tells test cases apart by classname +
// name, so two objects of one file with the same name get `(2)`, `(3)` after theirs. Findings outside any
// object (a YAML syntax error) belong to a case named after their document (`document 2`) or the file.
import type { ReportFile } from './sarif';
import { textLine, type ReportedFinding } from './report';

export function junitReport(files: readonly ReportFile[]): string {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  for (const file of files) {
    const cases = casesOf(file);
    const failed = cases.filter((testCase) => testCase.findings.some(isError)).length;
    tests += cases.length;
    failures += failed;
    const lines = [`  <testsuite name="${attribute(file.name)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="0">`];
    for (const testCase of cases) lines.push(...caseXml(file, testCase));
    lines.push('  </testsuite>');
    suites.push(lines.join('\n'));
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="kubeassist" tests="${tests}" failures="${failures}" errors="0">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

interface TestCase {
  name: string;
  line?: number;
  findings: ReportedFinding[];
}

/** The file's objects in order, then the groups of findings that belong to no object. */
function casesOf(file: ReportFile): TestCase[] {
  const cases = new Map<string, TestCase>();
  const seen = new Map<string, number>();
  const unique = (name: string): string => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  };
  const byIdentity = new Map<string, TestCase[]>();
  for (const object of file.objects) {
    const testCase: TestCase = { name: unique(object.identity), line: object.line, findings: [] };
    cases.set(testCase.name, testCase);
    byIdentity.set(object.identity, [...(byIdentity.get(object.identity) ?? []), testCase]);
  }
  for (const finding of file.findings) {
    const owners = byIdentity.get(finding.object ?? '');
    // Objects with the same identity: the finding belongs to the last one that starts at or before it.
    const owner = owners?.filter((testCase) => (testCase.line ?? 0) <= finding.line).pop() ?? owners?.[0];
    if (owner) {
      owner.findings.push(finding);
      continue;
    }
    const name = finding.object ?? file.name;
    const group = cases.get(name) ?? { name, findings: [] };
    cases.set(name, group);
    group.findings.push(finding);
  }
  return [...cases.values()];
}

function caseXml(file: ReportFile, testCase: TestCase): string[] {
  const lineAttribute = testCase.line === undefined ? '' : ` line="${testCase.line}"`;
  const open = `    <testcase name="${attribute(testCase.name)}" classname="${attribute(file.name)}" file="${attribute(file.name)}"${lineAttribute}`;
  if (testCase.findings.length === 0) return [`${open}/>`];
  const lines = [`${open}>`];
  for (const finding of testCase.findings.filter(isError)) {
    const body = textLine(finding, false).trimEnd() + (finding.path ? `\npath: ${finding.path}` : '');
    lines.push(`      <failure message="${attribute(finding.message)}" type="${attribute(finding.code)}">${text(body)}</failure>`);
  }
  const others = testCase.findings.filter((finding) => !isError(finding));
  if (others.length) lines.push(`      <system-out>${text(others.map((finding) => textLine(finding, false)).join(''))}</system-out>`);
  lines.push('    </testcase>');
  return lines;
}

function isError(finding: ReportedFinding): boolean {
  return finding.severity === 'error';
}

/** Characters XML 1.0 cannot hold at all (controls, lone surrogates, U+FFFE/U+FFFF): shown as U+FFFD. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function text(value: string): string {
  return value.replace(NOT_XML, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value in double quotes; line breaks and tabs as references, so that parsers keep them. */
function attribute(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
