// npm run bench: measures the language server as an editor uses it, on generated multi-document files.
// Usage: node scripts/bench.mjs [--runs N] [--sizes 10,100,1000] [--server "command args"]
// Prints a table (median, min, max over the runs) and the parse floor (`yaml` alone on the same text).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');
const YAML = require('yaml');

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1];
};
const runs = Number(option('--runs', '5'));
const sizes = option('--sizes', '10,100,1000').split(',').map(Number);
const serverCommand = option('--server', `${process.execPath} ${join(root, 'dist', 'server.js')} --stdio`).split(' ');

/** A deterministic bundle: Jobs, CSIDrivers, Deployments and ConfigMaps, with a few deliberate mistakes. */
export function generateBundle(documents) {
  const parts = [];
  for (let i = 0; i < documents; i++) {
    const kind = i % 4;
    const mistake = i % 50 === 7;
    if (kind === 0) {
      parts.push(`apiVersion: batch/v1
kind: Job
metadata:
  name: job-${i}
  labels:
    app.kubernetes.io/name: job-${i}
    app.kubernetes.io/part-of: bench
spec:
  completionMode: ${mistake ? 'indexed' : 'Indexed'}
  completions: ${(i % 9) + 1}
  parallelism: 2
  backoffLimitPerIndex: 1
  podFailurePolicy:
    rules:
    - action: FailIndex
      onExitCodes:
        containerName: worker
        operator: In
        values: [1, 2, 3]
    - action: Ignore
      onPodConditions:
      - type: DisruptionTarget
  template:
    metadata:
      labels:
        app.kubernetes.io/name: job-${i}
    spec:
      restartPolicy: Never
      containers:
      - name: worker
        image: registry.example.com/worker:${i}.0
        command: ["/bin/sh", "-c"]
        args:
        - |
          echo "index $JOB_COMPLETION_INDEX of job ${i}"
          sleep 1
        env:
        - name: MODE
          value: "batch"
        resources:
          requests: {cpu: 100m, memory: 64Mi}
          limits: {cpu: 200m, memory: 128Mi}
`);
    } else if (kind === 1) {
      parts.push(`apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: driver-${i}.csi.example.com
spec:
  attachRequired: ${mistake ? '"false"' : 'false'}
  podInfoOnMount: true
  fsGroupPolicy: File
  volumeLifecycleModes: [Persistent, Ephemeral]
  tokenRequests:
  - audience: aud-${i}
    expirationSeconds: 3600
`);
    } else if (kind === 2) {
      parts.push(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-${i}
spec:
  replicas: 2
  selector:
    matchLabels: {app: web-${i}}
  template:
    metadata:
      labels: {app: web-${i}}
    spec:
      containers:
      - name: web
        image: nginx:1.27
        ports:
        - containerPort: 80
        readinessProbe:
          httpGet: {path: /healthz, port: 80}
`);
    } else {
      const lines = Array.from({ length: 12 }, (_, j) => `    key${j}=value-${i}-${j}`).join('\n');
      parts.push(`apiVersion: v1
kind: ConfigMap
metadata:
  name: config-${i}
data:
  settings.ini: |
${lines}
`);
    }
  }
  return parts.join('---\n');
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

function peakRssMiB(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function measureOnce(text) {
  const t0 = performance.now();
  const child = spawn(serverCommand[0], serverCommand.slice(1), { stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let waiting;
  connection.onNotification('textDocument/publishDiagnostics', (params) => waiting?.(params));
  connection.onRequest('workspace/configuration', (params) => params.items.map(() => ({})));
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { workspace: { configuration: true } } });
  const start = performance.now() - t0;
  await connection.sendNotification('initialized', {});
  const uri = 'file:///bench.yaml';
  const nextDiagnostics = (version) =>
    new Promise((resolve) => {
      waiting = (params) => {
        if (params.uri === uri && (params.version === undefined || params.version >= version)) resolve(params.diagnostics);
      };
    });
  let t = performance.now();
  let pending = nextDiagnostics(1);
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  const diagnostics = await pending;
  const open = performance.now() - t;
  // One-character edit in the middle of the file: change a digit of a completions value.
  const lines = text.split('\n');
  const line = lines.findIndex((l, i) => i > lines.length / 2 && l.startsWith('  completions: '));
  const cpuBefore = cpuMs(child.pid);
  t = performance.now();
  pending = nextDiagnostics(2);
  await connection.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line, character: 15 }, end: { line, character: 16 } }, text: '5' }],
  });
  await pending;
  const edit = performance.now() - t;
  const editCpu = cpuMs(child.pid) - cpuBefore;
  const rss = peakRssMiB(child.pid);
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  connection.dispose();
  child.kill();
  return { start, open, edit, editCpu, rss, diagnostics: diagnostics.length };
}

function parseFloor(text) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    YAML.parseAllDocuments(text);
    times.push(performance.now() - t);
  }
  return median(times);
}

const format = (values, digits = 0) => `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;

console.log(`server: ${serverCommand.join(' ')}`);
console.log(`machine: ${process.platform} ${process.arch}, node ${process.version}, ${(await import('node:os')).cpus().length} cores; ${runs} runs, median (min-max)\n`);
console.log('| documents | size | start to initialize (ms) | open to diagnostics (ms) | parse floor (ms) | ratio | edit to diagnostics, wall (ms) | edit, server CPU (ms) | peak RSS (MiB) | diagnostics |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const size of sizes) {
  const text = generateBundle(size);
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await measureOnce(text));
  const floor = parseFloor(text);
  const pick = (key) => results.map((r) => r[key]);
  console.log(
    `| ${size} | ${(text.length / 1024).toFixed(0)} KiB | ${format(pick('start'))} | ${format(pick('open'))} | ${floor.toFixed(0)} | ${(median(pick('open')) / floor).toFixed(2)} | ${format(pick('edit'))} | ${format(pick('editCpu'))} | ${format(pick('rss'))} | ${results[0].diagnostics} |`,
  );
}
