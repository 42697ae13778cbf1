// JobSet's webhook and its feature gates (sigs.k8s.io/jobset v0.12.0 pkg/features, pkg/webhooks): RestartJob and
// InPlaceRestart are alpha and off by default, so what they guard is refused, naming the gate; a cluster that turned
// a gate on says so (`kubeassist.jobset.featureGates`), and then what the webhook asks with the gate on is checked.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeSettings } from '../../../server/src/lsp/configuration';
import { ALL_RULES } from '../../../server/src/service/rules/index';
import { DEFAULT_SETTINGS, settingsKey } from '../../../server/src/service/settings';
import { runRules, summary } from './harness';

type Fields = { [key: string]: unknown };

function rjob(name: string, spec: Fields = {}, extra: Fields = {}): Fields {
  return { name, ...extra, template: { spec: { completions: 2, parallelism: 2, template: { spec: { containers: [{ name: 'main', image: 'busybox' }] } }, ...spec } } };
}

function jobSet(spec: Fields): string {
  return JSON.stringify({ apiVersion: 'jobset.x-k8s.io/v1alpha2', kind: 'JobSet', metadata: { name: 'train' }, spec });
}

function runtime(spec: Fields): string {
  return JSON.stringify({ apiVersion: 'trainer.kubeflow.org/v1alpha1', kind: 'TrainingRuntime', metadata: { name: 'rt' }, spec: { template: { spec } } });
}

const IN_PLACE_READY = { backoffLimit: 2147483647, podReplacementPolicy: 'Failed' };
const ON = { RestartJob: true, InPlaceRestart: true };

describe('JobSet feature gates: off by default', () => {
  it('a RestartJob action is an error naming the gate and the setting', () => {
    const findings = runRules(ALL_RULES, jobSet({ failurePolicy: { rules: [{ action: 'RestartJobAndIgnoreMaxRestarts' }] }, replicatedJobs: [rjob('a')] }));
    assert.deepEqual(summary(findings), ['jobset/failure-policy/restart-job-gate @ spec.failurePolicy.rules[0].action']);
    assert.equal(findings[0].severity, 'error');
    assert.match(findings[0].message, /feature gate RestartJob \(alpha, off by default\).*kubeassist\.jobset\.featureGates/);
  });

  it('restartStrategy: InPlaceRestart is an error naming the gate', () => {
    const findings = runRules(ALL_RULES, jobSet({ failurePolicy: { restartStrategy: 'InPlaceRestart' }, replicatedJobs: [rjob('a', IN_PLACE_READY)] }));
    assert.deepEqual(summary(findings), ['jobset/in-place-restart-gate @ spec.failurePolicy.restartStrategy']);
    assert.equal(findings[0].severity, 'error');
  });

  it('a gate turned off explicitly is off', () => {
    assert.deepEqual(summary(runRules(ALL_RULES, jobSet({ failurePolicy: { rules: [{ action: 'RestartJob' }] }, replicatedJobs: [rjob('a')] }), 35, { jobSetFeatureGates: { RestartJob: false } })),
      ['jobset/failure-policy/restart-job-gate @ spec.failurePolicy.rules[0].action']);
  });

  it('in a training runtime, the JobSet the Trainer builds is refused the same way', () => {
    const findings = runRules(ALL_RULES, runtime({ failurePolicy: { rules: [{ action: 'RestartJob' }] }, replicatedJobs: [rjob('a')] }));
    assert.deepEqual(summary(findings), ['jobset/failure-policy/restart-job-gate @ spec.template.spec.failurePolicy.rules[0].action']);
    assert.match(findings[0].message, /no TrainJob that uses it runs/);
  });
});

