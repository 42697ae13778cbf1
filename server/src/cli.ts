// The `kubeassist` command: the same engine as the language server, for shells and CI.
import { writeFileSync } from 'node:fs';
import packageJson from '../../package.json';
import { fileContext } from './cli/context';
import { collectInputs, describeFileError, diffNames, readInput } from './cli/inputs';
import { checkRendered, render, RenderError, type RenderSource } from './cli/render';
import { colorFor, findingOf, jsonReport, nothingFoundLine, summaryLine, textLine, type ColorMode, type Finding } from './cli/report';
import { unifiedDiff } from './diff';
import { normalizeSettings, ruleSettingOf } from './lsp/configuration';
import { ruleKeyProblem } from './service/codes';
import { checkedResources, FileModel, fixText, validate } from './service/index';
import { DEFAULT_SETTINGS, isValidVersion, type RuleSetting } from './service/settings';
import { MAX_MINOR, MIN_MINOR, type KindName } from './service/types';

const RELEASES = `1.${MIN_MINOR} to 1.${MAX_MINOR}`;

const USAGE = `Usage: kubeassist check [options] PATH...
       kubeassist check --helm CHART [--values FILE]... | --kustomize DIR [options] [PATH...]
       kubeassist --version

Checks Kubernetes Job (batch/v1) and CSIDriver (storage.k8s.io/v1) manifests as the API server would.
PATH is a file, a folder (searched for *.yaml and *.yml), or - for standard input. Helm templates are
checked where their text is literal; a file a kustomization lists as a patch is checked as a patch.

Options:
  --format text|json          output format (default text: file:line:col severity code message)
  --kubernetes-version 1.NN   target Kubernetes release, ${RELEASES} (default ${DEFAULT_SETTINGS.kubernetesVersion})
  --rule CODE=SEVERITY        set a rule's severity (error, warning, information or info, hint) or turn it off;
                              CODE is a rule code or a prefix ending in / (schema/)
  --max-file-size N           check only the documents within the first N characters of a file (default 5000000; 0: no limit)
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
  --fail-on-empty             exit 1 when no Job or CSIDriver was found in any input
  --color WHEN                colour the text output: auto (default: on a terminal, unless NO_COLOR is set),
                              always, never
  -v, --version               print the version
  -h, --help                  show this help

Exit status: 0 without errors, 1 when any error was found (after --fix: any error left; with --fail-on-empty:
also when nothing was checked), 2 on a usage problem or a path that cannot be read (the others are still checked).`;

class UsageError extends Error {}

interface Options {
  format: 'text' | 'json';
  version: string;
  rules: Record<string, RuleSetting>;
  paths: string[];
  fix: boolean;
  dryRun: boolean;
  maxFileSize?: number;
  failOnEmpty: boolean;
  color: ColorMode;
  /** `--helm` / `--kustomize`: renderings to check besides the paths. */
  render: RenderSource[];
}

function parseArguments(args: string[]): Options {
  const options: Options = { format: 'text', version: DEFAULT_SETTINGS.kubernetesVersion, rules: {}, paths: [], fix: false, dryRun: false, failOnEmpty: false, color: 'auto', render: [] };
  const values: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const [arg, inline] = args[i].startsWith('--') && args[i].includes('=') ? [args[i].slice(0, args[i].indexOf('=')), args[i].slice(args[i].indexOf('=') + 1)] : [args[i], undefined];
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = args[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '--format') {
      const format = value();
      if (format !== 'text' && format !== 'json') throw new UsageError(`unknown format "${format}" (text or json)`);
      options.format = format;
    } else if (arg === '--kubernetes-version') {
      options.version = value();
      if (!isValidVersion(options.version)) throw new UsageError(`unsupported Kubernetes version "${options.version}" (${RELEASES})`);
    } else if (arg === '--rule') {
      const rule = value();
      const [code, severity] = rule.split('=');
      const setting = ruleSettingOf(severity);
      if (!code || !setting) throw new UsageError('--rule takes CODE=error|warning|information|info|hint|off');
      const problem = ruleKeyProblem(code);
      if (problem) throw new UsageError(`--rule ${rule}: ${problem}`);
      options.rules[code] = setting;
    } else if (arg === '--max-file-size') {
      const size = Number(value());
      if (!Number.isInteger(size) || size < 0) throw new UsageError('--max-file-size takes a number of characters (0: no limit)');
      options.maxFileSize = size;
    } else if (arg === '--color' || arg === '--colour') {
      const when = value();
      if (when !== 'always' && when !== 'never' && when !== 'auto') throw new UsageError(`--color takes always, never or auto (not "${when}")`);
      options.color = when;
    } else if (arg === '--helm') {
      options.render.push({ tool: 'helm', chart: value(), values });
    } else if (arg === '--values' || arg === '-f') {
      values.push(value());
    } else if (arg === '--kustomize') {
      options.render.push({ tool: 'kustomize', folder: value() });
    } else if (arg === '--fix' && inline === undefined) {
      options.fix = true;
    } else if (arg === '--dry-run' && inline === undefined) {
      options.dryRun = true;
    } else if (arg === '--fail-on-empty' && inline === undefined) {
      options.failOnEmpty = true;
    } else if (arg === '-' || !arg.startsWith('-')) {
      options.paths.push(args[i]);
    } else {
      throw new UsageError(`unknown option ${args[i]}`);
    }
  }
  if (options.paths.length === 0 && options.render.length === 0) throw new UsageError('no PATH given');
  if (values.length && !options.render.some((source) => source.tool === 'helm')) throw new UsageError('--values goes with --helm');
  if (options.fix && options.render.length) throw new UsageError('--fix changes files; it does not go with --helm or --kustomize');
  if (options.dryRun && !options.fix) throw new UsageError('--dry-run goes with --fix');
  return options;
}

