// The CronJob schedule as the API server reads it (robfig/cron v3.0.1 ParseStandard, called by
// validateScheduleFormat): every form it accepts and every error it gives, word for word; the run times of
// SpecSchedule.Next (the robfig test suite's own expectations, daylight saving included); the words hover
// and inlay hints use; and the time-zone names the server accepts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeSchedule, formatRunTime, readSchedule, scheduleMarkdown, shortSummary } from '../../server/src/service/features/schedule';
import { neverRuns, nextRun, parseGoDuration, parseStandard, type CronSchedule, type SpecSchedule } from '../../server/src/service/kube/cron';
import { isKnownTimeZone, loadLocation, TIME_ZONE_NAMES, timeZoneProblem } from '../../server/src/service/kube/timeZones';

function parsed(schedule: string): CronSchedule {
  const result = parseStandard(schedule);
  assert.ok('schedule' in result, `${JSON.stringify(schedule)} should parse: ${'error' in result ? result.error : ''}`);
  return result.schedule;
}

function spec(schedule: string): SpecSchedule {
  const result = parsed(schedule);
  assert.equal(result.kind, 'spec');
  return result as SpecSchedule;
}

const values = (field: { values: ReadonlySet<number> }) => [...field.values].sort((a, b) => a - b);
const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

describe('ParseStandard: what it accepts', () => {
  const accepted: [string, Partial<Record<'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek', number[]>>, string?][] = [
    ['0 3 * * *', { minute: [0], hour: [3], dayOfMonth: range(1, 31), month: range(1, 12), dayOfWeek: range(0, 6) }],
    ['*/15 * * * *', { minute: [0, 15, 30, 45] }],
    ['5/15 * * * *', { minute: [5, 20, 35, 50] }, '`n/step` runs to the end of the field'],
    ['0 9-17 * * 1-5', { hour: range(9, 17), dayOfWeek: range(1, 5) }],
    ['1-10/3 * * * *', { minute: [1, 4, 7, 10] }],
    ['0 0 1,15 * *', { dayOfMonth: [1, 15] }],
    ['0 0 1,,15, * *', { dayOfMonth: [1, 15] }, 'empty list items are skipped'],
    ['0 0 ? * MON-FRI', { dayOfMonth: range(1, 31), dayOfWeek: range(1, 5) }, '`?` is `*`; names in any case'],
    ['0 0 * jan,Jul,DEC *', { month: [1, 7, 12] }],
    ['0 0 * * sun,sat', { dayOfWeek: [0, 6] }],
    ['+5 007 * * *', { minute: [5], hour: [7] }, 'strconv.Atoi takes a sign and leading zeros'],
    ['*-5 * * * *', { minute: range(0, 59) }, 'after `*` the rest of a range is ignored'],
    ['*/1 * * * *', { minute: range(0, 59) }],
    ['? ? ? ? ?', { minute: range(0, 59), hour: range(0, 23) }],
    ['0\t3\u00a0* * *', { minute: [0], hour: [3] }, 'fields split on Go white space'],
    ['  0 3 * * *  ', { minute: [0], hour: [3] }],
    ['@yearly', { minute: [0], hour: [0], dayOfMonth: [1], month: [1], dayOfWeek: range(0, 6) }],
    ['@annually', { dayOfMonth: [1], month: [1] }],
    ['@monthly', { dayOfMonth: [1], month: range(1, 12) }],
    ['@weekly', { dayOfWeek: [0] }],
    ['@daily', { minute: [0], hour: [0] }],
    ['@midnight', { minute: [0], hour: [0] }],
    ['@hourly', { minute: [0], hour: range(0, 23) }],
    ['TZ=UTC @daily', { hour: [0] }],
    ['CRON_TZ=Asia/Tokyo 0 5 * * *', { hour: [5] }],
    ['CRON_TZ=UTC  0 3 * * *', { hour: [3] }, 'spaces after the prefix are trimmed'],
    ['TZ= 0 * * * *', { minute: [0] }, 'an empty zone loads as UTC'],
  ];
  for (const [schedule, fields, why] of accepted) {
    it(`${JSON.stringify(schedule)}${why ? `: ${why}` : ''}`, () => {
      const result = spec(schedule);
      for (const [field, expected] of Object.entries(fields)) assert.deepEqual(values(result[field as keyof typeof fields]), expected, field);
    });
  }

  it('keeps `*` (and `?`, and a step of 1) apart from a list of every value: the day rule reads it', () => {
    assert.equal(spec('0 0 * * 1').dayOfMonth.star, true);
    assert.equal(spec('0 0 1-31 * 1').dayOfMonth.star, false);
    assert.equal(spec('0 0 */1 * 1').dayOfMonth.star, true);
    assert.equal(spec('0 0 */2 * 1').dayOfMonth.star, false);
    assert.equal(spec('0 0 ? * 1').dayOfMonth.star, true);
  });

  it('reads `@every` as a Go duration, at least one second, without fractions', () => {
    const every = (text: string) => { const result = parsed(text); assert.equal(result.kind, 'every'); return result.kind === 'every' ? result.seconds : -1; };
    assert.equal(every('@every 1h30m'), 5400);
    assert.equal(every('@every 90s'), 90);
    assert.equal(every('@every 1.5h'), 5400);
    assert.equal(every('@every .5h'), 1800);
    assert.equal(every('@every 1.h'), 3600);
    assert.equal(every('@every 2500ms'), 2);
    assert.equal(every('@every 500ms'), 1);
    assert.equal(every('@every -5m'), 1);
    assert.equal(every('@every 0'), 1);
    assert.equal(every('@every 1h1µs'), 3600);
  });

  it('keeps the zone of a `TZ=` / `CRON_TZ=` prefix', () => {
    assert.equal(spec('CRON_TZ=Europe/Berlin 0 3 * * *').prefixZone, 'Europe/Berlin');
    assert.equal(spec('TZ= 0 3 * * *').prefixZone, '');
    assert.equal(spec('0 3 * * *').prefixZone, undefined);
  });
});

