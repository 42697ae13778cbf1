// The `kubeassist` command: the same engine as the language server, for shells and CI.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { unifiedDiff } from './diff';
import { normalizeSettings, ruleSettingOf } from './lsp/configuration';
import { fixText, validateText } from './service/index';
import { DEFAULT_SETTINGS, isValidVersion, type RuleSetting } from './service/settings';
import { MAX_MINOR, MIN_MINOR } from './service/types';

const RELEASES = `1.${MIN_MINOR} to 1.${MAX_MINOR}`;

const USAGE = `Usage: kubeassist check [options] PATH...

Checks Kubernetes Job (batch/v1) and CSIDriver (storage.k8s.io/v1) manifests as the API server would.
PATH is a file, a folder (searched for *.yaml and *.yml), or - for standard input.

Options:
  --format text|json          output format (default text: file:line:col severity code message)
  --kubernetes-version 1.NN   target Kubernetes release, ${RELEASES} (default ${DEFAULT_SETTINGS.kubernetesVersion})
  --rule CODE=SEVERITY        set a rule's severity (error, warning, information or info, hint) or turn it off
  --max-file-size N           check only the documents within the first N characters of a file (default 5000000; 0: no limit)
  --fix                       apply the obvious fixes and rewrite the files in place, then report what is
                              left; with - the fixed text goes to standard output, the findings to stderr
  --dry-run                   with --fix: print the changes as a unified diff instead of writing them
  -h, --help                  show this help

Exit status: 0 without errors, 1 when any error was found (after --fix: any error left), 2 on a usage problem.`;

interface Finding {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: string;
  code: string;
  message: string;
  path?: string;
}

const SEVERITY_NAMES: Record<number, string> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'information',
  [DiagnosticSeverity.Hint]: 'hint',
};

class UsageError extends Error {}

interface Options {
  format: 'text' | 'json';
  version: string;
  rules: Record<string, RuleSetting>;
  paths: string[];
  fix: boolean;
  dryRun: boolean;
  maxFileSize?: number;
}

function parseArguments(args: string[]): Options {
  const options: Options = { format: 'text', version: DEFAULT_SETTINGS.kubernetesVersion, rules: {}, paths: [], fix: false, dryRun: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = (): string => {
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
      const [code, severity] = value().split('=');
      const setting = ruleSettingOf(severity);
      if (!code || !setting) throw new UsageError('--rule takes CODE=error|warning|information|info|hint|off');
      options.rules[code] = setting;
    } else if (arg === '--max-file-size') {
      const size = Number(value());
      if (!Number.isInteger(size) || size < 0) throw new UsageError('--max-file-size takes a number of characters (0: no limit)');
      options.maxFileSize = size;
    } else if (arg === '--fix') {
      options.fix = true;
    } else if (arg === '--dry-run') {
      options.dryRun = true;
    } else if (arg === '-' || !arg.startsWith('-')) {
      options.paths.push(arg);
    } else {
      throw new UsageError(`unknown option ${arg}`);
    }
  }
  if (options.paths.length === 0) throw new UsageError('no PATH given');
  if (options.dryRun && !options.fix) throw new UsageError('--dry-run goes with --fix');
  return options;
}

function collectFiles(path: string, out: string[]): void {
  if (path === '-') {
    out.push(path);
    return;
  }
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    out.push(path);
    return;
  }
  for (const name of readdirSync(path).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const child = join(path, name);
    if (statSync(child).isDirectory()) collectFiles(child, out);
    else if (/\.ya?ml$/i.test(name)) out.push(child);
  }
}

/** The text of a file or of standard input, without a byte order mark (kept aside to write it back). */
function readInput(file: string): { text: string; bom: string } {
  const text = file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8');
  return text.charCodeAt(0) === 0xfeff ? { text: text.slice(1), bom: '\uFEFF' } : { text, bom: '' };
}

function check(args: string[], write: (text: string) => void, writeError: (text: string) => void = (text) => process.stderr.write(text)): number {
  const options = parseArguments(args);
  const settings = normalizeSettings({ kubernetesVersion: options.version, rules: options.rules, maxFileSize: options.maxFileSize });
  const files: string[] = [];
  for (const path of options.paths) collectFiles(path, files);
  const findings: Finding[] = [];
  const fixedNotes: string[] = [];
  // With `--fix -` the fixed text is the output: the report goes to standard error.
  const report = options.fix && !options.dryRun && files.includes('-') ? writeError : write;
  for (const file of files) {
    const name = file === '-' ? '<stdin>' : relative(process.cwd(), file) || file;
    const input = readInput(file);
    let text = input.text;
    if (options.fix) {
      const fixed = fixText(text, settings);
      if (options.dryRun) write(unifiedDiff(text, fixed.text, name));
      else if (file === '-') write(fixed.text);
      else if (fixed.text !== text) writeFileSync(file, input.bom + fixed.text);
      if (fixed.fixed > 0) fixedNotes.push(`${name}: fixed ${fixed.fixed} finding${fixed.fixed === 1 ? '' : 's'}${options.dryRun ? ' (dry run)' : ''}\n`);
      text = fixed.text;
    }
    const diagnostics: Diagnostic[] = validateText(text, settings);
    for (const diagnostic of diagnostics) {
      findings.push({
        file: name,
        line: diagnostic.range.start.line + 1,
        column: diagnostic.range.start.character + 1,
        endLine: diagnostic.range.end.line + 1,
        endColumn: diagnostic.range.end.character + 1,
        severity: SEVERITY_NAMES[diagnostic.severity ?? DiagnosticSeverity.Error],
        code: String(diagnostic.code),
        message: typeof diagnostic.message === "string" ? diagnostic.message : diagnostic.message.value,
        path: (diagnostic.data as { path?: string } | undefined)?.path || undefined,
      });
    }
  }
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  if (options.dryRun) {
    // Only the diff on standard output, so that it can be piped to `git apply`.
    for (const note of fixedNotes) writeError(note);
  } else if (options.format === 'json') {
    for (const note of fixedNotes) writeError(note);
    report(JSON.stringify(findings, null, 2) + '\n');
  } else {
    for (const note of fixedNotes) report(note);
    for (const f of findings) report(`${f.file}:${f.line}:${f.column} ${f.severity} ${f.code} ${f.message}\n`);
    report(`${files.length} file${files.length === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${findings.length - errors} other finding${findings.length - errors === 1 ? '' : 's'}\n`);
  }
  return errors > 0 ? 1 : 0;
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
  try {
    if (command !== 'check') throw new UsageError(`unknown command "${command}"`);
    if (rest.includes('-h') || rest.includes('--help')) {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    return check(rest, (text) => process.stdout.write(text));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`kubeassist: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
      process.stderr.write(`kubeassist: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
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
