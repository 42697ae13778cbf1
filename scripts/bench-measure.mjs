// What the benchmarks measure a server process by, and how they print a figure: shared by scripts/bench.mjs
// and scripts/bench-relations.mjs. Linux /proc figures; NaN (printed `n/a`) where there is no /proc.
import { readdirSync, readFileSync } from 'node:fs';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The median of the runs with their min and max: `12 (10-15)`. */
export const format = (values, digits = 0) =>
  values.some(Number.isNaN) ? 'n/a' : `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;

/** The process's CPU time (user + system) in ms; /proc counts in clock ticks of 10 ms. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/**
 * The CPU time of the process's main thread in ms, to the nanosecond (/proc/PID/task/PID/schedstat: time on
 * the CPU). On a machine with a core to spare this is the wall time the main thread's work costs; the
 * compiler and garbage-collector threads run beside it.
 */
export function mainThreadCpuMs(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
}

/** Each thread's CPU time in ms by thread name (/proc/PID/task/TID: comm and schedstat), summed over threads of one name. */
export function threadCpuMs(pid) {
  const out = {};
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        const ms = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
        out[tid === String(pid) ? 'main' : name] = (out[tid === String(pid) ? 'main' : name] ?? 0) + ms;
      } catch {
        // the thread ended
      }
    }
  } catch {
    // no /proc
  }
  return out;
}

/** What each thread name spent between two readings of threadCpuMs, in ms, largest first. */
export function threadCpuDelta(before, after) {
  return Object.entries(after)
    .map(([name, ms]) => [name, ms - (before[name] ?? 0)])
    .filter(([, ms]) => ms >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(', ');
}

/** The process's peak resident set size (VmHWM) in MiB. */
export function peakRssMiB(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * A server started as an editor starts it, with one document open and its first diagnostics in: `{ child, connection }`.
 * `close()` shuts it down. Shared by the request benches (bench-explain.mjs, bench-views.mjs).
 */
export async function openInServer(serverCommand, uri, text) {
  const { spawn } = await import('node:child_process');
  const { createRequire } = await import('node:module');
  const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = createRequire(import.meta.url)('vscode-languageserver-protocol/node');
  const child = spawn(serverCommand[0], serverCommand.slice(1), { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, KUBEASSIST_NOW: '2026-03-27T10:00:00Z' } });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let opened;
  const diagnostics = new Promise((resolveDiagnostics) => (opened = resolveDiagnostics));
  connection.onNotification('textDocument/publishDiagnostics', (params) => params.uri === uri && opened());
  connection.onRequest('workspace/configuration', (params) => params.items.map(() => ({})));
  connection.onRequest('client/registerCapability', () => null);
  connection.onNotification('window/logMessage', () => undefined);
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { workspace: { configuration: true } } });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  await diagnostics;
  const close = async () => {
    await connection.sendRequest('shutdown').catch(() => undefined);
    await connection.sendNotification('exit').catch(() => undefined);
    connection.dispose();
    child.kill();
  };
  return { child, connection, close };
}
