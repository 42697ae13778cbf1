// npm run bench (the last part): the workspace index and the relation checks of the language server.
//
//   node scripts/bench.mjs [--relation-files N] [--runs N]     (called from scripts/bench.mjs)
//   node scripts/bench-relations.mjs [--relation-files N] [--runs N] [--relations-server "command args"]...
//
// Writes a workspace of N YAML files (default 10,000: Jobs, CronJobs, Deployments, ConfigMaps, Secrets,
// ServiceAccounts, claims, StorageClasses and CSIDrivers; a chart with hooks and a kustomization every ten
// folders) and the 1,000-document bundle of scripts/bench-bundle.mjs into the temp folder, starts the server
// on it as an editor does (workspace folder, window/workDoneProgress) and measures: the index build
// (`initialized` to the progress `end`, wall and server CPU), then, with the bundle open and its documents all
// indexed, one-character edits (a Job's `completions`, and a ConfigMap's name, which others may name) with the
// server CPU per edit, and the server's peak RSS. Each figure is the median of the runs (min-max). Each
// --relations-server (default: this Node running dist/server.js --stdio) is started in turn, run by run, so that a
// busy machine weighs on each alike: another Node, another build, or V8 flags (a row each).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateBundle } from './bench-bundle.mjs';
import { cpuMs, format, median, peakRssMiB } from './bench-measure.mjs';

const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const job = (i) => `apiVersion: batch/v1
kind: Job
metadata:
  name: job-${i}
  namespace: team-${i % 20}
spec:
  backoffLimit: 2
  template:
    spec:
      restartPolicy: Never
      serviceAccountName: runner-${i % 50}
      containers:
      - name: main
        image: registry.example.com/batch:${i}
        envFrom:
        - configMapRef:
            name: config-${i % 400}
        env:
        - name: TOKEN
          valueFrom:
            secretKeyRef:
              name: secret-${i % 300}
              key: token
        volumeMounts:
        - name: data
          mountPath: /data
      volumes:
      - name: data
        persistentVolumeClaim:
          claimName: data-${i % 200}
`;
const cronJob = (i) => `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly-${i}
  namespace: team-${i % 20}
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - name: main
            image: registry.example.com/nightly:${i}
            envFrom:
            - secretRef:
                name: secret-${i % 300}
`;
const deployment = (i) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-${i}
  namespace: team-${i % 20}
spec:
  replicas: 2
  selector:
    matchLabels: {app: web-${i}}
  template:
    metadata:
      labels: {app: web-${i}}
    spec:
      serviceAccountName: runner-${i % 50}
      securityContext:
        fsGroup: 2000
      containers:
      - name: web
        image: nginx:1.27
        volumeMounts:
        - name: config
          mountPath: /etc/nginx/conf.d
      volumes:
      - name: config
        configMap:
          name: config-${i % 400}
      - name: scratch
        csi:
          driver: driver-${i % 40}.csi.example.com
`;
const configMap = (i) => `apiVersion: v1
kind: ConfigMap
metadata:
  name: config-${i % 400}
  namespace: team-${i % 20}
data:
  LOG_LEVEL: info
  settings.ini: |
${Array.from({ length: 10 }, (_, j) => `    key${j}=value-${i}-${j}`).join('\n')}
`;
const secret = (i) => `apiVersion: v1
kind: Secret
metadata:
  name: secret-${i % 300}
  namespace: team-${i % 20}
type: Opaque
stringData:
  token: t-${i}
`;
const accountAndClaim = (i) => `apiVersion: v1
kind: ServiceAccount
metadata:
  name: runner-${i % 50}
  namespace: team-${i % 20}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data-${i % 200}
  namespace: team-${i % 20}
spec:
  accessModes: [ReadWriteOnce]
  storageClassName: class-${i % 40}
  resources:
    requests:
      storage: 1Gi
`;
const storage = (i) => `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: class-${i % 40}
provisioner: driver-${i % 40}.csi.example.com
parameters:
  csi.storage.k8s.io/fstype: ext4
