// Explain on a JobSet and a training runtime (features/explain/jobset.ts): the Jobs the JobSet controller creates
// (placement.GenJobName), when the set succeeds (numJobsExpectedToSucceed), what a failed Job does
// (executeFailurePolicy: no policy fails the set, the first matching rule acts, no match restarts it against
// maxRestarts), the start order, hostnames and TTL, and each replicated Job as a Job. Simulate stays with Jobs and
// CronJobs: there is no model of the JobSet controller's timing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FileModel } from '../../server/src/service/document/fileModel';
import { codeLenses } from '../../server/src/service/features/codeLens';
import { defaultsSet } from '../../server/src/service/features/explain/defaults';
import { explainFile, type ObjectExplanation } from '../../server/src/service/features/explain/index';
import { simulate } from '../../server/src/service/features/simulate';
import { DEFAULT_SETTINGS } from '../../server/src/service/settings';

const JOBSET = `apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata:
  name: pytorch
spec:
  replicatedJobs:
  - name: workers
    replicas: 4
    template:
      spec:
        parallelism: 2
        completions: 2
        template:
          spec:
            containers:
            - name: main
              image: python:3.12
`;

function explainOne(text: string): ObjectExplanation {
  const [placed] = explainFile(new FileModel(), text, DEFAULT_SETTINGS, { nowSeconds: 0 });
  assert.ok(placed, 'an explanation');
  return placed.explanation;
}

const lines = (explanation: ObjectExplanation, id: string) => explanation.sections.find((section) => section.id === id)?.lines ?? [];

