// "Diagnose a Job in the cluster…" in the editor: the language server is the one front door with host access, so
// the live read (host/kube: the user's kubeconfig, GET only, bounded) runs here, never in Restricted Mode, and
// never with a kubeconfig from inside a workspace folder unless the user agreed (a repository's kubeconfig could
// name an exec plugin, that is a program to run, and a server to send credentials to).
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { kubeconfigPaths, listContexts, liveTexts, LiveReadError, loadKubeconfig, readLiveObjects } from '../host/kube/index';
import { diagnose, diagnosisMarkdown, type DiagnoseReport, type Settings } from '../service/index';
import type { DiagnoseLiveParams, DiagnoseLiveResult, KubeContextsResult } from './protocol';

export interface LiveContext {
  /** Whether the workspace is trusted (VS Code's Restricted Mode). */
  trusted: boolean;
  /** The workspace folders' paths. */
  folders: readonly string[];
  /** The settings the diagnosis uses (the release whose controllers it mirrors). */
  settings: Settings;
  /** The clock, seconds since the epoch. */
  now: number;
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
    const report = diagnose(liveTexts(read.objects), context.settings, { now: context.now });
    report.notes.push(...read.notes);
    return { markdown: liveMarkdown(`${params.kind}/${params.name}`, source, report), report, objects: read.objects, notes: read.notes, source };
  } catch (error) {
    if (error instanceof LiveReadError) return { error: sentence(error.message) };
    throw error;
  }
}

/** The view: where and when it was read, then the diagnosis (its verdict first, the notes of what was not read). */
export function liveMarkdown(target: string, source: string, report: DiagnoseReport): string {
  return `# ${target} in the cluster\n\nRead just now (GET only) from ${source}.\n\n${diagnosisMarkdown(report)}`;
}

/** A read's sentence for the editor: the CLI's --kubeconfig is no option there. */
function sentence(text: string): string {
  const said = text.replace('(set KUBECONFIG or pass --kubeconfig FILE)', '(or set KUBECONFIG in the environment VS Code starts in)');
  return /[.!?]$/.test(said) ? said : `${said}.`;
}
