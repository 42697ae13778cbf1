// npm run bench -- --cli [--files N] [--runs N] [--jobs N]: `kubeassist check` on a generated tree of
// one-document files (20,000 by default: the documents of scripts/bench-bundle.mjs one per file, so half are
// Jobs and CSIDrivers and half other kinds, two in 50 with deliberate mistakes), with `--jobs 1` and with the
// default (the CPU count) in turn, in one run on the same tree. Prints wall time and files per second of
// each (median of the runs, min-max), the speed-up, the machine and its load: on a shared machine the load
// average says how far the figures can be trusted.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDocument } from './bench-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(root, 'dist', 'cli.js');

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
    const summaries = new Set();
    for (let run = 0; run < runs; run++) {
      for (const n of [1, jobs]) {
        const start = performance.now();
        const result = spawnSync(process.execPath, [CLI, 'check', '--jobs', String(n), tree], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
        times[n].push((performance.now() - start) / 1000);
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
    console.log('| jobs | wall (s) | files/s |');
    console.log('|---|---|---|');
    for (const n of [1, jobs]) {
      const label = n === threads ? `${n} (default)` : String(n);
      console.log(`| ${label} | ${median(times[n]).toFixed(2)} (${Math.min(...times[n]).toFixed(2)}-${Math.max(...times[n]).toFixed(2)}) | ${rate(median(times[n]))} (${rate(Math.max(...times[n]))}-${rate(Math.min(...times[n]))}) |`);
    }
    console.log(`\nspeed-up of --jobs ${jobs} over --jobs 1: ${(median(times[1]) / median(times[jobs])).toFixed(2)}x`);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}
