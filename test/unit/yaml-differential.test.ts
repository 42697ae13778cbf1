// The differential YAML test (issue 20): real manifests, mutated in every way YAML allows
// (test/support/yamlMutations.ts), read by kubectl's own reader (test/yaml-oracle: apimachinery's document
// split and sigs.k8s.io/yaml on go-yaml v2, built from Debian's golang-go and golang-k8s-sigs-yaml-dev) and by
// KubeAssist; for every document, whether kubectl accepts it and the JSON it sends must match what we read
// and report (test/support/yamlDifferential.ts says how). A bounded run here; `npm run yaml-diff` runs any
// number of cases and prints the figures.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildOracle, runDifferential, summarize } from '../support/yamlDifferential';
import { MUTATION_NAMES } from '../support/yamlMutations';

const oracle = buildOracle();
const skip = 'skip' in oracle ? oracle.skip : false;

/** Enough cases for every mutation to lead about ten times; `npm run yaml-diff` runs 5,000. */
const CASES = MUTATION_NAMES.length * 10;

describe('YAML as kubectl reads it: the differential test against kubectl\'s reader', { skip }, () => {
  it(`${CASES} mutated real manifests: every document kubectl refuses gets an error, every one it accepts no YAML error and the same object`, (t) => {
    const report = runDifferential((oracle as { path: string }).path, { seed: 20, count: CASES });
    const summary = summarize(report);
    t.diagnostic(summary.join('\n'));
    if (report.note) t.diagnostic(report.note);
    const unexplained = report.cases.flatMap((item) =>
      item.disagreements.filter((disagreement) => !disagreement.explained).map((disagreement) => `${item.name} (${item.applied.join(', ')} of ${item.source}): ${disagreement.kind} at lines ${disagreement.line + 1}-${disagreement.endLine}: ${disagreement.detail}`),
    );
    assert.deepEqual(unexplained, [], summary.join('\n'));
    // The run covered every mutation, and kubectl refused and accepted documents both.
    const applied = new Set(report.cases.flatMap((item) => item.applied));
    assert.deepEqual(MUTATION_NAMES.filter((name) => !applied.has(name)), []);
    assert.ok(report.documents > CASES, `${report.documents} documents`);
  });
});
