// `kubeassist mcp` as an agent's host sees it: the time from starting the server to its initialize answer,
// then one `check` call on a manifest of about 1,000 lines (the first call after start, and the median of
// later ones). Run by scripts/bench.mjs at its end (or alone: node scripts/bench-mcp.mjs [--runs N]).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { generateBundle } from './bench-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Documents of the bench bundle until the text has at least `lines` lines. */
function manifestOfLines(lines) {
  for (let documents = 1; ; documents++) {
    const text = generateBundle(documents);
    if (text.split('\n').length >= lines) return text;
  }
}

export async function benchMcp(runs = 5) {
  const text = manifestOfLines(1000);
  const rows = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const client = new Client({ name: 'kubeassist-bench', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, 'dist/cli.js'), 'mcp'], cwd: root, stderr: 'ignore' }));
    const initialized = performance.now();
    const first = await timed(() => client.callTool({ name: 'check', arguments: { text } }));
    const later = [];
    for (let i = 0; i < 5; i++) later.push((await timed(() => client.callTool({ name: 'check', arguments: { text } }))).ms);
    await client.close();
    rows.push({ start: initialized - started, first: first.ms, later: median(later), findings: first.result.structuredContent.findings.length });
  }
  const column = (key) => `${median(rows.map((row) => row[key])).toFixed(1)} (${Math.min(...rows.map((row) => row[key])).toFixed(1)}-${Math.max(...rows.map((row) => row[key])).toFixed(1)})`;
  console.log(`\nkubeassist mcp, a check call on ${text.split('\n').length - 1} lines (${(text.length / 1024).toFixed(0)} KiB), ${runs} runs, median (min-max):\n`);
  console.log('| start to initialize (ms) | first check after start (ms) | later checks (ms) | findings |');
  console.log('|---|---|---|---|');
  console.log(`| ${column('start')} | ${column('first')} | ${column('later')} | ${rows[0].findings} |`);
}

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const index = process.argv.indexOf('--runs');
  await benchMcp(index === -1 ? 5 : Number(process.argv[index + 1]));
}
