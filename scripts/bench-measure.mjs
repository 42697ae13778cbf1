// What the benchmarks measure a server process by, and how they print a figure: shared by scripts/bench.mjs
// and scripts/bench-relations.mjs. Linux /proc figures; NaN (printed `n/a`) where there is no /proc.
import { readFileSync } from 'node:fs';

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

/** The process's peak resident set size (VmHWM) in MiB. */
export function peakRssMiB(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}
