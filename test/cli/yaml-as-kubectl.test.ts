// YAML exactly as kubectl reads it (issue 20), through the real CLI: each case is one behaviour that the
// differential test (test/unit/yaml-differential.test.ts, against kubectl's own reader) found we got wrong.
// Every expectation was checked with test/yaml-oracle and `kubectl label --local -f FILE k=v -o json`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');

interface Finding {
  line: number;
  column: number;
  severity: string;
  code: string;
  message: string;
}

function check(text: string): Finding[] {
  const result = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '-'], { cwd: ROOT, input: text, encoding: 'utf8' });
  assert.ok(result.status === 0 || result.status === 1, result.stderr);
  return (JSON.parse(result.stdout) as Finding[]).map(({ line, column, severity, code, message }) => ({ line, column, severity, code, message }));
}

/** `line:column severity code` of each finding. */
function where(findings: Finding[]): string[] {
  return findings.map((finding) => `${finding.line}:${finding.column} ${finding.severity} ${finding.code}`);
}

/** A Job the API server accepts; `$` stands for lines put into its container. */
function job(container = '', spec = '', top = ''): string {
  return `${top}apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
${spec}  template:
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl
${container}`;
}

describe('false errors kubectl does not give', () => {
  it('a duplicate key is a warning that names the value kubectl keeps and the line it drops (kubernetes#125885), not an error', () => {
    const findings = check(job('        image: busybox:1.36\n'));
    assert.deepEqual(findings, [
      {
        line: 12,
        column: 9,
        severity: 'warning',
        code: 'yaml/duplicate-key',
        message:
          'Duplicate key `image`: kubectl keeps only this one (`busybox:1.36`) and drops the `image` on line 11, so the API server never sees that value (go-yaml keeps the last of duplicate keys). Remove one of them.',
      },
    ]);
  });

  it('a flow list whose closing bracket sits left of its key is read as go-yaml reads it: a warning, no error', () => {
    const findings = check(job('        args: [\n          "-e",\n          "print 1",\n]\n'));
    assert.deepEqual(where(findings), ['15:1 warning yaml/lenient-indentation']);
  });

  it('0o644 is the number 420, as kubectl sends it (no type error on an int32 field)', () => {
    const findings = check(job('', '', '').replace('      restartPolicy: Never\n', '      restartPolicy: Never\n      volumes:\n      - name: config\n        configMap:\n          name: config\n          defaultMode: 0o644\n'));
    assert.deepEqual(where(findings), []);
  });

  it('!!float and !!binary tags are read as go-yaml reads them: 3.0 is an integer, !!binary is its decoded text', () => {
    const findings = check(job('', '  backoffLimit: !!float 3\n').replace('  name: pi\n', '  name: pi\n  annotations:\n    note: !!binary aGVsbG8=\n'));
    assert.deepEqual(where(findings), []);
  });

  it('a # right after a comma in a flow list starts a comment, as go-yaml reads it', () => {
    assert.deepEqual(where(check(job('        args: ["-e",# the script\n               "print 1"]\n'))), []);
  });

  it('`value: .` is the string ".", not a number or nothing', () => {
    assert.deepEqual(where(check(job('        env:\n        - name: DIR\n          value: .\n'))), []);
  });

  it('a `\\\'` escape in double quotes is a quote for go-yaml (YAML 1.1), not an error', () => {
    assert.deepEqual(where(check(job('        args: ["it\\\'s"]\n'))), []);
  });

  it('a quoted value under a quoted key may go on at column 0, as under a plain key: a warning, no error', () => {
    const text = job().replace('  name: pi\n', `  name: pi\n  annotations:\n    "note": 'a\nb'\n    'other': "c\nd"\n`);
    assert.deepEqual(where(check(text)), ['7:1 warning yaml/lenient-indentation', '9:1 warning yaml/lenient-indentation']);
  });

  it('a quoted string on the first line of a file that starts with a BOM may go on at column 0, as without the BOM: a warning, no error', () => {
    // kubectl drops the BOM before go-yaml reads the file, so `apiVersion` sits at column 0 and go-yaml reads the
    // next line as the string's continuation ("batch/v1": the escaped line break joins it without a space).
    const text = `\ufeff${job().replace('apiVersion: batch/v1\n', 'apiVersion: "batch/\\\nv1"\n')}`;
    assert.deepEqual(where(check(text)), ['2:1 warning yaml/lenient-indentation']);
  });
});

