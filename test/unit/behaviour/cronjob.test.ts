// The CronJob controller model (behaviour/cronjob) against the controller's own table tests, ported case by case
// from kubernetes/kubernetes pkg/controller/cronjob: utils_test.go (TestMostRecentScheduleTime, TestNextScheduleTime,
// TestGetMostRecentScheduleTime of the 1.23/1.24 controller, TestGetJobFromTemplate2's name) and
// TestNextScheduleTimeDuration) and cronjob_controllerv2_test.go (TestControllerV2SyncCronJob: the decision and the
// requeue of each case; the ones about listers and API errors are not the model's). Each case names the upstream test
// and case.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  controllerSchedule, cronJobScenarioProblems, getJobName, getMostRecentScheduleTime, mostRecentScheduleTime, nextScheduleTime, nextScheduleTimeDuration, simulateCronJob,
  type ControllerSchedule, type CronJobTimes,
} from '../../../server/src/service/behaviour/cronjob/index';
import type { JsonObject } from '../../../server/src/service/types';

const NEWEST = 37;
/** 2016-05-19T10:00:00Z, the tests' topOfTheHour. */
const TOP = Date.parse('2016-05-19T10:00:00Z') / 1000;
const HOUR = 3600;
const MINUTE = 60;
const at = (seconds: number) => TOP + seconds;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

function scheduleOf(schedule: string, timeZone?: string, minor = NEWEST): ControllerSchedule {
  const parsed = controllerSchedule({ spec: { schedule, ...(timeZone ? { timeZone } : {}) } }, minor);
  assert.ok('schedule' in parsed, `schedule ${schedule} should parse`);
  return parsed;
}

describe('mostRecentScheduleTime (utils_test.go TestMostRecentScheduleTime)', () => {
  const cases: { name: string; schedule: string; cj: CronJobTimes; now: number; includeSDS?: boolean; earliest: number; recent?: number; missed: 'none' | 'few' | 'many'; error?: boolean }[] = [
    { name: 'now before next schedule', schedule: '0 * * * *', cj: { created: TOP }, now: at(30), earliest: TOP, missed: 'none' },
    { name: 'now just after next schedule', schedule: '0 * * * *', cj: { created: TOP }, now: at(61 * MINUTE), earliest: TOP, recent: at(HOUR), missed: 'none' },
    { name: 'missed 5 schedules', schedule: '0 * * * *', cj: { created: at(10) }, now: at(301 * MINUTE), earliest: at(10), recent: at(300 * MINUTE), missed: 'few' },
    {
      name: 'complex schedule', schedule: '30 6-16/4 * * 1-5', cj: { created: TOP, lastScheduleTime: at(30 * MINUTE) },
      now: at(24 * HOUR + 31 * MINUTE), earliest: at(30 * MINUTE), recent: at(24 * HOUR + 30 * MINUTE), missed: 'few',
    },
    {
      // The interval of the first two times (1 h) overshoots the weekend: the walk from the estimate finds nothing.
      name: 'another complex schedule', schedule: '30 10,11,12 * * 1-5', cj: { created: TOP, lastScheduleTime: at(30 * MINUTE) },
      now: at(30 * HOUR + 30 * MINUTE), earliest: at(30 * MINUTE), missed: 'few',
    },
    {
      name: 'complex schedule with longer diff between executions', schedule: '30 6-16/4 * * 1-5', cj: { created: TOP, lastScheduleTime: at(30 * MINUTE) },
      now: at(96 * HOUR + 31 * MINUTE), earliest: at(30 * MINUTE), recent: at(96 * HOUR + 30 * MINUTE), missed: 'few',
    },
    {
      name: 'complex schedule with shorter diff between executions', schedule: '30 6-16/4 * * 1-5', cj: { created: TOP },
      now: at(24 * HOUR + 31 * MINUTE), earliest: TOP, recent: at(24 * HOUR + 30 * MINUTE), missed: 'few',
    },
    {
      name: '@every schedule', schedule: '@every 1h', cj: { created: at(-59 * MINUTE), lastScheduleTime: at(MINUTE), startingDeadlineSeconds: 10 },
      now: at(7 * 24 * HOUR), earliest: at(MINUTE), recent: at(6 * 24 * HOUR + 23 * HOUR + MINUTE), missed: 'many',
    },
    { name: 'rogue cronjob', schedule: '59 23 31 2 *', cj: { created: at(10) }, now: at(HOUR), earliest: at(10), missed: 'none', error: true },
    {
      name: 'earliestTime being CreationTimestamp and LastScheduleTime', schedule: '0 * * * *', cj: { created: TOP, lastScheduleTime: TOP },
      now: at(30), earliest: TOP, missed: 'none',
    },
    {
      name: 'earliestTime being LastScheduleTime', schedule: '*/5 * * * *', cj: { created: TOP, lastScheduleTime: at(30 * MINUTE) },
      now: at(31 * MINUTE), earliest: at(30 * MINUTE), missed: 'none',
    },
    {
      name: 'earliestTime being LastScheduleTime (within StartingDeadlineSeconds)', schedule: '*/5 * * * *',
      cj: { created: TOP, lastScheduleTime: at(30 * MINUTE), startingDeadlineSeconds: 60 }, now: at(31 * MINUTE), earliest: at(30 * MINUTE), missed: 'none',
    },
    {
      name: 'earliestTime being LastScheduleTime (outside StartingDeadlineSeconds)', schedule: '*/5 * * * *', includeSDS: true,
      cj: { created: TOP, lastScheduleTime: at(30 * MINUTE), startingDeadlineSeconds: 60 }, now: at(32 * MINUTE), earliest: at(31 * MINUTE), missed: 'none',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const found = mostRecentScheduleTime(c.cj, c.now, scheduleOf(c.schedule), c.includeSDS ?? false);
      assert.equal(!!found.error, !!c.error, 'error');
      if (c.error) return;
      assert.equal(found.earliestTime, c.earliest, 'earliestTime');
      assert.equal(found.mostRecentTime, c.recent, 'mostRecentTime');
      // The controller's three-way answer: a count above 100 is many, one more than the next time is few.
      const kind = found.missed > 100 ? 'many' : found.missed > 1 ? 'few' : 'none';
      assert.equal(kind, c.missed, `missed ${found.missed}`);
    });
  }
});

