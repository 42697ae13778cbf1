// The cold-engine measure of the open path (docs/performance.md): one `validate` of a generated bundle in a
// fresh Node, the engine loaded from its code cache as the language server loads it on the first open, its CPU
// time against the warm `yaml` parse + toJS floor's CPU time in the same process; and the CPU time of loading
// the engine (read, compiled from its code cache, evaluated), which a first open pays before its validate.
// Without the LSP round trip, the figure a shared machine changes least.
//
//   node scripts/bench-open.mjs [--runs N] [--bundles mixed,batch] [--documents 1000] [DIST ...]
//
// Each DIST is a build's dist folder (default: this repository's dist/); with several, their processes take
// turns (a before/after in the same conditions). Prints the median of the runs per build and bundle.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { BUNDLES } from './bench-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

if (args[0] === '--child') {
  const [, dist, bundle, documents] = args;
  console.log(JSON.stringify(measure(dist, bundle, Number(documents))));
} else {
  const option = (name, fallback) => {
    const index = args.indexOf(name);
    return index === -1 ? fallback : args[index + 1];
  };
  const runs = Number(option('--runs', '5'));
  const documents = option('--documents', '1000');
  const bundles = option('--bundles', 'mixed,batch').split(',');
  const dists = args.filter((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--')).map((dist) => resolve(dist));
  if (dists.length === 0) dists.push(join(root, 'dist'));
  const results = new Map();
  const loads = [loadavg()[0]];
  for (let run = 0; run < runs; run++) {
    for (const dist of dists) {
      for (const bundle of bundles) {
        const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', dist, bundle, documents], { encoding: 'utf8' });
        if (child.status !== 0) throw new Error(`${dist} ${bundle}: ${child.stderr}`);
        const key = `${dist} | ${bundle}`;
        results.set(key, [...(results.get(key) ?? []), JSON.parse(child.stdout)]);
      }
    }
    loads.push(loadavg()[0]);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`${runs} fresh processes per build and bundle, median; load average (1 min) ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}\n`);
  console.log('| build | bundle | engine load CPU (ms) | open CPU (ms) | parse + toJS floor CPU (ms) | ratio | ratios |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [key, list] of results) {
    const ratios = list.map((result) => result.open / result.floor);
    console.log(`| ${key} | ${median(list.map((result) => result.load)).toFixed(0)} (${Math.min(...list.map((result) => result.load)).toFixed(0)}-${Math.max(...list.map((result) => result.load)).toFixed(0)}) | ${median(list.map((result) => result.open)).toFixed(0)} | ${median(list.map((result) => result.floor)).toFixed(0)} | ${median(ratios).toFixed(2)} | ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')} |`);
  }
}

/** In a fresh process: the engine's first validate of the bundle, then the warm floor (median of 3, after one warm-up). */
function measure(dist, bundle, documents) {
  const text = BUNDLES[bundle](documents);
  const file = join(dist, 'engine.js');
  let cachedData;
  try {
    cachedData = readFileSync(join(dist, 'engine.cache'));
  } catch {
    cachedData = undefined;
  }
  const cpu = (action) => {
    const start = process.cpuUsage();
    action();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  // As the server's lazy facade loads it (scripts/build.mjs), in the encoding that build's facade reads it in.
  const encoding = readFileSync(join(dist, 'server.js'), 'utf8').includes("readFileSync(file, 'latin1')") ? 'latin1' : 'utf8';
  const module = { exports: {} };
  const load = cpu(() => {
    const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${readFileSync(file, encoding)}\n})`, { filename: file, cachedData });
    script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dist);
  });
  const engine = module.exports;
  const open = cpu(() => engine.validate(new engine.FileModel(), text, engine.DEFAULT_SETTINGS));
  const YAML = createRequire(join(root, 'package.json'))('yaml');
  const floorOnce = () => cpu(() => {
    for (const document of YAML.parseAllDocuments(text)) document.toJS();
  });
  floorOnce();
  const floors = [floorOnce(), floorOnce(), floorOnce()].sort((a, b) => a - b);
  return { load, open, floor: floors[1] };
}
