// The `kubeassist` command: the same engine as the language server, for shells and CI. This file reads the
// command line; cli/check.ts runs the check. The bundle (dist/cli.js) is also what each worker thread of
// `--jobs` runs: started as a worker, it serves checks instead (cli/pool.ts).
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import packageJson from '../../package.json';
import { FORMATS, runCheck, type CheckCommand, type Format } from './cli/check';
import { DIFF_USAGE, diffFiles } from './cli/explain';
import { EXPLAIN_FORMATS, EXPLAIN_USAGE, explainFiles, type ExplainFormat } from './cli/explainObjects';
import { SIMULATE_USAGE, simulateFile, type SimulateCommand } from './cli/simulate';
import { DIAGNOSE_FORMATS, DIAGNOSE_USAGE, diagnoseFiles, type DiagnoseFormat } from './cli/diagnose';
import { diagnoseLive, LIVE_USAGE, takeLiveOptions } from './cli/live';
import { serveWorker, type WorkerSetup } from './cli/pool';
import { mcpRoots, serveMcp } from './mcp/server';
import { ruleKeyProblem } from './service/index';
import { normalizeSettings } from './lsp/configuration';
import { DEFAULT_SETTINGS, isValidVersion, ruleSettingOf } from './service/settings';
import { isPrerelease, releaseRangeLabel } from './service/types';

const RELEASES = releaseRangeLabel();
const CPUS = typeof availableParallelism === 'function' ? availableParallelism() : cpus().length;

const USAGE = `Usage: kubeassist check [options] PATH...
       kubeassist check --helm CHART [--values FILE]... | --kustomize DIR [options] [PATH...]
       kubeassist diff (--against <git-ref> | --against-file OLD) [--kubernetes-version 1.NN] FILE...
       kubeassist explain [--format text|markdown|json|svg|html] FILE...
       kubeassist simulate FILE [--object NAME] [--scenario SCENARIO.yaml | preset:NAME] [--format text|json|svg|html]
       kubeassist diagnose [--format text|markdown|json|svg|html] [--now TIME] [--kubernetes-version 1.NN] FILE... | -
       kubeassist diagnose --live job/NAME|cronjob/NAME [-n NS] [--context CTX] [--kubeconfig FILE] [--format ...]
       kubeassist mcp [--root DIR]...
       kubeassist --version

Checks Kubernetes Job and CronJob (batch/v1) and CSIDriver (storage.k8s.io/v1) manifests as the API server would.
PATH is a file, a folder (searched for *.yaml and *.yml), or - for standard input. Helm templates are
checked where their text is literal; a file a kustomization lists as a patch is checked as a patch.
\`kubeassist explain\` says what each object will do once created (kubeassist explain --help); \`kubeassist diagnose\`
what a Job or CronJob that exists did, why, and what comes next (kubeassist diagnose --help).

Options:
  --format FORMAT             text (default: file:line:col severity code message), json, sarif (SARIF 2.1.0),
                              github (GitHub Actions annotations) or junit (JUnit XML)
  --output FILE               write the report to FILE instead of standard output
  --kubernetes-version 1.NN   target Kubernetes release, ${RELEASES} (default ${DEFAULT_SETTINGS.kubernetesVersion})
  --rule CODE=SEVERITY        set a rule's severity (error, warning, information or info, hint) or turn it off;
                              CODE is a rule code or a prefix ending in / (schema/)
  --max-file-size N           check only the documents within the first N characters of a file (default 5000000; 0: no limit)
  --config FILE               use FILE for every path instead of the nearest .kubeassist.yaml above each file;
                              the options above win over the file
  --jobs N                    check files on N worker threads (default: this thread, and beside it a worker per
                              2 MiB of input, up to the CPUs other processes leave idle, of ${CPUS} here)
  --sarif-base DIR            SARIF artifact URIs and GitHub annotation paths are relative to DIR (default:
                              the root of the git repository of the current folder, else the current folder)
  --fix                       apply the obvious fixes and rewrite the files in place, then report what is
                              left; with - the fixed text goes to standard output, the findings to stderr
  --dry-run                   with --fix: print the changes as a unified diff instead of writing them, and
                              what is left on standard error. In a git repository the diff names files from
                              the repository root (a/..., b/...: git apply at the repository root); elsewhere
                              it names absolute paths without prefix (git apply -p0 --unsafe-paths, patch -p0)
  --helm CHART                also render the chart with \`helm template\` (helm must be on PATH) and check
                              what it prints; findings go to the template line that wrote them
  --values FILE, -f FILE      with --helm: a values file for \`helm template\` (repeatable)
  --kustomize DIR             also render DIR with \`kustomize build\` (or \`kubectl kustomize\`) and check it
  --against <git-ref>         also check each object as an update of its version at <git-ref> (git show
                              <ref>:<path> in the file's repository): warn where kubectl apply would be
                              refused (field is immutable); a file or object the ref lacks is new
  --against-file OLD          the same, with the objects of the file OLD as the previous versions
  --no-relations              leave out the relation checks between objects (the paths given are one workspace:
                              a Helm hook reading what its chart creates later, an inline CSI volume its driver
                              does not serve, fsGroup a CSI driver does not apply ...)
  --fail-on-empty             exit 1 when no object of ours (Job, CronJob, CSIDriver, JobSet, training runtime) was found
  --color WHEN                colour the text output: auto (default: on a terminal, unless NO_COLOR is set),
                              always, never
  -v, --version               print the version
  -h, --help                  show this help

Settings come from the nearest .kubeassist.yaml above each file (kubernetesVersion, rules, ignore,
maxFileSize), then from the options. Files its ignore globs match are not checked.

Exit status: 0 without errors, 1 when any error was found (after --fix: any error left; with --fail-on-empty:
also when nothing was checked), 2 on a usage problem or a path that cannot be read (the others are still checked).`;