describe('ParseStandard: what it refuses, with its own words', () => {
  const refused: [string, string][] = [
    ['', 'empty spec string'],
    ['0 3 * * 7', 'end of range (7) above maximum (6): 7'],
    ['60 * * * *', 'end of range (60) above maximum (59): 60'],
    ['0 24 * * *', 'end of range (24) above maximum (23): 24'],
    ['0 0 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['0 0 32 * *', 'end of range (32) above maximum (31): 32'],
    ['0 0 1 0 *', 'beginning of range (0) below minimum (1): 0'],
    ['0 0 1 13 *', 'end of range (13) above maximum (12): 13'],
    ['5-3 * * * *', 'beginning of range (5) beyond end of range (3): 5-3'],
    ['60/5 * * * *', 'beginning of range (60) beyond end of range (59): 60/5'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['*/-12 * * * *', 'negative number (-12) not allowed: -12'],
    ['*//2 * * * *', 'too many slashes: *//2'],
    ['5--5 * * * *', 'too many hyphens: 5--5'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['0 0 * jan-x *', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
    ['x * * * *', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
    ['-5 * * * *', 'failed to parse int from : strconv.Atoi: parsing "": invalid syntax'],
    ['1.5 * * * *', 'failed to parse int from 1.5: strconv.Atoi: parsing "1.5": invalid syntax'],
    ['99999999999999999999 * * * *', 'failed to parse int from 99999999999999999999: strconv.Atoi: parsing "99999999999999999999": value out of range'],
    ['0 0 MON * *', 'failed to parse int from MON: strconv.Atoi: parsing "MON": invalid syntax'],
    ['0 0 * * 1-5 2024', 'expected exactly 5 fields, found 6: [0 0 * * 1-5 2024]'],
    ['* * * *', 'expected exactly 5 fields, found 4: [* * * *]'],
    ['0 0 3 * * *', 'expected exactly 5 fields, found 6: [0 0 3 * * *]'],
    ['0 0 L * *', 'failed to parse int from L: strconv.Atoi: parsing "L": invalid syntax'],
    ['0 0 1W * *', 'failed to parse int from 1W: strconv.Atoi: parsing "1W": invalid syntax'],
    ['0 0 * * MON#2', 'failed to parse int from MON#2: strconv.Atoi: parsing "MON#2": invalid syntax'],
    ['@Daily', 'unrecognized descriptor: @Daily'],
    ['@daily ', 'unrecognized descriptor: @daily '],
    [' @daily', 'expected exactly 5 fields, found 1: [@daily]'],
    ['@every', 'unrecognized descriptor: @every'],
    ['@every 1d', 'failed to parse duration @every 1d: time: unknown unit "d" in duration "1d"'],
    ['@every 5', 'failed to parse duration @every 5: time: missing unit in duration "5"'],
    ['@every .h', 'failed to parse duration @every .h: time: invalid duration ".h"'],
    ['@every ', 'failed to parse duration @every : time: invalid duration ""'],
    ['@every  1h', 'failed to parse duration @every  1h: time: invalid duration " 1h"'],
    ['TZ=Mars/Olympus 0 * * * *', 'provided bad location Mars/Olympus: unknown time zone Mars/Olympus'],
    ['CRON_TZ=../etc 0 * * * *', 'provided bad location ../etc: time: invalid location name'],
  ];
  for (const [schedule, error] of refused) {
    it(JSON.stringify(schedule), () => assert.deepEqual(parseStandard(schedule), { error }));
  }

  it('refuses a `TZ=` prefix without a space (the Go parser slices out of range and the server fails)', () => {
    const result = parseStandard('TZ=UTC');
    assert.ok('error' in result && result.error.includes('without a space'));
  });
});

describe('Go durations (time.ParseDuration)', () => {
  it('reads every unit, fractions and signs', () => {
    const ns = (text: string) => { const result = parseGoDuration(text); return 'nanoseconds' in result ? result.nanoseconds : result.error; };
    assert.equal(ns('1ns'), 1n);
    assert.equal(ns('1us'), 1000n);
    assert.equal(ns('1µs'), 1000n);
    assert.equal(ns('1μs'), 1000n);
    assert.equal(ns('1ms'), 1_000_000n);
    assert.equal(ns('1h2m3s'), 3_723_000_000_000n);
    assert.equal(ns('+1s'), 1_000_000_000n);
    assert.equal(ns('-1.5s'), -1_500_000_000n);
    assert.equal(ns('0'), 0n);
    assert.equal(ns('-0'), 0n);
    assert.equal(ns('3000000h'), 'time: invalid duration "3000000h"');
    assert.equal(ns('1x'), 'time: unknown unit "x" in duration "1x"');
    assert.equal(ns('1hé'), 'time: unknown unit "h\\xc3\\xa9" in duration "1h\\xc3\\xa9"');
  });
});

describe('When it runs (SpecSchedule.Next)', () => {
  const at = (text: string) => Date.parse(text.replace(/([+-]\d\d)(\d\d)$/, '$1:$2')) / 1000;
  // From robfig/cron v3.0.1 spec_test.go (TestNext, TestActivation), with its seconds field of 0 dropped.
  const runs: [from: string, schedule: string, zone: string, next: string | undefined][] = [
    ['2012-07-09T14:45:00Z', '0/15 * * * *', 'UTC', '2012-07-09T15:00:00Z'],
    ['2012-07-09T14:59:59Z', '0/15 * * * *', 'UTC', '2012-07-09T15:00:00Z'],
    ['2012-07-09T15:45:00Z', '20-35/15 * * * *', 'UTC', '2012-07-09T16:20:00Z'],
    ['2012-07-09T23:46:00Z', '*/15 * * * *', 'UTC', '2012-07-10T00:00:00Z'],
    ['2012-07-09T23:35:00Z', '0 0 9 Apr-Oct ?', 'UTC', '2012-08-09T00:00:00Z'],
    ['2012-07-09T23:35:00Z', '0 0 */5 Apr,Aug,Oct Mon', 'UTC', '2012-08-01T00:00:00Z'],
    ['2012-07-09T23:35:00Z', '0 0 */5 Oct Mon', 'UTC', '2012-10-01T00:00:00Z'],
    ['2012-07-09T23:35:00Z', '0 0 * Feb Mon', 'UTC', '2013-02-04T00:00:00Z'],
    ['2012-07-09T23:35:00Z', '0 0 * Feb Mon/2', 'UTC', '2013-02-01T00:00:00Z'],
    ['2012-12-31T23:59:45Z', '* * * * *', 'UTC', '2013-01-01T00:00:00Z'],
    ['2012-07-09T23:35:00Z', '0 0 29 Feb ?', 'UTC', '2016-02-29T00:00:00Z'],
    ['2012-07-09T23:35:00Z', '0 0 30 Feb ?', 'UTC', undefined],
    ['2012-07-09T23:35:00Z', '0 0 31 Apr ?', 'UTC', undefined],
    // Daylight saving: 2am EST -> 3am EDT.
    ['2012-03-11T00:00:00-0500', '30 2 11 Mar ?', 'America/New_York', '2013-03-11T02:30:00-0400'],
    ['2012-03-11T00:00:00-0500', '0 * * * ?', 'America/New_York', '2012-03-11T01:00:00-0500'],
    ['2012-03-11T01:00:00-0500', '0 * * * ?', 'America/New_York', '2012-03-11T03:00:00-0400'],
    ['2012-03-11T03:00:00-0400', '0 * * * ?', 'America/New_York', '2012-03-11T04:00:00-0400'],
    ['2012-03-11T01:00:00-0500', '0 1 * * ?', 'America/New_York', '2012-03-12T01:00:00-0400'],
    ['2012-03-11T00:00:00-0500', '0 2 * * ?', 'America/New_York', '2012-03-12T02:00:00-0400'],
    // 2am EDT -> 1am EST: the repeated hour runs twice.
    ['2012-11-04T00:00:00-0400', '30 2 04 Nov ?', 'America/New_York', '2012-11-04T02:30:00-0500'],
    ['2012-11-04T01:45:00-0400', '30 1 04 Nov ?', 'America/New_York', '2012-11-04T01:30:00-0500'],
    ['2012-11-04T01:00:00-0400', '0 * * * ?', 'America/New_York', '2012-11-04T01:00:00-0500'],
    ['2012-11-04T01:00:00-0400', '0 1 * * ?', 'America/New_York', '2012-11-04T01:00:00-0500'],
    ['2012-11-04T01:00:00-0500', '0 1 * * ?', 'America/New_York', '2012-11-05T01:00:00-0500'],
    ['2012-11-04T00:00:00-0400', '0 2 * * ?', 'America/New_York', '2012-11-04T02:00:00-0500'],
    ['2012-11-04T00:00:00-0400', '0 3 3 * ?', 'America/New_York', '2012-12-03T03:00:00-0500'],
    // Midnight that daylight saving skips (robfig issue 157).
    ['2018-10-17T05:00:00-0400', '0 9 10 * ?', 'America/Sao_Paulo', '2018-11-10T06:00:00-0500'],
    ['2018-02-14T05:00:00-0500', '0 9 22 * ?', 'America/Sao_Paulo', '2018-02-22T07:00:00-0500'],
    ['2016-01-03T13:09:03+0530', '14 14 * * *', 'Asia/Kolkata', '2016-01-03T14:14:00+0530'],
  ];
  for (const [from, schedule, zone, next] of runs) {
    it(`${schedule} in ${zone} after ${from}: ${next ?? 'never'}`, () => {
      assert.equal(nextRun(spec(schedule), at(from), zone), next === undefined ? undefined : at(next));
    });
  }

  it('reads the day fields as the server does: with `*` in one both must match, otherwise either', () => {
    const matches = (schedule: string, day: string) => nextRun(spec(schedule), at(day) - 1, 'UTC') === at(day);
    assert.equal(matches('0 0 1,15 * Sun', '2012-07-15T00:00:00Z'), true);
    assert.equal(matches('0 0 1,15 * Sun', '2012-06-15T00:00:00Z'), true);
    assert.equal(matches('0 0 1,15 * Sun', '2012-08-01T00:00:00Z'), true);
    assert.equal(matches('0 0 */10 * Sun', '2012-07-15T00:00:00Z'), true);
    assert.equal(matches('0 0 * * Mon', '2012-07-15T00:00:00Z'), false);
    assert.equal(matches('0 0 1,15 * *', '2012-07-09T00:00:00Z'), false);
    assert.equal(matches('0 0 */2 * Sun', '2012-07-15T00:00:00Z'), true);
  });

  it('knows a schedule that no date matches', () => {
    assert.equal(neverRuns(spec('0 0 30 2 *')), true);
    assert.equal(neverRuns(spec('0 0 31 4,6,9,11 *')), true);
    assert.equal(neverRuns(spec('0 , * * *')), true);
    assert.equal(neverRuns(spec('0 0 29 2 *')), false);
    assert.equal(neverRuns(spec('0 0 31 * *')), false);
    assert.equal(neverRuns(spec('0 0 30 2 1')), false, 'either day field matching is enough: every Monday of February');
    assert.equal(neverRuns(spec('0 0 30 2 ?')), true);
  });
});

describe('A schedule in words', () => {
  const table: [string, string][] = [
    ['0 3 * * *', 'at 03:00 every day'],
    ['*/15 * * * *', 'every 15 minutes'],
    ['5/15 * * * *', 'every 15 minutes from minute 5'],
    ['* * * * *', 'every minute'],
    ['@hourly', 'at minute 0 of every hour'],
    ['0 */2 * * *', 'every 2 hours at minute 0'],
    ['0 9 * * 1-5', 'at 09:00 on Monday to Friday'],
    ['*/10 9-17 * * 1-5', 'every 10 minutes from 09:00 to 17:59 on Monday to Friday'],
    ['0,30 9,17 * * *', 'at 09:00, 09:30, 17:00 and 17:30 every day'],
    ['30 8 1,15 * *', 'at 08:30 on days 1 and 15 of the month'],
    ['0 0 1 * 0', 'at 00:00 on day 1 of the month, and also on Sunday'],
    ['0 0 1-31 * 1', 'at 00:00 every day'],
    ['@weekly', 'at 00:00 on Sunday'],
    ['0 0 1 1,4,7,10 *', 'at 00:00 on day 1 of January, April, July and October'],
    ['*/5 * * 12 *', 'every 5 minutes in December'],
    ['@every 1h30m', "every 1h30m, counted from when the CronJob was created (not at fixed clock times)"],
  ];
  for (const [schedule, words] of table) it(`${schedule}: ${words}`, () => assert.equal(describeSchedule(parsed(schedule)), words));

  it('names the time zone in the short summary: the prefix, timeZone, or the controller\'s', () => {
    assert.equal(shortSummary(readSchedule('0 3 * * *', 'Europe/Berlin')!), 'at 03:00 every day (Europe/Berlin)');
    assert.equal(shortSummary(readSchedule('0 3 * * *', undefined)!), 'at 03:00 every day (controller time zone, usually UTC)');
    assert.equal(shortSummary(readSchedule('CRON_TZ=Asia/Tokyo 0 3 * * *', 'Europe/Berlin')!), 'at 03:00 every day (Asia/Tokyo)');
    assert.equal(readSchedule('0 3 * * 7', undefined), undefined);
  });

  it('lists the next three runs on the zone\'s clock, across a daylight-saving change', () => {
    const now = Date.UTC(2026, 2, 27, 10, 0, 0) / 1000;
    assert.equal(scheduleMarkdown(readSchedule('0 3 * * *', 'Europe/Berlin')!, now), [
      '**Runs at 03:00 every day**, in the time zone `Europe/Berlin`.',
      'Next runs, from Fri 2026-03-27 11:00 (UTC+01:00):\n- Sat 2026-03-28 03:00 (UTC+01:00)\n- Sun 2026-03-29 03:00 (UTC+02:00)\n- Mon 2026-03-30 03:00 (UTC+02:00)',
    ].join('\n\n'));
    assert.equal(formatRunTime(now, 'UTC'), 'Fri 2026-03-27 10:00 UTC');
  });
});

describe('Time zones (validateTimeZone, time.LoadLocation)', () => {
  it('knows every IANA name, links included, and the runtime can compute each (but Factory)', () => {
    assert.ok(TIME_ZONE_NAMES.length >= 590);
    for (const name of ['UTC', 'Etc/UTC', 'GMT', 'Zulu', 'US/Eastern', 'Asia/Calcutta', 'Asia/Kolkata', 'Europe/Kyiv', 'Europe/Kiev', 'EST5EDT', 'Etc/GMT+5', 'America/Argentina/ComodRivadavia']) {
      assert.ok(isKnownTimeZone(name), name);
    }
    const unknownToRuntime = TIME_ZONE_NAMES.filter((name) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: name });
        return false;
      } catch {
        return true;
      }
    });
    assert.deepEqual(unknownToRuntime, ['Factory']);
  });

  it('holds every canonical zone the runtime knows', () => {
    const known = new Set(TIME_ZONE_NAMES);
    assert.deepEqual(Intl.supportedValuesOf('timeZone').filter((name) => !known.has(name) && name.includes('/') && !name.startsWith('SystemV/')), []);
  });

  it('refuses what Go refuses although the runtime takes it: another case, old ICU names, dropped links, offsets', () => {
    for (const name of ['america/new_york', 'SystemV/AST4', 'US/Pacific-New', 'Canada/East-Saskatchewan', '+05:00', 'GMT+5', 'Europe/Berlin/']) {
      assert.equal(timeZoneProblem(name)?.kind, 'unknown', name);
    }
  });

  it('says what validateTimeZone says', () => {
    assert.deepEqual(timeZoneProblem(''), { kind: 'empty', serverDetail: 'timeZone must be nil or non-empty string' });
    assert.equal(timeZoneProblem('Local')?.kind, 'local');
    assert.equal(timeZoneProblem('lOcAl')?.kind, 'local');
    assert.deepEqual(timeZoneProblem('europe/paris'), { kind: 'unknown', serverDetail: 'unknown time zone europe/paris', closest: 'Europe/Paris' });
    assert.equal(timeZoneProblem('Europe/Berlin'), undefined);
    assert.equal(timeZoneProblem(`Europe/${'B'.repeat(15)}`)?.kind, 'unknown', 'a part of 15 characters');
    assert.equal(timeZoneProblem('posix/Europe/Berlin'), undefined, 'a zoneinfo folder may hold it: not judged');
  });

  it('loads locations as the `TZ=` prefix does (time.LoadLocation)', () => {
    assert.equal(loadLocation(''), undefined);
    assert.equal(loadLocation('Local'), undefined);
    assert.equal(loadLocation('UTC'), undefined);
    assert.equal(loadLocation('Asia/Tokyo'), undefined);
    assert.equal(loadLocation('../etc/passwd'), 'time: invalid location name');
    assert.equal(loadLocation('Mars/Olympus'), 'unknown time zone Mars/Olympus');
  });
});
