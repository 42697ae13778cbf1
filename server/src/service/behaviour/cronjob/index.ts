// The CronJob controller model (pkg/controller/cronjob, v2): schedules, missed runs, the decision of one sync.
export { controllerSchedule, scheduleNext, scheduleNextRuns, timeZoneOf, type ControllerSchedule, type ScheduleProblem } from './schedule';
export { getMostRecentScheduleTime, mostRecentScheduleTime, nextScheduleTime, TOO_MANY_MISSED, WALKS_MISSED_SCHEDULES_FROM, type CronJobTimes, type MostRecent } from './mostRecent';
export {
  cronJobScenarioProblems, getJobName, nextCronJobRuns, nextScheduleTimeDuration, parseRfc3339, rfc3339, scenarioSeconds, simulateCronJob,
  type CronJobDecision, type CronJobDecisionReason, type CronJobScenario, type CronJobSimulation, type ScenarioTime,
} from './simulate';
