// Diagnostics as an editor sees them: the real server over stdio, exact ranges, codes and messages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { rangeOf, TestServer } from '../support/lspClient';

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  completionMode: indexed
  completions: 3
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl:5.34
`;

describe('diagnostics over LSP', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => server.stop());

  it('reports completionMode: indexed as one Error on exactly the value', async () => {
    const diagnostics = await server.open('file:///indexed.yaml', JOB);
    assert.equal(diagnostics.length, 1);
    const [diagnostic] = diagnostics;
    assert.deepEqual(diagnostic.range, rangeOf(JOB, 'indexed'));
    assert.equal(diagnostic.severity, 1);
    assert.equal(diagnostic.source, 'kubeassist');
    assert.equal(diagnostic.code, 'schema/enum');
    const { fixes, ...data } = diagnostic.data as { fixes: { title: string }[] };
    assert.deepEqual(data, { path: 'spec.completionMode', kind: 'Job', resource: 0 });
    assert.deepEqual(fixes.map((fix) => fix.title), ['Change to `Indexed`', 'Change to `NonIndexed`']);
    assert.match(diagnostic.message as string, /`indexed` is not a valid `completionMode`\. Did you mean `Indexed`\?/);
    assert.match(diagnostic.message as string, /`NonIndexed`, `Indexed`/);
    assert.equal(diagnostic.codeDescription?.href, 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/job-v1/');
  });

  it('clears the finding after an incremental edit fixes it, and reports it again when it comes back', async () => {
    const uri = 'file:///edit.yaml';
    await server.open(uri, JOB);
    const fixed = await server.change(uri, [{ range: rangeOf(JOB, 'indexed'), text: 'Indexed' }]);
    assert.deepEqual(fixed, []);
    const fixedText = JOB.replace('indexed', 'Indexed');
    const broken = await server.change(uri, [{ range: rangeOf(fixedText, 'Indexed'), text: 'Index' }]);
    assert.deepEqual(broken.map((d) => d.code), ['schema/enum']);
    assert.deepEqual(broken[0].range, rangeOf(fixedText.replace('Indexed', 'Index'), 'Index'));
  });

  it('clears diagnostics when the document closes', async () => {
    const uri = 'file:///closing.yaml';
    assert.equal((await server.open(uri, JOB)).length, 1);
    assert.deepEqual(await server.close(uri), []);
  });

  it('says nothing about YAML that holds no Job or CSIDriver, nor about other kinds in the same file', async () => {
    assert.deepEqual(await server.open('file:///other.yaml', 'a: [1, 2\nb: :\n'), []);
    const mixed = `apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: "x"\n  bogus: 1\n---\n${JOB.replace('indexed', 'Indexed')}`;
    assert.deepEqual(await server.open('file:///mixed.yaml', mixed), []);
  });

  it('ignores a Job of another API group (kind alone is not enough)', async () => {
    const volcano = JOB.replace('batch/v1', 'batch.volcano.sh/v1alpha1');
    assert.deepEqual(await server.open('file:///volcano.yaml', volcano), []);
  });

  it('checks a Helm template where its text is literal: the same one finding, nothing about the templated name', async () => {
    const helm = JOB.replace('name: pi\nspec', 'name: {{ .Release.Name }}\nspec').replace('  completions: 3\n', '  completions: {{ .Values.completions }}\n');
    const diagnostics = await server.open('file:///helm.yaml', helm);
    assert.deepEqual(diagnostics.map((d) => d.code), ['schema/enum']);
    assert.deepEqual(diagnostics[0].range, rangeOf(helm, 'indexed'));
  });

  it('places a finding of the second document of a file on its own line', async () => {
    const text = `${JOB.replace('indexed', 'Indexed')}---\n${JOB}`;
    const diagnostics = await server.open('file:///multi.yaml', text);
    assert.equal(diagnostics.length, 1);
    assert.deepEqual(diagnostics[0].range, rangeOf(text, 'indexed'));
  });

  it('checks a Job that is an item of a kind: List', async () => {
    const item = JOB.replace(/^/gm, '    ').replace(/^    apiVersion/m, '  - apiVersion');
    const text = `apiVersion: v1\nkind: List\nitems:\n${item}`;
    const diagnostics = await server.open('file:///list.yaml', text);
    assert.deepEqual(diagnostics.map((d) => [d.code, (d.data as { path: string }).path]), [['schema/enum', 'spec.completionMode']]);
    assert.deepEqual(diagnostics[0].range, rangeOf(text, 'indexed'));
  });

  it('reads YAML 1.1 scalars as kubectl does: `defaultMode: 0644` passes, `name: no` is flagged with a quoting hint', async () => {
    const text = JOB.replace('completionMode: indexed', 'completionMode: Indexed')
      .replace('      - name: pi\n', '      - name: no\n')
      .replace('      restartPolicy: Never\n', '      restartPolicy: Never\n      volumes:\n      - name: config\n        configMap:\n          name: settings\n          defaultMode: 0644\n');
    const diagnostics = await server.open('file:///yaml11.yaml', text);
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0].code, 'yaml/yaml11-scalar');
    assert.deepEqual(diagnostics[0].range, rangeOf(text, 'no', 1));
    assert.equal(
      diagnostics[0].message,
      '`no` is read as the boolean `false` by kubectl (YAML 1.1 rules), but `name` needs a string, so the API server rejects it. Quote it: `"no"`.',
    );
  });

  it('reports a YAML syntax error in a Job and still checks the other documents of the file', async () => {
    const broken = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: [a\n';
    const text = `${broken}---\n${JOB}`;
    const diagnostics = await server.open('file:///syntax.yaml', text);
    assert.deepEqual(diagnostics.map((d) => d.code), ['yaml/syntax', 'schema/enum']);
    assert.equal(diagnostics[0].severity, 1);
    assert.equal(diagnostics[0].range.start.line, 3);
  });

  it('reports a duplicate key as a Warning on the key kubectl keeps (it sends the last one and drops the first: kubernetes#125885)', async () => {
    const text = JOB.replace('completionMode: indexed', 'completionMode: Indexed\n  completionMode: NonIndexed');
    const diagnostics = await server.open('file:///duplicate.yaml', text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity]), [['yaml/duplicate-key', 2]]); // 2: Warning
    assert.equal(diagnostics[0].range.start.line, 6);
    assert.equal(diagnostics[0].range.start.character, 2);
  });

  it('the duplicate-key message names the value kubectl keeps and the line it drops, which follows the document when lines are added above it', async () => {
    const uri = 'file:///duplicate-line.yaml';
    const duplicated = JOB.replace('completionMode: indexed', 'completionMode: Indexed\n  completionMode: NonIndexed');
    const text = `apiVersion: v1\nkind: ConfigMap\n---\n${duplicated}`;
    const diagnostics = await server.open(uri, text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line, d.message]), [
      ['yaml/duplicate-key', 9, 'Duplicate key `completionMode`: kubectl keeps only this one (`NonIndexed`) and drops the `completionMode` on line 9, so the API server never sees that value (go-yaml keeps the last of duplicate keys). Remove one of them.'],
    ]);
    // Two lines added in the first document: the Job's document is shifted, not checked again.
    const shifted = await server.change(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# a\n# b\n' }]);
    assert.deepEqual(shifted.map((d) => [d.range.start.line, d.message]), [
      [11, 'Duplicate key `completionMode`: kubectl keeps only this one (`NonIndexed`) and drops the `completionMode` on line 11, so the API server never sees that value (go-yaml keeps the last of duplicate keys). Remove one of them.'],
    ]);
    await server.close(uri);
  });

  it('a Job after `...` with no `---` is dropped by kubectl: a warning says so and it is not checked, until a `---` makes it a document', async () => {
    const uri = 'file:///after-end.yaml';
    const fixed = JOB.replace('completionMode: indexed', 'completionMode: Indexed');
    const text = `${fixed}...\n${JOB}`;
    const diagnostics = await server.open(uri, text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, d.range.start.line]), [['yaml/after-document-end', 2, 14]]);
    // A `---` after the `...`: kubectl reads the second Job, and so it is checked.
    const split = await server.change(uri, [{ range: { start: { line: 14, character: 0 }, end: { line: 14, character: 0 } }, text: '---\n' }]);
    assert.deepEqual(split.map((d) => [d.code, d.range.start.line]), [['schema/enum', 20]]);
    await server.close(uri);
  });

  it('lone-CR line ends: kubectl reads only the first document, the rest is said to be dropped; with LF line ends both are checked', async () => {
    const uri = 'file:///lone-cr.yaml';
    const text = `${JOB.replace('completionMode: indexed', 'completionMode: Indexed')}---\n${JOB}`;
    const diagnostics = await server.open(uri, text.replace(/\n/g, '\r'));
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['yaml/after-document-end', 14]]);
    const lf = await server.change(uri, [{ text }]);
    assert.deepEqual(lf.map((d) => [d.code, d.range.start.line]), [['schema/enum', 19]]);
    await server.close(uri);
  });

  it('a name the server rejects: the message states the rule once with a fixed name; data.serverMessage holds the server\'s exact text', async () => {
    const diagnostics = await server.open('file:///bad-name.yaml', JOB.replace('name: pi', 'name: My_Job').replace('completionMode: indexed', 'completionMode: Indexed'));
    assert.deepEqual(diagnostics.map((d) => d.code), ['meta/name-invalid']);
    assert.equal(diagnostics[0].message, '`My_Job` is not a valid Job name: it must use only lower-case letters, digits, `-` and `.`, and start and end with a letter or digit (names are DNS-1123 subdomains). Try `my-job`.');
    assert.match((diagnostics[0].data as { serverMessage: string }).serverMessage, /^metadata\.name: Invalid value: "My_Job": a lowercase RFC 1123 subdomain must consist of/);
  });

  it('handles CRLF line endings and keeps exact ranges', async () => {
    const text = JOB.replace(/\n/g, '\r\n');
    const diagnostics = await server.open('file:///crlf.yaml', text);
    assert.deepEqual(diagnostics.map((d) => d.range), [rangeOf(text, 'indexed')]);
  });

  it('handles a byte order mark and a whole document in flow style', async () => {
    const bom = '\uFEFF' + JOB;
    assert.deepEqual((await server.open('file:///bom.yaml', bom)).map((d) => d.range), [rangeOf(bom, 'indexed')]);
    const flow = '{"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "pi"}, "spec": {"completionMode": "indexed", "completions": 3, ' +
      '"template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "pi", "image": "perl"}]}}}}\n';
    const diagnostics = await server.open('file:///flow.json.yaml', flow);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range]), [['schema/enum', rangeOf(flow, '"indexed"')]]);
  });

  it('a byte order mark before a quoted apiVersion that goes on at column 0 gives the same warning as without it, no syntax error', async () => {
    // kubectl drops the mark, so go-yaml reads "batch/v1" (the escaped line break joins without a space).
    const text = '\uFEFF' + JOB.replace('apiVersion: batch/v1\n', 'apiVersion: "batch/\\\nv1"\n');
    const diagnostics = await server.open('file:///bom-quoted.yaml', text);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range]),
      [
        ['yaml/lenient-indentation', { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } }],
        ['schema/enum', rangeOf(text, 'indexed')],
      ],
    );
  });

  it('stops an alias-expansion bomb with a clear diagnostic instead of hanging', async () => {
    let text = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: bomb\n  annotations:\n    a0: &a0 ["x","x","x","x","x","x","x","x","x"]\n';
    for (let i = 1; i < 9; i++) text += `    a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(',')}]\n`;
    const diagnostics = await server.open('file:///bomb.yaml', text);
    assert.deepEqual(diagnostics.map((d) => d.code), ['yaml/alias-limit']);
  });
});

describe('settings over LSP', () => {
  it('turns a rule off through kubeassist.rules, read with workspace/configuration', async () => {
    const server = await TestServer.start({ settings: { rules: { 'schema/enum': 'off' } } });
    try {
      // The first publish may come before the settings arrive; the server re-checks when they do.
      const uri = 'file:///rules-off.yaml';
      await server.open(uri, JOB);
      const settled = await waitFor(server, uri, (list) => list.length === 0);
      assert.deepEqual(settled, []);
    } finally {
      await server.stop();
    }
  });

  it('downgrades a rule to a warning for clients without workspace/configuration (didChangeConfiguration)', async () => {
    const server = await TestServer.start({ configurationCapability: false });
    try {
      const uri = 'file:///rules-warning.yaml';
      assert.equal((await server.open(uri, JOB))[0].severity, 1);
      const next = server.nextDiagnostics(uri);
      await server.changeSettings({ rules: { 'schema/enum': 'warning' } });
      assert.equal((await next)[0].severity, 2);
    } finally {
      await server.stop();
    }
  });

  it('silences one finding with # kubeassist-disable-next-line <code>', async () => {
    const server = await TestServer.start();
    try {
      const text = JOB.replace('  completionMode: indexed', '  # kubeassist-disable-next-line schema/enum\n  completionMode: indexed');
      assert.deepEqual(await server.open('file:///disable.yaml', text), []);
      const other = JOB.replace('  completionMode: indexed', '  # kubeassist-disable-next-line schema/type\n  completionMode: indexed');
      assert.deepEqual((await server.open('file:///disable-other.yaml', other)).map((d) => d.code), ['schema/enum']);
    } finally {
      await server.stop();
    }
  });
});

async function waitFor(server: TestServer, uri: string, done: (list: unknown[]) => boolean) {
  for (let i = 0; i < 20; i++) {
    const last = [...server.published].reverse().find((p) => p.uri === uri);
    if (last && done(last.diagnostics)) return last.diagnostics;
    await server.nextDiagnostics(uri, 2000).catch(() => undefined);
  }
  throw new Error('diagnostics never settled');
}
