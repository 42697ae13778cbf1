// Exec credential plugins (client.authentication.k8s.io/v1 and v1beta1 ExecCredential), run as client-go runs
// them (plugin/pkg/client/auth/exec/exec.go `refreshCredsLocked`): the kubeconfig's command with its args, the
// caller's environment plus the plugin's `env`, and KUBERNETES_EXEC_INFO holding an ExecCredential with
// `spec.interactive` (and `spec.cluster` when `provideClusterInfo`); standard input is the terminal's only when
// interactive. Its standard output is an ExecCredential whose `status` holds a token or a client certificate and
// key. Bounded: the program gets a time limit and at most 1 MiB of output is kept; a credential is reused until
// its `expirationTimestamp`.
import { spawn } from 'node:child_process';
import type { ClusterEntry, ExecConfig } from './kubeconfig';
import { LiveReadError } from './kubeconfig';
import { seconds } from './http';

const API_VERSIONS = ['client.authentication.k8s.io/v1', 'client.authentication.k8s.io/v1beta1'];
const MAX_STDOUT = 1 << 20;
const MAX_STDERR = 64 * 1024;

export interface ExecCredentialStatus {
  token?: string;
  clientCertificateData?: string;
  clientKeyData?: string;
}

export interface ExecOptions {
  /** Whether the plugin may talk to the user (a terminal on standard input). */
  interactive: boolean;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
}

const cache = new Map<string, { status: ExecCredentialStatus; expires?: number }>();

