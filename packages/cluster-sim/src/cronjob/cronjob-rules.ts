/**
 * The CronJob controller's decisions (kube's cronjob_controllerv2.go and utils.go), pure:
 * which scheduled time is due, what the Job for it is called and stamped with, and which
 * finished Jobs fall out of the history.
 */
import { formatTime, parseTime } from '@dojo/kube-api';
import { finishedCondition, type CronJob, type Job } from '../core/batch-types.ts';
import type { CronSchedule } from './cron-schedule.ts';

/** batchv1.CronJobScheduledTimestampAnnotation. */
export const scheduledTimestampAnnotation = 'batch.kubernetes.io/cronjob-scheduled-timestamp';

/** The requeue lands this long after the next scheduled time (kube's nextScheduleDelta, for clock skew). */
export const nextScheduleDeltaMs = 100;

/** getJobName: the name is the lock that keeps one scheduled time from running twice. */
export function jobNameFor(cronJob: CronJob, scheduledMs: number): string {
  return `${cronJob.metadata.name ?? ''}-${Math.floor(scheduledMs / 60_000)}`;
}

export interface DueTime {
  /** The most recent scheduled time not yet run, at or before now. */
  readonly scheduled?: number;
  /** More than 100 starts were missed (kube's TooManyMissedTimes warning). */
  readonly tooManyMissed: boolean;
}

/**
 * mostRecentScheduleTime: from the last scheduled time (or creation), or from now minus
 * startingDeadlineSeconds when that is later, the latest activation not after now.
 */
export function dueTime(cronJob: CronJob, schedule: CronSchedule, nowMs: number): DueTime {
  let earliest = parseTime(cronJob.status?.lastScheduleTime) ?? parseTime(cronJob.metadata.creationTimestamp) ?? nowMs;
  const deadline = cronJob.spec.startingDeadlineSeconds;
  if (deadline !== undefined && deadline !== null) earliest = Math.max(earliest, nowMs - deadline * 1000);
  let scheduled: number | undefined;
  let count = 0;
  for (let t = schedule.next(earliest); t !== undefined && t <= nowMs; t = schedule.next(t)) {
    scheduled = t;
    // Far behind (a stopped controller, a skewed clock): jump to the last interval instead of walking it.
    if (++count === 100) {
      const step = (schedule.next(t) ?? t) - t;
      if (step > 0) t += Math.max(0, Math.floor((nowMs - t) / step) - 1) * step;
    }
  }
  return { ...(scheduled !== undefined ? { scheduled } : {}), tooManyMissed: count > 100 };
}

/** How long until the next activation after the last run (after now when a run is due or missed). */
export function requeueAfterMs(cronJob: CronJob, schedule: CronSchedule, nowMs: number): number | undefined {
  const earliest = parseTime(cronJob.status?.lastScheduleTime) ?? parseTime(cronJob.metadata.creationTimestamp) ?? nowMs;
  const first = schedule.next(earliest);
  const next = first !== undefined && first > nowMs ? first : schedule.next(nowMs);
  return next === undefined ? undefined : Math.max(0, next + nextScheduleDeltaMs - nowMs);
}

/** The finished Jobs beyond the history limits, oldest start first (byJobStartTime, then name). */
export function jobsToPrune(cronJob: CronJob, jobs: readonly Job[]): Job[] {
  const finished = (type: string): Job[] => jobs.filter((j) => finishedCondition(j)?.type === type).sort(byStartTime);
  const beyond = (list: Job[], limit: number | undefined): Job[] =>
    limit === undefined || limit === null ? [] : list.slice(0, Math.max(0, list.length - limit));
  return [...beyond(finished('Complete'), cronJob.spec.successfulJobsHistoryLimit), ...beyond(finished('Failed'), cronJob.spec.failedJobsHistoryLimit)];
}

function byStartTime(a: Job, b: Job): number {
  const sa = parseTime(a.status?.startTime);
  const sb = parseTime(b.status?.startTime);
  if (sa === undefined || sb === undefined) return sa === sb ? compareNames(a, b) : sa === undefined ? 1 : -1;
  return sa === sb ? compareNames(a, b) : sa - sb;
}

function compareNames(a: Job, b: Job): number {
  return (a.metadata.name ?? '').localeCompare(b.metadata.name ?? '');
}

/** RFC 3339 in the time zone, as Go's time.Format(time.RFC3339) prints `t.In(loc)`. */
export function formatInZone(ms: number, zone: string | undefined): string {
  if (!zone || zone === 'UTC' || zone === 'Etc/UTC') return formatTime(ms);
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offset);
  if (!match) return formatTime(ms);
  const sign = match[1] === '-' ? -1 : 1;
  const offsetMs = sign * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
  return `${formatTime(ms + offsetMs).slice(0, -1)}${match[1]}${match[2]}:${match[3]}`;
}
