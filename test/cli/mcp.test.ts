// `kubeassist mcp` driven by the MCP SDK's own client over stdio, as an agent's host would: the tools it lists,
// each tool on the bundled examples (equal to `kubeassist check --format json` and `check --fix`), the rule
// resources, and bad input answered as tool errors in plain words (not YAML, outside the roots, too large).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const ROOT = resolve(__dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const EXAMPLES = readdirSync(join(ROOT, 'examples')).filter((name) => name.endsWith('.yaml')).sort();

type ToolResult = { content: { type: string; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

const NOW = '2026-01-01T12:00:00Z';

async function connect(options: { cwd?: string; args?: string[]; roots?: string[] } = {}): Promise<Client> {
  const client = new Client({ name: 'kubeassist-test', version: '1.0.0' }, { capabilities: options.roots ? { roots: { listChanged: true } } : {} });
  if (options.roots) {
    const roots = options.roots;
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.map((folder) => ({ uri: pathToFileURL(folder).href, name: folder })) }));
  }
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...(options.args ?? [])], cwd: options.cwd ?? ROOT, stderr: 'pipe', env: { ...(process.env as Record<string, string>), KUBEASSIST_NOW: NOW } }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

function cli(args: string[], input?: string): string {
  return spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', input }).stdout;
}

