// npm run bench: measures a language server as an editor uses it, on generated multi-document files.
//
//   node scripts/bench.mjs [--runs N] [--sizes 10,100,1000] [--bundles mixed,batch] [--edits N] [--server "command args"] [--settings FILE] [--baseline head] [--lsp-only]
//   node scripts/bench.mjs --cli [--files N] [--runs N]      (kubeassist check on a tree: scripts/bench-cli.mjs)
//
// Starts the server over stdio (ours by default: dist/server.js --stdio), opens each generated file
// (scripts/bench-bundle.mjs: `mixed`, a release bundle where half the documents are other kinds, and `batch`,
// Jobs, CronJobs and CSIDrivers only, where every document is checked) and measures: start to the `initialize` result, open to the first diagnostics,
// one-character edits to new diagnostics (wall time, and the server's CPU time from /proc), completion at
// a Job spec key, hover on a Job field, a code action on a diagnostic ("n/a" when the server offers none),
// and peak RSS. Each figure is the median of the runs, with min and max. It also prints the parse floor:
// `yaml` alone parsing the same text in this process (warm, right after each run), and the median over
// the runs of open time / floor; the same with every document also converted to JS (`toJS()`, the floor
// the issue names for the batch bundle), also in CPU time beside the server's CPU time on open (the CPU
// ratio, the figure a machine busy with other work changes least); and the cold floor: one parse in a fresh Node, as cold as a server's first
// open (the ratio to it is the fairer one for a server that starts cold; the warm one is the stricter).
//
// --settings FILE is JSON keyed by configuration section ({"kubeassist": {...}} or {"yaml": {...}}); the
// bench answers workspace/configuration from it and sends it with didChangeConfiguration. `${repo}` in
// the file stands for this repository's folder. See README.md "Benchmark" for yaml-language-server.
//
// --baseline head commits each generated file in a fresh git repository in the temp folder and opens it from
// there: the server reads the file at HEAD (update checks), and the edits are measured once that baseline has
// arrived (each edit then changes `completions` of a committed Job: an update finding every time).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUNDLES } from './bench-bundle.mjs';
import { cpuMs, format, median, peakRssMiB } from './bench-measure.mjs';

const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');
const YAML = require('yaml');

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
if (args.includes('--cli')) {
  // `npm run bench -- --cli`: kubeassist check on a tree of files instead of a server (scripts/bench-cli.mjs).
  const { benchCli } = await import('./bench-cli.mjs');
  await benchCli(args);
  process.exit(0);
}
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1];
};
const runs = Number(option('--runs', '5'));
const edits = Number(option('--edits', '10'));
const requests = 10;
const sizes = option('--sizes', '10,100,1000').split(',').map(Number);
const bundles = option('--bundles', 'mixed,batch').split(',');
for (const bundle of bundles) if (!BUNDLES[bundle]) throw new Error(`--bundles: no bundle ${bundle} (known: ${Object.keys(BUNDLES).join(', ')})`);
const serverCommand = option('--server', `${process.execPath} ${join(root, 'dist', 'server.js')} --stdio`).split(' ').filter(Boolean);
const settingsFile = option('--settings', undefined);
const settings = settingsFile ? JSON.parse(readFileSync(settingsFile, 'utf8').replaceAll('${repo}', root)) : {};
const baselineHead = option('--baseline', undefined) === 'head';

