// The user's kubeconfig, read as kubectl reads it (client-go tools/clientcmd, loader.go
// `ClientConfigLoadingRules.Load` and `NewDefaultClientConfigLoadingRules`): `--kubeconfig FILE` alone when given
// (it must exist); else every file of KUBECONFIG (split at the platform's path-list separator, each once, missing
// ones skipped); else ~/.kube/config. Merged the way the loader merges: the first file to name a cluster, user or
// context wins it whole (later files' entries of that name are dropped, even their other fields), and the first
// file that sets `current-context` wins it. Relative file names in a cluster or user are resolved against the
// folder of the file that holds them (`ResolveLocalPaths`), and an exec command too when it holds a path separator
// (`GetAuthInfoFileReferences`). Only reading: nothing is ever written back.
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { parse } from 'yaml';
import { readRegularFile } from '../files';

/** A kubeconfig file is small; one with embedded certificates is a few kilobytes. */
const MAX_KUBECONFIG_BYTES = 5_000_000;

/** Why a live read could not start or go on: one sentence for the user. */
export class LiveReadError extends Error {}

export interface ExecConfig {
  apiVersion: string;
  command: string;
  args: string[];
  env: { name: string; value: string }[];
  installHint?: string;
  provideClusterInfo: boolean;
  interactiveMode?: string;
}

export interface ClusterEntry {
  name: string;
  server: string;
  certificateAuthority?: string;
  certificateAuthorityData?: string;
  insecureSkipTlsVerify: boolean;
  tlsServerName?: string;
  proxyUrl?: string;
  /** The `client.authentication.k8s.io/exec` extension, handed to an exec plugin with provideClusterInfo. */
  execExtension?: unknown;
}

export interface UserEntry {
  name: string;
  token?: string;
  tokenFile?: string;
  clientCertificate?: string;
  clientCertificateData?: string;
  clientKey?: string;
  clientKeyData?: string;
  username?: string;
  password?: string;
  exec?: ExecConfig;
  authProvider?: string;
  as?: string;
  asGroups: string[];
  asUid?: string;
}

export interface ContextEntry {
  name: string;
  cluster: string;
  user: string;
  namespace?: string;
}

/** The merged kubeconfig and the files it came from. */
export interface Kubeconfig {
  files: string[];
  currentContext?: string;
  clusters: Map<string, ClusterEntry>;
  users: Map<string, UserEntry>;
  contexts: Map<string, ContextEntry>;
}

/** The cluster, user and namespace a read uses. */
export interface ResolvedContext {
  context: string;
  namespace: string;
  cluster: ClusterEntry;
  user: UserEntry;
  files: string[];
}

export interface KubeconfigOptions {
  /** `--kubeconfig FILE`: this file alone. */
  kubeconfig?: string;
  /** The environment (KUBECONFIG, HOME); the process's by default. */
  env?: NodeJS.ProcessEnv;
}

/** The files kubectl would read, in order of precedence, and whether they came from KUBECONFIG. */
export function kubeconfigPaths(options: KubeconfigOptions = {}): { paths: string[]; from: 'flag' | 'KUBECONFIG' | 'home' } {
  if (options.kubeconfig) return { paths: [resolve(options.kubeconfig)], from: 'flag' };
  const env = options.env ?? process.env;
  const listed = env.KUBECONFIG ?? '';
  if (listed.length > 0) {
    const paths: string[] = [];
    for (const entry of listed.split(delimiter)) if (entry && !paths.includes(resolve(entry))) paths.push(resolve(entry));
    return { paths, from: 'KUBECONFIG' };
  }
  const home = env.HOME || env.USERPROFILE || homedir();
  return { paths: [join(home, '.kube', 'config')], from: 'home' };
}

/** Reads and merges the kubeconfig; a LiveReadError says why there is none to use. */
export function loadKubeconfig(options: KubeconfigOptions = {}): Kubeconfig {
  const { paths, from } = kubeconfigPaths(options);
  const config: Kubeconfig = { files: [], clusters: new Map(), users: new Map(), contexts: new Map() };
  for (const path of paths) {
    const read = readRegularFile(path, MAX_KUBECONFIG_BYTES);
    if (read === undefined) {
      if (from === 'flag') throw new LiveReadError(`the kubeconfig ${path} (--kubeconfig) does not exist or cannot be read`);
      continue;
    }
    if (read.skipped !== undefined) throw new LiveReadError(`the kubeconfig ${path} was not read: ${read.skipped}`);
    mergeFile(config, path, read.text);
  }
  if (config.files.length === 0) {
    throw new LiveReadError(from === 'KUBECONFIG'
      ? `no kubeconfig: none of the files KUBECONFIG names exists (${paths.join(', ')})`
      : `no kubeconfig: ${paths[0]} does not exist (set KUBECONFIG or pass --kubeconfig FILE)`);
  }
  return config;
}