describe('kubeassist mcp', () => {
  let client: Client;
  const folders: string[] = [];
  before(async () => {
    client = await connect();
  });
  after(async () => {
    await client.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  const scratch = (): string => {
    const folder = mkdtempSync(join(tmpdir(), 'kubeassist-mcp-'));
    folders.push(folder);
    return folder;
  };

  it('a kustomization beside the file that is a FIFO is skipped, never waited on: the file is checked alone', { timeout: 60_000, skip: spawnSync('mkfifo', ['--version']).status === 0 ? false : 'mkfifo is not available' }, async () => {
    const folder = scratch();
    writeFileSync(join(folder, 'job.yaml'), 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\nspec:\n  backoffLimit: 2\n');
    assert.equal(spawnSync('mkfifo', [join(folder, 'kustomization.yaml')]).status, 0);
    const scoped = await connect({ cwd: folder });
    try {
      const result = await call(scoped, 'check', { paths: ['job.yaml'] });
      assert.equal(result.isError, undefined, result.content[0]?.text);
      assert.deepEqual((result.structuredContent?.findings as { code: string }[]).map((finding) => finding.code), ['schema/required']);
    } finally {
      await scoped.close();
    }
  });

  it('lists the tools check, diagnose, explain, fix, rules and simulate, each with an input and an output schema', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ['check', 'diagnose', 'explain', 'fix', 'rules', 'simulate']);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.outputSchema?.type, 'object', tool.name);
      assert.ok((tool.description ?? '').length > 40, tool.name);
    }
    assert.equal(tools.find((tool) => tool.name === 'check')?.annotations?.readOnlyHint, true);
  });

  it('check on the examples folder finds exactly what `kubeassist check --format json examples` finds', async () => {
    const result = await call(client, 'check', { paths: ['examples'] });
    assert.equal(result.isError, undefined, result.content[0]?.text);
    const expected = JSON.parse(cli(['check', '--format', 'json', 'examples']));
    assert.ok(expected.length > 10);
    assert.deepEqual(result.structuredContent?.findings, expected);
    assert.deepEqual(JSON.parse(result.content[0].text).findings, expected);
  });

  for (const example of EXAMPLES) {
    it(`check on the text of examples/${example} equals the CLI's findings for that file, and lists its objects`, async () => {
      const text = readFileSync(join(ROOT, 'examples', example), 'utf8');
      const result = await call(client, 'check', { text, fileName: `examples/${example}` });
      assert.equal(result.isError, undefined, result.content[0]?.text);
      assert.deepEqual(result.structuredContent?.findings, JSON.parse(cli(['check', '--format', 'json', `examples/${example}`])));
      const objects = result.structuredContent?.objects as { kind: string; identity: string; line: number }[];
      if (example === 'not-kubernetes.yaml') assert.deepEqual(objects, []);
      else assert.ok(objects.length > 0 && objects.every((object) => object.identity.startsWith(`${object.kind}/`)), example);
    });
  }

  it('check takes the release and rule settings: a rule turned off is not reported, and the release changes the answer', async () => {
    const text = readFileSync(join(ROOT, 'examples/cronjob-mistakes.yaml'), 'utf8');
    const all = (await call(client, 'check', { text })).structuredContent?.findings as { code: string }[];
    assert.ok(all.some((finding) => finding.code === 'cronjob/schedule/time-zone-prefix'));
    const off = (await call(client, 'check', { text, rules: { 'cronjob/': 'off' } })).structuredContent?.findings as { code: string }[];
    assert.ok(!off.some((finding) => finding.code.startsWith('cronjob/')));
    assert.deepEqual(off, JSON.parse(cli(['check', '--format', 'json', '--rule', 'cronjob/=off', '-'], text)).map((finding: { file: string }) => ({ ...finding, file: '<text>' })));
    const older = (await call(client, 'check', { text, kubernetesVersion: '1.24' })).structuredContent?.findings as { code: string }[];
    assert.deepEqual(older, JSON.parse(cli(['check', '--format', 'json', '--kubernetes-version', '1.24', '-'], text)).map((finding: { file: string }) => ({ ...finding, file: '<text>' })));
  });

  for (const example of EXAMPLES.filter((name) => name.includes('mistakes'))) {
    it(`fix on examples/${example} returns what \`kubeassist check --fix -\` writes, edits that make it from the text, and what is left`, async () => {
      const text = readFileSync(join(ROOT, 'examples', example), 'utf8');
      const result = await call(client, 'fix', { text });
      assert.equal(result.isError, undefined, result.content[0]?.text);
      const output = result.structuredContent as { text: string; fixed: number; edits: { range: { start: { line: number }; end: { line: number } }; newText: string }[]; remaining: unknown[]; written: boolean };
      assert.equal(output.text, cli(['check', '--fix', '-'], text));
      assert.ok(output.fixed > 0, 'the example has obvious fixes');
      assert.equal(output.written, false);
      assert.equal(applyLineEdits(text, output.edits), output.text);
      assert.deepEqual(output.remaining, (await call(client, 'check', { text: output.text })).structuredContent?.findings);
    });
  }

  for (const example of EXAMPLES.filter((name) => name.includes('clean'))) {
    it(`explain on examples/${example} returns what \`kubeassist explain --format json\` prints`, async () => {
      const result = await call(client, 'explain', { path: `examples/${example}` });
      assert.equal(result.isError, undefined, result.content[0]?.text);
      const expected = JSON.parse(cli(['explain', '--format', 'json', '--now', NOW, `examples/${example}`]));
      assert.ok(expected.objects.length > 0);
      assert.deepEqual(result.structuredContent, expected);
    });
  }

  it('simulate returns what `kubeassist simulate --format json` prints, for a preset and for a scenario given as YAML text', async () => {
    const text = readFileSync(join(ROOT, 'examples/job-clean.yaml'), 'utf8');
    const preset = await call(client, 'simulate', { text, scenario: 'preset:all-fail' });
    assert.equal(preset.isError, undefined, preset.content[0]?.text);
    assert.deepEqual(preset.structuredContent, JSON.parse(cli(['simulate', '--format', 'json', '--scenario', 'preset:all-fail', '-'], text)));
    assert.equal((preset.structuredContent as { end: { condition: string } }).end.condition, 'Failed');
    const folder = scratch();
    const scenario = 'pods:\n- exitCode: 42\n  runFor: 31s\nthen: succeed\n';
    writeFileSync(join(folder, 'scenario.yaml'), scenario);
    const given = await call(client, 'simulate', { text, scenario });
    assert.deepEqual(given.structuredContent, JSON.parse(cli(['simulate', '--format', 'json', '--scenario', join(folder, 'scenario.yaml'), '-'], text)));
    const bad = await call(client, 'simulate', { text, scenario: 'pods:\n- exitCode: lots\n' });
    assert.equal(bad.isError, true);
    assert.match(bad.content[0].text, /exitCode/);
  });

  it('simulate and explain return the picture as an SVG image with its text alternative only when asked (picture: true)', async () => {
    const text = readFileSync(join(ROOT, 'examples/job-clean.yaml'), 'utf8');
    const plain = await call(client, 'simulate', { text, scenario: 'preset:all-fail' });
    assert.deepEqual(plain.content.map((item) => item.type), ['text']);
    const drawn = (await call(client, 'simulate', { text, scenario: 'preset:all-fail', picture: true })) as unknown as { content: { type: string; text?: string; data?: string; mimeType?: string }[]; structuredContent: unknown };
    assert.deepEqual(drawn.content.map((item) => item.type), ['text', 'image', 'text']);
    assert.deepEqual(drawn.structuredContent, plain.structuredContent);
    assert.equal(drawn.content[1].mimeType, 'image/svg+xml');
    const svg = Buffer.from(drawn.content[1].data ?? '', 'base64').toString('utf8');
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.equal((svg.match(/class="ka-bar /g) ?? []).length, (plain.structuredContent as { pods: unknown[] }).pods.length);
    assert.match(drawn.content[2].text ?? '', /^Job render-frames: timeline: Job render-frames: simulation in Kubernetes 1\.37: 12 Pods in 4 index lanes/);
    const cron = readFileSync(join(ROOT, 'examples/cronjob-clean.yaml'), 'utf8');
    const calendar = (await call(client, 'explain', { text: cron, picture: true })) as unknown as { content: { type: string; text?: string }[] };
    assert.deepEqual(calendar.content.map((item) => item.type), ['text', 'image', 'text']);
    assert.match(calendar.content[2].text ?? '', /^CronJob nightly-backup: the next runs: CronJob nightly-backup: 7 runs from/);
  });

  it('diagnose on paths (a Job and its Pods) and on text returns what `kubeassist diagnose --format json` prints', async () => {
    const job = 'test/fixtures/diagnose/backoff-limit.yaml';
    const pods = 'test/fixtures/diagnose/backoff-limit-pods.json';
    const fromPaths = await call(client, 'diagnose', { paths: [job, pods] });
    assert.equal(fromPaths.isError, undefined, fromPaths.content[0]?.text);
    assert.deepEqual(fromPaths.structuredContent, JSON.parse(cli(['diagnose', '--format', 'json', '--now', NOW, job, pods])));
    const verdict = (fromPaths.structuredContent as { objects: { verdict: string }[] }).objects[0].verdict;
    assert.equal(verdict, 'Job pi failed at 2026-12-01T10:01:10Z (BackoffLimitExceeded): 3 failures counted against backoffLimit 2; the last: Pod pi-zt6lw, container pi exited with code 1.');
    const text = readFileSync(join(ROOT, job), 'utf8');
    const fromText = await call(client, 'diagnose', { text, fileName: 'job.yaml', now: '2026-12-01T10:30:00Z' });
    assert.deepEqual(fromText.structuredContent, JSON.parse(cli(['diagnose', '--format', 'json', '--now', '2026-12-01T10:30:00Z', '-'], text).replaceAll('"<stdin>"', '"job.yaml"')));
    const bad = await call(client, 'diagnose', { text, now: 'soon' });
    assert.equal(bad.isError, true);
    assert.equal(bad.content[0].text, 'now "soon" is not an RFC 3339 time such as 2026-12-01T12:00:00Z');
  });

  it('fix writes a file only when asked (write: true), inside the roots', async () => {
    const folder = scratch();
    const file = join(folder, 'job.yaml');
    const text = readFileSync(join(ROOT, 'examples/job-mistakes.yaml'), 'utf8');
    writeFileSync(file, text);
    const rooted = await connect({ args: ['--root', folder] });
    try {
      const dry = (await call(rooted, 'fix', { path: 'job.yaml' })).structuredContent as { text: string; written: boolean };
      assert.equal(dry.written, false);
      assert.equal(readFileSync(file, 'utf8'), text);
      const wet = (await call(rooted, 'fix', { path: 'job.yaml', write: true })).structuredContent as { text: string; written: boolean };
      assert.equal(wet.written, true);
      assert.equal(readFileSync(file, 'utf8'), dry.text);
      assert.equal(dry.text, cli(['check', '--fix', '-'], text));
    } finally {
      await rooted.close();
    }
  });

  it('rules lists the rule table and finds rules by words; each rule is a resource with its documentation', async () => {
    const all = (await call(client, 'rules', {})).structuredContent?.rules as { code: string; mirrors: string; fix?: string }[];
    assert.ok(all.length > 300);
    const found = (await call(client, 'rules', { query: 'pod failure policy exit' })).structuredContent?.rules as { code: string }[];
    assert.ok(found.length > 0 && found.every((rule) => rule.code.startsWith('job/pod-failure-policy')), JSON.stringify(found.map((rule) => rule.code)));
    const withFix = all.find((rule) => rule.fix);
    assert.ok(withFix);
    const { resources } = await client.listResources();
    assert.equal(resources.length, all.length);
    const read = await client.readResource({ uri: `kubeassist://rules/${withFix.code}` });
    const text = (read.contents[0] as { text: string }).text;
    assert.ok(text.startsWith(`# ${withFix.code}\n`));
    assert.ok(text.includes(withFix.fix!));
  });

  it('answers text that is not YAML with a tool error in plain words', async () => {
    const result = await call(client, 'check', { text: 'kind: [Job\n  : : {' });
    assert.equal(result.isError, true);
    assert.match(result.content[0].text, /^the text is not YAML as kubectl reads it \(line \d+, column \d+: /);
    assert.doesNotMatch(result.content[0].text, /\n\s+at /);
  });

  it('check on paths runs the relation checks over them as one workspace, as `kubeassist check` does', async () => {
    const folder = scratch();
    mkdirSync(join(folder, 'chart', 'templates'), { recursive: true });
    writeFileSync(join(folder, 'chart', 'Chart.yaml'), 'apiVersion: v2\nname: c\nversion: 1.0.0\n');
    writeFileSync(join(folder, 'chart', 'templates', 'cm.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: env\n');
    writeFileSync(join(folder, 'chart', 'templates', 'job.yaml'), 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\n  annotations:\n    helm.sh/hook: pre-install\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n        image: b\n        envFrom:\n        - configMapRef:\n            name: env\n');
    const rooted = await connect({ roots: [folder] });
    try {
      // The server asks the client for its roots after connecting: until they arrive, the current folder is the root.
      let result = await call(rooted, 'check', { paths: [join(folder, 'chart')] });
      for (let i = 0; i < 100 && result.isError && /granted roots \(\.\)/.test(result.content[0]?.text ?? ''); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        result = await call(rooted, 'check', { paths: [join(folder, 'chart')] });
      }
      assert.equal(result.isError, undefined, result.content[0]?.text);
      const findings = (result.structuredContent?.findings ?? []) as { code: string; line: number; related?: { file: string; line: number }[] }[];
      assert.deepEqual(findings.map((finding) => [finding.code, finding.line, finding.related?.map((end) => end.line)]), [['relations/helm-hook-order', 16, [4]]]);
      assert.match(findings[0].related?.[0].file ?? '', /chart\/templates\/cm\.yaml$/);
    } finally {
      await rooted.close();
    }
  });

  it('check on paths leaves out the files a .kubeassist.yaml ignores, as `kubeassist check` does', async () => {
    const folder = scratch();
    mkdirSync(join(folder, 'generated'), { recursive: true });
    const job = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\nspec:\n  backoffLimit: -1\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: m\n        image: b\n';
    writeFileSync(join(folder, 'job.yaml'), job);
    writeFileSync(join(folder, 'generated', 'job.yaml'), job);
    writeFileSync(join(folder, '.kubeassist.yaml'), 'ignore:\n  - generated/\n');
    const rooted = await connect({ roots: [folder] });
    try {
      let result = await call(rooted, 'check', { paths: [folder] });
      for (let i = 0; i < 100 && result.isError && /granted roots \(\.\)/.test(result.content[0]?.text ?? ''); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        result = await call(rooted, 'check', { paths: [folder] });
      }
      assert.equal(result.isError, undefined, result.content[0]?.text);
      const where = (file: string) => (file.replace(/\\/g, '/').endsWith('generated/job.yaml') ? 'generated/job.yaml' : 'job.yaml');
      const files = new Set(((result.structuredContent?.findings ?? []) as { file: string }[]).map((finding) => where(finding.file)));
      const expected = new Set((JSON.parse(spawnSync(process.execPath, [CLI, 'check', '--format', 'json', folder], { encoding: 'utf8' }).stdout) as { file: string }[]).map((finding) => where(finding.file)));
      assert.deepEqual([...files], ['job.yaml']);
      assert.deepEqual([...files], [...expected]);
    } finally {
      await rooted.close();
    }
  });

  it('answers a path outside the roots, and a link leading out of them, with tool errors; nothing out there is read', async () => {
    const folder = scratch();
    const outside = scratch();
    writeFileSync(join(outside, 'secret.yaml'), 'apiVersion: batch/v1\nkind: Job\n');
    mkdirSync(join(folder, 'manifests'));
    symlinkSync(join(outside, 'secret.yaml'), join(folder, 'manifests', 'link.yaml'));
    const rooted = await connect({ roots: [folder] });
    try {
      const up = await call(rooted, 'check', { paths: [join(outside, 'secret.yaml')] });
      assert.equal(up.isError, true);
      assert.match(up.content[0].text, /secret\.yaml is outside the granted roots/);
      const link = await call(rooted, 'check', { paths: ['manifests/link.yaml'] });
      assert.equal(link.isError, true);
      assert.match(link.content[0].text, /manifests\/link\.yaml is outside the granted roots/);
      const walked = await call(rooted, 'check', { paths: ['manifests'] });
      assert.deepEqual(walked.structuredContent, { findings: [], objects: [], skipped: ['manifests/link.yaml: leads outside the granted roots'] });
      const examples = await call(rooted, 'check', { paths: [join(ROOT, 'examples')] });
      assert.equal(examples.isError, true, 'the client granted only its folder: the repository is out of reach');
    } finally {
      await rooted.close();
    }
  });

  it('answers a text over the size limit, a bad release and a missing input with tool errors', async () => {
    const huge = await call(client, 'check', { text: 'a'.repeat(5_000_001) });
    assert.equal(huge.isError, true);
    assert.equal(huge.content[0].text, 'the text has 5000001 characters; the limit is 5000000');
    const release = await call(client, 'check', { text: 'a: 1\n', kubernetesVersion: '2.0' });
    assert.equal(release.isError, true);
    assert.match(release.content[0].text, /kubernetesVersion "2.0" is not a release KubeAssist knows/);
    const nothing = await call(client, 'fix', {});
    assert.equal(nothing.isError, true);
    assert.equal(nothing.content[0].text, 'give either `text` or `path`');
  });

  it('the warm-up check before the handshake stays inside the process: a host reads only the answers to its own requests, the first one first', async () => {
    const { spawn } = await import('node:child_process');
    const server = spawn(process.execPath, [CLI, 'mcp'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    const lines = new Promise<string[]>((resolveLines) => {
      server.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const complete = out.split('\n').filter((line) => line.trim() !== '');
        if (complete.length >= 2 && out.endsWith('\n')) resolveLines(complete);
      });
    });
    const send = (message: object) => server.stdin.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'check', arguments: { text: readFileSync(join(ROOT, 'examples', EXAMPLES[0]), 'utf8') } } });
    try {
      const messages = (await lines).map((line) => JSON.parse(line) as { id?: number; result?: { serverInfo?: { name: string }; structuredContent?: { findings: unknown[] } } });
      assert.deepEqual(messages.map((message) => message.id), [1, 2]);
      assert.equal(messages[0].result?.serverInfo?.name, 'kubeassist');
      const text = readFileSync(join(ROOT, 'examples', EXAMPLES[0]), 'utf8');
      assert.deepEqual(messages[1].result?.structuredContent?.findings, JSON.parse(cli(['check', '--format', 'json', '-'], text)).map((finding: { file: string }) => ({ ...finding, file: '<text>' })));
    } finally {
      server.kill();
    }
  });
});

/** Applies LSP edits of whole lines (start and end at column 0, or the text's end) to a text. */
function applyLineEdits(text: string, edits: { range: { start: { line: number; character?: number }; end: { line: number; character?: number } }; newText: string }[]): string {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const offset = (position: { line: number; character?: number }) => lines.slice(0, position.line).join('').length + (position.character ?? 0);
  let out = text;
  for (const edit of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) {
    out = out.slice(0, offset(edit.range.start)) + edit.newText + out.slice(offset(edit.range.end));
  }
  return out;
}
