// `kubeassist mcp` as an agent's host sees it: the time from starting the server to its initialize answer,
// then one `check` call on a manifest of about 1,000 lines (the first call after start, and the median of
// later ones), each also as the server's CPU time (/proc: all its threads). Run by scripts/bench.mjs at its
// end, or alone:
//   node scripts/bench-mcp.mjs [--runs N] [--server "node dist/cli.js mcp"]...
// With several --server commands (an old build's and this one's), the servers are started in turn, run by
// run, so that a busy machine weighs on each alike (paired runs); a row each.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { generateBundle } from './bench-bundle.mjs';
import { cpuMs, format, mainThreadCpuMs, median } from './bench-measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Documents of the bench bundle until the text has at least `lines` lines. */
function manifestOfLines(lines) {
  for (let documents = 1; ; documents++) {
    const text = generateBundle(documents);
    if (text.split('\n').length >= lines) return text;
  }
}

const LATER = 5;

async function measureOnce(command, text) {
  const started = performance.now();
  const client = new Client({ name: 'kubeassist-bench', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: command[0], args: command.slice(1), cwd: root, stderr: 'ignore' });
  await client.connect(transport);
  const initialized = performance.now();
  const pid = transport.pid;
  const startCpu = cpuMs(pid);
  const startMain = mainThreadCpuMs(pid);
  const first = await timed(() => client.callTool({ name: 'check', arguments: { text } }));
  const firstCpu = cpuMs(pid) - startCpu;
  const firstMain = mainThreadCpuMs(pid) - startMain;
  const later = [];
  const laterStartCpu = cpuMs(pid);
  const laterStartMain = mainThreadCpuMs(pid);
  for (let i = 0; i < LATER; i++) later.push((await timed(() => client.callTool({ name: 'check', arguments: { text } }))).ms);
  const laterCpu = (cpuMs(pid) - laterStartCpu) / LATER;
  const laterMain = (mainThreadCpuMs(pid) - laterStartMain) / LATER;
  await client.close();
  return { start: initialized - started, startCpu, startMain, first: first.ms, firstCpu, firstMain, later: median(later), laterCpu, laterMain, findings: first.result.structuredContent.findings.length };
}

/** `servers`: command lines (arrays); default: this build's `kubeassist mcp`. */
export async function benchMcp(runs = 5, servers = [[process.execPath, join(root, 'dist/cli.js'), 'mcp']]) {
  const text = manifestOfLines(1000);
  const rows = servers.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (const [i, command] of servers.entries()) rows[i].push(await measureOnce(command, text));
  }
  console.log(`\nkubeassist mcp, a check call on ${text.split('\n').length - 1} lines (${(text.length / 1024).toFixed(0)} KiB), ${runs} runs${servers.length > 1 ? ', the servers in turn' : ''}, median (min-max); server CPU from /proc (all threads, in 10 ms ticks; main thread: its own CPU time, the wall time of its work on a machine with a core to spare; later checks: mean of ${LATER}):\n`);
  console.log(`| ${servers.length > 1 ? 'server | ' : ''}start to initialize (ms) | start, server CPU (ms) | start, main thread (ms) | first check after start (ms) | first check, server CPU (ms) | first check, main thread (ms) | later checks (ms) | later checks, server CPU (ms) | later checks, main thread (ms) | findings |`);
  console.log(`|${servers.length > 1 ? '---|' : ''}---|---|---|---|---|---|---|---|---|---|`);
  for (const [i, command] of servers.entries()) {
    const pick = (key) => rows[i].map((row) => row[key]);
    console.log(`| ${servers.length > 1 ? `${command.join(' ')} | ` : ''}${format(pick('start'), 1)} | ${format(pick('startCpu'))} | ${format(pick('startMain'))} | ${format(pick('first'), 1)} | ${format(pick('firstCpu'))} | ${format(pick('firstMain'), 1)} | ${format(pick('later'), 1)} | ${format(pick('laterCpu'), 1)} | ${format(pick('laterMain'), 1)} | ${rows[i][0].findings} |`);
  }
}

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const index = args.indexOf('--runs');
  const servers = args.flatMap((arg, i) => (arg === '--server' && args[i + 1] ? [args[i + 1].split(' ').map((part) => (part === 'node' ? process.execPath : part))] : []));
  await benchMcp(index === -1 ? 5 : Number(args[index + 1]), servers.length ? servers : undefined);
}
