// Diagnose's speed (npm run bench runs it after the behaviour model): a failed Job with its 1,000 Pods (a List, as
// `kubectl get pods -o json` prints it) through diagnoseObjects (the engine: matching, the model's rules on each
// Pod, the report), warm, from the built engine (dist/engine.js); and the same as JSON text through diagnose() (the
// CLI's path: read, match, validate the Job's own text). The target: the engine within 50 ms.
//
//   node scripts/bench-diagnose.mjs [--runs N]
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const UID = '5f1c6a1e-0d2b-4c55-9b1e-1f3b2c4d5e6f';
const time = (seconds) => new Date(Date.UTC(2026, 11, 1, 10) + seconds * 1000).toISOString().replace(/\.000Z$/, 'Z');

/** A Job of 1,000 completions, 100 at a time, a pod failure policy, every 10th Pod failed (one OOMKilled), and its Pods. */
export function diagnoseCase() {
  const labels = { 'batch.kubernetes.io/controller-uid': UID, 'batch.kubernetes.io/job-name': 'bench', 'controller-uid': UID, 'job-name': 'bench' };
  const job = {
    apiVersion: 'batch/v1', kind: 'Job',
    metadata: { name: 'bench', namespace: 'default', uid: UID, resourceVersion: '1', creationTimestamp: time(0), labels },
    spec: {
      completions: 1000, parallelism: 100, backoffLimit: 99, completionMode: 'NonIndexed', suspend: false, podReplacementPolicy: 'Failed',
      podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { containerName: 'main', operator: 'In', values: [42] } }, { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }] },
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': UID } },
      template: { metadata: { labels }, spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox:1.36', resources: { limits: { memory: '256Mi' } } }] } },
    },
    status: {
      conditions: [
        { type: 'FailureTarget', status: 'True', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit', lastProbeTime: time(900), lastTransitionTime: time(900) },
        { type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit', lastProbeTime: time(905), lastTransitionTime: time(905) },
      ],
      startTime: time(0), failed: 100, succeeded: 900, ready: 0, terminating: 0, uncountedTerminatedPods: {},
    },
  };
  const items = Array.from({ length: 1000 }, (_, i) => {
    const failed = i % 10 === 9;
    const exitCode = failed ? (i === 999 ? 137 : 1) : 0;
    return {
      apiVersion: 'v1', kind: 'Pod',
      metadata: {
        name: `bench-${i.toString(36).padStart(5, '0')}`, generateName: 'bench-', namespace: 'default', uid: `pod-${i}`, resourceVersion: String(i), creationTimestamp: time(i),
        labels, ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'bench', uid: UID, controller: true, blockOwnerDeletion: true }],
      },
      spec: { restartPolicy: 'Never', nodeName: `node-${i % 7}`, containers: [{ name: 'main', image: 'busybox:1.36' }] },
      status: {
        phase: failed ? 'Failed' : 'Succeeded', startTime: time(i),
        conditions: [{ type: 'Ready', status: 'False', reason: failed ? 'PodFailed' : 'PodCompleted', lastTransitionTime: time(i + 30) }],
        containerStatuses: [{ name: 'main', image: 'busybox:1.36', ready: false, restartCount: 0, started: false, state: { terminated: { exitCode, reason: exitCode === 137 ? 'OOMKilled' : exitCode ? 'Error' : 'Completed', startedAt: time(i + 1), finishedAt: time(i + 30) } } }],
      },
    };
  });
  return { job, pods: { apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '' }, items } };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function benchDiagnose(args = process.argv.slice(2)) {
  const index = args.indexOf('--runs');
  const runs = index === -1 ? 20 : Number(args[index + 1]);
  const engine = require(join(root, 'dist', 'engine.js'));
  const { job, pods } = diagnoseCase();
  const now = Date.parse('2026-12-01T12:00:00Z') / 1000;
  const settings = { ...engine.DEFAULT_SETTINGS };
  const texts = [{ text: JSON.stringify(job, null, 2), name: 'job.json' }, { text: JSON.stringify(pods, null, 2), name: 'pods.json' }];
  const cases = [
    ['diagnoseObjects: a Job and its 1,000 Pods (a List), engine', () => engine.diagnoseObjects([job, pods], { now, minor: 37 })],
    ['diagnose: the same as JSON text (read, match, validate the Job)', () => engine.diagnose(texts, settings, { now })],
  ];
  console.log('\ndiagnose, 1.37, warm: median (min-max) of', runs, 'runs; target: the engine within 50 ms (CPU time: what a busy machine does not inflate)');
  console.log('| case | Pods | verdict | wall (ms) | CPU (ms) |');
  console.log('|---|---|---|---|---|');
  for (const [name, work] of cases) {
    for (let i = 0; i < 5; i++) work();
    const times = [];
    const cpu = [];
    let report;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const startCpu = process.cpuUsage();
      report = work();
      const usage = process.cpuUsage(startCpu);
      times.push(performance.now() - start);
      cpu.push((usage.user + usage.system) / 1000);
    }
    const figure = (values) => `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)})`;
    const object = report.objects[0];
    console.log(`| ${name} | ${object.pods.length} | ${object.state}, cause ${object.cause?.reason ?? 'none'} | ${figure(times)} | ${figure(cpu)} |`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) benchDiagnose();
