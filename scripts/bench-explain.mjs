// Explain on the 1,000-document bench file (scripts/bench-bundle.mjs): `kubeassist/explain` for each Job and
// CSIDriver of the file, one request per object as the code lens sends it, through the real server; and the
// whole file in one request. The target: at most 5 ms per object. Called at the end of `npm run bench`
// (scripts/bench.mjs); alone: `node scripts/bench-explain.mjs [--runs N]`.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateBundle } from './bench-bundle.mjs';
import { openInServer } from './bench-measure.mjs';


const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function measureOnce(serverCommand, root, text) {
  const uri = pathToFileURL(resolve(root, 'bench-explain-1000.yaml')).href;
  const { connection, close } = await openInServer(serverCommand, uri, text);
  const lines = text.split('\n');
  const objects = lines.flatMap((line, index) => (line === 'kind: Job' || line === 'kind: CronJob' || line === 'kind: CSIDriver' ? [index] : []));
  const perObject = [];
  let answered = 0;
  for (const line of objects) {
    const start = performance.now();
    const result = await connection.sendRequest('kubeassist/explain', { uri, line }).catch(() => null);
    perObject.push(performance.now() - start);
    if (result?.objects?.length === 1) answered++;
  }
  const start = performance.now();
  const whole = await connection.sendRequest('kubeassist/explain', { uri }).catch(() => null);
  const wholeMs = performance.now() - start;
  await close();
  return { objects: objects.length, answered, perObject, wholeMs, wholeObjects: whole?.objects?.length ?? 0 };
}

/** Prints the explain table of `npm run bench`. */
export async function benchExplain({ serverCommand, root, runs = 3 }) {
  const text = generateBundle(1000);
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await measureOnce(serverCommand, root, text));
  if (results.every((result) => result.answered === 0)) {
    console.log('\nexplain: the server does not answer kubeassist/explain (not KubeAssist?); skipped');
    return;
  }
  const perObject = results.flatMap((result) => result.perObject);
  const wholePerObject = results.map((result) => result.wholeMs / Math.max(1, result.wholeObjects));
  console.log(`\nexplain (kubeassist/explain on the 1,000-document file, ${results[0].objects} Jobs and CSIDrivers, ${runs} runs; target: 5 ms per object)\n`);
  console.log('| request | objects | median per object (ms) | p95 per object (ms) | max (ms) |');
  console.log('|---|---|---|---|---|');
  console.log(`| one object (the code lens) | ${results[0].answered} | ${median(perObject).toFixed(2)} | ${percentile(perObject, 0.95).toFixed(2)} | ${Math.max(...perObject).toFixed(2)} |`);
  console.log(`| the whole file | ${results[0].wholeObjects} | ${median(wholePerObject).toFixed(2)} | - | ${Math.max(...results.map((result) => result.wholeMs)).toFixed(0)} in all |`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const runsIndex = process.argv.indexOf('--runs');
  await benchExplain({ serverCommand: [process.execPath, join(root, 'dist', 'server.js'), '--stdio'], root, runs: runsIndex === -1 ? 3 : Number(process.argv[runsIndex + 1]) });
}
