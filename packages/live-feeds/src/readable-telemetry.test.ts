import { describe, expect, it } from 'vitest';
import { isReadableTelemetry, UnreadableTelemetry } from './readable-telemetry.ts';

const start = {
  type: 'reconcile-start',
  seq: 1,
  time: 1,
  controller: 'dojo',
  key: 'default/a',
  object: { group: '', kind: 'ConfigMap', namespace: 'default', name: 'a' },
};

describe('telemetry read back from the history', () => {
  it('is readable with its type, seq, time and string names', () => {
    expect(isReadableTelemetry(start, 1)).toBe(true);
  });

  it('is skipped and counted when an earlier version stored a controller, key or object of another type', () => {
    const unreadable = new UnreadableTelemetry({ now: () => 1 });
    const kept = unreadable.keep([start, { ...start, controller: 5 }, { ...start, key: { a: 1 } }, { ...start, object: 'x' }, { ...start, time: null }, null]);
    expect(kept).toEqual([start]);
    expect(unreadable.skipped).toBe(5);
  });

  it('is skipped when dated more than an hour ahead of now (a span from 2262 an earlier version took)', () => {
    const unreadable = new UnreadableTelemetry({ now: () => Date.parse('2026-11-28T00:00:00Z') });
    const year2262 = { ...start, time: 9.2e12 };
    const recent = { ...start, time: Date.parse('2026-11-28T00:30:00Z') };
    expect(unreadable.keep([year2262, recent])).toEqual([recent]);
  });
});