describe('explain on JobSets and training runtimes', () => {
  it('a JobSet without policies: its Jobs by name, all must succeed, the first failed Job fails the set', () => {
    const explanation = explainOne(JOBSET);
    assert.equal(explanation.kind, 'JobSet');
    assert.equal(explanation.summary, 'Creates 4 Jobs (workers × 4); succeeds when 4 Jobs have succeeded; the first failed Job fails it. JobSet v0.12.0.');
    assert.deepEqual(lines(explanation, 'jobs'), [
      'The JobSet creates 4 Jobs from 1 entry of `replicatedJobs`, each a full Job the batch API server validates when the controller creates it (a refusal shows only as a `JobCreationFailed` event on the JobSet):',
      '`workers`: 4 Jobs (`pytorch-workers-0` to `pytorch-workers-3`), each running 2 Pods to success (2 at a time).',
    ]);
    assert.equal(lines(explanation, 'success')[0], 'The JobSet is `Completed` once all 4 Jobs of every entry have succeeded (`operator: All`, the default).');
    assert.match(lines(explanation, 'failure')[0], /^Without `failurePolicy`, the first Job that fails fails the JobSet \(reason `FailedJobs`\)/);
    assert.match(lines(explanation, 'network')[0], /`pytorch-workers-0-0\.pytorch`/);
    // Each Job as a Job: the webhook's Indexed mode and OnFailure restarts, SetDefaults_Job's backoffLimit.
    assert.equal(explanation.jobSet?.replicatedJobs[0].job?.completionMode, 'Indexed');
    assert.equal(explanation.jobSet?.replicatedJobs[0].job?.restartPolicy, 'OnFailure');
    assert.equal(explanation.jobSet?.replicatedJobs[0].job?.backoffLimit, 6);
    assert.ok(explanation.sections.some((section) => section.id === 'replicatedJobs.workers.retries' && section.title === 'Each Job of workers: retries'));
    assert.match(lines(explanation, 'replicatedJobs.workers.cleanup')[0], /each Job stays as long as its JobSet; a restart of the JobSet deletes it/);
  });

  it('a failure policy: rules in order, the default action restarts against maxRestarts, 0 restarts fail at once', () => {
    const policy = JOBSET.replace('spec:\n  replicatedJobs:', 'spec:\n  failurePolicy:\n    maxRestarts: 3\n    rules:\n    - action: FailJobSet\n      onJobFailureReasons: [PodFailurePolicy]\n      targetReplicatedJobs: [workers]\n  replicatedJobs:');
    const explanation = explainOne(policy);
    assert.deepEqual(lines(explanation, 'failure').slice(0, 2), [
      'Rule 1 (`failurePolicyRule0`): when a Job of `workers` fails with reason `PodFailurePolicy`, the JobSet fails at once (`FailJobSet`).',
      'Any other failed Job (no rule matches: the default action, `RestartJobSet`): the JobSet restarts: every Job is deleted and created again at once (`restartStrategy: Recreate`), with new Pods: the old Pods\' logs are gone; after 3 restarts that count, the next such failure fails it (`ReachedMaxRestarts`).',
    ]);
    assert.match(explanation.summary, /a failed Job restarts it, up to 3 times unless a rule says otherwise\./);
    const none = explainOne(JOBSET.replace('spec:\n  replicatedJobs:', 'spec:\n  failurePolicy: {}\n  replicatedJobs:'));
    assert.equal(lines(none, 'failure')[0], 'A failed Job (no rules: the default action, `RestartJobSet`): the JobSet fails (`maxRestarts` is 0, so no restart is left: `ReachedMaxRestarts`).');
  });

  it('success policy Any over a target, InOrder start, dependsOn and a TTL', () => {
    const text = JOBSET
      .replace('spec:\n  replicatedJobs:', 'spec:\n  ttlSecondsAfterFinished: 600\n  startupPolicy:\n    startupPolicyOrder: InOrder\n  successPolicy:\n    operator: Any\n    targetReplicatedJobs: [driver]\n  replicatedJobs:\n  - name: driver\n    template:\n      spec:\n        template:\n          spec:\n            containers:\n            - name: d\n              image: busybox\n')
      .replace('    replicas: 4\n', '    replicas: 4\n    dependsOn:\n    - name: driver\n      status: Ready\n');
    const explanation = explainOne(text);
    assert.equal(lines(explanation, 'success')[0], '`successPolicy: Any`: the first Job of `driver` that succeeds completes the JobSet.');
    assert.deepEqual(lines(explanation, 'startup'), [
      '`startupPolicy: InOrder`: the entries start one after another in the order written (`driver` and `workers`); the Jobs of the next entry are created once every Job of the previous one has started (all its Jobs ready, succeeded or failed).',
      '`workers` waits (`dependsOn`) until every Job of `driver` is ready (or has finished): its Jobs are created only then.',
    ]);
    assert.equal(lines(explanation, 'cleanup')[0], '600 s (10 min) after the JobSet finishes, the JobSet controller deletes it, and its Jobs and Pods with it: their logs are gone then.');
    assert.equal(explanation.summary, 'Creates 5 Jobs (driver × 1, workers × 4); succeeds at the first successful Job; the first failed Job fails it. JobSet v0.12.0.');
  });

  it('a training runtime explains its JobSet template, named after each TrainJob, and says what the Trainer fills', () => {
    const runtime = [
      'apiVersion: trainer.kubeflow.org/v1alpha1', 'kind: ClusterTrainingRuntime', 'metadata:', '  name: torch', 'spec:', '  mlPolicy:', '    numNodes: 2', '    torch: {}',
      '  template:', '    spec:', '      replicatedJobs:', '      - name: node', '        template:', '          spec:', '            template:', '              spec:',
      '                containers:', '                - name: node', '                  image: pytorch/pytorch', '',
    ].join('\n');
    const explanation = explainOne(runtime);
    assert.equal(explanation.kind, 'ClusterTrainingRuntime');
    assert.match(explanation.summary, /^Each TrainJob of this runtime gets a JobSet of 1 Job \(node × 1\);/);
    assert.match(lines(explanation, 'jobs')[1], /^`node`: 1 Job \(`<trainjob>-node-0`\)/);
    assert.match(explanation.notes[0], /^Kubeflow Trainer builds each TrainJob's JobSet from this template/);
  });

  it('the defaults a JobSet\'s Jobs get: the webhook\'s, the CRD\'s, and SetDefaults_Job on each Job', () => {
    const found = defaultsSet('JobSet', { spec: { replicatedJobs: [{ name: 'w', template: { spec: { template: { spec: { containers: [] } } } } }] } }, 37);
    assert.deepEqual(found.map((entry) => `${entry.at.join('.')}=${JSON.stringify(entry.value)} by ${entry.by}${entry.onEachJob ? ' (each Job)' : ''}`), [
      'spec.successPolicy={"operator":"All"} by jobSetWebhook.Default',
      'spec.startupPolicy={"startupPolicyOrder":"AnyOrder"} by jobSetWebhook.Default',
      'spec.replicatedJobs.0.replicas=1 by JobSet CRD defaults',
      'spec.replicatedJobs.0.groupName="default" by JobSet CRD defaults',
      'spec.replicatedJobs.0.template.spec.completions=1 by SetDefaults_Job (each Job)',
      'spec.replicatedJobs.0.template.spec.parallelism=1 by SetDefaults_Job (each Job)',
      'spec.replicatedJobs.0.template.spec.backoffLimit=6 by SetDefaults_Job (each Job)',
      'spec.replicatedJobs.0.template.spec.completionMode="Indexed" by jobSetWebhook.Default (each Job)',
      'spec.replicatedJobs.0.template.spec.suspend=false by SetDefaults_Job (each Job)',
      'spec.replicatedJobs.0.template.spec.podReplacementPolicy="TerminatingOrFailed" by SetDefaults_Job (each Job)',
      'spec.replicatedJobs.0.template.spec.template.spec.restartPolicy="OnFailure" by jobSetWebhook.Default (each Job)',
    ]);
  });

  it('a JobSet gets an Explain lens but no Simulate lens, and simulate says it has no Job or CronJob', () => {
    assert.deepEqual(codeLenses(new FileModel(), JOBSET, 'file:///a.yaml', DEFAULT_SETTINGS).map((lens) => lens.command?.title), ['Explain']);
    const answer = simulate(new FileModel(), JOBSET, DEFAULT_SETTINGS, {}, undefined, 0);
    assert.deepEqual(answer.problems.map((problem) => problem.message), ['the file has no Job or CronJob to simulate']);
  });
});
