// npm run bench -- --cli [--files N] [--runs N] [--jobs N]: `kubeassist check` on a generated tree of
// one-document files (20,000 by default: the documents of scripts/bench-bundle.mjs one per file, so half are
// Jobs and CSIDrivers and half other kinds, two in 50 with deliberate mistakes), with `--jobs 1` and with the
// default (the CPU count) in turn, in one run on the same tree. Prints wall time and files per second of
// each (median of the runs, min-max), the CPU time the command used (all its threads, from /proc on Linux),
// the speed-up, the machine and its load: on a shared machine the load average says how far the wall times
// can be trusted, and the CPU time is the figure a busy machine changes least.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDocument } from './bench-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(root, 'dist', 'cli.js');

/** CPU seconds (user + system) of this process's children that have ended, from /proc (Linux); NaN elsewhere. */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

export async function benchCli(args) {
  const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const count = Number(option('--files', '20000'));
  const runs = Number(option('--runs', '3'));
  const threads = availableParallelism();
  const jobs = Number(option('--jobs', String(threads)));
  const tree = mkdtempSync(join(tmpdir(), 'kubeassist-bench-cli-'));
  try {
    // 100 files per folder, as repositories group manifests.
    for (let i = 0; i < count; i++) {
      const folder = join(tree, `team-${String(Math.floor(i / 100)).padStart(3, '0')}`);
      if (i % 100 === 0) mkdirSync(folder);
      writeFileSync(join(folder, `manifest-${String(i).padStart(5, '0')}.yaml`), generateDocument(i));
    }
    const load = loadavg()[0];
    const times = { 1: [], [jobs]: [] };
    const cpu = { 1: [], [jobs]: [] };
    const summaries = new Set();
    for (let run = 0; run < runs; run++) {
      for (const n of [1, jobs]) {
        const start = performance.now();
        const cpuBefore = childrenCpuSeconds();
        // The default is measured as users get it: without --jobs.
        const jobsOption = n === threads && !args.includes('--jobs') ? [] : ['--jobs', String(n)];
        const result = spawnSync(process.execPath, [CLI, 'check', ...jobsOption, tree], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
        times[n].push((performance.now() - start) / 1000);
        cpu[n].push(childrenCpuSeconds() - cpuBefore);
        if (result.status === 2 || result.status === null) throw new Error(`kubeassist check --jobs ${n} failed: ${result.stderr}`);
        summaries.add(`--jobs ${n}: ${result.stdout.trimEnd().split('\n').pop()}`.replace(/^--jobs \d+: /, ''));
      }
    }
    if (summaries.size !== 1) throw new Error(`the runs disagree: ${[...summaries].join(' / ')}`);
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const rate = (seconds) => Math.round(count / seconds).toLocaleString('en-US');
    console.log(`kubeassist check on ${count.toLocaleString('en-US')} one-document files (scripts/bench-bundle.mjs, half Job/CSIDriver), ${runs} runs each, alternating; median (min-max)`);
    console.log(`machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${threads} CPUs, ${process.platform} ${process.arch}, node ${process.version}; load average ${load.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`);
    console.log(`every run: ${[...summaries][0]}\n`);
    console.log('| jobs | wall (s) | files/s | CPU, all threads (s) |');
    console.log('|---|---|---|---|');
    for (const n of [1, jobs]) {
      const label = n === threads ? `${n} (default)` : String(n);
      const range = (values) => `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)})`;
      console.log(`| ${label} | ${range(times[n])} | ${rate(median(times[n]))} (${rate(Math.max(...times[n]))}-${rate(Math.min(...times[n]))}) | ${cpu[n].some(Number.isNaN) ? 'n/a' : range(cpu[n])} |`);
    }
    console.log(`\nspeed-up of --jobs ${jobs} over --jobs 1: ${(median(times[1]) / median(times[jobs])).toFixed(2)}x`);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}