type Write = (text: string) => void;

function check(args: string[], write: Write, writeError: Write, streams: { stdout: { isTTY?: boolean }; stderr: { isTTY?: boolean } }): number {
  const options = parseArguments(args);
  const settings = normalizeSettings({ kubernetesVersion: options.version, rules: options.rules, maxFileSize: options.maxFileSize });
  const { inputs, problems } = collectInputs(options.paths);
  for (const { name, problem } of problems) writeError(`kubeassist: ${name}: ${problem}\n`);
  const findings: Finding[] = [];
  const objects: KindName[] = [];
  const fixedNotes: string[] = [];
  // Standard output carries the fixed text (`--fix -`) or the diff (`--dry-run`): the report goes to stderr then.
  const reportToError = options.fix && (options.dryRun || inputs.some((input) => input.path === '-'));
  const report = reportToError ? writeError : write;
  const color = options.format === 'text' && colorFor(options.color, reportToError ? streams.stderr : streams.stdout);
  let checkedFiles = 0;
  let failed = problems.length;
  for (const input of inputs) {
    let read: { text: string; bom: string };
    try {
      read = readInput(input.path);
    } catch (error) {
      writeError(`kubeassist: ${input.name}: ${describeFileError(error)}\n`);
      failed++;
      continue;
    }
    try {
      let text = read.text;
      if (options.fix) {
        const fixed = fixText(text, settings, { context: fileContext(input.path) });
        if (options.dryRun) write(unifiedDiff(text, fixed.text, diffNames(input.path)));
        else if (input.path === '-') write(fixed.text);
        else if (fixed.text !== text) writeFileSync(input.path, read.bom + fixed.text);
        if (fixed.fixed > 0) fixedNotes.push(`${input.name}: fixed ${fixed.fixed} finding${fixed.fixed === 1 ? '' : 's'}${options.dryRun ? ' (dry run)' : ''}\n`);
        text = fixed.text;
      }
      const model = new FileModel();
      for (const diagnostic of validate(model, text, settings, { context: fileContext(input.path) })) findings.push(findingOf(input.name, diagnostic));
      objects.push(...checkedResources(model, text, settings.maxFileSize).map((resource) => resource.kind));
      checkedFiles++;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      writeError(`kubeassist: ${input.name}: ${code ? describeFileError(error) : `internal error while checking (please report it): ${(error as Error).message}`}\n`);
      failed++;
    }
  }
  for (const source of options.render) {
    try {
      const rendered = checkRendered(source, render(source), settings);
      findings.push(...rendered.findings);
      objects.push(...rendered.objects);
      checkedFiles++;
    } catch (error) {
      if (!(error instanceof RenderError)) throw error;
      writeError(`kubeassist: ${error.message}\n`);
      failed++;
    }
  }
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  if (options.format === 'json') {
    for (const note of fixedNotes) writeError(note);
    report(jsonReport(findings));
  } else {
    for (const note of fixedNotes) report(note);
    for (const finding of findings) report(textLine(finding, color));
    report(summaryLine(checkedFiles, objects, findings, color));
  }
  if (objects.length === 0 && checkedFiles > 0) writeError(nothingFoundLine(checkedFiles));
  if (failed > 0) return 2;
  if (errors > 0) return 1;
  return objects.length === 0 && options.failOnEmpty ? 1 : 0;
}

function main(argv: string[]): number {
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
    if (command !== 'check') throw new UsageError(`unknown command "${command}"`);
    if (rest.includes('-h') || rest.includes('--help')) {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    return check(rest, (text) => process.stdout.write(text), (text) => process.stderr.write(text), process);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`kubeassist: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    process.stderr.write(`kubeassist: internal error (please report it): ${(error as Error).message}\n`);
    return 2;
  }
}

if (require.main === module) {
  // `kubeassist check ... | head` closes the pipe early: stop quietly with the status we would have had.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  process.exitCode = main(process.argv.slice(2));
}
