// npm run bench -- --cli [--files 1000,6000,20000] [--runs N] [--jobs N] [--bin FILE[,FILE...]] [--no-relations]:
// `kubeassist check` on generated trees of one-document files (the documents of scripts/bench-bundle.mjs one per
// file, so half are Jobs and CSIDrivers and half other kinds, two in 50 with deliberate mistakes), one tree per
// size. On each it runs, in turn, `--jobs 1`, `--jobs N` (N threads forced: the CPU count unless --jobs says) and
// the default (no --jobs: the CLI picks the threads from the amount of work), `--runs` times each, every other
// round in the reverse order. With --no-relations, `--jobs 1` and the default also run with `--no-relations`, and
// the relation checks' share of the run is printed (1 - CPU without them / CPU with them). Prints wall time, files
// per second and CPU time (all threads, from /proc on Linux) of each, the speed-up over `--jobs 1`, the machine
// and its load: on a shared machine the load average says how far the wall times can be trusted, and the CPU
// time is the figure a busy machine changes least. --bin runs another build of the CLI (default dist/cli.js);
// several, comma-separated, run in turn within each round (a before/after on a busy machine), each its own rows.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDocument } from './bench-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** CPU seconds (user + system) of this process's children that have ended, from /proc (Linux); NaN elsewhere. */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A tree of `count` one-document files in the temp folder, 100 per folder as repositories group manifests. */
function writeTree(count) {
  const tree = mkdtempSync(join(tmpdir(), 'kubeassist-bench-cli-'));
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const folder = join(tree, `team-${String(Math.floor(i / 100)).padStart(3, '0')}`);
    if (i % 100 === 0) mkdirSync(folder);
    const text = generateDocument(i);
    bytes += Buffer.byteLength(text);
    writeFileSync(join(folder, `manifest-${String(i).padStart(5, '0')}.yaml`), text);
  }
  return { tree, bytes };
}

export async function benchCli(args) {
  const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const counts = option('--files', '1000,6000,20000').split(',').map(Number);
  const runs = Number(option('--runs', '3'));
  const threads = availableParallelism();
  const forced = Number(option('--jobs', String(threads)));
  const bins = option('--bin', join(root, 'dist', 'cli.js')).split(',').map((bin) => resolve(bin));
  const withoutRelations = args.includes('--no-relations');
  const modes = [
    { label: '--jobs 1', args: ['--jobs', '1'] },
    ...(forced > 1 ? [{ label: `--jobs ${forced}`, args: ['--jobs', String(forced)] }] : []),
    { label: 'default', args: [] },
    ...(withoutRelations ? [{ label: '--jobs 1 --no-relations', args: ['--jobs', '1', '--no-relations'] }, { label: 'default --no-relations', args: ['--no-relations'] }] : []),
  ];
  const variants = bins.flatMap((cli, b) => modes.map((mode) => ({ ...mode, cli, label: bins.length > 1 ? `${b + 1}: ${mode.label}` : mode.label })));
  console.log(`kubeassist check (${bins.map((bin, b) => (bins.length > 1 ? `${b + 1}: ${bin}` : bin)).join(', ')}) on one-document files (scripts/bench-bundle.mjs, half Job/CSIDriver), ${runs} runs of each variant, alternating; median (min-max)`);
  console.log(`machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${threads} CPUs, ${process.platform} ${process.arch}, node ${process.version}\n`);
  console.log('| files | size | variant | wall (s) | files/s | CPU, all threads (s) | speed-up over --jobs 1 | load average before, after |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const count of counts) {
    const { tree, bytes } = writeTree(count);
    try {
      const load = loadavg()[0];
      const times = variants.map(() => []);
      const cpu = variants.map(() => []);
      const summaries = new Set();
      for (let run = 0; run < runs; run++) {
        // Every other run in the reverse order: a run right after another is slowed by what it left behind.
        const order = variants.map((_, v) => v);
        if (run % 2 === 1) order.reverse();
        order.forEach((v) => {
          const variant = variants[v];
          const start = performance.now();
          const cpuBefore = childrenCpuSeconds();
          const result = spawnSync(process.execPath, [variant.cli, 'check', ...variant.args, tree], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
          times[v].push((performance.now() - start) / 1000);
          cpu[v].push(childrenCpuSeconds() - cpuBefore);
          if (result.status === 2 || result.status === null) throw new Error(`kubeassist check ${variant.label} failed: ${result.stderr}`);
          summaries.add(result.stdout.trimEnd().split('\n').pop());
        });
      }
      if (summaries.size !== 1) throw new Error(`the runs disagree: ${[...summaries].join(' / ')}`);
      const after = loadavg()[0];
      const range = (values) => `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)})`;
      const rate = (seconds) => Math.round(count / seconds).toLocaleString('en-US');
      variants.forEach((variant, v) => {
        const first = v - (v % modes.length);
        const speedUp = v === first ? '' : `${(median(times[first]) / median(times[v])).toFixed(2)}x`;
        console.log(
          `| ${count.toLocaleString('en-US')} | ${(bytes / 1048576).toFixed(1)} MiB | ${variant.label} | ${range(times[v])} | ${rate(median(times[v]))} | ${cpu[v].some(Number.isNaN) ? 'n/a' : range(cpu[v])} | ${speedUp} | ${load.toFixed(1)}, ${after.toFixed(1)} |`,
        );
      });
      if (withoutRelations && !cpu.flat().some(Number.isNaN)) {
        // The relation checks' share: what a run without them saves, by CPU time (and wall time), per build.
        bins.forEach((_, b) => {
          const at = (label) => b * modes.length + modes.findIndex((mode) => mode.label === label);
          for (const mode of ['--jobs 1', 'default']) {
            const share = (values) => `${(100 * (1 - median(values[at(`${mode} --no-relations`)]) / median(values[at(mode)]))).toFixed(0)} %`;
            console.log(`relations' share of ${bins.length > 1 ? `${b + 1}: ` : ''}${mode} at ${count.toLocaleString('en-US')} files: ${share(cpu)} of the CPU time, ${share(times)} of the wall time`);
          }
        });
      }
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  }
}