const MCP_USAGE = `Usage: kubeassist mcp [--root DIR]...

Serves the engine to coding agents over the Model Context Protocol (stdio): the tools check, fix and rules,
and a resource per rule (kubeassist://rules/<code>). Files are read only inside the roots the client grants;
a client that grants none gets the --root folders (default: the current folder). Nothing is written unless
the fix tool is called with write: true; no other process is run.`;

class UsageError extends Error {}

/**
 * The release of --kubernetes-version, refused when we do not know it; a pre-release is said on standard error
 * (the report itself stays as other releases give it).
 */
function kubernetesVersionOption(version: string): string {
  if (!isValidVersion(version)) throw new UsageError(`unsupported Kubernetes version "${version}" (${RELEASES})`);
  const minor = Number(/^v?1\.(\d+)/.exec(version.trim())?.[1]);
  if (isPrerelease(minor)) {
    process.stderr.write(`kubeassist: Kubernetes 1.${minor} is a pre-release: checked against what its development sources say; what they do not settle is left unchecked (docs/releases.md).\n`);
  }
  return version;
}

/** `kubeassist mcp`: serves until the client closes the connection. */
async function mcp(args: string[]): Promise<number> {
  let roots: string[];
  try {
    roots = mcpRoots(args);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  await serveMcp({ roots });
  await new Promise<void>((resolve) => process.stdin.once('close', resolve));
  return 0;
}

/** The clock of CronJob presets: KUBEASSIST_NOW (an ISO time) fixes it, for tests. */
function nowSeconds(): number {
  const fixed = process.env.KUBEASSIST_NOW ? Date.parse(process.env.KUBEASSIST_NOW) / 1000 : NaN;
  return Number.isNaN(fixed) ? Date.now() / 1000 : fixed;
}

/** The command line, option by option: `--name=value` and `--name value` alike; `value()` takes the option's value. */
function* options(args: string[]): Generator<{ arg: string; given: string; inline?: string; value: () => string }> {
  for (let i = 0; i < args.length; i++) {
    const equals = args[i].startsWith('--') ? args[i].indexOf('=') : -1;
    const arg = equals === -1 ? args[i] : args[i].slice(0, equals);
    const inline = equals === -1 ? undefined : args[i].slice(equals + 1);
    yield {
      arg, given: args[i], inline,
      value: () => {
        if (inline !== undefined) return inline;
        const next = args[++i];
        if (next === undefined) throw new UsageError(`${arg} needs a value`);
        return next;
      },
    };
  }
}

function parseArguments(args: string[]): CheckCommand {
  const command: CheckCommand = { format: 'text', rules: {}, paths: [], fix: false, dryRun: false, failOnEmpty: false, color: 'auto', render: [] };
  const values: string[] = [];
  for (const { arg, given, inline, value } of options(args)) {
    if (arg === '--format') {
      const format = value();
      if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`unknown format "${format}" (${FORMATS.join(', ')})`);
      command.format = format as Format;
    } else if (arg === '--output' || arg === '-o') {
      command.output = value();
    } else if (arg === '--kubernetes-version') {
      command.kubernetesVersion = kubernetesVersionOption(value());
    } else if (arg === '--rule') {
      const rule = value();
      const [code, severity] = rule.split('=');
      const setting = ruleSettingOf(severity);
      if (!code || !setting) throw new UsageError('--rule takes CODE=error|warning|information|info|hint|off');
      const problem = ruleKeyProblem(code);
      if (problem) throw new UsageError(`--rule ${rule}: ${problem}`);
      command.rules[code] = setting;
    } else if (arg === '--max-file-size') {
      const size = Number(value());
      if (!Number.isInteger(size) || size < 0) throw new UsageError('--max-file-size takes a number of characters (0: no limit)');
      command.maxFileSize = size;
    } else if (arg === '--config') {
      command.config = value();
    } else if (arg === '--jobs' || arg === '-j') {
      const jobs = Number(value());
      if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError('--jobs takes a number of threads, 1 or more');
      command.jobs = jobs;
    } else if (arg === '--sarif-base') {
      command.sarifBase = value();
    } else if (arg === '--color' || arg === '--colour') {
      const when = value();
      if (when !== 'always' && when !== 'never' && when !== 'auto') throw new UsageError(`--color takes always, never or auto (not "${when}")`);
      command.color = when;
    } else if (arg === '--helm') {
      command.render.push({ tool: 'helm', chart: value(), values });
    } else if (arg === '--values' || arg === '-f') {
      values.push(value());
    } else if (arg === '--kustomize') {
      command.render.push({ tool: 'kustomize', folder: value() });
    } else if (arg === '--fix' && inline === undefined) {
      command.fix = true;
    } else if (arg === '--dry-run' && inline === undefined) {
      command.dryRun = true;
    } else if (arg === '--against' || arg === '--against-file') {
      if (command.against) throw new UsageError('give --against or --against-file once');
      const against = value();
      command.against = arg === '--against' ? { ref: against } : { file: against };
    } else if (arg === '--no-relations' && inline === undefined) {
      command.noRelations = true;
    } else if (arg === '--fail-on-empty' && inline === undefined) {
      command.failOnEmpty = true;
    } else if (arg === '-' || !arg.startsWith('-')) {
      command.paths.push(given);
    } else {
      throw new UsageError(`unknown option ${given}`);
    }
  }
  if (command.paths.length === 0 && command.render.length === 0) throw new UsageError('no PATH given');
  if (values.length && !command.render.some((source) => source.tool === 'helm')) throw new UsageError('--values goes with --helm');
  if (command.fix && command.render.length) throw new UsageError('--fix changes files; it does not go with --helm or --kustomize');
  if (command.dryRun && !command.fix) throw new UsageError('--dry-run goes with --fix');
  return command;
}

