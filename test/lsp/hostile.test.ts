// Hostile input through the real server: each file gets a clear diagnostic (or the "file too large"
// notice) within bounded time, and the server keeps answering. Time bounds here are hang guards, not
// performance figures (those come from npm run bench).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { TestServer } from '../support/lspClient';

const JOB_HEAD = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: hostile\n';
const JOB = `${JOB_HEAD}spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox
`;

function aliasBomb(): string {
  const levels = ['    l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 10; i++) levels.push(`    l${i}: &l${i} [${Array(9).fill(`*l${i - 1}`).join(', ')}]`);
  return `${JOB_HEAD}  annotations:\n    x: y\nspec:\n  template:\n    metadata:\n      labels:\n${levels.map((l) => `  ${l}`).join('\n')}\n`;
}

/** Deterministic bytes 0-255 as a string, as a binary file read with a .yaml name would arrive. */
function binaryJunk(length: number): string {
  let state = 12345;
  let out = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    out += String.fromCharCode(state & 0xff);
  }
  return out;
}

function peakRssMiB(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

describe('hostile input', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start();
  });
  after(async () => {
    await server.stop();
  });

  async function stillAnswers(): Promise<void> {
    const uri = 'file:///still-answers.yaml';
    const diagnostics = await server.open(uri, JOB.replace('restartPolicy: Never', 'restartPolicy: Always'));
    assert.deepEqual(diagnostics.map((d) => d.code), ['job/restart-policy/never-or-on-failure-required']);
    const hover = await server.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 7 } });
    assert.match(hover?.contents.value ?? '', /Job/);
    await server.close(uri);
  }

  it('an alias-expansion bomb: yaml/alias-limit where go-yaml gives up ("excessive aliasing"), the object is not expanded', async () => {
    const diagnostics = await server.open('file:///bomb.yaml', aliasBomb());
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character]), [['yaml/alias-limit', 13, 40]], 'one finding, on the alias being expanded, and nothing from the unexpanded object');
    assert.equal(
      diagnostics[0].message,
      'kubectl refuses this document: its aliases (`*name`) expand far beyond its own size, as an "alias bomb" does (go-yaml: "document contains excessive aliasing"); it was not checked. Use fewer nested aliases.',
    );
    await stillAnswers();
  });

  it('10,000 nesting levels (flow and block): yaml/too-deep, not a stack overflow', async () => {
    const flow = `${JOB}  extra: ${'{a: '.repeat(10000)}1${'}'.repeat(10000)}\n`;
    const block = `${JOB}  extra:\n  ${'- '.repeat(10000)}1\n`;
    for (const [name, text] of [['flow', flow], ['block', block]]) {
      const diagnostics = await server.open(`file:///deep-${name}.yaml`, text);
      assert.deepEqual(diagnostics.map((d) => d.code), ['yaml/too-deep'], name);
      assert.match(String(diagnostics[0].message), /nests more than 200 levels/);
    }
    await stillAnswers();
  });

  // Issue 28 item 6 (`npm run fuzz -- --count 100000 --seed 1316167953`, examples only): a line break kubectl reads
  // in the text (U+2028, U+0085) turned a run of `- ` that was part of a plain scalar into 10,000 nested lists, which
  // `yaml` composed past the nesting check; completion and hover threw RangeError and answered nothing.
  it('completion and hover answer on a document nested 10,000 deep after a Unicode line break, and on deep JSON', async () => {
    const documents: [string, string][] = [
      ['line-separator', `${JOB_HEAD}  labels:\n    app: pi\u2028${'- '.repeat(10000)}\n${JOB.slice(JOB_HEAD.length)}`],
      ['next-line', `${JOB_HEAD}  labels:\n    app: pi\u0085${'- '.repeat(10000)}\n${JOB.slice(JOB_HEAD.length)}`],
      ['json', `{"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "deep"}, "spec": ${'['.repeat(10000)}${']'.repeat(10000)}}\n`],
    ];
    for (const [name, text] of documents) {
      const uri = `file:///deep-${name}.yaml`;
      server.logs.splice(0);
      // A hang guard: the machine that runs the suite may be busy (the text is read three times: as written, with
      // the Unicode line breaks, and by the nesting check).
      const opened = server.nextDiagnostics(uri, 60_000);
      await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
      const diagnostics = await opened;
      assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character]), [['yaml/too-deep', 0, 0]], name);
      for (const position of [{ line: 0, character: 3 }, { line: 5, character: 10 }, { line: 6, character: 2 }]) {
        const completion = await server.request<{ items: unknown[] }>('textDocument/completion', { textDocument: { uri }, position });
        assert.ok(Array.isArray(completion?.items), `${name}: completion at ${JSON.stringify(position)} answers a list`);
        await server.request('textDocument/hover', { textDocument: { uri }, position });
      }
      // Read as half-typed text, the document still gets the Job's top-level keys at its start.
      if (name !== 'json') {
        const top = await server.request<{ items: { label: string }[] }>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 0 } });
        assert.deepEqual(top.items.map((item) => item.label), ['apiVersion', 'status'], name);
      }
      assert.deepEqual(server.logs.filter((message) => /failed|RangeError/.test(message)), [], `${name}: the server caught no exception`);
      await server.close(uri);
    }
    await stillAnswers();
  });

  it('a 1 MB single line: checked like any other value', async () => {
    const text = `${JOB_HEAD}  annotations:\n    note: ${'x'.repeat(1_000_000)}\n${JOB.slice(JOB_HEAD.length)}`;
    const diagnostics = await server.open('file:///long-line.yaml', text);
    assert.deepEqual(diagnostics.map((d) => d.code), ['meta/annotations-too-long']);
    // Inside the long scalar there is nothing to complete: an empty answer, not an error or a hang.
    const completion = await server.request<{ items: unknown[] }>('textDocument/completion', { textDocument: { uri: 'file:///long-line.yaml' }, position: { line: 5, character: 500_000 } });
    assert.deepEqual(completion, { isIncomplete: false, items: [] });
    await stillAnswers();
  });

  it('binary junk with a .yaml name: nothing of ours, no diagnostics; after a Job header, a syntax error', async () => {
    assert.deepEqual(await server.open('file:///junk.yaml', binaryJunk(200_000)), []);
    const diagnostics = await server.open('file:///junk-job.yaml', JOB_HEAD + binaryJunk(200_000));
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['yaml/syntax', 4]], 'one syntax error, where the junk starts');
    assert.match(String(diagnostics[0].message), /^YAML syntax error: /);
    await stillAnswers();
  });

  it('a 50 MB file: the first 5,000,000 characters are checked, a notice says so, memory stays bounded', async (t) => {
    const env = Array.from({ length: 20 }, (_, i) => `        - name: SETTING_${i}\n          value: "value ${i}"\n`).join('');
    const mistake = `${JOB.replace('restartPolicy: Never', 'restartPolicy: Always')}        env:\n${env}`;
    const documents = Math.ceil(50_000_000 / mistake.length);
    const text = Array.from({ length: documents }, (_, i) => mistake.replace('name: hostile', `name: hostile-${i}`)).join('---\n');
    const started = performance.now();
    const opened = server.nextDiagnostics('file:///huge.yaml', 60_000);
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: 'file:///huge.yaml', languageId: 'yaml', version: 1, text } });
    const diagnostics = await opened;
    const seconds = (performance.now() - started) / 1000;
    const notice = diagnostics.filter((d) => d.code === 'file/too-large');
    assert.equal(notice.length, 1);
    assert.match(String(notice[0].message), /^File too large: KubeAssist checked the first \d+ of \d+ documents/);
    const checked = Number(/checked the first (\d+)/.exec(String(notice[0].message))![1]);
    assert.equal(diagnostics.length - 1, checked, 'one finding per checked document');
    t.diagnostic(`50 MB: ${documents} documents, ${checked} checked in ${seconds.toFixed(1)} s, peak RSS ${peakRssMiB(server.process.pid!).toFixed(0)} MiB`);
    assert.ok(seconds < 60, `took ${seconds} s`);
    assert.ok(peakRssMiB(server.process.pid!) < 1500, `peak RSS ${peakRssMiB(server.process.pid!)} MiB`);
    // The status bar's count stays within the limit too (it would otherwise read every document).
    const info = await server.request<{ checkedResources: number }>('kubeassist/documentInfo', { uri: 'file:///huge.yaml' });
    assert.equal(info.checkedResources, checked);
    await server.close('file:///huge.yaml');
    await stillAnswers();
  });
});
