// npm run bench: measures a language server as an editor uses it, on generated multi-document files.
//
//   node scripts/bench.mjs [--runs N] [--sizes 10,100,1000] [--bundles mixed,batch] [--edits N] [--server "command args"] [--settings FILE] [--baseline head]
//                          [--relations on|off] [--view open|elsewhere|closed] [--per-edit] [--table-only | --lsp-only]
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
// Each file is written into a fresh workspace folder in the temp folder and opened from there, as an editor opens a file
// of its workspace: with the relation checks on (the default; `--relations off` sends kubeassist.relations.enable:
// false) the server indexes that folder and the open file. Two edit figures: "diagnostics only" (ten edits, each
// waiting for its diagnostics) and "as VS Code" (ten more, each as VS Code drives it with every feature on: the
// inlay hints of the ~60 visible lines around the edit asked right away (VS Code asks them before our 80 ms
// debounce ends), then, once the diagnostics are in, the code lenses, the code actions at the cursor (the light
// bulb), the status bar's `kubeassist/documentInfo` and, with the Explain view open (`--view open`, the default, on the
// edited Job; `--view elsewhere` on the file's first Job; `--view closed` leaves it out), the
// `kubeassist/view` request its panel sends after a change. The client says what vscode-languageclient 11 says of
// code lenses (it resolves them: `resolveSupport`), and resolves the lenses of the visible lines that come without a
// command, as VS Code does (`codeLens/resolve`, once the lenses are in). The server CPU of all of it counts per edit. A request
// the server does not offer (its capabilities, or a method-not-found answer) is left out, so the bench still
// measures another server.
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
import { cpuMs, format, mainThreadCpuMs, median, peakRssMiB, threadCpuDelta, threadCpuMs } from './bench-measure.mjs';

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
/** --per-edit: print each edit's server CPU (warm-up shows in the first ones). */
const perEdit = args.includes('--per-edit');
const requests = 10;
const sizes = option('--sizes', '10,100,1000').split(',').map(Number);
const bundles = option('--bundles', 'mixed,batch').split(',');
for (const bundle of bundles) if (!BUNDLES[bundle]) throw new Error(`--bundles: no bundle ${bundle} (known: ${Object.keys(BUNDLES).join(', ')})`);
const serverCommand = option('--server', `${process.execPath} ${join(root, 'dist', 'server.js')} --stdio`).split(' ').filter(Boolean);
const settingsFile = option('--settings', undefined);
const settings = settingsFile ? JSON.parse(readFileSync(settingsFile, 'utf8').replaceAll('${repo}', root)) : {};
const baselineHead = option('--baseline', undefined) === 'head';
const relations = option('--relations', 'on') !== 'off';
const viewMode = option('--view', 'open');
const viewOpen = viewMode !== 'closed';