describe('getMostRecentScheduleTime, the 1.23 and 1.24 controller (utils_test.go TestGetMostRecentScheduleTime, before kubernetes#118724)', () => {
  const cases: { name: string; earliest: number; now: number; schedule: string; recent?: number; missed: number; error?: boolean }[] = [
    { name: 'now before next schedule', earliest: TOP, now: at(30), schedule: '0 * * * *', missed: 0 },
    { name: 'now just after next schedule', earliest: TOP, now: at(61 * MINUTE), schedule: '0 * * * *', recent: at(60 * MINUTE), missed: 1 },
    { name: 'missed 5 schedules', earliest: at(10), now: at(301 * MINUTE), schedule: '0 * * * *', recent: at(300 * MINUTE), missed: 5 },
    { name: 'rogue cronjob', earliest: at(10), now: at(1_000_000 * HOUR), schedule: '59 23 31 2 *', missed: 0, error: true },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const found = getMostRecentScheduleTime(c.earliest, c.now, scheduleOf(c.schedule, undefined, 24));
      assert.equal(!!found.error, !!c.error);
      if (c.error) return;
      assert.equal(found.mostRecentTime, c.recent);
      assert.equal(found.missed, c.missed);
    });
  }

  it('the estimate of 1.24 misses an irregular schedule that 1.25 walks ("complex schedule", kubernetes#118724)', () => {
    const cj = { created: TOP, lastScheduleTime: at(30 * MINUTE) };
    const now = at(24 * HOUR + 31 * MINUTE);
    // t1 Thu 14:30, t2 Fri 06:30: 16 h apart; 14:30 + 16 h is Fri 06:30, not the 10:30 run that is due.
    assert.equal(nextScheduleTime(cj, now, scheduleOf('30 6-16/4 * * 1-5', undefined, 24), 24).mostRecentTime, at(20 * HOUR + 30 * MINUTE));
    assert.equal(nextScheduleTime(cj, now, scheduleOf('30 6-16/4 * * 1-5', undefined, 25), 25).mostRecentTime, at(24 * HOUR + 30 * MINUTE));
  });
});

