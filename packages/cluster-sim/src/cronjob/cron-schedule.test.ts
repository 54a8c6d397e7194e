import { describe, expect, it } from 'vitest';
import { parseCronSchedule } from './cron-schedule.ts';

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number | undefined): string | undefined => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('a cron schedule', () => {
  it('fires at the next matching minute, strictly after the time given', () => {
    const every5 = parseCronSchedule('*/5 * * * *');
    expect(iso(every5.next(at('2026-03-01T10:02:30Z')))).toBe('2026-03-01T10:05:00.000Z');
    expect(iso(every5.next(at('2026-03-01T10:05:00Z')))).toBe('2026-03-01T10:10:00.000Z');
  });

  it('reads ranges, lists, steps and names, rolling over hours, days and years', () => {
    const weekdayMornings = parseCronSchedule('30 6-16/4 * * mon-fri');
    // 2026-03-06 is a Friday: after its last slot (14:30) comes Monday 06:30.
    expect(iso(weekdayMornings.next(at('2026-03-06T14:30:00Z')))).toBe('2026-03-09T06:30:00.000Z');
    expect(iso(parseCronSchedule('0 0 1 jan,jul *').next(at('2026-07-01T00:00:00Z')))).toBe('2027-01-01T00:00:00.000Z');
  });

  it('matches either day field when both are restricted, and both when one is a star', () => {
    // The 13th, or any Friday.
    expect(iso(parseCronSchedule('0 0 13 * 5').next(at('2026-03-01T00:00:00Z')))).toBe('2026-03-06T00:00:00.000Z');
    // Fridays only.
    expect(iso(parseCronSchedule('0 0 * * 5').next(at('2026-03-07T00:00:00Z')))).toBe('2026-03-13T00:00:00.000Z');
  });

  it('understands descriptors and @every', () => {
    expect(iso(parseCronSchedule('@hourly').next(at('2026-03-01T10:00:00Z')))).toBe('2026-03-01T11:00:00.000Z');
    expect(iso(parseCronSchedule('@every 1h30m').next(at('2026-03-01T10:00:00Z')))).toBe('2026-03-01T11:30:00.000Z');
  });

  it('fires at wall-clock time in its time zone, from spec.timeZone or a TZ= prefix', () => {
    expect(iso(parseCronSchedule('0 9 * * *', 'Europe/Berlin').next(at('2026-01-15T00:00:00Z')))).toBe('2026-01-15T08:00:00.000Z');
    expect(iso(parseCronSchedule('CRON_TZ=America/New_York 0 9 * * *').next(at('2026-07-15T00:00:00Z')))).toBe('2026-07-15T13:00:00.000Z');
  });

  it('never fires for a day that does not exist', () => {
    expect(parseCronSchedule('0 0 30 2 *').next(at('2026-01-01T00:00:00Z'))).toBeUndefined();
  });
});
