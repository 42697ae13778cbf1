// `kubeassist mcp`: the engine as a Model Context Protocol server over stdio, for coding agents. Tools:
// check, fix, explain, simulate, rules; a resource per rule with its documentation. Files are read only inside the roots the
// client grants (roots/list; else the --root folders, else the current folder); nothing is written unless
// `fix` is called with `write: true`; nothing runs another process. A bad input is a tool error with one
// plain sentence, never a stack.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import packageJson from '../../../package.json';
import { allRuleCodes } from '../service/index';
import { DEFAULT_KUBERNETES_VERSION, releaseRangeLabel } from '../service/types';
import { Roots } from './roots';
import type { Picture } from '../service/index';
import { checkTool, diagnoseTool, explainWithPictures, fixTool, ruleDocument, rulesTool, simulateWithPictures, MAX_TEXT, toolErrorMessage } from './tools';
import { checkInProcess, warmUp, WARM_UP_ROUNDS } from './warmUp';

const SEVERITY = z.enum(['error', 'warning', 'information', 'hint']);
const SETTINGS = {
  kubernetesVersion: z.string().optional().describe(`The Kubernetes release the cluster runs, as "1.NN": ${releaseRangeLabel()} (default: ${DEFAULT_KUBERNETES_VERSION}). It decides which fields exist and which API-server rules apply.`),
  rules: z.record(z.string(), z.enum(['error', 'warning', 'information', 'hint', 'off'])).optional()
    .describe('Rule settings over the files\' .kubeassist.yaml: a rule code (or a prefix ending in /) -> a severity or "off".'),
};
const FINDING = z.object({
  file: z.string(),
  line: z.number().describe('1-based'),
  column: z.number().describe('1-based, UTF-16'),
  endLine: z.number(),
  endColumn: z.number(),
  severity: SEVERITY,
  code: z.string().describe('The stable rule code (see the rules tool)'),
  message: z.string().describe('What is wrong, why the API server refuses it, and the way out'),
  path: z.string().optional().describe('The Kubernetes field path, e.g. spec.podFailurePolicy.rules[0].action'),
  serverMessage: z.string().optional().describe('The API server\'s own error text, word for word, where the message says it in other words'),
  related: z.array(z.object({ file: z.string(), line: z.number(), column: z.number(), endLine: z.number(), endColumn: z.number(), message: z.string() })).optional()
    .describe('For a relation finding (relations/*): the object at the other end, where it is written and what it is'),
});
const POSITION = z.object({ line: z.number(), character: z.number() });
const EDIT = z.object({ range: z.object({ start: POSITION, end: POSITION }), newText: z.string() });

export interface McpOptions {
  /** Folders to read in when the client grants no roots (`--root`); default: the current folder. */
  roots: string[];
}

/** How long a tool waits for the client's answer to roots/list before reading in the folders it has. */
const ROOTS_WAIT_MS = 2000;

