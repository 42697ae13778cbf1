// The most recent schedule time a CronJob missed, and how many it missed: pkg/controller/cronjob/utils.go,
// mostRecentScheduleTime (1.25+: kubernetes#118724, merged for 1.28 and cherry-picked into 1.25-1.27) and the
// getNextScheduleTime / getMostRecentScheduleTime pair it replaced (1.23, 1.24). Times are epoch seconds.
import { scheduleNext, type ControllerSchedule } from './schedule';

/** The first release whose controller finds the most recent time by walking the schedule (kubernetes#118724). */
export const WALKS_MISSED_SCHEDULES_FROM = 25;

/** More missed schedules than this: the warning event TooManyMissedTimes (the latest still runs). */
export const TOO_MANY_MISSED = 100;

export interface CronJobTimes {
  /** metadata.creationTimestamp */
  created: number;
  /** status.lastScheduleTime */
  lastScheduleTime?: number;
  /** spec.startingDeadlineSeconds */
  startingDeadlineSeconds?: number;
}

export interface MostRecent {
  /** The last schedule time or the creation time, moved up to now - startingDeadlineSeconds when that is later. */
  earliestTime: number;
  /** The most recent time a Job should have been created, at or before now; undefined when none. */
  mostRecentTime?: number;
  /**
   * The controller's count of schedule times since earliestTime (0: none due, 1: only the next one): the interval
   * between the first two is taken as the interval of all, so an irregular schedule can be miscounted.
   */
  missed: number;
  /** The schedule's times are less than a second apart or never come ("59 23 31 2 *"): the controller gives up. */
  error?: string;
}

/** The earliest time considered: lastScheduleTime or creation, and now - startingDeadlineSeconds when later. */
function earliestTimeOf(cronJob: CronJobTimes, nowSeconds: number, includeStartingDeadlineSeconds: boolean): number {
  let earliest = cronJob.lastScheduleTime ?? cronJob.created;
  if (includeStartingDeadlineSeconds && cronJob.startingDeadlineSeconds !== undefined) {
    const schedulingDeadline = nowSeconds - cronJob.startingDeadlineSeconds;
    if (schedulingDeadline > earliest) earliest = schedulingDeadline;
  }
  return earliest;
}

const INTERVAL_ERROR = 'time difference between two schedules is less than 1 second';

/**
 * mostRecentScheduleTime (1.25+). robfig's Next returns Go's zero time when nothing comes within five years;
 * then `now.Before(t1)` is false and the interval is zero, so the result is the interval error.
 */
export function mostRecentScheduleTime(cronJob: CronJobTimes, nowSeconds: number, schedule: ControllerSchedule, includeStartingDeadlineSeconds: boolean): MostRecent {
  const earliestTime = earliestTimeOf(cronJob, nowSeconds, includeStartingDeadlineSeconds);
  const t1 = scheduleNext(schedule, earliestTime);
  if (t1 === undefined) return { earliestTime, missed: 0, error: INTERVAL_ERROR };
  const t2 = scheduleNext(schedule, t1);
  if (nowSeconds < t1) return { earliestTime, missed: 0 };
  if (t2 === undefined) return { earliestTime, missed: 0, error: INTERVAL_ERROR };
  if (nowSeconds < t2) return { earliestTime, mostRecentTime: t1, missed: 1 };
  const timeBetweenTwoSchedules = Math.round(t2 - t1);
  if (timeBetweenTwoSchedules < 1) return { earliestTime, missed: 0, error: INTERVAL_ERROR };
  const timeElapsed = Math.trunc(nowSeconds - t1);
  const numberOfMissedSchedules = Math.trunc(timeElapsed / timeBetweenTwoSchedules) + 1;
  // Back to one interval before the estimate, then let the schedule itself find the times up to now.
  const potentialEarliest = t1 + (numberOfMissedSchedules - 1 - 1) * timeBetweenTwoSchedules;
  let mostRecentTime: number | undefined;
  for (let t = scheduleNext(schedule, potentialEarliest); t !== undefined && t <= nowSeconds; t = scheduleNext(schedule, t)) mostRecentTime = t;
  return mostRecentTime === undefined ? { earliestTime, missed: numberOfMissedSchedules } : { earliestTime, mostRecentTime, missed: numberOfMissedSchedules };
}

/**
 * getMostRecentScheduleTime of 1.23 and 1.24: the most recent time is estimated as t1 plus whole intervals, which
 * is wrong for schedules whose times are not evenly spaced ("30 6-16/4 * * 1-5").
 */
export function getMostRecentScheduleTime(earliestTime: number, nowSeconds: number, schedule: ControllerSchedule): Omit<MostRecent, 'earliestTime'> {
  const t1 = scheduleNext(schedule, earliestTime);
  if (t1 === undefined) return { missed: 0, error: INTERVAL_ERROR };
  const t2 = scheduleNext(schedule, t1);
  if (nowSeconds < t1) return { missed: 0 };
  if (t2 === undefined) return { missed: 0, error: INTERVAL_ERROR };
  if (nowSeconds < t2) return { mostRecentTime: t1, missed: 1 };
  const timeBetweenTwoSchedules = Math.round(t2 - t1);
  if (timeBetweenTwoSchedules < 1) return { missed: 0, error: INTERVAL_ERROR };
  const timeElapsed = Math.trunc(nowSeconds - t1);
  const numberOfMissedSchedules = Math.trunc(timeElapsed / timeBetweenTwoSchedules) + 1;
  return { mostRecentTime: t1 + (numberOfMissedSchedules - 1) * timeBetweenTwoSchedules, missed: numberOfMissedSchedules };
}

/**
 * nextScheduleTime (getNextScheduleTime before 1.25): the schedule time a Job is due for now, with
 * startingDeadlineSeconds bounding the search; undefined when none is due (or on the schedule error).
 */
export function nextScheduleTime(cronJob: CronJobTimes, nowSeconds: number, schedule: ControllerSchedule, minor: number): MostRecent {
  if (minor >= WALKS_MISSED_SCHEDULES_FROM) {
    const found = mostRecentScheduleTime(cronJob, nowSeconds, schedule, true);
    return found.mostRecentTime !== undefined && found.mostRecentTime > nowSeconds ? { ...found, mostRecentTime: undefined } : found;
  }
  const earliestTime = earliestTimeOf(cronJob, nowSeconds, true);
  if (earliestTime > nowSeconds) return { earliestTime, missed: 0 };
  return { earliestTime, ...getMostRecentScheduleTime(earliestTime, nowSeconds, schedule) };
}
