// The diagnose engine on observed CronJobs (cronjob_controllerv2.go syncCronJob, utils.go mostRecentScheduleTime)
// and on input that does not fit: each a clear note, never a crash, never an invented cause.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnoseObjects } from '../../../server/src/service/diagnose/index';
import { at, clock, condition, event, job, list, pod, running, terminated } from './support';

const CRON_UID = 'c0c0c0c0-1111-2222-3333-444444444444';

function cronJob(spec: Record<string, unknown>, status: Record<string, unknown>) {
  return {
    apiVersion: 'batch/v1', kind: 'CronJob',
    metadata: { name: 'report', namespace: 'default', uid: CRON_UID, resourceVersion: '77', creationTimestamp: '2026-11-01T00:00:00Z' },
    spec: { schedule: '*/5 * * * *', concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1, jobTemplate: { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox:1.36' }] } } } }, ...spec },
    status,
  };
}

describe('diagnose: a CronJob', () => {
  it('Forbid with a Job still running: runs missed, why (JobAlreadyActive), the next five runs, its Job diagnosed after it', () => {
    const cron = cronJob({ concurrencyPolicy: 'Forbid' }, { active: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'report-29410200', namespace: 'default', uid: 'job-uid-1' }], lastScheduleTime: at(0) });
    const own = job({}, { active: 1, ready: 1, startTime: at(0) }, { name: 'report-29410200', uid: 'job-uid-1', owner: { name: 'report', uid: CRON_UID } });
    const report = diagnoseObjects([cron, own], { now: clock(32), minor: 37 });
    assert.deepEqual(report.objects.map((o) => `${o.kind}/${o.name}`), ['CronJob/report', 'Job/report-29410200']);
    const d = report.objects[0];
    assert.equal(d.state, 'scheduling');
    assert.equal(d.lastScheduleTime, at(0));
    assert.deepEqual(d.nextRuns, [at(35), at(40), at(45), at(50), at(55)]);
    assert.deepEqual(d.missed, { count: 6, latest: at(30), why: 'concurrencyPolicy is Forbid and Job report-29410200 in status.active is still running: each run is skipped (event JobAlreadyActive) until it ends.' });
    assert.deepEqual(d.active, [{ name: 'report-29410200', namespace: 'default', uid: 'job-uid-1' }]);
    assert.equal(d.verdict, `CronJob report is scheduling (UTC): last run ${at(0)}; 1 Job active (report-29410200); next ${at(35)}; missed 6 runs up to ${at(30)}: ${d.missed?.why}`);
    assert.ok(d.advice.some((line) => line.includes('`spec.jobTemplate.spec.activeDeadlineSeconds`')));
    assert.equal(report.objects[1].state, 'running');
  });

  it('more than 100 missed times: TooManyMissedTimes, and startingDeadlineSeconds as the advice', () => {
    const d = diagnoseObjects([cronJob({}, { lastScheduleTime: '2026-11-30T10:00:00Z' })], { now: clock(2), minor: 37 }).objects[0];
    assert.equal(d.missed?.count, 288);
    assert.match(d.missed?.why ?? '', /^more than 100 start times were missed \(event TooManyMissedTimes\)/);
    assert.ok(d.advice.some((line) => line.startsWith('Set `spec.startingDeadlineSeconds`')));
  });

  it('startingDeadlineSeconds: times older than the deadline are never run', () => {
    const d = diagnoseObjects([cronJob({ startingDeadlineSeconds: 60 }, { lastScheduleTime: at(0) })], { now: clock(12), minor: 37 }).objects[0];
    assert.equal(d.missed?.latest, at(10));
    assert.match(d.missed?.why ?? '', /^startingDeadlineSeconds is 60: a time more than 1m past is never run/);
  });

  it('every minute: runs missed since lastScheduleTime, though the latest time passed only now', () => {
    const d = diagnoseObjects([cronJob({ schedule: '* * * * *' }, { lastScheduleTime: at(0) })], { now: clock(10), minor: 37 }).objects[0];
    assert.equal(d.missed?.count, 10);
    assert.equal(d.missed?.latest, at(10));
    const fresh = diagnoseObjects([cronJob({ schedule: '* * * * *' }, { lastScheduleTime: at(0) })], { now: clock(1), minor: 37 }).objects[0];
    assert.equal(fresh.missed, null);
  });

  it('suspended: the state and why runs are missed', () => {
    const d = diagnoseObjects([cronJob({ suspend: true }, { lastScheduleTime: at(0), lastSuccessfulTime: at(0, 40) })], { now: clock(22), minor: 37 }).objects[0];
    assert.equal(d.state, 'suspended');
    assert.equal(d.lastSuccessfulTime, at(0, 40));
    assert.match(d.missed?.why ?? '', /^spec\.suspend is true/);
    assert.deepEqual(d.next, []);
  });

  it('in its time zone: the next runs of a schedule in Europe/Berlin', () => {
    const d = diagnoseObjects([cronJob({ schedule: '0 3 * * *', timeZone: 'Europe/Berlin' }, { lastScheduleTime: '2026-12-01T02:00:00Z' })], { now: clock(0), minor: 37 }).objects[0];
    assert.deepEqual(d.nextRuns?.slice(0, 2), ['2026-12-02T02:00:00Z', '2026-12-03T02:00:00Z']);
    assert.equal(d.missed, null);
    assert.match(d.verdict, /^CronJob report is scheduling \(Europe\/Berlin\): last run 2026-12-01T02:00:00Z; next 2026-12-02T02:00:00Z\.$/);
  });
});