function mergeFile(config: Kubeconfig, path: string, text: string): void {
  let doc: unknown;
  try {
    doc = text.trim() === '' ? {} : parse(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new LiveReadError(`the kubeconfig ${path} is not valid YAML: ${firstLine(error)}`);
  }
  if (doc === null || doc === undefined) doc = {};
  if (!isRecord(doc)) throw new LiveReadError(`the kubeconfig ${path} is not a mapping (apiVersion: v1, kind: Config)`);
  config.files.push(path);
  const folder = dirname(path);
  const current = str(doc['current-context']);
  if (config.currentContext === undefined && current) config.currentContext = current;
  for (const item of list(doc.clusters)) {
    const name = str(item.name);
    const cluster = isRecord(item.cluster) ? item.cluster : undefined;
    if (name === undefined || !cluster || config.clusters.has(name)) continue;
    config.clusters.set(name, {
      name,
      server: str(cluster.server) ?? '',
      certificateAuthority: localPath(folder, str(cluster['certificate-authority'])),
      certificateAuthorityData: str(cluster['certificate-authority-data']),
      insecureSkipTlsVerify: cluster['insecure-skip-tls-verify'] === true,
      tlsServerName: str(cluster['tls-server-name']),
      proxyUrl: str(cluster['proxy-url']),
      execExtension: list(cluster.extensions).find((e) => e.name === 'client.authentication.k8s.io/exec')?.extension,
    });
  }
  for (const item of list(doc.users)) {
    const name = str(item.name);
    const user = isRecord(item.user) ? item.user : {};
    if (name === undefined || config.users.has(name)) continue;
    const exec = isRecord(user.exec) ? user.exec : undefined;
    const command = exec ? str(exec.command) ?? '' : '';
    config.users.set(name, {
      name,
      token: str(user.token),
      tokenFile: localPath(folder, str(user.tokenFile)),
      clientCertificate: localPath(folder, str(user['client-certificate'])),
      clientCertificateData: str(user['client-certificate-data']),
      clientKey: localPath(folder, str(user['client-key'])),
      clientKeyData: str(user['client-key-data']),
      username: str(user.username),
      password: str(user.password),
      exec: exec && {
        apiVersion: str(exec.apiVersion) ?? '',
        command: command.includes(sep) || command.includes('/') ? localPath(folder, command) ?? command : command,
        args: Array.isArray(exec.args) ? exec.args.map(String) : [],
        env: list(exec.env).map((e) => ({ name: String(e.name ?? ''), value: String(e.value ?? '') })).filter((e) => e.name !== ''),
        installHint: str(exec.installHint),
        provideClusterInfo: exec.provideClusterInfo === true,
        interactiveMode: str(exec.interactiveMode),
      },
      authProvider: isRecord(user['auth-provider']) ? str(user['auth-provider'].name) ?? 'unnamed' : undefined,
      as: str(user.as),
      asGroups: Array.isArray(user['as-groups']) ? user['as-groups'].map(String) : [],
      asUid: str(user['as-uid']),
    });
  }
  for (const item of list(doc.contexts)) {
    const name = str(item.name);
    const context = isRecord(item.context) ? item.context : undefined;
    if (name === undefined || !context || config.contexts.has(name)) continue;
    config.contexts.set(name, { name, cluster: str(context.cluster) ?? '', user: str(context.user) ?? '', namespace: str(context.namespace) });
  }
}

/**
 * The context a read uses (`--context`, else `current-context`), its cluster and user, and the namespace
 * (`-n`, else the context's, else `default`), as kubectl picks them (clientcmd `DirectClientConfig`).
 */
export function resolveContext(config: Kubeconfig, wanted: { context?: string; namespace?: string } = {}): ResolvedContext {
  const files = config.files.join(', ');
  const names = [...config.contexts.keys()];
  const known = names.length > 0 ? `; its contexts: ${names.join(', ')}` : '; it has no contexts';
  const name = wanted.context || config.currentContext;
  if (!name) throw new LiveReadError(`the kubeconfig (${files}) sets no current-context: pass --context NAME${known}`);
  const context = config.contexts.get(name);
  if (!context) throw new LiveReadError(`no context "${name}" in the kubeconfig (${files})${known}`);
  const cluster = config.clusters.get(context.cluster);
  if (!cluster) throw new LiveReadError(`the context "${name}" names the cluster "${context.cluster}", which the kubeconfig (${files}) does not define`);
  if (!cluster.server) throw new LiveReadError(`the cluster "${cluster.name}" of the kubeconfig has no server`);
  // An empty user name is anonymous (clientcmd validateContext accepts it); a named user must exist.
  const user = context.user === '' ? { name: '', asGroups: [] } : config.users.get(context.user);
  if (!user) throw new LiveReadError(`the context "${name}" names the user "${context.user}", which the kubeconfig (${files}) does not define`);
  return { context: name, namespace: wanted.namespace || context.namespace || 'default', cluster, user, files: config.files };
}

/** The contexts a kubeconfig offers, for a picker: name, cluster, namespace, and which one is current. */
export function listContexts(config: Kubeconfig): { name: string; cluster: string; namespace?: string; current: boolean }[] {
  return [...config.contexts.values()].map((c) => ({ name: c.name, cluster: c.cluster, namespace: c.namespace, current: c.name === config.currentContext }));
}

function localPath(folder: string, path: string | undefined): string | undefined {
  if (!path) return undefined;
  return isAbsolute(path) ? path : join(folder, path);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}