/** A git repository in the temp folder with the file committed (--baseline head). */
function committed(text, size) {
  const folder = mkdtempSync(join(tmpdir(), 'kubeassist-bench-'));
  const git = (...gitArgs) => spawnSync('git', ['-C', folder, '-c', 'user.name=bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...gitArgs], { encoding: 'utf8' });
  git('init', '--quiet');
  writeFileSync(join(folder, `bench-${size}.yaml`), text);
  git('add', '.');
  git('commit', '--quiet', '-m', 'bench');
  return folder;
}

function sectionOf(section) {
  if (!section) return settings;
  let value = settings;
  for (const part of section.split('.')) value = value && typeof value === 'object' ? value[part] : undefined;
  return value ?? null;
}

/** Where the requests go: lines of the middle Job of the file. */
function targets(text) {
  const lines = text.split('\n');
  const jobs = lines.flatMap((line, index) => (line === 'kind: Job' ? [index] : []));
  const job = jobs[Math.floor(jobs.length / 2)];
  const find = (prefix) => lines.findIndex((line, index) => index > job && line.startsWith(prefix));
  return { completions: find('  completions: '), parallelism: find('  parallelism: '), completionMode: find('  completionMode: ') };
}

async function timed(action) {
  const start = performance.now();
  const result = await action();
  return { ms: performance.now() - start, result };
}

async function measureOnce(text, size) {
  const t0 = performance.now();
  const child = spawn(serverCommand[0], serverCommand.slice(1), { stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const folder = baselineHead ? committed(text, size) : root;
  const uri = pathToFileURL(resolve(folder, `bench-${size}.yaml`)).href;
  let waiting;
  connection.onNotification('textDocument/publishDiagnostics', (params) => params.uri === uri && waiting?.(params));
  connection.onRequest('workspace/configuration', (params) => params.items.map((item) => sectionOf(item.section)));
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onNotification('window/logMessage', () => undefined);
  connection.listen();
  const init = await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'bench' }],
    capabilities: {
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: false } },
      textDocument: {
        publishDiagnostics: { versionSupport: true },
        completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
      },
    },
  });
  const start = performance.now() - t0;
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('workspace/didChangeConfiguration', { settings });
  const diagnosticsFor = (version) =>
    new Promise((resolve) => {
      waiting = (params) => {
        if (params.version === undefined || params.version === null || params.version >= version) resolve(params.diagnostics);
      };
    });

  let pending = diagnosticsFor(1);
  const cpuBeforeOpen = cpuMs(child.pid);
  const open = await timed(async () => {
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    return pending;
  });
  const diagnostics = open.result;
  const openCpu = cpuMs(child.pid) - cpuBeforeOpen;
  const at = targets(text);
  // --baseline head: the file at HEAD arrives after the first diagnostics, and they are published again.
  if (baselineHead) await Promise.race([diagnosticsFor(1), new Promise((resolve) => setTimeout(resolve, 15000))]);

  // One-character edits in the middle of the file: a digit of `completions:` changes each time.
  const editWalls = [];
  const cpuBefore = cpuMs(child.pid);
  for (let version = 2; version < 2 + edits; version++) {
    pending = diagnosticsFor(version);
    const edit = await timed(async () => {
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: { line: at.completions, character: 15 }, end: { line: at.completions, character: 16 } }, text: String((version % 9) + 1) }],
      });
      return pending;
    });
    editWalls.push(edit.ms);
  }
  const editCpu = (cpuMs(child.pid) - cpuBefore) / edits;
  waiting = undefined;

  const textDocument = { uri };
  const completion = [];
  const hover = [];
  const codeAction = [];
  for (let i = 0; i < requests; i++) {
    completion.push((await timed(() => connection.sendRequest('textDocument/completion', { textDocument, position: { line: at.parallelism, character: 5 } }))).ms);
    hover.push((await timed(() => connection.sendRequest('textDocument/hover', { textDocument, position: { line: at.completionMode, character: 4 } }))).ms);
  }
  if (init.capabilities?.codeActionProvider && diagnostics.length) {
    const diagnostic = diagnostics[Math.floor(diagnostics.length / 2)];
    for (let i = 0; i < requests; i++) {
      const params = { textDocument, range: diagnostic.range, context: { diagnostics: [diagnostic] } };
      codeAction.push((await timed(() => connection.sendRequest('textDocument/codeAction', params))).ms);
    }
  }
  const rss = peakRssMiB(child.pid);
  await connection.sendRequest('shutdown').catch(() => undefined);
  await connection.sendNotification('exit').catch(() => undefined);
  connection.dispose();
  child.kill();
  if (baselineHead) rmSync(folder, { recursive: true, force: true });
  return { start, open: open.ms, openCpu, edit: median(editWalls), editCpu, completion: median(completion), hover: median(hover), codeAction: codeAction.length ? median(codeAction) : NaN, rss, diagnostics: diagnostics.length };
}

/** `yaml` alone parsing the same text once in a fresh Node, as cold as a server's first open. */
function coldParseFloor(text) {
  const script = "const t=require('fs').readFileSync(0,'utf8');const y=require('yaml');const s=performance.now();y.parseAllDocuments(t);process.stdout.write(String(performance.now()-s))";
  const result = spawnSync(process.execPath, ['-e', script], { input: text, cwd: root, encoding: 'utf8' });
  return Number(result.stdout);
}

