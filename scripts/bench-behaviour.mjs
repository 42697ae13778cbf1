// The behaviour model's speed (npm run bench runs it after the server table): simulateJob on 1,000-Pod scenarios,
// warm, from the built engine (dist/engine.js). The target: each within 50 ms.
//
//   node scripts/bench-behaviour.mjs [--runs N]
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const job = (spec, restartPolicy = 'Never') => ({
  apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'bench' },
  spec: { ...spec, template: { spec: { restartPolicy, containers: [{ name: 'main', image: 'busybox' }] } } },
});

/** Each case runs 1,000 Pods (or stops at its end). */
export const CASES = [
  ['1,000 Pods at once, all succeed', job({ completions: 1000, parallelism: 1000 }), { pods: [], then: { exitCode: 0, runFor: 10 } }],
  ['1,000 Pods, 100 at a time, every 10th fails once', job({ completions: 900, parallelism: 100, backoffLimit: 1000 }),
    { pods: Array.from({ length: 1000 }, (_, i) => ({ exitCode: i % 10 === 9 ? 1 : 0, runFor: 30 + (i % 7) })) }],
  ['Indexed, 1,000 indexes, 50 at a time, per-index limit, pod failure policy', job({
    completionMode: 'Indexed', completions: 1000, parallelism: 50, backoffLimitPerIndex: 1,
    podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }, { action: 'FailIndex', onExitCodes: { operator: 'In', values: [3] } }] },
  }), { pods: Array.from({ length: 100 }, (_, i) => ({ index: i * 10, exitCode: i % 2 ? 3 : 1, runFor: 20 })), then: { exitCode: 0, runFor: 20 } }],
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function benchBehaviour(args = process.argv.slice(2)) {
  const index = args.indexOf('--runs');
  const runs = index === -1 ? 20 : Number(args[index + 1]);
  const engine = require(join(root, 'dist', 'engine.js'));
  console.log('\nsimulateJob, 1.37, warm: median (min-max) of', runs, 'runs; target within 50 ms (CPU time: what a busy machine does not inflate)');
  console.log('| scenario | Pods | end | simulate, wall (ms) | simulate, CPU (ms) |');
  console.log('|---|---|---|---|---|');
  for (const [name, manifest, scenario] of CASES) {
    for (let i = 0; i < 5; i++) engine.simulateJob(manifest, scenario, 37);
    const times = [];
    const cpu = [];
    let result;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const startCpu = process.cpuUsage();
      result = engine.simulateJob(manifest, scenario, 37);
      const usage = process.cpuUsage(startCpu);
      times.push(performance.now() - start);
      cpu.push((usage.user + usage.system) / 1000);
    }
    const end = result.end ? `${result.end.condition} at ${result.end.at} s` : 'none';
    const figure = (values) => `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)})`;
    console.log(`| ${name} | ${result.pods.length} | ${end} | ${figure(times)} | ${figure(cpu)} |`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) benchBehaviour();
