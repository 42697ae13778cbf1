// "Diagnose a Job in the cluster…" in the editor: the language server is the one front door with host access, so
// the live read (host/kube: the user's kubeconfig, GET only, bounded) runs here, never in Restricted Mode, and
// never with a kubeconfig from inside a workspace folder unless the user agreed (a repository's kubeconfig could
// name an exec plugin, that is a program to run, and a server to send credentials to).
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { kubeconfigPaths, listContexts, LiveReadError, loadKubeconfig, readLiveObjects } from '../host/kube/index';
import type { DiagnoseLiveParams, DiagnoseLiveResult, KubeContextsResult } from './protocol';

export interface LiveContext {
  /** Whether the workspace is trusted (VS Code's Restricted Mode). */
  trusted: boolean;
  /** The workspace folders' paths. */
  folders: readonly string[];
  /** The diagnosis of the objects read, as Markdown (the diagnose engine), when the build has one. */
  diagnose?: (objects: unknown[], notes: string[]) => string;
  env?: NodeJS.ProcessEnv;
}

export const RESTRICTED = 'KubeAssist reads no cluster in Restricted Mode: trust the workspace first (Manage Workspace Trust).';

/** The kubeconfig files (as kubectl would read them) that lie inside a workspace folder. */
export function kubeconfigsInWorkspace(folders: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] {
  const real = (path: string) => (existsSync(path) ? realpathSync(path) : path);
  const roots = folders.map(real);
  return kubeconfigPaths({ env }).paths.filter((file) => {
    const path = real(file);
    return roots.some((root) => {
      const rel = relative(root, path);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
    });
  });
}

export function kubeContexts(context: LiveContext): KubeContextsResult {
  const env = context.env ?? process.env;
  if (!context.trusted) return { contexts: [], files: [], inWorkspace: [], error: RESTRICTED };
  try {
    const config = loadKubeconfig({ env });
    return { contexts: listContexts(config), files: config.files, inWorkspace: kubeconfigsInWorkspace(context.folders, env) };
  } catch (error) {
    return { contexts: [], files: [], inWorkspace: [], error: error instanceof LiveReadError ? sentence(error.message) : String(error) };
  }
}

export async function diagnoseLive(params: DiagnoseLiveParams, context: LiveContext): Promise<DiagnoseLiveResult> {
  if (!context.trusted) return { error: RESTRICTED };
  const env = context.env ?? process.env;
  const inWorkspace = kubeconfigsInWorkspace(context.folders, env);
  if (inWorkspace.length > 0 && params.allowWorkspaceKubeconfig !== true) return { needsConsent: inWorkspace };
  if (params.kind !== 'job' && params.kind !== 'cronjob') return { error: `Only a Job or a CronJob can be diagnosed, not "${String(params.kind)}".` };
  try {
    const read = await readLiveObjects({ kind: params.kind, name: params.name, namespace: params.namespace || undefined, context: params.context || undefined }, { env, interactive: false });
    const source = `context ${read.context} (${read.server}), namespace ${read.namespace}`;
    const markdown = liveMarkdown(`${params.kind}/${params.name}`, source, read.objects, read.notes, context.diagnose);
    return { markdown, objects: read.objects, notes: read.notes, source };
  } catch (error) {
    if (error instanceof LiveReadError) return { error: sentence(error.message) };
    throw error;
  }
}

/** The view: where it was read, the diagnosis (or, without the engine, what was read), what could not be read. */
export function liveMarkdown(target: string, source: string, objects: unknown[], notes: string[], diagnose?: LiveContext['diagnose']): string {
  const lines = [`# ${target} in the cluster`, '', `Read just now (GET only) from ${source}.`, ''];
  if (diagnose) lines.push(diagnose(objects, notes));
  else {
    lines.push('| kind | name | status |', '|---|---|---|');
    for (const object of objects) {
      const o = object as { kind?: string; metadata?: { name?: string }; status?: { phase?: string; conditions?: { type?: string; status?: string; reason?: string }[] }; reason?: string; message?: string };
      const condition = o.status?.conditions?.find((c) => c.status === 'True' && (c.type === 'Complete' || c.type === 'Failed'));
      const state = o.kind === 'Event' ? `${o.reason ?? ''}: ${o.message ?? ''}` : o.status?.phase ?? (condition ? `${condition.type} (${condition.reason ?? ''})` : '');
      lines.push(`| ${o.kind ?? ''} | ${o.metadata?.name ?? ''} | ${state.replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`);
    }
    if (notes.length > 0) lines.push('', '## Not read', '', ...notes.map((note) => `- ${sentence(note)}`));
  }
  return `${lines.join('\n')}\n`;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