/** `yaml` alone parsing the same text in this process (warmed up before the first run). */
function parseFloor(text) {
  const start = performance.now();
  YAML.parseAllDocuments(text);
  return performance.now() - start;
}

/** The same, and every document converted to plain JS as well; wall time and this process's CPU time. */
function parseToJsFloor(text) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  for (const document of YAML.parseAllDocuments(text)) document.toJS();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

const floors = ({ wall, cpu }) => ({ jsFloor: wall, jsFloorCpu: cpu });

console.log(`server: ${serverCommand.join(' ')}${settingsFile ? `, settings ${settingsFile}` : ''}${baselineHead ? ', each file committed in a git repository (update checks against HEAD)' : ''}`);
console.log(`machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${process.platform} ${process.arch}; bench on node ${process.version}`);
console.log(`${runs} runs, median (min-max); edit: ${edits} one-character edits per run (wall: median; server CPU: mean per edit); completion and hover: median of ${requests} requests\n`);
console.log('| bundle | documents | size | lines | start to initialize (ms) | open to diagnostics (ms) | open, server CPU (ms) | parse floor (ms) | ratio | parse + toJS floor (ms) | ratio to it | CPU ratio to it | cold parse floor (ms) | ratio to cold | edit to diagnostics, wall (ms) | edit, server CPU (ms) | completion (ms) | hover (ms) | code action (ms) | peak RSS (MiB) | diagnostics |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const bundle of bundles) {
  for (const size of sizes) {
    const text = BUNDLES[bundle](size);
    const results = [];
    parseFloor(text);
    parseToJsFloor(text);
    // The floors are measured right after each run, so that a busy machine weighs on both alike.
    for (let i = 0; i < runs; i++) results.push({ ...(await measureOnce(text, size)), floor: parseFloor(text), ...floors(parseToJsFloor(text)), coldFloor: coldParseFloor(text) });
    const pick = (key) => results.map((r) => r[key]);
    const cpuRatio = median(results.map((r) => r.openCpu / r.jsFloorCpu)).toFixed(2);
    const ratio = (key) => median(results.map((r) => r.open / r[key])).toFixed(2);
    const kib = text.length / 1024;
    console.log(
      `| ${bundle} | ${size} | ${kib >= 1000 ? `${(kib / 1024).toFixed(2)} MiB` : `${kib.toFixed(0)} KiB`} | ${text.split('\n').length - 1} | ${format(pick('start'))} | ${format(pick('open'))} | ${format(pick('openCpu'))} | ${median(pick('floor')).toFixed(0)} | ${ratio('floor')} | ${median(pick('jsFloor')).toFixed(0)} | ${ratio('jsFloor')} | ${cpuRatio} | ${median(pick('coldFloor')).toFixed(0)} | ${ratio('coldFloor')} | ${format(pick('edit'))} | ${format(pick('editCpu'), 1)} | ${format(pick('completion'), 1)} | ${format(pick('hover'), 1)} | ${format(pick('codeAction'), 1)} | ${format(pick('rss'))} | ${results[0].diagnostics} |`,
    );
  }
}

// --lsp-only: the table above alone (before/after comparisons of the language server, run in turn).
if (args.includes('--lsp-only')) process.exit(0);
// The MCP server's answer time (issue 24: one check of a 1,000-line manifest within 50 ms after start).
await (await import('./bench-mcp.mjs')).benchMcp(runs);
await (await import('./bench-explain.mjs')).benchExplain({ serverCommand, root }); // explain per object (scripts/bench-explain.mjs)
await (await import('./bench-behaviour.mjs')).benchBehaviour(args); // simulateJob on 1,000-Pod scenarios
await (await import('./bench-views.mjs')).benchViews({ serverCommand }); // the timeline chart of 1,000 Pods; the Explain view after an edit
await (await import('./bench-diagnose.mjs')).benchDiagnose(args); // diagnose of a Job with 1,000 Pods (scripts/bench-diagnose.mjs)
if (!args.includes('--no-relations')) await (await import('./bench-relations.mjs')).benchRelations(args); // the workspace index and the relation checks (scripts/bench-relations.mjs)
