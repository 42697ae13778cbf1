// backoff_utils.go, ported from kubernetes/kubernetes pkg/controller/job/backoff_utils_test.go: TestNewBackoffRecord,
// TestGetFinishedTime, TestGetRemainingBackoffTime, TestGetRemainingBackoffTimePerIndex.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backoffDuration, getFinishedTime, getRemainingTimeForFailuresCount, getRemainingTimePerIndex, newBackoffRecord, type BackoffRecord } from '../../../server/src/service/behaviour/job/backoff';
import type { PodView } from '../../../server/src/service/behaviour/job/model';
import { pod } from './job-support';

const T = 1_257_894_000; // 2009-11-10T23:00:00Z, the upstream defaultTestTime
const ms = (n: number) => n / 1000;
const finishedAt = (phase: string, time: number): PodView => {
  const p = pod({ phase });
  p.status.containerStatuses = [{ name: 'c', restartCount: 0, state: { terminated: { exitCode: 0, finishedAt: time } } }];
  return p;
};

describe('newBackoffRecord (upstream TestNewBackoffRecord)', () => {
  const cases: { name: string; store?: BackoffRecord; succeeded: number[]; failed: number[]; want: BackoffRecord }[] = [
    { name: 'Empty backoff store and one new failure', succeeded: [], failed: [T], want: { failuresAfterLastSuccess: 1, lastFailureTime: T } },
    { name: 'Empty backoff store and two new failures', succeeded: [], failed: [T, T - ms(1)], want: { failuresAfterLastSuccess: 2, lastFailureTime: T } },
    { name: 'Empty backoff store, two failures followed by success', succeeded: [T], failed: [T - ms(2), T - ms(1)], want: { failuresAfterLastSuccess: 0 } },
    { name: 'Empty backoff store, two failures, one success and two more failures', succeeded: [T - ms(2)], failed: [T, T - ms(4), T - ms(3), T - ms(1)], want: { failuresAfterLastSuccess: 2, lastFailureTime: T } },
    { name: 'Backoff store having failure count 2 and one new failure', store: { failuresAfterLastSuccess: 2 }, succeeded: [], failed: [T], want: { failuresAfterLastSuccess: 3, lastFailureTime: T } },
    { name: 'Empty backoff store with success and failure at same timestamp', succeeded: [T], failed: [T], want: { failuresAfterLastSuccess: 0 } },
    { name: 'Empty backoff store with no success/failure', succeeded: [], failed: [], want: { failuresAfterLastSuccess: 0 } },
    { name: 'Empty backoff store with one success', succeeded: [T], failed: [], want: { failuresAfterLastSuccess: 0 } },
  ];
  for (const c of cases) {
    it(`TestNewBackoffRecord/${c.name}`, () => {
      const record = newBackoffRecord(c.store, c.succeeded.map((t) => finishedAt('Succeeded', t)), c.failed.map((t) => finishedAt('Failed', t)));
      assert.deepEqual({ failuresAfterLastSuccess: record.failuresAfterLastSuccess, ...(record.lastFailureTime !== undefined ? { lastFailureTime: record.lastFailureTime } : {}) }, c.want);
    });
  }
});