---
apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: driver-${i % 40}.csi.example.com
spec:
  attachRequired: false
  volumeLifecycleModes: [Persistent, Ephemeral]
  fsGroupPolicy: File
`;
const hookJob = (i) => `apiVersion: batch/v1
kind: Job
metadata:
  name: {{ include "app.fullname" . }}-migrate-${i}
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "-1"
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: migrate
        image: "{{ .Values.image }}"
        envFrom:
        - configMapRef:
            name: {{ include "app.fullname" . }}-env
`;
const hookConfig = () => `apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "app.fullname" . }}-env
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "-5"
data:
  A: b
`;
const KINDS = [job, job, deployment, configMap, secret, accountAndClaim, storage, cronJob, configMap, job];

/** N files in folders of 100; every tenth folder is a chart, every tenth plus one a kustomization. */
function writeWorkspace(files) {
  const folder = mkdtempSync(join(tmpdir(), 'kubeassist-bench-relations-'));
  let written = 0;
  for (let f = 0; written < files; f++) {
    const dir = join(folder, `group-${f}`);
    if (f % 10 === 0) {
      mkdirSync(join(dir, 'templates'), { recursive: true });
      writeFileSync(join(dir, 'Chart.yaml'), `apiVersion: v2\nname: app-${f}\nversion: 1.0.0\n`);
      writeFileSync(join(dir, 'templates', 'config.yaml'), hookConfig());
      written += 2;
      for (let i = 0; i < 98 && written < files; i++, written++) writeFileSync(join(dir, 'templates', `job-${i}.yaml`), hookJob(i));
      continue;
    }
    mkdirSync(dir, { recursive: true });
    const names = [];
    for (let i = 0; i < (f % 10 === 1 ? 99 : 100) && written < files; i++, written++) {
      const n = f * 100 + i;
      const name = `object-${i}.yaml`;
      names.push(name);
      writeFileSync(join(dir, name), KINDS[n % KINDS.length](n));
    }
    if (f % 10 === 1 && written < files) {
      writeFileSync(join(dir, 'kustomization.yaml'), `namespace: team-${f % 20}\nresources:\n${names.map((name) => `- ${name}`).join('\n')}\n`);
      written++;
    }
  }
  return folder;
}

async function measureOnce(folder, bundle, command) {
  const [program, ...programArgs] = command;
  const child = spawn(program, programArgs, { stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const bundleUri = pathToFileURL(join(folder, 'bench-1000.yaml')).href;
  let ended;
  const indexEnd = new Promise((resolve) => (ended = resolve));
  let lastPublish = 0;
  let waiting;
  connection.onNotification('$/progress', (params) => params.value?.kind === 'end' && ended(performance.now()));
  connection.onNotification('textDocument/publishDiagnostics', (params) => {
    if (params.uri !== bundleUri) return;
    lastPublish = performance.now();
    waiting?.(params);
  });
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('workspace/configuration', (params) => params.items.map(() => ({})));
  connection.onRequest('client/registerCapability', () => null);
  connection.onNotification('window/logMessage', () => undefined);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(folder).href,
    workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'bench' }],
    capabilities: { window: { workDoneProgress: true }, workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } }, textDocument: { publishDiagnostics: { versionSupport: true } } },
  });
  const cpuBefore = cpuMs(child.pid);
  const start = performance.now();
  await connection.sendNotification('initialized', {});
  const end = await Promise.race([indexEnd, new Promise((resolve) => setTimeout(() => resolve(NaN), 120000))]);
  const build = end - start;
  const buildCpu = cpuMs(child.pid) - cpuBefore;
  const rssAfterBuild = peakRssMiB(child.pid);

  const diagnosticsFor = (version) => new Promise((resolve) => {
    waiting = (params) => {
      if (params.version === undefined || params.version === null || params.version >= version) resolve(params.diagnostics);
    };
  });
  let pending = diagnosticsFor(1);
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: bundleUri, languageId: 'yaml', version: 1, text: bundle } });
  await pending;
  // The bundle's documents are read in the background: wait until the server has been quiet for a second.
  for (const deadline = performance.now() + 30000; performance.now() < deadline && performance.now() - lastPublish < 1000; ) await new Promise((resolve) => setTimeout(resolve, 100));

  const lines = bundle.split('\n');
  const jobs = lines.flatMap((line, index) => (line === 'kind: Job' ? [index] : []));
  const completions = lines.findIndex((line, index) => index > jobs[Math.floor(jobs.length / 2)] && line.startsWith('  completions: '));
  const configMaps = lines.flatMap((line, index) => (line === 'kind: ConfigMap' ? [index] : []));
  const configName = lines.findIndex((line, index) => index > configMaps[Math.floor(configMaps.length / 2)] && line.startsWith('  name: config-'));
  let version = 1;
  const series = async (line, character) => {
    const walls = [];
    const before = cpuMs(child.pid);
    for (let i = 0; i < 10; i++) {
      version++;
      pending = diagnosticsFor(version);
      const t0 = performance.now();
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: bundleUri, version },
        contentChanges: [{ range: { start: { line, character }, end: { line, character: character + 1 } }, text: String((version % 9) + 1) }],
      });
      await pending;
      walls.push(performance.now() - t0);
    }
    return { wall: median(walls), cpu: (cpuMs(child.pid) - before) / 10 };
  };
  const jobEdit = await series(completions, 15);
  const configEdit = await series(configName, lines[configName].length - 1);
  const rss = peakRssMiB(child.pid);
  await connection.sendRequest('shutdown').catch(() => undefined);
  await connection.sendNotification('exit').catch(() => undefined);
  connection.dispose();
  child.kill();
  return { build, buildCpu, rssAfterBuild, jobWall: jobEdit.wall, jobCpu: jobEdit.cpu, configWall: configEdit.wall, configCpu: configEdit.cpu, rss };
}

export async function benchRelations(args) {
  const option = (name, fallback) => {
    const index = args.indexOf(name);
    return index === -1 ? fallback : args[index + 1];
  };
  const files = Number(option('--relation-files', '10000'));
  const runs = Number(option('--runs', '3'));
  const servers = args.flatMap((arg, i) => (args[i - 1] === '--relations-server' ? [arg.split(' ').filter(Boolean)] : []));
  if (!servers.length) servers.push([process.execPath, join(root, 'dist', 'server.js'), '--stdio']);
  const folder = writeWorkspace(files);
  const bundle = generateBundle(1000);
  writeFileSync(join(folder, 'bench-1000.yaml'), bundle);
  const results = servers.map(() => []);
  try {
    for (let i = 0; i < runs; i++) for (const [s, command] of servers.entries()) results[s].push(await measureOnce(folder, bundle, command));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  console.log(`\nWorkspace index and relation checks: ${files.toLocaleString('en-US')} files + the 1,000-document bundle, ${runs} runs, median (min-max); ${cpus().length} cores, node ${process.version}`);
  const named = servers.length > 1;
  console.log(`|${named ? ' server |' : ''} files | index build, wall (ms) | index build, server CPU (ms) | RSS after the build (MiB) | Job edit, wall (ms) | Job edit, server CPU (ms) | ConfigMap name edit, wall (ms) | ConfigMap name edit, server CPU (ms) | peak RSS (MiB) |`);
  console.log(`|${named ? '---|' : ''}---|---|---|---|---|---|---|---|---|`);
  for (const [s, command] of servers.entries()) {
    const pick = (key) => results[s].map((result) => result[key]);
    console.log(`|${named ? ` ${command.join(' ')} |` : ''} ${files} | ${format(pick('build'))} | ${format(pick('buildCpu'))} | ${format(pick('rssAfterBuild'))} | ${format(pick('jobWall'))} | ${format(pick('jobCpu'), 1)} | ${format(pick('configWall'))} | ${format(pick('configCpu'), 1)} | ${format(pick('rss'))} |`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchRelations(process.argv.slice(2));