/** The credential an exec plugin returns; a LiveReadError in one sentence when it cannot give one. */
export async function execCredential(user: string, exec: ExecConfig, cluster: ClusterEntry, options: ExecOptions): Promise<ExecCredentialStatus> {
  const who = `the exec credential plugin "${exec.command}" of the user "${user}"`;
  if (!API_VERSIONS.includes(exec.apiVersion)) {
    throw new LiveReadError(`${who} has apiVersion "${exec.apiVersion}"; kubectl and KubeAssist run ${API_VERSIONS.join(' or ')}`);
  }
  // v1 requires interactiveMode; v1beta1 defaults it to IfAvailable (clientcmd api/v1 defaults, exec.go).
  const mode = exec.interactiveMode ?? (exec.apiVersion.endsWith('/v1beta1') ? 'IfAvailable' : undefined);
  if (mode === undefined) throw new LiveReadError(`${who} has no interactiveMode (Never, IfAvailable or Always), which ${exec.apiVersion} requires`);
  if (!['Never', 'IfAvailable', 'Always'].includes(mode)) throw new LiveReadError(`${who} has interactiveMode "${mode}"; it must be Never, IfAvailable or Always`);
  const interactive = mode !== 'Never' && options.interactive;
  if (mode === 'Always' && !interactive) {
    throw new LiveReadError(`${who} needs a terminal to talk to you (interactiveMode: Always) and there is none here: log in once with kubectl in a terminal, then try again`);
  }
  const key = JSON.stringify([user, exec, cluster.server]);
  const cached = cache.get(key);
  if (cached && (cached.expires === undefined || cached.expires > Date.now())) return cached.status;

  const spec: Record<string, unknown> = { interactive };
  if (exec.provideClusterInfo) {
    spec.cluster = {
      server: cluster.server,
      'tls-server-name': cluster.tlsServerName,
      'insecure-skip-tls-verify': cluster.insecureSkipTlsVerify || undefined,
      'certificate-authority-data': cluster.certificateAuthorityData,
      'proxy-url': cluster.proxyUrl,
      config: cluster.execExtension,
    };
  }
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env) };
  for (const { name, value } of exec.env) env[name] = value;
  env.KUBERNETES_EXEC_INFO = JSON.stringify({ apiVersion: exec.apiVersion, kind: 'ExecCredential', spec });

  const { code, signal, stdout, stderr, error, timedOut, overflow } = await run(exec, env, interactive, options.timeoutMs);
  if (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const hint = exec.installHint ? ` (${exec.installHint.trim().split('\n')[0]})` : '';
    throw new LiveReadError(missing ? `${who} was not found${exec.command.includes('/') ? '' : ' on PATH'}${hint}` : `${who} could not start: ${error.message}`);
  }
  if (timedOut) throw new LiveReadError(`${who} did not answer within ${seconds(options.timeoutMs)}: stopped`);
  if (overflow) throw new LiveReadError(`${who} wrote more than 1 MiB to standard output: not read`);
  if (code !== 0) {
    const said = lastLine(stderr);
    throw new LiveReadError(`${who} failed (${signal ? `signal ${signal}` : `exit code ${code}`})${said ? `: ${said}` : ''}`);
  }
  let credential: unknown;
  try {
    credential = JSON.parse(stdout);
  } catch {
    throw new LiveReadError(`${who} did not write an ExecCredential (JSON) to standard output`);
  }
  const object = credential as { apiVersion?: unknown; kind?: unknown; status?: Record<string, unknown> };
  if (typeof credential !== 'object' || credential === null || object.kind !== 'ExecCredential') {
    throw new LiveReadError(`${who} did not write an ExecCredential (JSON) to standard output`);
  }
  if (object.apiVersion !== exec.apiVersion) {
    throw new LiveReadError(`${who} is configured for ${exec.apiVersion} and returned ${String(object.apiVersion)}`);
  }
  const status = object.status;
  if (typeof status !== 'object' || status === null) throw new LiveReadError(`${who} returned an ExecCredential without status`);
  const result: ExecCredentialStatus = {
    token: typeof status.token === 'string' && status.token !== '' ? status.token : undefined,
    clientCertificateData: typeof status.clientCertificateData === 'string' && status.clientCertificateData !== '' ? status.clientCertificateData : undefined,
    clientKeyData: typeof status.clientKeyData === 'string' && status.clientKeyData !== '' ? status.clientKeyData : undefined,
  };
  if (!result.token && !result.clientCertificateData && !result.clientKeyData) throw new LiveReadError(`${who} returned neither a token nor a client certificate and key`);
  if (!result.clientCertificateData !== !result.clientKeyData) throw new LiveReadError(`${who} returned a client certificate without its key, or a key without its certificate`);
  const expires = typeof status.expirationTimestamp === 'string' ? Date.parse(status.expirationTimestamp) : undefined;
  cache.set(key, { status: result, expires: expires !== undefined && !Number.isNaN(expires) ? expires : undefined });
  return result;
}

/** Forgets the credentials exec plugins gave (for tests, and after the cluster refused one). */
export function forgetExecCredentials(): void {
  cache.clear();
}

interface RunResult { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; error?: Error; timedOut: boolean; overflow: boolean }

function run(exec: ExecConfig, env: NodeJS.ProcessEnv, interactive: boolean, timeoutMs: number): Promise<RunResult> {
  return new Promise((done) => {
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let timedOut = false;
    let overflow = false;
    let settled = false;
    const finish = (result: Omit<RunResult, 'stdout' | 'stderr' | 'timedOut' | 'overflow'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done({ ...result, stdout: Buffer.concat(out).toString('utf8'), stderr: err, timedOut, overflow });
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(exec.command, exec.args, { env, stdio: [interactive ? 'inherit' : 'ignore', 'pipe', interactive ? 'inherit' : 'pipe'], windowsHide: true });
    } catch (error) {
      done({ code: null, signal: null, stdout: '', stderr: '', error: error as Error, timedOut: false, overflow: false });
      return;
    }
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes <= MAX_STDOUT) out.push(chunk);
      else if (!overflow) {
        overflow = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (err.length < MAX_STDERR) err += chunk.toString('utf8');
    });
    child.on('error', (error) => finish({ code: null, signal: null, error }));
    child.on('close', (code, signal) => finish({ code, signal }));
  });
}

function lastLine(text: string): string {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const line = lines[lines.length - 1] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