describe('nextScheduleTime (utils_test.go TestNextScheduleTime, schedule "0 * * * ?")', () => {
  const T1 = TOP;
  const T2 = at(HOUR);
  const hourly = scheduleOf('0 * * * ?');
  const cases: { name: string; cj: CronJobTimes; now: number; expect: number | undefined | 'some'; schedule?: ControllerSchedule; error?: boolean }[] = [
    { name: 'Case 1: no known start times, and none needed yet', cj: { created: T1 - 10 * MINUTE }, now: T1 - 7 * MINUTE, expect: undefined },
    { name: 'Case 2: no known start times, and one needed', cj: { created: T1 - 10 * MINUTE }, now: T1 + 2, expect: T1 },
    { name: 'Case 3: known LastScheduleTime, no start needed', cj: { created: T1 - 10 * MINUTE, lastScheduleTime: T1 }, now: T1 + 2 * MINUTE, expect: undefined },
    { name: 'Case 4: known LastScheduleTime, a start needed', cj: { created: T1 - 10 * MINUTE, lastScheduleTime: T1 }, now: T2 + 5 * MINUTE, expect: T2 },
    { name: 'Case 5: known LastScheduleTime, two starts needed', cj: { created: T1 - 2 * HOUR, lastScheduleTime: T1 - HOUR }, now: T2 + 5 * MINUTE, expect: T2 },
    { name: 'Case 6: now is way way ahead of last start time, and there is no deadline', cj: { created: T1 - 2 * HOUR, lastScheduleTime: T1 - HOUR }, now: T2 + 10 * 24 * HOUR, expect: 'some' },
    {
      name: 'Case 7: now is way way ahead of last start time, but there is a short deadline',
      cj: { created: T1 - 2 * HOUR, lastScheduleTime: T1 - HOUR, startingDeadlineSeconds: 2 * 60 * 60 }, now: T2 + 10 * 24 * HOUR, expect: 'some',
    },
    { name: 'Case 8: ensure the error from mostRecentScheduleTime gets populated up', cj: { created: T1 + 10 }, now: at(HOUR), expect: undefined, schedule: scheduleOf('59 23 31 2 *'), error: true },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const found = nextScheduleTime(c.cj, c.now, c.schedule ?? hourly, NEWEST);
      if (c.expect === 'some') assert.notEqual(found.mostRecentTime, undefined);
      else assert.equal(found.mostRecentTime, c.expect);
      assert.equal(!!found.error, !!c.error);
    });
  }
});

describe('nextScheduleTimeDuration (utils_test.go TestNextScheduleTimeDuration)', () => {
  const cases: [string, string, CronJobTimes, number, number][] = [
    ['complex schedule skipping weekend', '30 6-16/4 * * 1-5', { created: TOP, lastScheduleTime: at(30 * MINUTE) }, at(24 * HOUR + 31 * MINUTE), 3 * HOUR + 59 * MINUTE],
    ['another complex schedule skipping weekend', '30 10,11,12 * * 1-5', { created: TOP, lastScheduleTime: at(30 * MINUTE) }, at(30 * HOUR + 30 * MINUTE), 66 * HOUR],
    ['once a week cronjob, missed two runs', '0 12 * * 4', { created: TOP, lastScheduleTime: at(2 * HOUR) }, at(19 * 24 * HOUR + HOUR + 30 * MINUTE), 48 * HOUR + 30 * MINUTE],
    ['no previous run of a cronjob', '0 12 * * 5', { created: TOP }, at(6 * HOUR), 20 * HOUR],
  ];
  for (const [name, schedule, times, now, want] of cases) {
    it(name, () => assert.equal(nextScheduleTimeDuration(times, now, scheduleOf(schedule), NEWEST), want + 0.1));
  }
});

describe('getJobName (utils_test.go TestGetJobFromTemplate2: the name is `<cronjob>-<minutes since the epoch>`)', () => {
  it('mycronjob at the top of the hour', () => {
    assert.equal(getJobName('mycronjob', TOP), `mycronjob-${TOP / 60}`);
    assert.equal(getJobName('mycronjob', TOP), 'mycronjob-24394200');
  });
  it('seconds within the minute do not change the name', () => assert.equal(getJobName('x', TOP + 59), getJobName('x', TOP)));
});

/** cronjob_controllerv2_test.go: cronJob() and the test's set-up of each case. */
function syncCase(c: {
  concurrencyPolicy: 'Allow' | 'Forbid' | 'Replace'; schedule: string; timeZone?: string; suspend?: boolean; deadline?: number;
  ranPreviously?: boolean; stillActive?: boolean; cronjobCreationTime?: number; lastScheduleTime?: number; now: number; minor?: number;
}) {
  const created = c.cronjobCreationTime ?? (c.ranPreviously ? JUST_BEFORE_THE_PRIOR_HOUR : JUST_BEFORE_THE_HOUR);
  const lastScheduleTime = c.ranPreviously ? c.lastScheduleTime ?? JUST_AFTER_THE_PRIOR_HOUR : undefined;
  const cronJob: JsonObject = {
    metadata: { name: 'mycronjob', namespace: 'snazzycats' },
    spec: {
      schedule: c.schedule, concurrencyPolicy: c.concurrencyPolicy, suspend: c.suspend ?? false,
      ...(c.timeZone ? { timeZone: c.timeZone } : {}), ...(c.deadline !== undefined ? { startingDeadlineSeconds: c.deadline } : {}),
      jobTemplate: { spec: { template: { spec: { containers: [{ image: 'foo/bar' }] } } } },
    },
  };
  return simulateCronJob(cronJob, {
    created: iso(created), ...(lastScheduleTime !== undefined ? { lastScheduleTime: iso(lastScheduleTime) } : {}), now: iso(c.now), activeJobs: c.stillActive ? 1 : 0,
  }, c.minor ?? NEWEST);
}

