// matchPodFailurePolicy, ported from kubernetes/kubernetes pkg/controller/job/pod_failure_policy_test.go
// TestMatchPodFailurePolicy: each case is named as upstream names it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PodFailurePolicy, PodFailurePolicyRule } from '../../../server/src/service/behaviour/job/model';
import { matchPodFailurePolicy } from '../../../server/src/service/behaviour/job/podFailurePolicy';
import { pod, type TestPod } from './job-support';

const exitCodes = (action: string, operator: string, values: number[], containerName?: string): PodFailurePolicyRule =>
  ({ action, onExitCodes: { operator, values, ...(containerName ? { containerName } : {}) } });
const onConditions = (action: string, type: string, status: string): PodFailurePolicyRule => ({ action, onPodConditions: [{ type, status }] });
const failedWith = (...containers: { name?: string; exitCode?: number }[]): TestPod => ({ name: 'mypod', phase: 'Failed', containers: containers.map((c) => ({ ...c, finished: false })) });
const failedWithCondition = (type: string, status: string): TestPod => ({ name: 'mypod', phase: 'Failed', conditions: [{ type, status }] });

interface Case {
  name: string;
  failIndex?: boolean;
  policy?: PodFailurePolicyRule[];
  pod: TestPod;
  message?: string;
  countFailed: boolean;
  action?: string;
}

const CASES: Case[] = [
  {
    name: 'unknown action for rule matching by exit codes - skip rule with unknown action',
    policy: [exitCodes('UnknownAction', 'In', [1, 2]), exitCodes('FailJob', 'In', [2, 3])],
    pod: failedWith({ name: 'main-container', exitCode: 2 }),
    message: 'Container main-container for pod default/mypod failed with exit code 2 matching FailJob rule at index 1', countFailed: true, action: 'FailJob',
  },
  {
    name: 'unknown action for rule matching by pod conditions - skip rule with unknown action',
    policy: [onConditions('UnkonwnAction', 'DisruptionTarget', 'True'), onConditions('Ignore', 'DisruptionTarget', 'True')],
    pod: failedWithCondition('DisruptionTarget', 'True'), countFailed: false, action: 'Ignore',
  },
  {
    name: 'unknown operator - rule with unknown action is skipped for onExitCodes',
    policy: [exitCodes('Ignore', 'UnknownOperator', [1, 2]), exitCodes('FailJob', 'In', [2, 3])],
    pod: failedWith({ name: 'main-container', exitCode: 2 }),
    message: 'Container main-container for pod default/mypod failed with exit code 2 matching FailJob rule at index 1', countFailed: true, action: 'FailJob',
  },
  { name: 'no policy rules', pod: failedWith({ exitCode: 2 }), countFailed: true },
  { name: 'ignore rule matched for exit codes', policy: [exitCodes('Ignore', 'In', [1, 2, 3])], pod: failedWith({ exitCode: 2 }), countFailed: false, action: 'Ignore' },
  {
    name: 'FailJob rule matched for exit codes', policy: [exitCodes('FailJob', 'In', [1, 2, 3])], pod: failedWith({ name: 'main-container', exitCode: 2 }),
    message: 'Container main-container for pod default/mypod failed with exit code 2 matching FailJob rule at index 0', countFailed: true, action: 'FailJob',
  },
  {
    name: 'successful containers are skipped by the rules', policy: [exitCodes('FailJob', 'NotIn', [111])],
    pod: { name: 'mypod', phase: 'Failed', initContainers: [{ name: 'init-container', exitCode: 0, finished: false }], containers: [{ name: 'main-container', exitCode: 111, finished: false }, { name: 'suppport-container', exitCode: 0, finished: false }] },
    countFailed: true,
  },
  { name: 'FailIndex rule matched for exit codes; JobBackoffLimitPerIndex enabled', failIndex: true, policy: [exitCodes('FailIndex', 'In', [1, 2, 3])], pod: failedWith({ exitCode: 2 }), countFailed: true, action: 'FailIndex' },
  { name: 'FailIndex rule matched for exit codes; JobBackoffLimitPerIndex disabled', failIndex: false, policy: [exitCodes('FailIndex', 'In', [1, 2, 3])], pod: failedWith({ exitCode: 2 }), countFailed: true },
  {
    name: 'pod failure policy with NotIn operator and value 0', policy: [exitCodes('FailJob', 'NotIn', [0])],
    pod: failedWith({ name: 'main-container', exitCode: 1 }, { name: 'suppport-container', exitCode: 0 }),
    message: 'Container main-container for pod default/mypod failed with exit code 1 matching FailJob rule at index 0', countFailed: true, action: 'FailJob',
  },
  {
    name: 'second jobfail rule matched for exit codes', policy: [exitCodes('Count', 'In', [1, 2, 3]), exitCodes('FailJob', 'In', [4, 5, 6])],
    pod: failedWith({ name: 'main-container', exitCode: 6 }),
    message: 'Container main-container for pod default/mypod failed with exit code 6 matching FailJob rule at index 1', countFailed: true, action: 'FailJob',
  },
  {
    name: 'count rule matched for exit codes', policy: [exitCodes('Count', 'In', [1, 2, 3])],
    pod: { name: 'mypod', phase: 'Failed', containers: [{ name: 'foo', running: true }, { name: 'bar', exitCode: 2, finished: false }] }, countFailed: true, action: 'Count',
  },
  { name: 'FailIndex rule matched for pod conditions; JobBackoffLimitPerIndex enabled', failIndex: true, policy: [onConditions('FailIndex', 'DisruptionTarget', 'True')], pod: failedWithCondition('DisruptionTarget', 'True'), countFailed: true, action: 'FailIndex' },
  { name: 'FailIndex rule matched for pod conditions; JobBackoffLimitPerIndex disabled', failIndex: false, policy: [onConditions('FailIndex', 'DisruptionTarget', 'True')], pod: failedWithCondition('DisruptionTarget', 'True'), countFailed: true },
  { name: 'ignore rule matched for pod conditions', policy: [onConditions('Ignore', 'DisruptionTarget', 'True')], pod: failedWithCondition('DisruptionTarget', 'True'), countFailed: false, action: 'Ignore' },
  { name: 'ignore rule matches by the status=False', policy: [onConditions('Ignore', 'DisruptionTarget', 'False')], pod: failedWithCondition('DisruptionTarget', 'False'), countFailed: false, action: 'Ignore' },
  { name: 'ignore rule matches by the status=Unknown', policy: [onConditions('Ignore', 'DisruptionTarget', 'Unknown')], pod: failedWithCondition('DisruptionTarget', 'Unknown'), countFailed: false, action: 'Ignore' },
  { name: 'ignore rule does not match when status for pattern is False, but actual True', policy: [onConditions('Ignore', 'DisruptionTarget', 'False')], pod: failedWithCondition('DisruptionTarget', 'True'), countFailed: true },
  { name: 'ignore rule does not match when status for pattern is True, but actual False', policy: [onConditions('Ignore', 'DisruptionTarget', 'True')], pod: failedWithCondition('DisruptionTarget', 'False'), countFailed: true },
  { name: 'default - do not match condition with status=False', policy: [onConditions('Ignore', 'DisruptionTarget', 'True')], pod: failedWithCondition('DisruptionTarget', 'False'), countFailed: true },
  {
    name: 'job fail rule matched for pod conditions', policy: [onConditions('FailJob', 'DisruptionTarget', 'True')], pod: failedWithCondition('DisruptionTarget', 'True'),
    message: 'Pod default/mypod has condition DisruptionTarget matching FailJob rule at index 0', countFailed: true, action: 'FailJob',
  },
  { name: 'count rule matched for pod conditions', policy: [onConditions('Count', 'DisruptionTarget', 'True')], pod: failedWithCondition('DisruptionTarget', 'True'), countFailed: true, action: 'Count' },
  {
    name: 'no rule matched',
    policy: [exitCodes('Count', 'NotIn', [8]), exitCodes('Ignore', 'In', [1, 2, 3]), exitCodes('FailJob', 'NotIn', [5, 6, 7]), onConditions('Count', 'ResourceLimitExceeded', 'True'), onConditions('Ignore', 'DisruptionTarget', 'True')],
    pod: failedWith({ exitCode: 32 }), countFailed: true, action: 'Count',
  },
];