/** The options `kubeassist diff` takes (DIFF_USAGE lists them). */
const DIFF_OPTIONS = ['--against', '--against-file', '--kubernetes-version'];

/** `kubeassist diff`: per object, the fields an apply changes in place and those that force a recreate. */
function diff(args: string[]): number {
  for (let i = 0; i < args.length; i++) {
    if (DIFF_OPTIONS.includes(args[i])) i++; // its value
    else if (args[i].startsWith('-') && args[i] !== '-' && !DIFF_OPTIONS.some((option) => args[i].startsWith(`${option}=`))) {
      throw new UsageError(`diff takes --against, --against-file and --kubernetes-version, not ${args[i].replace(/=.*$/, '')}`);
    }
  }
  const command = parseArguments(args);
  if (!command.against) throw new UsageError('diff needs --against <git-ref> or --against-file OLD');
  const settings = normalizeSettings({ kubernetesVersion: command.kubernetesVersion ?? DEFAULT_SETTINGS.kubernetesVersion });
  return diffFiles(command.paths, command.against, settings, (text) => void process.stdout.write(text), (text) => void process.stderr.write(text));
}

/** `kubeassist explain`: its own few options. */
function explain(args: string[]): number {
  let format: ExplainFormat = 'text';
  let kubernetesVersion = DEFAULT_SETTINGS.kubernetesVersion;
  let nowSeconds = Date.now() / 1000;
  const paths: string[] = [];
  for (const { arg, given, value } of options(args)) {
    if (arg === '--format') {
      const named = value();
      if (!(EXPLAIN_FORMATS as readonly string[]).includes(named)) throw new UsageError(`unknown format "${named}" for explain (${EXPLAIN_FORMATS.join(', ')})`);
      format = named as ExplainFormat;
    } else if (arg === '--kubernetes-version') {
      kubernetesVersion = kubernetesVersionOption(value());
    } else if (arg === '--now') {
      const time = value();
      const parsed = Date.parse(time);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(time) || Number.isNaN(parsed)) throw new UsageError(`--now takes an RFC 3339 time such as 2026-01-01T00:00:00Z, not "${time}"`);
      nowSeconds = parsed / 1000;
    } else if (arg === '-' || !arg.startsWith('-')) {
      paths.push(given);
    } else {
      throw new UsageError(`unknown option ${given} for explain`);
    }
  }
  if (!paths.length) throw new UsageError('no FILE given');
  const settings = normalizeSettings({ kubernetesVersion });
  return explainFiles({ paths, format, nowSeconds }, settings, (text) => void process.stdout.write(text), (text) => void process.stderr.write(text), () => readFileSync(0, 'utf8'));
}

