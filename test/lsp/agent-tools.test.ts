// kubeassist/agentTool: the VS Code language-model tools run check, fix and rules in the running language
// server (one engine), on the document's own settings; the answers equal the MCP tools' and the CLI's.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AGENT_TOOL_REQUEST, LANGUAGE_MODEL_TOOLS, MCP_PROVIDER_ID, type AgentToolParams, type AgentToolResult } from '../../server/src/lsp/protocol';
import { TestServer } from '../support/lspClient';
import { REPO_ROOT } from '../support/shared';

const CLI = join(REPO_ROOT, 'dist/cli.js');
const JOB = readFileSync(join(REPO_ROOT, 'examples/job-mistakes.yaml'), 'utf8');
const cli = (args: string[], input: string) => spawnSync(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, input, encoding: 'utf8' }).stdout;

describe('agent tools in the language server (kubeassist/agentTool)', () => {
  let server: TestServer;
  before(async () => (server = await TestServer.start({ settings: { kubernetesVersion: '1.31' } })));
  after(() => server.stop());
  const tool = (params: AgentToolParams) => server.request<AgentToolResult>(AGENT_TOOL_REQUEST, params);

  it('check on an open document uses its settings (the editor\'s release): the CLI\'s findings at that release', async () => {
    const uri = 'file:///w/agent-job.yaml';
    await server.open(uri, JOB);
    const result = await tool({ tool: 'check', input: { text: JOB, fileName: 'agent-job.yaml' }, uri });
    assert.equal(result.error, undefined);
    const expected = JSON.parse(cli(['check', '--format', 'json', '--kubernetes-version', '1.31', '-'], JOB)).map((finding: { file: string }) => ({ ...finding, file: 'agent-job.yaml' }));
    assert.deepEqual(result.output?.findings, expected);
  });

  it('fix returns check --fix\'s text and the edits; rules finds codes by words', async () => {
    const fixed = await tool({ tool: 'fix', input: { text: JOB } });
    assert.equal((fixed.output as { text: string }).text, cli(['check', '--fix', '-'], JOB));
    assert.ok((fixed.output as { edits: unknown[] }).edits.length > 0);
    const rules = await tool({ tool: 'rules', input: { query: 'completion mode' } });
    const codes = (rules.output as { rules: { code: string }[] }).rules.map((rule) => rule.code);
    assert.ok(codes.length > 0 && codes.every((code) => /completion|indexed/i.test(code) || code.startsWith('job/')), codes.join(', '));
  });

  it('answers paths (the editor sends texts), text that is not YAML and a bad release with one plain sentence', async () => {
    assert.deepEqual(await tool({ tool: 'check', input: { paths: ['/etc'] } }), { error: "the editor's tools take the text of a document (`uri` or `text`), not paths" });
    const notYaml = await tool({ tool: 'check', input: { text: 'kind: [Job\n  : : {' } });
    assert.match(notYaml.error ?? '', /^the text is not YAML as kubectl reads it \(line \d+, column \d+: /);
    assert.match((await tool({ tool: 'fix', input: { text: 'a: 1\n', kubernetesVersion: '9.9' } })).error ?? '', /kubernetesVersion "9.9" is not a release/);
  });
});

describe('the VS Code agent tools as package.json declares them', () => {
  const contributes = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).contributes;

  it('declares exactly the language-model tools the client registers, each with a description the model reads and an object input schema', () => {
    const tools = contributes.languageModelTools as { name: string; modelDescription: string; inputSchema: { type: string; properties: object } }[];
    assert.deepEqual(tools.map((tool) => tool.name).sort(), Object.values(LANGUAGE_MODEL_TOOLS).sort());
    for (const tool of tools) {
      assert.ok(tool.modelDescription.length > 100, tool.name);
      assert.equal(tool.inputSchema.type, 'object', tool.name);
    }
    const fix = tools.find((tool) => tool.name === LANGUAGE_MODEL_TOOLS.fix);
    assert.ok(fix && 'apply' in fix.inputSchema.properties, 'fix changes a file only with apply (the client asks the user first)');
  });

  it('declares the MCP server definition provider the client registers', () => {
    assert.deepEqual(contributes.mcpServerDefinitionProviders, [{ id: MCP_PROVIDER_ID, label: 'KubeAssist' }]);
  });
});
