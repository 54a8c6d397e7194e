import { describe, expect, it } from 'vitest';
import { cronScheduleError } from './cron-schedule.ts';

describe('cronScheduleError (robfig/cron ParseStandard, as kube-apiserver reports it)', () => {
  it('accepts five fields, names, ranges, steps and descriptors', () => {
    for (const ok of ['*/5 * * * *', '0 0 1 jan-mar mon-fri', '15,45 8-18/2 * * *', '@hourly', '@every 1h30m', '0 0 ? * SUN']) {
      expect(cronScheduleError(ok), ok).toBeUndefined();
    }
  });

  it('counts the fields it was given', () => {
    expect(cronScheduleError('* * *')).toBe('expected exactly 5 fields, found 3: [* * *]');
    expect(cronScheduleError('')).toBe('empty spec string');
  });

  it('names the expression that is out of range or not a number', () => {
    expect(cronScheduleError('60 * * * *')).toBe('end of range (60) above maximum (59): 60');
    expect(cronScheduleError('* * 0 * *')).toBe('beginning of range (0) below minimum (1): 0');
    expect(cronScheduleError('x * * * *')).toBe('failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax');
    expect(cronScheduleError('5-1 * * * *')).toBe('beginning of range (5) beyond end of range (1): 5-1');
    expect(cronScheduleError('*/0 * * * *')).toBe('step of range should be a positive number: */0');
  });

  it('rejects unknown descriptors and bad @every durations', () => {
    expect(cronScheduleError('@sometimes')).toBe('unrecognized descriptor: @sometimes');
    expect(cronScheduleError('@every soon')).toBe('failed to parse duration soon: time: invalid duration "soon"');
  });
});