/** The workspace folder: a fresh folder in the temp folder with the file in it; with --baseline head, a git repository with the file committed. */
function workspaceWith(text, size) {
  const folder = mkdtempSync(join(tmpdir(), 'kubeassist-bench-'));
  writeFileSync(join(folder, `bench-${size}.yaml`), text);
  if (!baselineHead) return folder;
  const git = (...gitArgs) => spawnSync('git', ['-C', folder, '-c', 'user.name=bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...gitArgs], { encoding: 'utf8' });
  git('init', '--quiet');
  git('add', '.');
  git('commit', '--quiet', '-m', 'bench');
  return folder;
}

/** The settings as the server asks for them; `--relations off` turns the relation checks off over the settings file. */
const effectiveSettings = relations ? settings : { ...settings, kubeassist: { ...(settings.kubeassist ?? {}), relations: { ...(settings.kubeassist?.relations ?? {}), enable: false } } };

function sectionOf(section) {
  if (!section) return effectiveSettings;
  let value = effectiveSettings;
  for (const part of section.split('.')) value = value && typeof value === 'object' ? value[part] : undefined;
  return value ?? null;
}

/** Where the requests go: lines of the middle Job of the file. */
function targets(text) {
  const lines = text.split('\n');
  const jobs = lines.flatMap((line, index) => (line === 'kind: Job' ? [index] : []));
  const job = jobs[Math.floor(jobs.length / 2)];
  const find = (prefix) => lines.findIndex((line, index) => index > job && line.startsWith(prefix));
  const name = lines[find('  name: ')]?.slice('  name: '.length);
  const firstName = lines[lines.findIndex((line, index) => index > jobs[0] && line.startsWith('  name: '))]?.slice('  name: '.length);
  return { job: job - 1, name, firstJob: jobs[0] - 1, firstName, completions: find('  completions: '), parallelism: find('  parallelism: '), completionMode: find('  completionMode: '), lines: lines.length };
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
  const folder = workspaceWith(text, size);
  const uri = pathToFileURL(resolve(folder, `bench-${size}.yaml`)).href;
  let waiting;
  let lastPublish = 0;
  connection.onNotification('textDocument/publishDiagnostics', (params) => {
    if (params.uri !== uri) return;
    lastPublish = performance.now();
    waiting?.(params);
  });
  connection.onRequest('workspace/configuration', (params) => params.items.map((item) => sectionOf(item.section)));
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onNotification('$/progress', () => undefined);
  connection.onNotification('window/logMessage', (message) => process.env.BENCH_LOG && console.log(`server: ${message.message}`));
  connection.listen();
  const init = await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(folder).href,
    workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'bench' }],
    capabilities: {
      window: { workDoneProgress: true },
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: false }, didChangeWatchedFiles: { dynamicRegistration: true } },
      textDocument: {
        publishDiagnostics: { versionSupport: true },
        completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
        codeLens: { dynamicRegistration: true, resolveSupport: { properties: ['command'] } },
        inlayHint: {},
      },
    },
  });
  const start = performance.now() - t0;
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('workspace/didChangeConfiguration', { settings: effectiveSettings });
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

  // The workspace index and the open file's documents the first check left are read in the background, and the
  // settings pulled after `initialized` may check the file again: the edits start once the server has published
  // nothing for a second and used under 30 ms of CPU in the last half second (at most 30 s).
  for (const deadline = performance.now() + 30000; performance.now() < deadline; ) {
    const cpu = cpuMs(child.pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (performance.now() - lastPublish >= 1000 && !(cpuMs(child.pid) - cpu > 30)) break;
  }

  // One-character edits in the middle of the file: a digit of `completions:` changes each time.
  let version = 1;
  const change = () => {
    version++;
    return connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: { line: at.completions, character: 15 }, end: { line: at.completions, character: 16 } }, text: String((version % 9) + 1) }],
    });
  };
  const editWalls = [];
  const cpuBefore = cpuMs(child.pid);
  const threadsBefore = perEdit ? threadCpuMs(child.pid) : {};
  const editCpus = [];
  for (let i = 0; i < edits; i++) {
    pending = diagnosticsFor(version + 1);
    const cpuAtEdit = perEdit ? cpuMs(child.pid) : 0;
    const mainAtEdit = perEdit ? mainThreadCpuMs(child.pid) : 0;
    const edit = await timed(async () => {
      await change();
      return pending;
    });
    editWalls.push(edit.ms);
    if (perEdit) editCpus.push(`${cpuMs(child.pid) - cpuAtEdit}/${(mainThreadCpuMs(child.pid) - mainAtEdit).toFixed(1)}`);
  }
  if (perEdit) console.log(`per edit, diagnostics only, server CPU all threads / main thread (ms): ${editCpus.join(' ')}; all ${edits} edits by thread (ms): ${threadCpuDelta(threadsBefore, threadCpuMs(child.pid))}`);
  const editCpu = (cpuMs(child.pid) - cpuBefore) / edits;

  // The same edits as VS Code drives them with every feature on: inlay hints of the visible lines at once, then the
  // code lenses, the light bulb's code actions and the open Explain view's page once the diagnostics are in.
  const textDocument = { uri };
  const offered = { codeLens: !!init.capabilities?.codeLensProvider, inlayHint: !!init.capabilities?.inlayHintProvider, codeAction: !!init.capabilities?.codeActionProvider, view: viewOpen, documentInfo: true };
  const ask = (method, params, feature) => (offered[feature] ? connection.sendRequest(method, params).catch(() => void (offered[feature] = false)) : undefined);
  const visible = { start: { line: Math.max(0, at.completions - 30), character: 0 }, end: { line: Math.min(at.lines - 1, at.completions + 30), character: 0 } };
  const cursor = { start: { line: at.completions, character: 16 }, end: { line: at.completions, character: 16 } };
  const viewParams = viewMode === 'elsewhere' ? { uri, view: 'explain', line: at.firstJob, kind: 'Job', name: at.firstName } : { uri, view: 'explain', line: at.job, kind: 'Job', name: at.name };
  // VS Code resolves the lenses on screen that came without a command (a server offering codeLens/resolve).
  const resolveVisible = async (lenses) => {
    const unresolved = ((await lenses) ?? []).filter((lens) => !lens.command && lens.range.start.line >= visible.start.line && lens.range.start.line <= visible.end.line);
    if (unresolved.length && init.capabilities?.codeLensProvider?.resolveProvider) await Promise.all(unresolved.map((lens) => connection.sendRequest('codeLens/resolve', lens)));
  };
  // What VS Code asked when the file was opened (and the panel, opened before the typing started): not counted.
  await Promise.all([ask('textDocument/inlayHint', { textDocument, range: visible }, 'inlayHint'), resolveVisible(ask('textDocument/codeLens', { textDocument }, 'codeLens')), ask('kubeassist/documentInfo', { uri }, 'documentInfo'), ask('kubeassist/view', viewParams, 'view')]);
  const fullWalls = [];
  const fullCpuBefore = cpuMs(child.pid);
  const fullThreadsBefore = perEdit ? threadCpuMs(child.pid) : {};
  const fullCpus = [];
  for (let i = 0; i < edits; i++) {
    pending = diagnosticsFor(version + 1);
    const cpuAtEdit = perEdit ? cpuMs(child.pid) : 0;
    const mainAtEdit = perEdit ? mainThreadCpuMs(child.pid) : 0;
    const edit = await timed(async () => {
      await change();
      const hints = ask('textDocument/inlayHint', { textDocument, range: visible }, 'inlayHint');
      const published = await pending;
      await Promise.all([
        hints,
        resolveVisible(ask('textDocument/codeLens', { textDocument }, 'codeLens')),
        ask('textDocument/codeAction', { textDocument, range: cursor, context: { diagnostics: published.filter((diagnostic) => diagnostic.range.start.line <= at.completions && diagnostic.range.end.line >= at.completions), triggerKind: 2 } }, 'codeAction'),
        ask('kubeassist/view', viewParams, 'view'),
        ask('kubeassist/documentInfo', { uri }, 'documentInfo'),
      ]);
    });
    fullWalls.push(edit.ms);
    if (perEdit) fullCpus.push(`${cpuMs(child.pid) - cpuAtEdit}/${(mainThreadCpuMs(child.pid) - mainAtEdit).toFixed(1)}`);
  }
  if (perEdit) console.log(`per edit, as VS Code, server CPU all threads / main thread (ms): ${fullCpus.join(' ')}; all ${edits} edits by thread (ms): ${threadCpuDelta(fullThreadsBefore, threadCpuMs(child.pid))}`);
  const fullCpu = (cpuMs(child.pid) - fullCpuBefore) / edits;
  const fullFeatures = Object.entries(offered).filter(([, on]) => on).map(([feature]) => feature);
  if (offered.codeLens && init.capabilities?.codeLensProvider?.resolveProvider) fullFeatures.splice(fullFeatures.indexOf('codeLens') + 1, 0, 'codeLens/resolve (visible lines)');
  waiting = undefined;

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
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await connection.sendNotification('exit').catch(() => undefined);
  // A server that exits on its own writes what it was asked to on exit (a `node --cpu-prof` profile).
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
  connection.dispose();
  child.kill();
  rmSync(folder, { recursive: true, force: true });
  return { start, open: open.ms, openCpu, edit: median(editWalls), editCpu, fullEdit: median(fullWalls), fullCpu, fullFeatures, completion: median(completion), hover: median(hover), codeAction: codeAction.length ? median(codeAction) : NaN, rss, diagnostics: diagnostics.length };
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