describe('JobSet feature gates: turned on by the cluster', () => {
  it('RestartJob on: accepted up to 1024 replicas', () => {
    assert.deepEqual(summary(runRules(ALL_RULES, jobSet({ failurePolicy: { rules: [{ action: 'RestartJob' }] }, replicatedJobs: [rjob('a', {}, { replicas: 1024 })] }), 35, { jobSetFeatureGates: ON })), []);
  });

  it('RestartJob on: more than 1024 replicas in any replicatedJob is refused, at the first one', () => {
    const findings = runRules(ALL_RULES, jobSet({ failurePolicy: { rules: [{ action: 'FailJobSet' }, { action: 'RestartJob' }] }, replicatedJobs: [rjob('a'), rjob('b', {}, { replicas: 1025 }), rjob('c', {}, { replicas: 2000 })] }), 35, { jobSetFeatureGates: ON });
    assert.deepEqual(summary(findings), ['jobset/failure-policy/restart-job-replicas @ spec.replicatedJobs[1].replicas']);
    assert.match(findings[0].message, /replicatedJob `b` has 1025 replicas.*replicated job with replicas > 1024/);
  });

  it('InPlaceRestart on: a Job template ready for it is accepted', () => {
    assert.deepEqual(summary(runRules(ALL_RULES, jobSet({ failurePolicy: { restartStrategy: 'InPlaceRestart' }, replicatedJobs: [rjob('a', IN_PLACE_READY)] }), 35, { jobSetFeatureGates: ON })), []);
  });

  it('InPlaceRestart on: backoffLimit, podReplacementPolicy and completions = parallelism, each at its node', () => {
    const findings = runRules(ALL_RULES, jobSet({
      failurePolicy: { restartStrategy: 'InPlaceRestart' },
      replicatedJobs: [rjob('a', { backoffLimit: 6, podReplacementPolicy: 'TerminatingOrFailed', parallelism: 1 }), rjob('b', { podReplacementPolicy: 'Failed', backoffLimit: 2147483647, completions: undefined })],
    }), 35, { jobSetFeatureGates: ON });
    assert.deepEqual(summary(findings).filter((line) => line.startsWith('jobset/in-place')), [
      'jobset/in-place-restart-job @ spec.replicatedJobs[0].template.spec.backoffLimit',
      'jobset/in-place-restart-job @ spec.replicatedJobs[0].template.spec.podReplacementPolicy',
      'jobset/in-place-restart-job @ spec.replicatedJobs[0].template.spec.completions',
      'jobset/in-place-restart-job @ spec.replicatedJobs[1].template.spec',
    ]);
    assert.match(findings.find((f) => f.path.endsWith('backoffLimit'))!.message, /replicatedJob a: must be set to 2147483647 \(MaxInt32\) when in-place restart is enabled/);
  });

  it('InPlaceRestart on, in a training runtime: completions and parallelism are the Trainer\'s, so only the rest is judged', () => {
    const findings = runRules(ALL_RULES, runtime({ failurePolicy: { restartStrategy: 'InPlaceRestart' }, replicatedJobs: [rjob('a', { podReplacementPolicy: 'Failed' })] }), 35, { jobSetFeatureGates: ON });
    assert.deepEqual(summary(findings), ['jobset/in-place-restart-job @ spec.template.spec.replicatedJobs[0].template.spec']);
    assert.match(findings[0].message, /backoffLimit: 2147483647/);
  });
});

describe('kubeassist.jobset.featureGates as the editor sends it', () => {
  it('keeps gates written with true or false, nested or dotted, and drops anything else', () => {
    assert.deepEqual(normalizeSettings({ kubeassist: { jobset: { featureGates: { RestartJob: true, InPlaceRestart: 'yes' } } } }).jobSetFeatureGates, { RestartJob: true });
    assert.deepEqual(normalizeSettings({ 'jobset.featureGates': { InPlaceRestart: false } }).jobSetFeatureGates, { InPlaceRestart: false });
    assert.equal(normalizeSettings({ jobset: { featureGates: [] } }).jobSetFeatureGates, undefined);
  });

  it('changes the settings key, so results computed without the gate are not reused', () => {
    assert.notEqual(settingsKey(DEFAULT_SETTINGS), settingsKey({ ...DEFAULT_SETTINGS, jobSetFeatureGates: { RestartJob: true } }));
  });
});
