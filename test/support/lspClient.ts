// A minimal LSP client for tests: spawns the built server (`node dist/server.js --stdio`) and speaks
// the protocol to it as an editor would.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';

export const SERVER = join(__dirname, '..', '..', 'dist', 'server.js');

export interface ServerOptions {
  /** The `kubeassist` settings section the client answers workspace/configuration with. */
  settings?: Record<string, unknown>;
  /** When false, the client does not offer workspace/configuration (like some plain clients). */
  configurationCapability?: boolean;
  initializationOptions?: unknown;
  /** Extra `workspace` and `textDocument` client capabilities (code action resolve, snippet edits ...). */
  capabilities?: { workspace?: Record<string, unknown>; textDocument?: Record<string, unknown> };
  /** Extra environment of the server process (KUBEASSIST_NOW fixes the clock of schedule hovers). */
  env?: Record<string, string>;
  /** The server's working folder (VS Code's client starts it in the first workspace folder). */
  cwd?: string;
  /** The workspace folders (file URIs) the client names in `initialize`: the server indexes their YAML files. */
  workspaceFolders?: string[];
  /** Whether the client shows progress the server starts (window.workDoneProgress). */
  workDoneProgress?: boolean;
  /** Another build's server.js (default: this build's, dist/server.js). */
  server?: string;
}

export class TestServer {
  private readonly waiters = new Map<string, ((params: PublishDiagnosticsParams) => void)[]>();
  readonly published: PublishDiagnosticsParams[] = [];
  readonly logs: string[] = [];
  /** What the server registered dynamically (client/registerCapability), e.g. file watchers. */
  readonly registrations: { method: string; registerOptions?: unknown }[] = [];
  /** The progress the server reported ($/progress values, in order), by token. */
  readonly progress: { token: string | number; value: { kind: string; title?: string; message?: string; percentage?: number } }[] = [];
  /** What the server wrote to stderr (drained, so a chatty server never blocks on a full pipe). */
  readonly stderr: string[] = [];
  private versions = new Map<string, number>();
  /** How many times the server pulled its settings (workspace/configuration). */
  private configurationPulls = 0;
  private readonly pullsSettings: boolean;
  settings: Record<string, unknown>;

