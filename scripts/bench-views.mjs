// The pictures' speed (issue 29; npm run bench runs it after the behaviour table): the timeline chart of each 1,000-Pod
// simulation of bench-behaviour.mjs, drawn warm from the built engine (dist/engine.js), target within 50 ms; and the
// editor's view after an edit: `kubeassist/view` of an object of the 1,000-document bench file, asked right after a
// one-character edit, through the real server, target within 100 ms.
//
//   node scripts/bench-views.mjs [--runs N]
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateBundle } from './bench-bundle.mjs';
import { CASES } from './bench-behaviour.mjs';
import { median, openInServer } from './bench-measure.mjs';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const figure = (values) => `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)})`;

function benchCharts(runs) {
  const engine = require(join(root, 'dist', 'engine.js'));
  console.log(`\ntimeline chart of a simulation (SVG and its text), warm: median (min-max) of ${runs} runs; target within 50 ms`);
  console.log('| scenario | Pods | lanes | SVG (KiB) | draw, wall (ms) | draw, CPU (ms) |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, manifest, scenario] of CASES) {
    const simulation = engine.simulateJob(manifest, scenario, 37);
    const draw = () => engine.timelineChart(engine.timelineOfSimulation(simulation, 'bench'));
    for (let i = 0; i < 5; i++) draw();
    const times = [];
    const cpu = [];
    let chart;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const startCpu = process.cpuUsage();
      chart = draw();
      const usage = process.cpuUsage(startCpu);
      times.push(performance.now() - start);
      cpu.push((usage.user + usage.system) / 1000);
    }
    console.log(`| ${name} | ${simulation.pods.length} | ${chart.lanes} | ${(chart.svg.length / 1024).toFixed(0)} | ${figure(times)} | ${figure(cpu)} |`);
  }
}

async function viewAfterEdit(serverCommand, text, edits) {
  const uri = pathToFileURL(resolve(root, 'bench-views-1000.yaml')).href;
  const { connection, close } = await openInServer(serverCommand, uri, text);
  const lines = text.split('\n');
  const jobLines = lines.flatMap((line, index) => (line === 'kind: Job' ? [index] : []));
  const line = jobLines[Math.floor(jobLines.length / 2)];
  const backoff = lines.findIndex((candidate, index) => index > line && /^  ttlSecondsAfterFinished: \d+$/.test(candidate));
  const times = [];
  let html = 0;
  await connection.sendRequest('kubeassist/view', { uri, view: 'explain', line });
  for (let i = 0; i < edits; i++) {
    const at = { line: backoff, character: lines[backoff].length };
    const start = performance.now();
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: i + 2 }, contentChanges: [{ range: { start: at, end: at }, text: String(i % 10) }] });
    lines[backoff] += String(i % 10);
    const page = await connection.sendRequest('kubeassist/view', { uri, view: 'explain', line });
    times.push(performance.now() - start);
    html = page?.html?.length ?? 0;
  }
  await close();
  return { times, html };
}

export async function benchViews({ serverCommand = [process.execPath, join(root, 'dist', 'server.js'), '--stdio'], runs = 3, charts = 20 } = {}) {
  benchCharts(charts);
  const text = generateBundle(1000);
  const all = [];
  let html = 0;
  for (let i = 0; i < runs; i++) {
    const result = await viewAfterEdit(serverCommand, text, 10);
    all.push(...result.times);
    html = result.html;
  }
  console.log(`\nthe Explain view after an edit (kubeassist/view right after a one-character edit, 1,000-document file), ${runs} servers x 10 edits; target within 100 ms`);
  console.log('| page (KiB) | edit -> view, wall (ms): median (min-max) |');
  console.log('|---|---|');
  console.log(`| ${(html / 1024).toFixed(0)} | ${figure(all)} |`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const index = process.argv.indexOf('--runs');
  await benchViews({ runs: index === -1 ? 3 : Number(process.argv[index + 1]) });
}