describe('matchPodFailurePolicy (upstream TestMatchPodFailurePolicy)', () => {
  for (const c of CASES) {
    it(`TestMatchPodFailurePolicy/${c.name}`, () => {
      const policy: PodFailurePolicy | undefined = c.policy ? { rules: c.policy } : undefined;
      const match = matchPodFailurePolicy(policy, pod(c.pod), c.failIndex ?? false);
      assert.equal(match.jobFailureMessage, c.message);
      assert.equal(match.countFailed, c.countFailed);
      assert.equal(match.action, c.action);
    });
  }

  it('a rule restricted to a container name only looks at that container (containerName)', () => {
    const policy = { rules: [exitCodes('FailJob', 'In', [5, 6, 7], 'main-container')] };
    const other = matchPodFailurePolicy(policy, pod(failedWith({ name: 'monitoring-container', exitCode: 5 }, { name: 'main-container', exitCode: 42 })), true);
    assert.equal(other.action, undefined);
    const main = matchPodFailurePolicy(policy, pod(failedWith({ name: 'main-container', exitCode: 6 })), true);
    assert.deepEqual([main.action, main.rule], ['FailJob', 0]);
  });

  it('exit codes of app containers are matched before those of init containers (matchOnExitCodes)', () => {
    const policy = { rules: [exitCodes('FailJob', 'In', [5, 143])] };
    const match = matchPodFailurePolicy(policy, pod({ name: 'mypod-0', phase: 'Failed', initContainers: [{ name: 'init-container', exitCode: 5 }], containers: [{ name: 'main-container', exitCode: 143 }] }), true);
    assert.equal(match.jobFailureMessage, 'Container main-container for pod default/mypod-0 failed with exit code 143 matching FailJob rule at index 0');
  });
});