/** `kubeassist diagnose FILE... | -`: its own few options. */
async function diagnoseCommand(argv: string[]): Promise<number> {
  // --live job/NAME [-n NS] [--context CTX] [--kubeconfig FILE]: read from the cluster instead of files (cli/live.ts).
  const { live, rest: args, problem } = takeLiveOptions(argv);
  if (problem) throw new UsageError(problem);
  let format: DiagnoseFormat = 'text';
  let kubernetesVersion = DEFAULT_SETTINGS.kubernetesVersion;
  let now = nowSeconds();
  const paths: string[] = [];
  for (const { arg, given, value } of options(args)) {
    if (arg === '--format') {
      const named = value();
      if (!(DIAGNOSE_FORMATS as readonly string[]).includes(named)) throw new UsageError(`unknown format "${named}" for diagnose (${DIAGNOSE_FORMATS.join(', ')})`);
      format = named as DiagnoseFormat;
    } else if (arg === '--kubernetes-version') {
      kubernetesVersion = value();
      if (!isValidVersion(kubernetesVersion)) throw new UsageError(`unsupported Kubernetes version "${kubernetesVersion}" (${RELEASES})`);
    } else if (arg === '--now') {
      const time = value();
      const parsed = Date.parse(time);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(time) || Number.isNaN(parsed)) throw new UsageError(`--now takes an RFC 3339 time such as 2026-01-01T00:00:00Z, not "${time}"`);
      now = parsed / 1000;
    } else if (arg === '-' || !arg.startsWith('-')) {
      paths.push(given);
    } else {
      throw new UsageError(`unknown option ${given} for diagnose`);
    }
  }
  if (live) {
    if (paths.length) throw new UsageError('--live reads from the cluster: give no FILE with it');
    const interactive = process.stdin.isTTY === true && process.stderr.isTTY === true;
    return diagnoseLive(live, normalizeSettings({ kubernetesVersion }), { format, nowSeconds: now, interactive }, (text) => void process.stdout.write(text), (text) => void process.stderr.write(text));
  }
  if (!paths.length) throw new UsageError('no FILE given (- reads standard input)');
  const settings = normalizeSettings({ kubernetesVersion });
  return diagnoseFiles({ paths, format, nowSeconds: now }, settings, (text) => void process.stdout.write(text), (text) => void process.stderr.write(text), () => process.stdin);
}