  private constructor(readonly process: ChildProcess, readonly connection: ProtocolConnection, options: ServerOptions) {
    this.settings = options.settings ?? {};
    this.pullsSettings = options.configurationCapability !== false;
    this.process.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk.toString()));
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.published.push(params);
      const waiting = this.waiters.get(params.uri) ?? [];
      this.waiters.delete(params.uri);
      for (const resolve of waiting) resolve(params);
    });
    connection.onNotification('window/logMessage', (params: { message: string }) => {
      this.logs.push(params.message);
    });
    connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) => {
      this.configurationPulls++;
      return params.items.map(() => this.settings);
    });
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onNotification('$/progress', (params: TestServer['progress'][number]) => {
      this.progress.push(params);
    });
    connection.onRequest('client/registerCapability', (params: { registrations: { method: string; registerOptions?: unknown }[] }) => {
      this.registrations.push(...params.registrations);
      return null;
    });
  }

  static async start(options: ServerOptions = {}): Promise<TestServer> {
    const child = spawn(process.execPath, [options.server ?? SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...options.env }, ...(options.cwd ? { cwd: options.cwd } : {}) });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const server = new TestServer(child, connection, options);
    connection.listen();
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: options.workspaceFolders?.[0] ?? null,
      ...(options.workspaceFolders ? { workspaceFolders: options.workspaceFolders.map((uri) => ({ uri, name: uri.slice(uri.lastIndexOf('/') + 1) })) } : {}),
      capabilities: {
        workspace: { configuration: options.configurationCapability !== false, didChangeConfiguration: { dynamicRegistration: false }, ...options.capabilities?.workspace },
        textDocument: { publishDiagnostics: { versionSupport: true }, ...options.capabilities?.textDocument },
        ...(options.workDoneProgress ? { window: { workDoneProgress: true } } : {}),
      },
      initializationOptions: options.initializationOptions,
    });
    await connection.sendNotification('initialized', {});
    return server;
  }

  /** Resolves with the next diagnostics published for `uri`. */
  nextDiagnostics(uri: string, timeoutMs = 10000): Promise<Diagnostic[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms`)), timeoutMs);
      const list = this.waiters.get(uri) ?? [];
      list.push((params) => {
        clearTimeout(timer);
        resolve(params.diagnostics);
      });
      this.waiters.set(uri, list);
    });
  }

  /** Opens a document and resolves with its first diagnostics. */
  async open(uri: string, text: string, languageId = 'yaml'): Promise<Diagnostic[]> {
    const diagnostics = this.nextDiagnostics(uri);
    this.versions.set(uri, 1);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    return diagnostics;
  }

  /** Sends a change and resolves with the diagnostics published for the new version. */
  async change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<Diagnostic[]> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    const diagnostics = this.diagnosticsForVersion(uri, version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
    return diagnostics;
  }

  private async diagnosticsForVersion(uri: string, version: number): Promise<Diagnostic[]> {
    for (;;) {
      const params = await new Promise<PublishDiagnosticsParams>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} v${version}`)), 10000);
        const list = this.waiters.get(uri) ?? [];
        list.push((p) => {
          clearTimeout(timer);
          resolve(p);
        });
        this.waiters.set(uri, list);
      });
      if (params.version === undefined || params.version >= version) return params.diagnostics;
    }
  }

  /**
   * Resolves with the first diagnostics published for `uri` that satisfy `wanted`, among those published from
   * the `since`-th publication of any document on (`server.published.length` before the request that causes them).
   */
  async diagnosticsWhere(uri: string, wanted: (diagnostics: Diagnostic[]) => boolean, since = 0, timeoutMs = 10000): Promise<Diagnostic[]> {
    const deadline = Date.now() + timeoutMs;
    for (let seen = since; Date.now() < deadline; ) {
      const found = this.published.slice(seen).find((params) => params.uri === uri && wanted(params.diagnostics));
      if (found) return found.diagnostics;
      seen = this.published.length;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no diagnostics for ${uri} as wanted within ${timeoutMs} ms`);
  }

  /** Sends didSave, as an editor does after writing the file. */
  async save(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
  }

  async close(uri: string): Promise<Diagnostic[]> {
    const diagnostics = this.nextDiagnostics(uri);
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    return diagnostics;
  }

  async changeSettings(settings: Record<string, unknown>): Promise<void> {
    this.settings = settings;
    const pulls = this.configurationPulls;
    await this.connection.sendNotification('workspace/didChangeConfiguration', { settings: { kubeassist: settings } });
    // A server that pulls its settings has them only once it asked: what the test sends next must come after.
    if (!this.pullsSettings) return;
    for (let waited = 0; this.configurationPulls === pulls && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Sends any request, as an editor would. */
  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  async stop(): Promise<void> {
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } catch {
      // already gone
    }
    this.connection.dispose();
    if (this.process.exitCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.process.kill();
          resolve();
        }, 2000);
        this.process.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/** The zero-based position of the `occurrence`-th match of `match` in `text`, plus `delta` characters. */
export function positionOf(text: string, match: string, delta = 0, occurrence = 1): { line: number; character: number } {
  let index = -1;
  for (let i = 0; i < occurrence; i++) {
    index = text.indexOf(match, index + 1);
    if (index === -1) throw new Error(`"${match}" not found ${occurrence} times`);
  }
  const before = text.slice(0, index + delta).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

/** The range covering the `occurrence`-th match of `match`. */
export function rangeOf(text: string, match: string, occurrence = 1) {
  return { start: positionOf(text, match, 0, occurrence), end: positionOf(text, match, match.length, occurrence) };
}

/** Text with a cursor marker (`|` by default) -> the text without it and the marker's position. */
export function withCursor(marked: string, marker = '|') {
  const index = marked.indexOf(marker);
  if (index === -1) throw new Error('no cursor marker');
  const text = marked.slice(0, index) + marked.slice(index + marker.length);
  const lines = marked.slice(0, index).split('\n');
  return { text, position: { line: lines.length - 1, character: lines[lines.length - 1].length } };
}
