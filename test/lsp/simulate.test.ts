// kubeassist/simulate against the built server: the same model as `kubeassist simulate`, for editors.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TestServer } from '../support/lspClient';

const FIXTURES = join(__dirname, '..', 'fixtures', 'simulate');
const JOBS = readFileSync(join(FIXTURES, 'jobs.yaml'), 'utf8');
const WEBSITE = readFileSync(join(FIXTURES, 'website-54415.yaml'), 'utf8');

interface Answer {
  object?: { kind: string; name: string; line: number };
  end?: { condition: string; reason: string; at: number } | null;
  pods?: { index: number | null; action: string | null; counted: boolean }[];
  status?: { failedIndexes: string | null; completedIndexes: string };
  problems?: { path: string; message: string }[];
  kubernetesVersion?: string;
}

describe('kubeassist/simulate', () => {
  let server: TestServer;
  before(async () => {
    server = await TestServer.start({ env: { KUBEASSIST_NOW: '2026-01-03T12:00:00Z' } });
    await server.open('file:///jobs.yaml', JOBS);
    await server.open('file:///website.yaml', WEBSITE);
  });
  after(() => server.stop());

  const simulate = (params: Record<string, unknown>) => server.connection.sendRequest<Answer | null>('kubeassist/simulate', params);

  it('answers the simulation of the first Job under a JSON scenario: the website#54415 Job fails at 545 s', async () => {
    const answer = await simulate({ textDocument: { uri: 'file:///website.yaml' }, scenario: { pods: [], then: { exitCode: 42, runFor: '31s' } } });
    assert.deepEqual(answer?.end, { condition: 'Failed', reason: 'BackoffLimitExceeded', at: 545 });
    assert.equal(answer?.kubernetesVersion, '1.37');
    assert.deepEqual(answer?.object, { kind: 'Job', name: 'job-pod-failure-policy-example', line: 2 });
  });

  it('picks the object at a position (as a code lens gives it) and runs a ready scenario by name', async () => {
    const line = JOBS.split('\n').indexOf('  name: indexed');
    const answer = await simulate({ textDocument: { uri: 'file:///jobs.yaml' }, position: { line, character: 2 }, scenario: 'preset:index-fails,index=2,runFor=5s' });
    assert.equal(answer?.object?.name, 'indexed');
    assert.deepEqual([answer?.end?.reason, answer?.status?.failedIndexes, answer?.status?.completedIndexes], ['FailedIndexes', '2', '0,1,3,4']);
  });

  it('picks an object by its number and takes the documents of a scenario file as a list', async () => {
    const answer = await simulate({ textDocument: { uri: 'file:///jobs.yaml' }, object: 0, scenario: [{ pods: [{ conditions: [{ type: 'DisruptionTarget', status: 'True' }] }] }] });
    assert.deepEqual(answer?.pods?.map((pod) => [pod.action, pod.counted]), [['Ignore', false], [null, true], [null, true], [null, true], [null, true]]);
  });

  it('runs the CronJob controller for a CronJob: the ready scenario "the cluster was down for a day"', async () => {
    const line = JOBS.split('\n').indexOf('  name: nightly');
    const answer = await server.connection.sendRequest<{ kind: string; decision: { action: string; scheduledTime: string }; jobName: string }>('kubeassist/simulate', { textDocument: { uri: 'file:///jobs.yaml' }, position: { line, character: 0 }, scenario: 'preset:cluster-down' });
    assert.deepEqual([answer.kind, answer.decision.action, answer.decision.scheduledTime, answer.jobName], ['CronJob', 'create', '2026-01-03T03:00:00Z', 'nightly-29456820']);
  });

  it('answers problems, not a simulation, for a bad scenario or an unknown object; null for an unknown document', async () => {
    const bad = await simulate({ textDocument: { uri: 'file:///jobs.yaml' }, scenario: { pods: [{ runFor: 'soon' }] } });
    assert.deepEqual(bad?.problems, [{ path: 'pods[0].runFor', message: '"soon" is not a duration (write 31s, 2m, 1h30m)' }]);
    const missing = await simulate({ textDocument: { uri: 'file:///jobs.yaml' }, object: 'nope' });
    assert.deepEqual(missing?.problems?.map((p) => p.path), ['object']);
    assert.equal(await simulate({ textDocument: { uri: 'file:///unknown.yaml' } }), null);
  });

  it('survives nonsense parameters', async () => {
    assert.deepEqual((await simulate({ textDocument: { uri: 'file:///jobs.yaml' }, object: { x: 1 }, position: 'here', scenario: 42 }))?.object?.name, 'with-policy');
    assert.equal(await server.connection.sendRequest('kubeassist/simulate', null), null);
  });
});