console.log(`server: ${serverCommand.join(' ')}${settingsFile ? `, settings ${settingsFile}` : ''}${baselineHead ? ', each file committed in a git repository (update checks against HEAD)' : ''}; relation checks ${relations ? 'on' : 'off'}, Explain view ${viewMode === 'elsewhere' ? 'open on another Job than the edited one' : viewOpen ? 'open' : 'closed'}`);
console.log(`machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${process.platform} ${process.arch}; bench on node ${process.version}`);
console.log(`${runs} runs, median (min-max); edit: ${edits} one-character edits per run (wall: median; server CPU: mean per edit), diagnostics only, then as VS Code with every feature on; completion and hover: median of ${requests} requests\n`);
console.log('| bundle | documents | size | lines | start to initialize (ms) | open to diagnostics (ms) | open, server CPU (ms) | parse floor (ms) | ratio | parse + toJS floor (ms) | ratio to it | CPU ratio to it | cold parse floor (ms) | ratio to cold | edit to diagnostics, wall (ms) | edit, server CPU (ms) | edit as VS Code, wall (ms) | edit as VS Code, server CPU (ms) | completion (ms) | hover (ms) | code action (ms) | peak RSS (MiB) | diagnostics |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const asVsCode = new Set();
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
      `| ${bundle} | ${size} | ${kib >= 1000 ? `${(kib / 1024).toFixed(2)} MiB` : `${kib.toFixed(0)} KiB`} | ${text.split('\n').length - 1} | ${format(pick('start'))} | ${format(pick('open'))} | ${format(pick('openCpu'))} | ${median(pick('floor')).toFixed(0)} | ${ratio('floor')} | ${median(pick('jsFloor')).toFixed(0)} | ${ratio('jsFloor')} | ${cpuRatio} | ${median(pick('coldFloor')).toFixed(0)} | ${ratio('coldFloor')} | ${format(pick('edit'))} | ${format(pick('editCpu'), 1)} | ${format(pick('fullEdit'))} | ${format(pick('fullCpu'), 1)} | ${format(pick('completion'), 1)} | ${format(pick('hover'), 1)} | ${format(pick('codeAction'), 1)} | ${format(pick('rss'))} | ${results[0].diagnostics} |`,
    );
    asVsCode.add(results[0].fullFeatures.join(', ') || 'nothing');
  }
}
console.log(`\nedit as VS Code: didChange, then ${[...asVsCode].join(' / ')} (what the server offered)`);

// --table-only (or --lsp-only): the table above and nothing after it (before/after comparisons of the language
// server, run in turn: the figures of an edit or open comparison, quicker).
if (args.includes('--table-only') || args.includes('--lsp-only')) process.exit(0);
// The MCP server's answer time (issue 24: one check of a 1,000-line manifest within 50 ms after start).
await (await import('./bench-mcp.mjs')).benchMcp(runs);
await (await import('./bench-explain.mjs')).benchExplain({ serverCommand, root }); // explain per object (scripts/bench-explain.mjs)
await (await import('./bench-behaviour.mjs')).benchBehaviour(args); // simulateJob on 1,000-Pod scenarios
await (await import('./bench-views.mjs')).benchViews({ serverCommand }); // the timeline chart of 1,000 Pods; the Explain view after an edit
await (await import('./bench-diagnose.mjs')).benchDiagnose(args); // diagnose of a Job with 1,000 Pods (scripts/bench-diagnose.mjs)
if (!args.includes('--no-relations')) await (await import('./bench-relations.mjs')).benchRelations(args); // the workspace index and the relation checks (scripts/bench-relations.mjs)
