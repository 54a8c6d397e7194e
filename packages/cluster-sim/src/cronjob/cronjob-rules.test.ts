import { describe, expect, it } from 'vitest';
import type { CronJob, Job } from '../core/batch-types.ts';
import { parseCronSchedule } from './cron-schedule.ts';
import { dueTime, formatInZone, jobNameFor, jobsToPrune, requeueAfterMs } from './cronjob-rules.ts';

const at = (iso: string): number => Date.parse(iso);
const everyFive = parseCronSchedule('*/5 * * * *');

function cronJob(spec: Partial<CronJob['spec']> = {}, status: CronJob['status'] = {}): CronJob {
  return {
    metadata: { name: 'report', creationTimestamp: '2026-03-01T10:00:00Z' },
    spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: {} } }, ...spec },
    status,
  };
}
function finishedJob(name: string, type: 'Complete' | 'Failed', startTime?: string): Job {
  return { metadata: { name }, spec: { template: {} }, status: { ...(startTime ? { startTime } : {}), conditions: [{ type, status: 'True' }] } };
}

describe('the CronJob rules', () => {
  it('name a Job after its scheduled time in minutes since the epoch', () => {
    expect(jobNameFor(cronJob(), at('2026-03-01T10:05:00Z'))).toBe('report-29539325');
  });

  it('run the most recent missed time only, counted from the last scheduled time', () => {
    expect(dueTime(cronJob(), everyFive, at('2026-03-01T10:04:59Z')).scheduled).toBeUndefined();
    expect(dueTime(cronJob(), everyFive, at('2026-03-01T10:17:00Z')).scheduled).toBe(at('2026-03-01T10:15:00Z'));
    expect(dueTime(cronJob({}, { lastScheduleTime: '2026-03-01T10:15:00Z' }), everyFive, at('2026-03-01T10:17:00Z')).scheduled).toBeUndefined();
  });

  it('look no further back than startingDeadlineSeconds', () => {
    expect(dueTime(cronJob({ startingDeadlineSeconds: 60 }), everyFive, at('2026-03-01T10:17:00Z')).scheduled).toBeUndefined();
    expect(dueTime(cronJob({ startingDeadlineSeconds: 180 }), everyFive, at('2026-03-01T10:17:00Z')).scheduled).toBe(at('2026-03-01T10:15:00Z'));
  });

  it('warn about more than a hundred missed starts, and still find the latest', () => {
    const due = dueTime(cronJob({ schedule: '* * * * *' }), parseCronSchedule('* * * * *'), at('2026-03-02T10:00:30Z'));
    expect(due).toEqual({ scheduled: at('2026-03-02T10:00:00Z'), tooManyMissed: true });
  });

  it('come back just after the next scheduled time', () => {
    expect(requeueAfterMs(cronJob({}, { lastScheduleTime: '2026-03-01T10:15:00Z' }), everyFive, at('2026-03-01T10:17:00Z'))).toBe(3 * 60_000 + 100);
  });

  it('prune the oldest finished Jobs beyond each history limit, keeping running ones', () => {
    const jobs = [
      finishedJob('b', 'Complete', '2026-03-01T10:10:00Z'),
      finishedJob('a', 'Complete', '2026-03-01T10:05:00Z'),
      finishedJob('c', 'Complete', '2026-03-01T10:15:00Z'),
      finishedJob('x', 'Failed', '2026-03-01T10:00:00Z'),
      finishedJob('y', 'Failed'),
      { metadata: { name: 'running' }, spec: { template: {} }, status: { startTime: '2026-03-01T09:00:00Z' } },
    ];
    expect(jobsToPrune(cronJob({ successfulJobsHistoryLimit: 2, failedJobsHistoryLimit: 1 }), jobs).map((j) => j.metadata.name)).toEqual(['a', 'x']);
    expect(jobsToPrune(cronJob(), jobs)).toEqual([]);
  });

  it("stamp the scheduled time in the CronJob's time zone", () => {
    expect(formatInZone(at('2026-01-15T08:00:00Z'), undefined)).toBe('2026-01-15T08:00:00Z');
    expect(formatInZone(at('2026-01-15T08:00:00Z'), 'Europe/Berlin')).toBe('2026-01-15T09:00:00+01:00');
    expect(formatInZone(at('2026-07-15T13:00:00Z'), 'America/New_York')).toBe('2026-07-15T09:00:00-04:00');
  });
});