describe('getFinishedTime (upstream TestGetFinishedTime)', () => {
  const term = (at?: number) => ({ name: 'c', restartCount: 0, state: { terminated: { exitCode: 0, ...(at !== undefined ? { finishedAt: at } : {}) } } });
  const running = { name: 'r', restartCount: 0, state: { running: {} } };
  const build = (containers: PodView['status']['containerStatuses'], extra: Partial<PodView> = {}, conditions: PodView['status']['conditions'] = [], init: PodView['status']['containerStatuses'] = []): PodView => {
    const p = pod({});
    p.status.containerStatuses = containers;
    p.status.initContainerStatuses = init;
    p.status.conditions = conditions;
    return { ...p, ...extra };
  };
  const cases: { name: string; pod: PodView; want: number }[] = [
    { name: 'Pod with multiple containers and all containers terminated', pod: build([term(T - 1), term(T), term(T - 2)]), want: T },
    { name: 'Pod with multiple containers; two containers in terminated state and one in running state; fallback to deletionTimestamp', pod: build([term(T - 1), running, term(T - 2)], { deletionTimestamp: T }), want: T },
    { name: 'fallback to deletionTimestamp', pod: build([running], { deletionTimestamp: T }), want: T },
    { name: 'fallback to deletionTimestamp, decremented by grace period', pod: build([running], { deletionTimestamp: T, deletionGracePeriodSeconds: 30 }), want: T - 30 },
    { name: 'fallback to PodReady.LastTransitionTime when status of the condition is False', pod: build([term()], {}, [{ type: 'Ready', status: 'False', lastTransitionTime: T }]), want: T },
    { name: 'skip fallback to PodReady.LastTransitionTime when status of the condition is True', pod: build([term()], { deletionTimestamp: T }, [{ type: 'Ready', status: 'True', lastTransitionTime: T - 30 }]), want: T },
    { name: 'fallback to creationTimestamp', pod: build([term()], { creationTimestamp: T }), want: T },
    { name: 'Pod with init container and all containers terminated', pod: build([term(T - 1)], {}, [], [term(T)]), want: T },
  ];
  for (const c of cases) {
    it(`TestGetFinishedTime/${c.name}`, () => assert.equal(getFinishedTime(c.pod), c.want));
  }
});

describe('getRemainingTime (upstream TestGetRemainingBackoffTime)', () => {
  const cases: { name: string; failures: number; last?: number; now: number; want: number }[] = [
    { name: 'no failures', failures: 0, now: T, want: 0 },
    { name: 'one failure; current time and failure time are same', failures: 1, last: T, now: T, want: 5 },
    { name: 'one failure; current time == 1 second + failure time', failures: 1, last: T, now: T + 1, want: 4 },
    { name: 'one failure; current time == expected backoff time', failures: 1, last: T, now: T + 5, want: 0 },
    { name: 'one failure; current time == expected backoff time + 1 Second', failures: 1, last: T, now: T + 6, want: 0 },
    { name: 'three failures; current time and failure time are same', failures: 3, last: T, now: T, want: 20 },
    { name: 'eight failures; current time and failure time are same; backoff not exceeding maxBackoff', failures: 8, last: T, now: T, want: 640 },
    { name: 'nine failures; current time and failure time are same; backoff exceeding maxBackoff', failures: 9, last: T, now: T, want: 700 },
  ];
  for (const c of cases) {
    it(`TestGetRemainingBackoffTime/${c.name}`, () => assert.equal(getRemainingTimeForFailuresCount(c.now, 5, 700, c.failures, c.last), c.want));
  }
});

describe('getRemainingTimePerIndex (upstream TestGetRemainingBackoffTimePerIndex)', () => {
  const failed = (failureCount: string, ignored?: string): PodView => pod({ phase: 'Failed', failureCount, ignoredFailureCount: ignored, deletionTimestamp: T });
  it('TestGetRemainingBackoffTimePerIndex/no failures', () => assert.equal(getRemainingTimePerIndex(T, 5, 700, undefined), 0));
  it('TestGetRemainingBackoffTimePerIndex/two prev failures; current time and failure time are same', () => assert.equal(getRemainingTimePerIndex(T, 5, 700, failed('2')), 20));
  it('TestGetRemainingBackoffTimePerIndex/one prev failure counted and one ignored; current time and failure time are same', () => assert.equal(getRemainingTimePerIndex(T, 5, 700, failed('1', '1')), 20));
});

describe('the Job controller back-off in practice', () => {
  it('waits 10 s doubling to the 10-minute cap (DefaultJobPodFailureBackOff, MaxJobPodFailureBackOff), not six minutes', () => {
    assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDuration(10, 600, n)), [10, 20, 40, 80, 160, 320, 600, 600]);
  });
});