export function createMcpServer(options: McpOptions): McpServer {
  const roots = new Roots(options.roots);
  const server = new McpServer({ name: 'kubeassist', version: packageJson.version }, {
    instructions: 'KubeAssist checks Kubernetes Job, CronJob and CSIDriver manifests as strictly as the API server would, offline. '
      + 'Call check after writing or editing a manifest, fix to apply the obvious repairs, rules to look up a code.',
  });

  // The client's roots, when it grants any, replace the --root folders; asked again when they change. A tool
  // that reads files waits for the answer (at most ROOTS_WAIT_MS): a call sent right after `initialized` is
  // read inside the roots the client grants, not in the --root folders.
  let rootsAnswered: Promise<void> = Promise.resolve();
  const askRoots = (): Promise<void> => (rootsAnswered = (async () => {
    if (!server.server.getClientCapabilities()?.roots) return;
    try {
      const { roots: granted } = await server.server.listRoots();
      roots.set(Roots.fromUris(granted.map((root) => root.uri)));
    } catch {
      // A client that says it has roots but cannot list them: keep what we have.
    }
  })());
  const withRoots = async <T>(work: () => T): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([rootsAnswered, new Promise<void>((done) => (timer = setTimeout(done, ROOTS_WAIT_MS)))]);
    clearTimeout(timer);
    return work();
  };
  server.server.oninitialized = () => void askRoots();
  server.server.setNotificationHandler(RootsListChangedNotificationSchema, () => askRoots());

  server.registerTool('check', {
    title: 'Check Kubernetes manifests',
    description: 'Checks Kubernetes Job, CronJob and CSIDriver manifests (batch/v1, storage.k8s.io/v1) as the API server would, '
      + 'with the field path, the exact line and column, and the server\'s own error text. Give `text` (a manifest) or `paths` '
      + '(files or folders inside the granted roots). Findings are those of `kubeassist check --format json`.',
    inputSchema: {
      text: z.string().optional().describe(`Manifest text: any number of YAML documents (at most ${MAX_TEXT} characters)`),
      fileName: z.string().optional().describe('How findings name the text (default <text>)'),
      paths: z.array(z.string()).optional().describe('Files or folders inside the granted roots (relative paths from the first root)'),
      ...SETTINGS,
    },
    outputSchema: {
      findings: z.array(FINDING),
      objects: z.array(z.object({ file: z.string(), kind: z.string(), identity: z.string(), line: z.number() })).describe('The Jobs, CronJobs and CSIDrivers checked'),
      skipped: z.array(z.string()).describe('Files left out, and why'),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, (input) => withRoots(() => answer(() => checkTool(input, roots))));

  server.registerTool('fix', {
    title: 'Fix Kubernetes manifests',
    description: 'Applies the obvious fixes KubeAssist knows (the ones `kubeassist check --fix` applies) to a manifest `text` or one file `path`, '
      + 'and returns the fixed text, the edits and the findings left. Nothing is written unless `write` is true (with `path`).',
    inputSchema: {
      text: z.string().optional().describe(`Manifest text (at most ${MAX_TEXT} characters)`),
      fileName: z.string().optional(),
      path: z.string().optional().describe('One file inside the granted roots'),
      write: z.boolean().optional().describe('Write the fixed text back to `path` (default false)'),
      ...SETTINGS,
    },
    outputSchema: {
      text: z.string().describe('The fixed text'),
      fixed: z.number().describe('How many findings the fixes repaired'),
      edits: z.array(EDIT).describe('The changes as LSP text edits on the given text (0-based lines)'),
      remaining: z.array(FINDING).describe('What is left after the fixes'),
      written: z.boolean(),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }, (input) => withRoots(() => answer(() => fixTool(input, roots))));

  server.registerTool('explain', {
    title: 'Explain what Kubernetes objects will do',
    description: 'Says what each Job, CronJob and CSIDriver of a manifest will do once created, after the API server\'s defaults, from models of '
      + 'the controllers\' code: Pods and parallelism, the retry budget, each pod failure policy rule, what fails the Job first and when, '
      + 'TTL deletion; a CronJob\'s next runs and missed/overlapping runs; what the kubelet does with a CSIDriver. '
      + 'The same JSON as `kubeassist explain --format json`.',
    inputSchema: {
      text: z.string().optional().describe('Manifest text'),
      fileName: z.string().optional(),
      path: z.string().optional().describe('One file inside the granted roots'),
      kubernetesVersion: SETTINGS.kubernetesVersion,
      picture: PICTURE,
    },
    outputSchema: {
      kubernetesVersion: z.string(),
      objects: z.array(z.object({ file: z.string(), line: z.number(), explanation: z.object({}).passthrough() })),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, (input) => withRoots(() => answerWithPictures(() => explainWithPictures(input, roots, nowSeconds()))));

  server.registerTool('simulate', {
    title: 'Simulate a Job or CronJob',
    description: 'Runs the Job controller\'s model (or the CronJob controller\'s) of the chosen release on a scenario of what the Pods do, '
      + 'and returns the timeline: Pods created, each outcome, the pod failure policy rule that matched and its action, back-off waits, '
      + 'the JobStatus and how it ends. The same JSON as `kubeassist simulate --format json`. scenario: `preset:all-fail`, '
      + '`preset:exit-code,code=137,container=main`, `preset:evicted`, `preset:index-fails,index=3`, `preset:cluster-down`, or a scenario '
      + '(YAML text, or JSON: {pods: [{exitCode, container, runFor, index, conditions}], then: succeed|fail|run}).',
    inputSchema: {
      text: z.string().optional().describe('Manifest text'),
      fileName: z.string().optional(),
      path: z.string().optional().describe('One file inside the granted roots'),
      object: z.union([z.string(), z.number()]).optional().describe('The Job or CronJob: its name or its number (default: the first)'),
      scenario: z.union([z.string(), z.object({}).passthrough(), z.array(z.object({}).passthrough())]).optional(),
      kubernetesVersion: SETTINGS.kubernetesVersion,
      picture: PICTURE,
    },
    outputSchema: z.object({ object: z.object({ kind: z.string(), name: z.string(), line: z.number() }).passthrough().optional() }).passthrough(),
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, (input) => withRoots(() => answerWithPictures(() => simulateWithPictures(input, roots, nowSeconds()))));

  server.registerTool('diagnose', {
    title: 'Diagnose a Job or CronJob that exists',
    description: 'Says what happened to a Kubernetes Job or CronJob that exists, why, and what happens next, from what the cluster returned '
      + '(`kubectl get job NAME -o yaml`, and when available its Pods `kubectl get pods -l batch.kubernetes.io/job-name=NAME -o yaml` and '
      + 'events `kubectl get events -o yaml`): for each Job the verdict, state, end condition, counters, failures counted against backoffLimit, '
      + 'the Pod/container/exit code/rule that caused the end, what holds it back, what happens next and when, what to change in the manifest, and '
      + 'what the evidence does not show; for a CronJob its last and next runs and missed runs. The same JSON as `kubeassist diagnose --format json`.',
    inputSchema: {
      text: z.string().optional().describe(`kubectl output (YAML or JSON, a List or several documents; at most ${MAX_TEXT} characters)`),
      fileName: z.string().optional(),
      texts: z.array(z.object({ text: z.string(), fileName: z.string().optional() })).optional().describe('Several outputs read together (the Job in one, its Pods in another)'),
      paths: z.array(z.string()).optional().describe('Files inside the granted roots (relative paths from the first root)'),
      now: z.string().optional().describe('The clock, RFC 3339 (default: now)'),
      kubernetesVersion: SETTINGS.kubernetesVersion,
    },
    outputSchema: {
      objects: z.array(z.object({ kind: z.string(), name: z.string(), namespace: z.string(), state: z.string(), verdict: z.string() }).passthrough()),
      notes: z.array(z.string()),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, (input) => withRoots(() => answer(() => diagnoseTool(input, roots, nowSeconds()))));

  server.registerTool('rules', {
    title: 'Look up KubeAssist rules',
    description: 'The rule table: each code with its severity, title, the Kubernetes function it mirrors, and what its quick fix does. '
      + '`query` keeps the rules whose code, title or function contain every word.',
    inputSchema: { query: z.string().optional() },
    outputSchema: {
      rules: z.array(z.object({
        code: z.string(), severity: SEVERITY, title: z.string(), mirrors: z.string(),
        reference: z.string().optional(), href: z.string().optional(), fix: z.string().optional(),
      })),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, (input) => answer(() => rulesTool(input)));

  for (const rule of allRuleCodes()) {
    server.registerResource(rule.code, `kubeassist://rules/${rule.code}`, { title: rule.title, description: `${rule.severity}: ${rule.title}`, mimeType: 'text/markdown' },
      (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: ruleDocument(rule) }] }));
  }
  return server;
}

/** The clock of explain (a CronJob's next runs) and of CronJob scenarios: KUBEASSIST_NOW (an ISO time) fixes it, for tests. */
function nowSeconds(): number {
  const fixed = process.env.KUBEASSIST_NOW ? Date.parse(process.env.KUBEASSIST_NOW) / 1000 : NaN;
  return Number.isNaN(fixed) ? Date.now() / 1000 : fixed;
}

/** A tool's result: its structured output (and the same as JSON text), or a tool error in one plain sentence. */
function answer<T extends object>(work: () => T): { content: { type: 'text'; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean } {
  try {
    const output = work();
    return { content: [{ type: 'text', text: JSON.stringify(output, null, 2) }], structuredContent: output as Record<string, unknown> };
  } catch (error) {
    return { content: [{ type: 'text', text: toolErrorMessage(error) }], isError: true };
  }
}

/** The `picture` input of the tools that draw: the client asks for the pictures as image content. */
const PICTURE = z.boolean().optional().describe('Also return the picture (SVG, as an image content item) and its text alternative: a Job\'s timeline, a CronJob\'s calendar');

type Content = { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string };

/** answer(), with each picture asked for after the JSON: the SVG as an image, then what it shows in words. */
function answerWithPictures<T extends object>(work: () => { output: T; pictures: Picture[] }): { content: Content[]; structuredContent?: Record<string, unknown>; isError?: boolean } {
  let pictures: Picture[] = [];
  const result: { content: Content[]; structuredContent?: Record<string, unknown>; isError?: boolean } = answer(() => {
    const done = work();
    pictures = done.pictures;
    return done.output;
  });
  for (const picture of pictures) {
    result.content.push({ type: 'image', data: Buffer.from(picture.svg, 'utf8').toString('base64'), mimeType: 'image/svg+xml' });
    result.content.push({ type: 'text', text: `${picture.title}: ${picture.text}` });
  }
  return result;
}

/** The roots of `kubeassist mcp [--root DIR]...`: the folders given, else the current folder. */
export function mcpRoots(args: readonly string[]): string[] {
  const roots: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--root' && args[i + 1] !== undefined) roots.push(args[++i]);
    else if (args[i].startsWith('--root=')) roots.push(args[i].slice('--root='.length));
    else throw new Error(`mcp takes only --root DIR (got ${args[i]})`);
  }
  return roots.length ? roots : [process.cwd()];
}

/** `kubeassist mcp`: serve until the client closes standard input. */
export async function serveMcp(options: McpOptions): Promise<void> {
  const server = createMcpServer(options);
  // Before the transport reads anything: run after it, the warm-up would hold up the first call instead.
  warmUp();
  await checkInProcess(server, WARM_UP_ROUNDS);
  await server.connect(new StdioServerTransport());
}