describe('diagnose: input that does not fit', () => {
  it('timestamps that do not parse: a note each, the rest still diagnosed', () => {
    const bad = job({}, { startTime: 'yesterday', conditions: [condition('Failed', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit', '2026-13-45T99:00:00Z')], failed: 7 });
    const report = diagnoseObjects([bad], { now: clock(5), minor: 37 });
    assert.equal(report.objects[0].state, 'failed');
    assert.equal(report.objects[0].end?.at, null);
    assert.deepEqual(report.notes, [
      'Job default/pi: condition Failed lastTransitionTime "2026-13-45T99:00:00Z" is not an RFC 3339 time; that time is left out.',
      'Job default/pi: status.startTime "yesterday" is not an RFC 3339 time; that time is left out.',
    ]);
  });

  it('a Pod list of another Job: the Pods match no Job given', () => {
    const other = pod({ name: 'backup-1', phase: 'Failed', created: at(0), jobName: 'backup', jobUid: '99999999-0000-0000-0000-000000000000', containers: [terminated('main', 1, at(0), at(1))] });
    const report = diagnoseObjects([job({}, { startTime: at(0), active: 1 }), list([other])], { now: clock(5), minor: 37 });
    assert.deepEqual(report.objects[0].pods, []);
    assert.deepEqual(report.notes, ['One Pod matches no Job given (their Job: backup): backup-1; left out.']);
    assert.match(report.objects[0].unknowns[0], /^None of the Pods given belongs to this Job: `kubectl get pods -l batch\.kubernetes\.io\/job-name=pi -o yaml` shows its own\.$/);
  });

  it('a Pod of an earlier Job of the same name (another UID) is not this Job\'s', () => {
    const earlier = pod({ name: 'pi-old', phase: 'Failed', created: at(0), jobUid: 'aaaaaaaa-0000-0000-0000-000000000000', containers: [terminated('main', 1, at(0), at(1))] });
    const report = diagnoseObjects([job({}, { startTime: at(0), active: 1 }), earlier], { now: clock(5), minor: 37 });
    assert.deepEqual(report.objects[0].pods, []);
    assert.equal(report.notes.length, 1);
  });

  it('Pods matched by label when they carry no owner reference (a Job pasted without uid)', () => {
    const loose = job({}, { startTime: at(0), active: 1 });
    delete (loose.metadata as Record<string, unknown>).uid;
    const mine = pod({ name: 'pi-1', phase: 'Running', created: at(0), jobUid: null, containers: [running('main', at(0))] });
    const report = diagnoseObjects([loose, mine], { now: clock(5), minor: 37 });
    assert.deepEqual(report.objects[0].pods.map((p) => p.name), ['pi-1']);
  });

  it('events of nothing given: said once', () => {
    const stray = event({ kind: 'Pod', name: 'web-7c9', uid: 'zzz' }, 'BackOff', 'Back-off restarting failed container', at(1));
    const report = diagnoseObjects([job({}, { startTime: at(0), active: 1 }), list([stray])], { now: clock(5), minor: 37 });
    assert.deepEqual(report.notes, ['One event is about nothing given (Pod default/web-7c9): left out.']);
  });

  it('no Job at all, odd items and a Deployment: notes, no crash; a Pod alone stands for its Job, said so', () => {
    const report = diagnoseObjects([null, 42, 'text', { kind: 'Deployment', apiVersion: 'apps/v1', metadata: { name: 'web' } }, { kind: 'List', items: [7] }, list([pod({ name: 'pi-1', phase: 'Running', created: at(0) })])], { now: clock(0), minor: 37 });
    assert.deepEqual(report.objects.map((o) => [o.kind, o.name, o.state, o.budget]), [['Job', 'pi', 'running', null]]);
    assert.deepEqual(report.notes, [
      'One apps/v1 Deployment left out: diagnose reads Jobs, CronJobs, their Pods and events.',
      '4 items are not an object: left out.',
      'Job default/pi was not given: what is said of it rests on its Pods alone (kubectl get job pi -o yaml shows the rest).',
    ]);
    const nothing = diagnoseObjects([{ kind: 'ConfigMap', apiVersion: 'v1' }], { now: clock(0), minor: 37 });
    assert.deepEqual(nothing.objects, []);
    assert.equal(nothing.notes[1], 'No Job or CronJob was given: diagnose needs the Job (`kubectl get job NAME -o yaml`) or the CronJob, with its Pods and events when you have them.');
  });

  it('a bare status pasted from an issue (no kind, no name): read as a Job\'s, its limits not assumed', () => {
    const status = { status: { conditions: [condition('Failed', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit', '2020-06-18T06:06:48Z')], failed: 5, startTime: '2020-06-18T06:01:55Z' } };
    const d = diagnoseObjects([status], { now: clock(0), minor: 37 });
    assert.equal(d.objects[0].state, 'failed');
    assert.deepEqual(d.objects[0].counters.failed, 5);
    assert.equal(d.objects[0].budget, null);
    assert.equal(d.objects[0].verdict, 'Job (no name) failed at 2020-06-18T06:06:48Z (BackoffLimitExceeded): Job has reached the specified backoff limit.');
    assert.equal(d.notes[0], 'An object without kind is read as a Job (its spec or status is a Job\'s); its name, spec and Pods are what the text shows.');
  });

  it('without conditions (kubectl describe prints none): the controller\'s events say how the Job ended', () => {
    const failedEvent = event({ kind: 'Job', name: 'pi', uid: undefined }, 'DeadlineExceeded', 'Job was active longer than specified deadline', at(10));
    const d = diagnoseObjects([job({ activeDeadlineSeconds: 600 }, { startTime: at(0), failed: 1 }), failedEvent], { now: clock(30), minor: 37 }).objects[0];
    assert.equal(d.state, 'failed');
    assert.deepEqual(d.end, { condition: 'Failed', reason: 'DeadlineExceeded', message: 'Job was active longer than specified deadline', at: at(10) });
    assert.equal(d.cause?.reason, 'DeadlineExceeded');
  });

  it('shapes that are not what the API writes (strings for numbers, lists for maps): no crash', () => {
    const odd = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'odd', uid: 'u', ownerReferences: 'x' }, spec: { backoffLimit: '6', template: 'none', podFailurePolicy: { rules: 'no' } }, status: { conditions: 'none', failed: '3', uncountedTerminatedPods: { failed: 'x' } } };
    const oddPod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'odd-1', labels: { 'job-name': 'odd' }, annotations: [] }, status: { phase: 'Failed', containerStatuses: [{ state: { terminated: { exitCode: 'x' } } }, 5], conditions: {} } };
    const report = diagnoseObjects([odd, oddPod], { now: clock(0), minor: 37 });
    assert.equal(report.objects.length, 1);
    assert.equal(typeof report.objects[0].verdict, 'string');
  });

  it('output from an old issue: what comes next counts from its newest time, said in a note', () => {
    const old = job({ activeDeadlineSeconds: 3600 }, { startTime: '2019-07-28T17:48:00Z', active: 1 });
    (old.metadata as Record<string, unknown>).creationTimestamp = '2019-07-28T17:48:00Z';
    const report = diagnoseObjects([old], { now: clock(0), minor: 37 });
    assert.deepEqual(report.objects[0].next, [{ at: '2019-07-28T18:48:00Z', event: 'activeDeadlineSeconds (1h from startTime) fires in 1h: the Job fails with DeadlineExceeded and its running Pods are deleted' }]);
    assert.deepEqual(report.notes, ['The newest time in the input is 2019-07-28T17:48:00Z, 7 years before now: what comes next and what was missed are counted from that time, as if the output was taken then (--now sets the clock).']);
    const oldCron = cronJob({ schedule: '* * * * *' }, { lastScheduleTime: '2019-07-28T17:48:00Z' });
    (oldCron.metadata as Record<string, unknown>).creationTimestamp = '2019-07-01T00:00:00Z';
    const cron = diagnoseObjects([oldCron], { now: clock(0), minor: 37 }).objects[0];
    assert.equal(cron.missed, null);
  });

  it('a 1,000-Pod list is matched in one pass (each Pod once)', () => {
    const pods = Array.from({ length: 1000 }, (_, i) => pod({ name: `pi-${i}`, phase: i % 10 === 9 ? 'Failed' : 'Succeeded', created: at(0, i), containers: [terminated('main', i % 10 === 9 ? 1 : 0, at(0, i), at(1, i))] }));
    const report = diagnoseObjects([job({ completions: 900, parallelism: 100, backoffLimit: 1000 }, { startTime: at(0), succeeded: 900, failed: 100, conditions: [condition('Complete', 'CompletionsReached', 'Reached expected number of succeeded pods', at(20))] }), list(pods)], { now: clock(30), minor: 37 });
    assert.equal(report.objects[0].pods.length, 1000);
    assert.equal(report.objects[0].pods.filter((p) => p.outcome === 'failed').length, 100);
  });
});