describe('refusals kubectl gives, now errors', () => {
  it('an alias to a missing anchor is an error saying so (it was called an "alias bomb")', () => {
    const findings = check(job('        workingDir: *scratch\n'));
    assert.deepEqual(findings, [
      {
        line: 12,
        column: 21,
        severity: 'error',
        code: 'yaml/alias',
        message:
          'kubectl refuses this alias: no anchor of that name comes before it in this document (go-yaml: "unknown anchor \'scratch\' referenced"). Anchors do not carry over `---`: define the anchor above the alias, in the same document.',
      },
    ]);
  });

  it('an alias to an anchor of another document is an error: anchors do not carry over ---', () => {
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: &name pi\n---\n${job('        workingDir: *name\n')}`;
    assert.deepEqual(where(check(text)), ['17:21 error yaml/alias']);
  });

  it('a tab-indented comment line is an error: go-yaml refuses the tab', () => {
    const findings = check(job().replace('  template:\n', '  template:\n\t# the pod\n'));
    assert.deepEqual(where(findings), ['7:1 error yaml/syntax']);
    assert.match(findings[0].message, /found character that cannot start any token/);
  });

  it('`--- !!map` or other text after --- is an error (kubectl: invalid Yaml document separator)', () => {
    const findings = check(`apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n--- !!map\n${job()}`);
    assert.deepEqual(findings, [
      {
        line: 5,
        column: 5,
        severity: 'error',
        code: 'yaml/document-marker',
        message: 'kubectl refuses text after `---` other than a comment ("invalid Yaml document separator: !!map"): move `!!map` to the next line or remove it.',
      },
    ]);
  });

  it('a %YAML directive is an error: kubectl cuts the file at the --- after it and refuses the directive left alone', () => {
    const findings = check(`%YAML 1.1\n---\n${job()}`);
    assert.deepEqual(where(findings), ['1:1 error yaml/directive']);
    assert.match(findings[0].message, /did not find expected <document start>/);
  });

  it('.inf and .nan values are errors: kubectl sends JSON, which has neither', () => {
    assert.deepEqual(where(check(job('', '  activeDeadlineSeconds: .inf\n'))), ['6:26 error yaml/not-json']);
    assert.deepEqual(where(check(job('', '  activeDeadlineSeconds: .nan\n'))), ['6:26 error yaml/not-json']);
  });

  it('a null map key is an error: a JSON field needs a name', () => {
    const findings = check(job().replace('  name: pi\n', '  name: pi\n  labels:\n    ~: x\n'));
    assert.deepEqual(where(findings), ['6:5 error yaml/not-json']);
    assert.match(findings[0].message, /Unsupported map key of type: <nil>/);
  });

  it('a document that is a list, in a file with a Job, is an error: kubectl reads each document as one object', () => {
    assert.deepEqual(where(check(`${job()}---\n- a\n- b\n`)), ['13:1 error yaml/not-an-object']);
  });

  it('an escape go-yaml does not know (\\/ is YAML 1.2 only) is an error', () => {
    assert.deepEqual(where(check(job('        args: ["a\\/b"]\n'))), ['12:18 error yaml/syntax']);
  });

  it('a line separator (U+2028) outside quotes ends the line for kubectl (YAML 1.1): inside a value it is an error; inside quotes it is text', () => {
    const findings = check(job('        workingDir: /tmp\u2028/work\n'));
    assert.deepEqual(where(findings), ['12:25 error yaml/syntax']);
    assert.match(findings[0].message, /^kubectl reads U\+2028 \(line separator\) as a line break/);
    assert.deepEqual(where(check(job('        workingDir: "/tmp\u2028/work"\n'))), []);
  });

  it('a quote inside a block scalar is text: a line left of the scalar ends it and kubectl refuses that line, even when it closes the quote', () => {
    // The annotation's text holds `reason: "a`; `b"` is not the rest of a quoted string but a key without a
    // value in `annotations` (kubectl: could not find expected ':'). It used to be joined to the quote, silently.
    const findings = check(job().replace('  name: pi\n', '  name: pi\n  annotations:\n    note: |\n      reason: "a\n    b"\n'));
    assert.deepEqual(where(findings), ['8:5 error yaml/syntax']);
  });

  it('a paragraph separator (U+2029) inside a block scalar ends its line for kubectl: what follows at column 0 is an error, not a quote going on', () => {
    const findings = check(job().replace('  name: pi\n', '  name: pi\n  annotations:\n    note: |\n      reason: "\u2029b"\n'));
    assert.deepEqual(where(findings), ['7:16 error yaml/syntax']);
    assert.match(findings[0].message, /^kubectl reads U\+2029 \(paragraph separator\) as a line break/);
  });

  it('a file that starts with { is JSON to kubectl: a flow mapping with bare keys there is an error', () => {
    const findings = check('{apiVersion: batch/v1, kind: Job}\n');
    assert.deepEqual(where(findings), ['1:2 error yaml/syntax']);
    assert.match(findings[0].message, /kubectl reads this file as JSON/);
  });
});

describe('objects kubectl reads differently', () => {
  it('keys go-yaml reads as different values that make one field (1e3 a float, 1_000 an integer; "7" and 7) are a warning that kubectl keeps either value at random', () => {
    const findings = check(job().replace('  name: pi\n', '  name: pi\n  annotations:\n    1_000: a\n    1e3: b\n    "7": c\n    7: d\n'));
    assert.deepEqual(findings, [
      {
        line: 7,
        column: 5,
        severity: 'warning',
        code: 'yaml/duplicate-key',
        message:
          'Duplicate key `1000`: go-yaml reads this key and the `1000` on line 6 as different keys (a float and an integer) that both become this JSON field, and kubectl keeps one of the two values at random, each time it runs (sigs.k8s.io/yaml converts them from a Go map). Remove one of them.',
      },
      {
        line: 9,
        column: 5,
        severity: 'warning',
        code: 'yaml/duplicate-key',
        message:
          'Duplicate key `7`: go-yaml reads this key and the `7` on line 8 as different keys (an integer and a string) that both become this JSON field, and kubectl keeps one of the two values at random, each time it runs (sigs.k8s.io/yaml converts them from a Go map). Remove one of them.',
      },
    ]);
  });

  it('content after ... in the same part is dropped by kubectl: we say so and do not check it', () => {
    const second = job().replace('restartPolicy: Never', 'restartPolicy: Always');
    const findings = check(`${job()}...\n${second}`);
    assert.deepEqual(findings, [
      {
        line: 13,
        column: 1,
        severity: 'warning',
        code: 'yaml/after-document-end',
        message:
          'kubectl drops this: it follows `...` (the end of the document above) with no `---` line to start a new document, and kubectl reads one document per `---`. Put a `---` line before it.',
      },
    ]);
  });

  it('a merge key after explicit keys wins over them, as go-yaml applies << where it stands', () => {
    const text = job().replace('    spec:\n      restartPolicy: Never\n', '    spec:\n      restartPolicy: Never\n      <<: {restartPolicy: Always}\n');
    // The finding points at the key as written; the value the API server gets is the merged one.
    assert.deepEqual(where(check(text)), ['8:22 error job/restart-policy/never-or-on-failure-required']);
    // Before the explicit key, the explicit key wins.
    const first = job().replace('    spec:\n      restartPolicy: Never\n', '    spec:\n      <<: {restartPolicy: Always}\n      restartPolicy: Never\n');
    assert.deepEqual(where(check(first)), []);
  });

  it('with lone-CR line ends kubectl reads only the first document of the file: we say the rest is dropped', () => {
    const second = job().replace('restartPolicy: Never', 'restartPolicy: Always');
    const findings = check(`${job()}---\n${second}`.replace(/\n/g, '\r'));
    assert.deepEqual(where(findings), ['13:1 warning yaml/after-document-end']);
    assert.match(findings[0].message, /lone CR/);
  });

  it('a BOM at the start of a later document is dropped, as kubectl drops it', () => {
    assert.deepEqual(where(check(`apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\n\ufeff${job()}`)), []);
  });
});