const JUST_BEFORE_THE_HOUR = Date.parse('2016-05-19T09:59:00Z') / 1000;
const JUST_AFTER_THE_PRIOR_HOUR = Date.parse('2016-05-19T09:01:00Z') / 1000;
const JUST_BEFORE_THE_PRIOR_HOUR = Date.parse('2016-05-19T08:59:00Z') / 1000;
const JUST_AFTER_THE_HOUR = Date.parse('2016-05-19T10:01:00Z') / 1000;
const JUST_BEFORE_THE_NEXT_HOUR = Date.parse('2016-05-19T10:59:00Z') / 1000;
const WEEK_AFTER_THE_HOUR = Date.parse('2016-05-26T10:00:00Z') / 1000;
const ON_THE_HOUR = '0 * * * ?';
const EVERY_HOUR = '@every 1h';
const SHORT = 10;
const MEDIUM = 2 * 60 * 60;
const LONG = 1_000_000;

describe('syncCronJob decisions (cronjob_controllerv2_test.go TestControllerV2SyncCronJob)', () => {
  type Expect = { action: 'create' | 'skip' | 'replace'; reason: string; tooManyMissed?: boolean };
  const cases: [string, Parameters<typeof syncCase>[0], Expect][] = [
    ['never ran, not valid schedule, A', { concurrencyPolicy: 'Allow', schedule: 'obvious error schedule', now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'UnparseableSchedule' }],
    ['never ran, not valid schedule, F', { concurrencyPolicy: 'Forbid', schedule: 'obvious error schedule', now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'UnparseableSchedule' }],
    ['never ran, not valid time zone', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, timeZone: 'bad timezone', now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'UnknownTimeZone' }],
    ['never ran, not time, A', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'NotDue' }],
    ['never ran, not time, F', { concurrencyPolicy: 'Forbid', schedule: ON_THE_HOUR, now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'NotDue' }],
    ['never ran, not time, R', { concurrencyPolicy: 'Replace', schedule: ON_THE_HOUR, now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'NotDue' }],
    ['never ran, not time in zone', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, timeZone: 'America/New_York', now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'NotDue' }],
    ['never ran, is time, A', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, now: JUST_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['never ran, is time, F', { concurrencyPolicy: 'Forbid', schedule: ON_THE_HOUR, now: JUST_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['never ran, is time, R', { concurrencyPolicy: 'Replace', schedule: ON_THE_HOUR, now: JUST_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['never ran, is time in zone, but time zone disabled', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, timeZone: 'America/New_York', now: JUST_AFTER_THE_HOUR, minor: 24 }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['never ran, is time in zone', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, timeZone: 'America/New_York', now: JUST_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['never ran, is time in zone, but TZ is also set in schedule', { concurrencyPolicy: 'Allow', schedule: `TZ=UTC ${ON_THE_HOUR}`, timeZone: 'America/New_York', now: JUST_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['never ran, is time, suspended', { concurrencyPolicy: 'Allow', suspend: true, schedule: ON_THE_HOUR, now: JUST_AFTER_THE_HOUR }, { action: 'skip', reason: 'Suspended' }],
    // The deadline bounds the search: the 10:00 run is never found, so it is not "missed" either (kubernetes#101148).
    ['never ran, is time, past deadline', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, deadline: SHORT, now: JUST_AFTER_THE_HOUR + MINUTE * (SHORT + 1) }, { action: 'skip', reason: 'NotDue' }],
    ['never ran, is time, not past deadline', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, deadline: LONG, now: JUST_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['prev ran but done, not time, A', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, ranPreviously: true, now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'NotDue' }],
    ['prev ran but done, not time, F', { concurrencyPolicy: 'Forbid', schedule: ON_THE_HOUR, ranPreviously: true, now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'NotDue' }],
    ['prev ran but done, not time, R', { concurrencyPolicy: 'Replace', schedule: ON_THE_HOUR, ranPreviously: true, now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'NotDue' }],
    ['prev ran but done, is time, A', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, ranPreviously: true, now: JUST_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['prev ran but done, is time, F', { concurrencyPolicy: 'Forbid', schedule: ON_THE_HOUR, ranPreviously: true, now: JUST_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['prev ran but done, is time, R', { concurrencyPolicy: 'Replace', schedule: ON_THE_HOUR, ranPreviously: true, now: JUST_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['prev ran but done, is time, suspended', { concurrencyPolicy: 'Allow', suspend: true, schedule: ON_THE_HOUR, ranPreviously: true, now: JUST_AFTER_THE_HOUR }, { action: 'skip', reason: 'Suspended' }],
    ['prev ran but done, is time, past deadline', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, deadline: SHORT, ranPreviously: true, now: JUST_AFTER_THE_HOUR }, { action: 'skip', reason: 'NotDue' }],
    ['prev ran but done, is time, not past deadline', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, deadline: LONG, ranPreviously: true, now: JUST_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['still active, not time, A', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, ranPreviously: true, stillActive: true, now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'NotDue' }],
    ['still active, not time, F', { concurrencyPolicy: 'Forbid', schedule: ON_THE_HOUR, ranPreviously: true, stillActive: true, now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'NotDue' }],
    ['still active, not time, R', { concurrencyPolicy: 'Replace', schedule: ON_THE_HOUR, ranPreviously: true, stillActive: true, now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'NotDue' }],
    ['still active, is time, A', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, ranPreviously: true, stillActive: true, now: JUST_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['still active, is time, F', { concurrencyPolicy: 'Forbid', schedule: ON_THE_HOUR, ranPreviously: true, stillActive: true, now: JUST_AFTER_THE_HOUR }, { action: 'skip', reason: 'JobAlreadyActive' }],
    ['still active, is time, R', { concurrencyPolicy: 'Replace', schedule: ON_THE_HOUR, ranPreviously: true, stillActive: true, now: JUST_AFTER_THE_HOUR }, { action: 'replace', reason: 'ReplaceConcurrent' }],
    ['still active, is time, suspended', { concurrencyPolicy: 'Allow', suspend: true, schedule: ON_THE_HOUR, ranPreviously: true, stillActive: true, now: JUST_AFTER_THE_HOUR }, { action: 'skip', reason: 'Suspended' }],
    ['still active, is time, past deadline', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, deadline: SHORT, ranPreviously: true, stillActive: true, now: JUST_AFTER_THE_HOUR }, { action: 'skip', reason: 'NotDue' }],
    ['still active, is time, not past deadline', { concurrencyPolicy: 'Allow', schedule: ON_THE_HOUR, deadline: LONG, ranPreviously: true, stillActive: true, now: JUST_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ...(['Allow', 'Replace', 'Forbid'] as const).flatMap((policy): [string, Parameters<typeof syncCase>[0], Expect][] => [
      [`prev ran but done, long overdue, not past deadline, ${policy[0]}`, { concurrencyPolicy: policy, schedule: ON_THE_HOUR, deadline: LONG, ranPreviously: true, now: WEEK_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate', tooManyMissed: true }],
      [`prev ran but done, long overdue, no deadline, ${policy[0]}`, { concurrencyPolicy: policy, schedule: ON_THE_HOUR, ranPreviously: true, now: WEEK_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate', tooManyMissed: true }],
      [`prev ran but done, long overdue, past medium deadline, ${policy[0]}`, { concurrencyPolicy: policy, schedule: ON_THE_HOUR, deadline: MEDIUM, ranPreviously: true, now: WEEK_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate', tooManyMissed: false }],
      [`prev ran but done, long overdue, past short deadline, ${policy[0]}`, { concurrencyPolicy: policy, schedule: ON_THE_HOUR, deadline: SHORT, ranPreviously: true, now: WEEK_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate', tooManyMissed: false }],
    ]),
    ['with @every schedule, never ran, not time', { concurrencyPolicy: 'Allow', schedule: EVERY_HOUR, cronjobCreationTime: JUST_BEFORE_THE_HOUR, now: TOP }, { action: 'skip', reason: 'NotDue' }],
    ['with @every schedule, never ran, is time', { concurrencyPolicy: 'Allow', schedule: EVERY_HOUR, cronjobCreationTime: JUST_BEFORE_THE_PRIOR_HOUR, now: JUST_BEFORE_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['with @every schedule, never ran, is time, past deadline', { concurrencyPolicy: 'Allow', schedule: EVERY_HOUR, deadline: SHORT, cronjobCreationTime: JUST_BEFORE_THE_PRIOR_HOUR, now: JUST_BEFORE_THE_HOUR + SHORT + 1 }, { action: 'skip', reason: 'NotDue' }],
    ['with @every schedule, never ran, is time, not past deadline', { concurrencyPolicy: 'Allow', schedule: EVERY_HOUR, deadline: LONG, cronjobCreationTime: JUST_BEFORE_THE_PRIOR_HOUR, now: JUST_BEFORE_THE_HOUR + SHORT - 1 }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['with @every schedule, prev ran but done, not time', { concurrencyPolicy: 'Allow', schedule: EVERY_HOUR, ranPreviously: true, cronjobCreationTime: JUST_BEFORE_THE_PRIOR_HOUR, lastScheduleTime: JUST_BEFORE_THE_HOUR, now: TOP }, { action: 'skip', reason: 'NotDue' }],
    ['with @every schedule, prev ran but done, is time', { concurrencyPolicy: 'Allow', schedule: EVERY_HOUR, ranPreviously: true, cronjobCreationTime: JUST_BEFORE_THE_PRIOR_HOUR, lastScheduleTime: JUST_BEFORE_THE_HOUR, now: TOP + HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['with @every schedule, prev ran but done, is time, past deadline', { concurrencyPolicy: 'Allow', schedule: EVERY_HOUR, deadline: SHORT, ranPreviously: true, cronjobCreationTime: JUST_BEFORE_THE_PRIOR_HOUR, lastScheduleTime: JUST_BEFORE_THE_HOUR, now: JUST_BEFORE_THE_NEXT_HOUR + SHORT + 1 }, { action: 'skip', reason: 'NotDue' }],
    ['with @every schedule, still active, not time', { concurrencyPolicy: 'Allow', schedule: EVERY_HOUR, ranPreviously: true, stillActive: true, cronjobCreationTime: JUST_BEFORE_THE_PRIOR_HOUR, lastScheduleTime: JUST_BEFORE_THE_HOUR, now: TOP }, { action: 'skip', reason: 'NotDue' }],
    ['with @every schedule, still active, is time', { concurrencyPolicy: 'Allow', schedule: EVERY_HOUR, ranPreviously: true, stillActive: true, cronjobCreationTime: JUST_BEFORE_THE_PRIOR_HOUR, lastScheduleTime: JUST_BEFORE_THE_PRIOR_HOUR, now: JUST_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['with @every schedule, still active, is time, past deadline', { concurrencyPolicy: 'Allow', schedule: EVERY_HOUR, deadline: SHORT, ranPreviously: true, stillActive: true, cronjobCreationTime: JUST_BEFORE_THE_PRIOR_HOUR, lastScheduleTime: JUST_BEFORE_THE_HOUR, now: JUST_BEFORE_THE_NEXT_HOUR + SHORT + 1 }, { action: 'skip', reason: 'NotDue' }],
    ['with @every schedule, still active, is time, not past deadline', { concurrencyPolicy: 'Allow', schedule: EVERY_HOUR, deadline: LONG, ranPreviously: true, stillActive: true, cronjobCreationTime: JUST_BEFORE_THE_PRIOR_HOUR, lastScheduleTime: JUST_BEFORE_THE_HOUR, now: JUST_BEFORE_THE_NEXT_HOUR + SHORT - 1 }, { action: 'create', reason: 'SuccessfulCreate' }],
    ['with @every schedule, prev ran but done, long overdue, no deadline', { concurrencyPolicy: 'Allow', schedule: EVERY_HOUR, ranPreviously: true, cronjobCreationTime: JUST_AFTER_THE_PRIOR_HOUR, lastScheduleTime: JUST_AFTER_THE_HOUR, now: WEEK_AFTER_THE_HOUR }, { action: 'create', reason: 'SuccessfulCreate', tooManyMissed: true }],
    ['with @every schedule, prev ran but done, long overdue, past deadline', { concurrencyPolicy: 'Allow', schedule: EVERY_HOUR, deadline: SHORT, ranPreviously: true, cronjobCreationTime: JUST_AFTER_THE_PRIOR_HOUR, lastScheduleTime: JUST_AFTER_THE_HOUR, now: WEEK_AFTER_THE_HOUR + MINUTE + SHORT + 1 }, { action: 'skip', reason: 'NotDue' }],
  ];
  // expectedRequeueDuration of each case (nextScheduleTimeDuration: the next schedule time plus nextScheduleDelta, 100 ms,
  // less now), in seconds; null where the upstream case expects no requeue (expectRequeueAfter false).
  const M = 60;
  const H = 3600;
  const D = 0.1;
  const r = (seconds: number) => Math.round((seconds + D) * 1000) / 1000;
  const requeue: Record<string, number | null> = {
    'never ran, not valid schedule, A': null, 'never ran, not valid schedule, F': null, 'never ran, not valid schedule, R': null, 'never ran, not valid time zone': null,
    'never ran, not time, A': r(M), 'never ran, not time, F': r(M), 'never ran, not time, R': r(M), 'never ran, not time in zone': r(M),
    'never ran, is time, A': r(H - M), 'never ran, is time, F': r(H - M), 'never ran, is time, R': r(H - M),
    'never ran, is time in zone, but time zone disabled': r(H - M), 'never ran, is time in zone': r(H - M), 'never ran, is time in zone, but TZ is also set in schedule': r(H - M),
    'never ran, is time, suspended': null, 'never ran, is time, past deadline': r(H - M - M * (SHORT + 1)), 'never ran, is time, not past deadline': r(H - M),
    'prev ran but done, not time, A': r(M), 'prev ran but done, not time, F': r(M), 'prev ran but done, not time, R': r(M),
    'prev ran but done, is time, A': r(H - M), 'prev ran but done, is time, F': r(H - M), 'prev ran but done, is time, R': r(H - M),
    'prev ran but done, is time, suspended': null, 'prev ran but done, is time, past deadline': r(H - M), 'prev ran but done, is time, not past deadline': r(H - M),
    'still active, not time, A': r(M), 'still active, not time, F': r(M), 'still active, not time, R': r(M),
    'still active, is time, A': r(H - M), 'still active, is time, F': r(H - M), 'still active, is time, R': r(H - M),
    'still active, is time, suspended': null, 'still active, is time, past deadline': r(H - M), 'still active, is time, not past deadline': r(H - M),
    ...Object.fromEntries(['A', 'R', 'F'].flatMap((p) => ['not past deadline', 'no deadline', 'past medium deadline', 'past short deadline'].map((d) => [`prev ran but done, long overdue, ${d}, ${p}`, r(H)]))),
    'with @every schedule, never ran, not time': r(H - M), 'with @every schedule, never ran, is time': r(H),
    'with @every schedule, never ran, is time, past deadline': r(H - (SHORT + 1)), 'with @every schedule, never ran, is time, not past deadline': r(H - (SHORT - 1)),
    'with @every schedule, prev ran but done, not time': r(H - M), 'with @every schedule, prev ran but done, is time': r(H - M),
    'with @every schedule, prev ran but done, is time, past deadline': r(H - (SHORT + 1)),
    'with @every schedule, still active, not time': r(H - M), 'with @every schedule, still active, is time': r(H - 2 * M),
    'with @every schedule, still active, is time, past deadline': r(H - (SHORT + 1)), 'with @every schedule, still active, is time, not past deadline': r(H - (SHORT - 1)),
    'with @every schedule, prev ran but done, long overdue, no deadline': r(M), 'with @every schedule, prev ran but done, long overdue, past deadline': r(H - (SHORT + 1)),
  };
  cases.push(['never ran, not valid schedule, R', { concurrencyPolicy: 'Forbid', schedule: 'obvious error schedule', now: JUST_BEFORE_THE_HOUR }, { action: 'skip', reason: 'UnparseableSchedule' }]);
  for (const [name, setup, expect] of cases) {
    it(name, () => {
      const { decision, jobName } = syncCase(setup);
      assert.ok(name in requeue, `no expected requeue for ${name}`);
      assert.equal(decision.requeueAfter, requeue[name], 'requeueAfter');
      assert.equal(decision.action, expect.action);
      assert.equal(decision.reason, expect.reason);
      if (expect.tooManyMissed !== undefined) assert.equal(decision.tooManyMissed, expect.tooManyMissed);
      assert.equal(jobName === null, expect.action === 'skip');
      if (jobName) assert.equal(jobName, `mycronjob-${Math.floor(Date.parse(decision.scheduledTime ?? '') / 60000)}`);
    });
  }
});

describe('simulateCronJob: the JSON of `kubeassist simulate` for a CronJob', () => {
  const cronJob = (spec: JsonObject): JsonObject => ({ metadata: { name: 'nightly' }, spec: { jobTemplate: { spec: {} }, ...spec } });

  it('the cluster was down for a day: the most recent run starts late, the others are gone', () => {
    const result = simulateCronJob(cronJob({ schedule: '0 3 * * *', timeZone: 'Europe/Berlin' }), {
      created: '2026-01-01T00:00:00Z', lastScheduleTime: '2026-01-01T02:00:00Z', now: '2026-01-03T12:00:00Z', activeJobs: 0,
    }, NEWEST);
    assert.deepEqual(result, {
      next: ['2026-01-04T02:00:00Z', '2026-01-05T02:00:00Z', '2026-01-06T02:00:00Z', '2026-01-07T02:00:00Z', '2026-01-08T02:00:00Z'],
      decision: { action: 'create', reason: 'SuccessfulCreate', scheduledTime: '2026-01-03T02:00:00Z', missed: 2, tooManyMissed: false, requeueAfter: 14 * 3600 + 0.1 },
      jobName: `nightly-${Date.parse('2026-01-03T02:00:00Z') / 60000}`,
    });
  });

  it('next runs follow the zone across daylight saving (Europe/Berlin, 03:00 each day: 02:00Z in winter, 01:00Z in summer)', () => {
    const { next } = simulateCronJob(cronJob({ schedule: '0 3 * * *', timeZone: 'Europe/Berlin' }), { created: '2026-03-01T00:00:00Z', now: '2026-03-27T12:00:00Z', activeJobs: 0 }, NEWEST);
    assert.deepEqual(next, ['2026-03-28T02:00:00Z', '2026-03-29T01:00:00Z', '2026-03-30T01:00:00Z', '2026-03-31T01:00:00Z', '2026-04-01T01:00:00Z']);
  });

  it('a timeZone is dropped by a 1.24 server (CronJobTimeZone alpha): the times are the controller\'s (UTC)', () => {
    const { next } = simulateCronJob(cronJob({ schedule: '0 3 * * *', timeZone: 'Europe/Berlin' }), { created: '2026-01-01T00:00:00Z', now: '2026-01-03T12:00:00Z', activeJobs: 0 }, 24);
    assert.equal(next[0], '2026-01-04T03:00:00Z');
  });

  it('more than 100 missed: a warning, and the latest run still starts (not "stops for good")', () => {
    const { decision } = simulateCronJob(cronJob({ schedule: '*/5 * * * *' }), { created: '2026-01-01T00:00:00Z', now: '2026-01-02T00:01:00Z', activeJobs: 0 }, NEWEST);
    assert.deepEqual(decision, { action: 'create', reason: 'SuccessfulCreate', scheduledTime: '2026-01-02T00:00:00Z', missed: 288, tooManyMissed: true, requeueAfter: 240.1 });
  });

  it('Forbid with a Job still running skips the run; Replace deletes the running Job and creates the new one', () => {
    const scenario = { created: '2026-01-01T00:00:00Z', now: '2026-01-01T01:00:30Z', activeJobs: 1 };
    assert.equal(simulateCronJob(cronJob({ schedule: '0 * * * *', concurrencyPolicy: 'Forbid' }), scenario, NEWEST).decision.reason, 'JobAlreadyActive');
    const replaced = simulateCronJob(cronJob({ schedule: '0 * * * *', concurrencyPolicy: 'Replace' }), scenario, NEWEST);
    assert.equal(replaced.decision.action, 'replace');
    assert.equal(replaced.jobName, `nightly-${Date.parse('2026-01-01T01:00:00Z') / 60000}`);
  });

  it('an @every schedule counts from the last run, not from clock times', () => {
    const result = simulateCronJob(cronJob({ schedule: '@every 90m' }), { created: '2026-01-01T00:10:00Z', now: '2026-01-01T02:00:00Z', activeJobs: 0 }, NEWEST);
    assert.equal(result.decision.scheduledTime, '2026-01-01T01:40:00Z');
    assert.deepEqual(result.next.slice(0, 2), ['2026-01-01T03:10:00Z', '2026-01-01T04:40:00Z']);
  });

  it('a schedule that never comes ("59 23 31 2 *") is an invalid schedule to the controller', () => {
    const result = simulateCronJob(cronJob({ schedule: '59 23 31 2 *' }), { created: '2026-01-01T00:00:00Z', now: '2026-03-01T00:00:00Z', activeJobs: 0 }, NEWEST);
    assert.deepEqual(result.next, []);
    assert.deepEqual(result.decision, { action: 'skip', reason: 'InvalidSchedule', scheduledTime: null, missed: 0, tooManyMissed: false, requeueAfter: null });
  });

  it('scenario times may be Unix seconds too (as behaviour/scenario.ts parses the file)', () => {
    const job = cronJob({ schedule: '0 3 * * *' });
    const seconds = (text: string) => Date.parse(text) / 1000;
    assert.deepEqual(
      simulateCronJob(job, { created: seconds('2026-01-01T00:00:00Z'), now: seconds('2026-01-03T12:00:00Z'), activeJobs: 0 }, NEWEST),
      simulateCronJob(job, { created: '2026-01-01T00:00:00Z', now: '2026-01-03T12:00:00Z', activeJobs: 0 }, NEWEST),
    );
  });

  it('scenario mistakes are named one by one', () => {
    assert.deepEqual(cronJobScenarioProblems({ created: 'yesterday', now: '2026-01-01T00:00:00Z', activeJobs: -1, when: 1 }), [
      '`created` must be an RFC 3339 time such as 2026-01-01T00:00:00Z, not "yesterday"',
      '`activeJobs` must be a whole number of Jobs still running (0 or more), not -1',
      'unknown key `when` (a CronJob scenario has created, lastScheduleTime, now, activeJobs)',
    ]);
    assert.deepEqual(cronJobScenarioProblems({ now: '2026-01-01T00:00:00Z' }), ['`created` is required: an RFC 3339 time such as 2026-01-01T00:00:00Z']);
  });
});