/** `kubeassist simulate FILE`: its own few options. */
function simulate(args: string[]): number {
  const command: Partial<SimulateCommand> = { format: 'text', kubernetesVersion: DEFAULT_SETTINGS.kubernetesVersion };
  for (const { arg, given, value } of options(args)) {
    if (arg === '--object') command.object = value();
    else if (arg === '--scenario') command.scenario = value();
    else if (arg === '--format') {
      const format = value();
      if (format !== 'text' && format !== 'json' && format !== 'svg' && format !== 'html') throw new UsageError(`simulate prints text, json, svg or html, not "${format}"`);
      command.format = format;
    } else if (arg === '--kubernetes-version') {
      command.kubernetesVersion = kubernetesVersionOption(value());
    } else if (arg === '-' || !arg.startsWith('-')) {
      if (command.file !== undefined) throw new UsageError('simulate takes one FILE');
      command.file = given;
    } else {
      throw new UsageError(`unknown option ${given} for simulate`);
    }
  }
  if (command.file === undefined) throw new UsageError('no FILE given');
  return simulateFile(command as SimulateCommand, (text) => void process.stdout.write(text), (text) => void process.stderr.write(text), nowSeconds());
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command) {
    process.stderr.write(USAGE + '\n');
    return 2;
  }
  if (command === '-h' || command === '--help' || command === 'help') {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  if (command === '-v' || command === '--version' || command === 'version') {
    process.stdout.write(`kubeassist ${packageJson.version}\n`);
    return 0;
  }
  try {
    if (!['check', 'diff', 'explain', 'simulate', 'diagnose', 'mcp'].includes(command)) throw new UsageError(`unknown command "${command}"`);
    if (rest.includes('-h') || rest.includes('--help')) {
      process.stdout.write((command === 'diff' ? DIFF_USAGE : command === 'diagnose' ? `${DIAGNOSE_USAGE}\n\n${LIVE_USAGE}` : command === 'explain' ? EXPLAIN_USAGE : command === 'simulate' ? SIMULATE_USAGE : command === 'mcp' ? MCP_USAGE : USAGE) + '\n');
      return 0;
    }
    if (command === 'diff') return diff(rest);
    if (command === 'explain') return explain(rest);
    if (command === 'simulate') return simulate(rest);
    if (command === 'diagnose') return await diagnoseCommand(rest);
    if (command === 'mcp') return await mcp(rest);
    return await runCheck(parseArguments(rest), {
      stdout: (text) => void process.stdout.write(text),
      stderr: (text) => void process.stderr.write(text),
      stdoutIsTTY: process.stdout.isTTY,
      stderrIsTTY: process.stderr.isTTY,
      workerScript: __filename,
      readStdin: () => readFileSync(0, 'utf8'),
    });
  } catch (error) {
    if (error instanceof UsageError) {
      // The one line that says what is wrong, and where the help is: not the whole help after it.
      const help = command === 'diff' || command === 'explain' || command === 'simulate' || command === 'diagnose' ? `kubeassist ${command} --help` : 'kubeassist --help';
      process.stderr.write(`kubeassist: ${error.message}\nRun '${help}' for usage.\n`);
      return 2;
    }
    process.stderr.write(`kubeassist: internal error (please report it): ${(error as Error).message}\n`);
    return 2;
  }
}

if (!isMainThread && parentPort && (workerData as WorkerSetup | undefined)?.kubeassistWorker) {
  serveWorker(parentPort, workerData as WorkerSetup);
} else if (require.main === module) {
  // `kubeassist check ... | head` closes the pipe early: stop quietly with the status we would have had.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  void main(process.argv.slice(2)).then((status) => {
    process.exitCode = status;
  });
}
