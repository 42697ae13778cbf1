// npm run yaml-diff -- [--count N] [--seed N] [--keep] [--show N]: the differential YAML test of
// test/unit/yaml-differential.test.ts at any size (default 5,000 files): mutated real manifests read by
// kubectl's reader (test/yaml-oracle, built from Debian's golang-go and golang-k8s-sigs-yaml-dev) and by
// KubeAssist, compared document by document. Prints the figures and the disagreements grouped by kind and
// mutation; --show N prints N failing cases in full; --keep leaves the mutated files in the temp folder.
// Exits 1 when a document disagrees.
import { buildOracle, runDifferential, summarize } from '../test/support/yamlDifferential';

const args = process.argv.slice(2);
const option = (name: string): number | undefined => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : Number(args[index + 1]);
};
const count = option('--count') ?? 5000;
const seed = option('--seed') ?? 20;
const show = option('--show') ?? 0;

const oracle = buildOracle();
if ('skip' in oracle) {
  console.log(`yaml-diff: skipped: ${oracle.skip}`);
  process.exit(0);
}
const started = Date.now();
const report = runDifferential(oracle.path, { seed, count, keep: args.includes('--keep') });
console.log(`yaml-diff: seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s${report.note ? `; ${report.note}` : ''}`);
for (const line of summarize(report)) console.log(line);
let shown = 0;
for (const item of report.cases) {
  if (!item.disagreements.some((disagreement) => !disagreement.explained) || shown >= show) continue;
  shown++;
  console.log(`\n=== ${item.name} (from ${item.source}; ${item.applied.join(', ')})`);
  for (const disagreement of item.disagreements) console.log(`  ${disagreement.kind} at lines ${disagreement.line + 1}-${disagreement.endLine}: ${disagreement.detail}`);
  console.log(item.text.length > 3000 ? item.text.slice(0, 3000) + '\n[...]' : item.text);
}
if (report.folder) console.log(`\nfiles kept in ${report.folder}`);
process.exit(report.cases.some((item) => item.disagreements.some((disagreement) => !disagreement.explained)) ? 1 : 0);
