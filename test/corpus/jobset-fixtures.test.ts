// Real public JobSets and training runtimes (test/fixtures/jobset, see its SOURCES.md): plain manifests, Helm
// templates and envsubst templates people apply, so the whole engine finds no error in any, at every release from
// 1.30 to the newest it knows. The same engine, through the CLI, checks the same files (test/cli).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { checkedResources, DEFAULT_SETTINGS, FileModel, validate } from '../../server/src/service/index';
import { MAX_MINOR, NEWEST_RELEASED_MINOR } from '../../server/src/service/types';

const FIXTURES = join(__dirname, '..', 'fixtures', 'jobset');
const FILES = readdirSync(FIXTURES).filter((name) => name.endsWith('.yaml')).sort();
const RELEASES = Array.from({ length: MAX_MINOR - 30 + 1 }, (_, i) => `1.${30 + i}`);

function diagnose(name: string, release: string, jobSetFeatureGates?: Record<string, boolean>) {
  return validate(new FileModel(), readFileSync(join(FIXTURES, name), 'utf8'), { ...DEFAULT_SETTINGS, kubernetesVersion: release, ...(jobSetFeatureGates ? { jobSetFeatureGates } : {}) });
}

/** JobSet's examples of its alpha RestartJob actions: written for a JobSet controller started with the RestartJob gate on. */
const NEEDS_RESTART_JOB_GATE = new Set([
  'kubernetes-sigs__jobset__site_static_examples_failure-policy_restartjob-action.yaml',
  'kubernetes-sigs__jobset__site_static_examples_failure-policy_restartjobandignoremaxrestarts-action.yaml',
]);

/** The JobSet gates a fixture was written for (JobSet's own examples of alpha features say which). */
function gatesFor(name: string): Record<string, boolean> | undefined {
  return NEEDS_RESTART_JOB_GATE.has(name) ? { RestartJob: true } : undefined;
}

describe('real public JobSets and training runtimes', () => {
  it('are at least 40, plain and Helm-templated, each file named in SOURCES.md with its repository, commit and licence', () => {
    const sources = readFileSync(join(FIXTURES, 'SOURCES.md'), 'utf8');
    const kinds = FILES.flatMap((name) => checkedResources(new FileModel(), readFileSync(join(FIXTURES, name), 'utf8')).map((r) => r.kind));
    const count = (kind: string) => kinds.filter((k) => k === kind).length;
    assert.deepEqual({ JobSet: count('JobSet'), TrainingRuntime: count('TrainingRuntime'), ClusterTrainingRuntime: count('ClusterTrainingRuntime') }, { JobSet: 71, TrainingRuntime: 1, ClusterTrainingRuntime: 11 });
    assert.equal(FILES.length, 86);
    for (const name of FILES) {
      const row = sources.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      assert.ok(row, `${name} is named in SOURCES.md`);
      assert.match(row, /\| `[0-9a-f]{40}` \| Apache-2\.0 \|/, `${name}: commit and licence`);
    }
    const templated = FILES.filter((name) => readFileSync(join(FIXTURES, name), 'utf8').includes('{{'));
    assert.ok(templated.length >= 10, `Helm templates: ${templated.length}`);
  });

  it(`get no error at 1.30 to 1.${MAX_MINOR}`, () => {
    const errors = RELEASES.flatMap((release) => FILES.flatMap((name) => diagnose(name, release, gatesFor(name))
      .filter((d) => d.severity === DiagnosticSeverity.Error)
      .map((d) => `${release} ${name}:${d.range.start.line + 1} ${d.code} ${d.message}`)));
    assert.deepEqual(errors, []);
  });

  it('JobSet\'s examples of RestartJob actions: refused while the RestartJob gate is off (its default), naming the gate', () => {
    const errors = [...NEEDS_RESTART_JOB_GATE].flatMap((name) => diagnose(name, `1.${NEWEST_RELEASED_MINOR}`)
      .map((d) => `${name}:${d.range.start.line + 1} ${d.code} ${d.severity === DiagnosticSeverity.Error ? 'error' : 'not an error'} ${/feature gate RestartJob/.test(String(d.message))}`));
    assert.deepEqual(errors, [
      'kubernetes-sigs__jobset__site_static_examples_failure-policy_restartjob-action.yaml:18 jobset/failure-policy/restart-job-gate error true',
      'kubernetes-sigs__jobset__site_static_examples_failure-policy_restartjobandignoremaxrestarts-action.yaml:18 jobset/failure-policy/restart-job-gate error true',
    ]);
  });

  // At the newest released release: a pre-release (1.38) leaves the gates its sources do not settle unchecked.
  it('get only the warnings a reader should see: gates off by default (the release\'s)', () => {
    const warnings = FILES.flatMap((name) => diagnose(name, `1.${NEWEST_RELEASED_MINOR}`, gatesFor(name)).map((d) => `${name}:${d.range.start.line + 1} ${d.code}`));
    assert.deepEqual(warnings, [
      'kubernetes-sigs__jobset__site_static_examples_workload-aware-scheduling_dra_jobset.yaml:17 version/feature-gate-off',
      'kubernetes-sigs__jobset__site_static_examples_workload-aware-scheduling_jobset.yaml:17 version/feature-gate-off',
      'kubernetes-sigs__jobset__site_static_examples_workload-aware-scheduling_preemption_high-priority-jobset.yaml:50 version/feature-gate-off',
      'kubernetes-sigs__jobset__site_static_examples_workload-aware-scheduling_preemption_low-priority-jobset.yaml:50 version/feature-gate-off',
      'kubernetes-sigs__jobset__site_static_examples_workload-aware-scheduling_tas_jobset.yaml:19 version/feature-gate-off',
    ]);
  });
});
