// The agent tools in VS Code: the language-model tools (agent mode calls them: kubeassist_check,
// kubeassist_fix, kubeassist_diagnose, kubeassist_rules) run in the language server already running (kubeassist/agentTool), and
// the MCP server definition offers `kubeassist mcp` (dist/mcp.js, the same engine.js) to agent hosts that
// speak MCP. No check runs in the extension host.
import * as path from 'node:path';
import {
  LanguageModelTextPart, LanguageModelToolResult, lm, McpStdioServerDefinition, Uri, workspace, WorkspaceEdit, Range, Position,
  type CancellationToken, type Disposable, type ExtensionContext, type LanguageModelTool, type LanguageModelToolInvocationOptions,
  type LanguageModelToolInvocationPrepareOptions, type PreparedToolInvocation, type TextDocument,
} from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { AGENT_TOOL_REQUEST, LANGUAGE_MODEL_TOOLS, MCP_PROVIDER_ID, type AgentToolName, type AgentToolParams, type AgentToolResult } from '../../server/src/lsp/protocol';


interface DocumentInput {
  /** A file of the workspace (path relative to a workspace folder, absolute, or a URI). */
  file?: string;
  text?: string;
  kubernetesVersion?: string;
  rules?: Record<string, string>;
}
interface FixInput extends DocumentInput {
  /** Apply the fixes to the file in the editor (an undoable edit); otherwise only say what they are. */
  apply?: boolean;
}
interface SimulateInput extends DocumentInput {
  object?: string | number;
  scenario?: string | Record<string, unknown> | Record<string, unknown>[];
}
interface RulesInput {
  query?: string;
}
interface DiagnoseToolInput {
  /** Workspace files read together (the Job, its Pods, its events). */
  files?: string[];
  text?: string;
  now?: string;
  kubernetesVersion?: string;
}

/**
 * Registers the language-model tools and the MCP server definition where the editor has the API, and says in
 * one line what the editor now lists (its `lm.tools`), for the server log.
 */
export function registerAgentTools(context: ExtensionContext, client: () => LanguageClient | undefined): { registrations: Disposable[]; summary: string } {
  const registrations: Disposable[] = [];
  if (typeof lm?.registerTool !== 'function') return { registrations, summary: 'Agent tools: this editor has no language-model tool API (VS Code 1.101 or later has it).' };
  const run = async (tool: AgentToolName, input: Record<string, unknown>, uri?: Uri): Promise<AgentToolResult> => {
    const running = client();
    if (!running) return { error: 'the KubeAssist language server is not running' };
    const params: AgentToolParams = { tool, input, uri: uri?.toString() };
    return running.sendRequest<AgentToolResult>(AGENT_TOOL_REQUEST, params);
  };
  const answer = (result: AgentToolResult) => new LanguageModelToolResult([new LanguageModelTextPart(result.error !== undefined ? `Error: ${result.error}` : JSON.stringify(result.output))]);

  const check: LanguageModelTool<DocumentInput> = {
    prepareInvocation: (options) => ({ invocationMessage: `Checking ${describe(options.input)} with KubeAssist` }),
    async invoke(options: LanguageModelToolInvocationOptions<DocumentInput>) {
      const { input, uri, error } = await documentInput(options.input);
      return answer(error !== undefined ? { error } : await run('check', input, uri));
    },
  };
  const fix: LanguageModelTool<FixInput> = {
    prepareInvocation(options: LanguageModelToolInvocationPrepareOptions<FixInput>): PreparedToolInvocation {
      if (!options.input.apply) return { invocationMessage: `Working out KubeAssist's fixes for ${describe(options.input)}` };
      return {
        invocationMessage: `Applying KubeAssist's fixes to ${describe(options.input)}`,
        confirmationMessages: { title: 'Apply KubeAssist fixes?', message: `Apply the obvious fixes KubeAssist knows to ${describe(options.input)}? The edit can be undone.` },
      };
    },
    async invoke(options: LanguageModelToolInvocationOptions<FixInput>, _token: CancellationToken) {
      const { input, uri, document, error } = await documentInput(options.input);
      if (error !== undefined) return answer({ error });
      const result = await run('fix', input, uri);
      if (options.input.apply && result.output && document) {
        const edit = new WorkspaceEdit();
        for (const change of (result.output.edits as { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[])) {
          edit.replace(document.uri, new Range(new Position(change.range.start.line, change.range.start.character), new Position(change.range.end.line, change.range.end.character)), change.newText);
        }
        const applied = await workspace.applyEdit(edit);
        result.output = { ...result.output, applied };
      }
      return answer(result);
    },
  };
  const explain: LanguageModelTool<DocumentInput> = {
    prepareInvocation: (options) => ({ invocationMessage: `Explaining ${describe(options.input)} with KubeAssist` }),
    async invoke(options: LanguageModelToolInvocationOptions<DocumentInput>) {
      const { input, uri, error } = await documentInput(options.input);
      return answer(error !== undefined ? { error } : await run('explain', input, uri));
    },
  };
  const simulate: LanguageModelTool<SimulateInput> = {
    prepareInvocation: (options) => ({ invocationMessage: `Simulating ${describe(options.input)} with KubeAssist` }),
    async invoke(options: LanguageModelToolInvocationOptions<SimulateInput>) {
      const { input, uri, error } = await documentInput(options.input);
      return answer(error !== undefined ? { error } : await run('simulate', { ...input, object: options.input.object, scenario: options.input.scenario }, uri));
    },
  };
  const diagnose: LanguageModelTool<DiagnoseToolInput> = {
    prepareInvocation: (options) => ({ invocationMessage: `Diagnosing ${options.input.files?.length ? options.input.files.join(', ') : 'the kubectl output'} with KubeAssist` }),
    async invoke(options: LanguageModelToolInvocationOptions<DiagnoseToolInput>) {
      const { files, text, now, kubernetesVersion } = options.input;
      const settings = { ...(now !== undefined ? { now } : {}), ...(kubernetesVersion !== undefined ? { kubernetesVersion } : {}) };
      if (!files?.length) return answer(await run('diagnose', { text: text ?? '', ...settings }));
      const texts: { text: string; fileName: string }[] = [];
      let uri: Uri | undefined;
      for (const file of files) {
        const read = await documentInput({ file });
        if (read.error !== undefined) return answer({ error: read.error });
        texts.push({ text: String(read.input.text ?? ''), fileName: String(read.input.fileName ?? file) });
        uri ??= read.uri;
      }
      return answer(await run('diagnose', { texts, ...settings }, uri));
    },
  };
  const rules: LanguageModelTool<RulesInput> = {
    invoke: async (options) => answer(await run('rules', { query: options.input.query })),
  };
  registrations.push(
    lm.registerTool(LANGUAGE_MODEL_TOOLS.check, check),
    lm.registerTool(LANGUAGE_MODEL_TOOLS.fix, fix),
    lm.registerTool(LANGUAGE_MODEL_TOOLS.explain, explain),
    lm.registerTool(LANGUAGE_MODEL_TOOLS.simulate, simulate),
    lm.registerTool(LANGUAGE_MODEL_TOOLS.diagnose, diagnose),
    lm.registerTool(LANGUAGE_MODEL_TOOLS.rules, rules),
  );
  if (typeof lm.registerMcpServerDefinitionProvider === 'function') {
    const script = context.asAbsolutePath(path.join('dist', 'mcp.js'));
    registrations.push(lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
      provideMcpServerDefinitions: () => [mcpDefinition(script, context.extension.packageJSON.version as string)],
    }));
  }
  const listed = lm.tools.map((tool) => tool.name).filter((name) => Object.values(LANGUAGE_MODEL_TOOLS).includes(name)).sort();
  const mcp = typeof lm.registerMcpServerDefinitionProvider === 'function' ? `; MCP server definition ${MCP_PROVIDER_ID} (dist/mcp.js)` : '';
  return { registrations, summary: `Agent tools: language-model tools registered: ${listed.join(', ') || 'none listed by the editor'}${mcp}` };
}

/** `kubeassist mcp` on the editor's own Node.js, rooted in the workspace folders. */
export function mcpDefinition(script: string, version: string): McpStdioServerDefinition {
  const roots = (workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file').flatMap((folder) => ['--root', folder.uri.fsPath]);
  const definition = new McpStdioServerDefinition('KubeAssist', process.execPath, [script, ...roots], {}, version);
  return definition;
}

/** The text the tool reads: a workspace file (as open in the editor, unsaved changes included) or the text given. */
async function documentInput(input: DocumentInput): Promise<{ input: Record<string, unknown>; uri?: Uri; document?: TextDocument; error?: string }> {
  const settings = { kubernetesVersion: input.kubernetesVersion, rules: input.rules };
  if (input.file === undefined) return { input: { text: input.text ?? '', ...settings } };
  const uri = fileUri(input.file);
  if (!uri) return { input: {}, error: `${input.file} is not a file of the open workspace` };
  try {
    const document = await workspace.openTextDocument(uri);
    return { input: { text: document.getText(), fileName: workspace.asRelativePath(uri), ...settings }, uri, document };
  } catch {
    return { input: {}, error: `${input.file}: cannot be opened` };
  }
}

/** A file named by the model, inside a workspace folder (relative to the first, absolute, or a URI). */
function fileUri(file: string): Uri | undefined {
  const folders = workspace.workspaceFolders ?? [];
  const uri = /^[a-z][a-z0-9+.-]+:/i.test(file) && !/^[a-z]:[\\/]/i.test(file) ? Uri.parse(file) : path.isAbsolute(file) ? Uri.file(file) : folders[0] ? Uri.joinPath(folders[0].uri, file) : undefined;
  if (!uri) return undefined;
  return workspace.getWorkspaceFolder(uri) ? uri : undefined;
}

function describe(input: DocumentInput): string {
  return input.file ?? 'the manifest text';
}
