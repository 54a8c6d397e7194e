import { describe, expect, it } from 'vitest';
import { isReadableTelemetry, UnreadableTelemetry } from './readable-telemetry.ts';

const start = { type: 'reconcile-start', seq: 1, time: 1, controller: 'dojo', key: 'default/a', object: { group: '', kind: 'ConfigMap', namespace: 'default', name: 'a' } };

describe('telemetry read back from the history', () => {
  it('is readable with its type, seq, time and string names', () => {
    expect(isReadableTelemetry(start)).toBe(true);
  });

  it('is skipped and counted when an earlier version stored a controller, key or object of another type', () => {
    const unreadable = new UnreadableTelemetry();
    const kept = unreadable.keep([start, { ...start, controller: 5 }, { ...start, key: { a: 1 } }, { ...start, object: 'x' }, { ...start, time: null }, null]);
    expect(kept).toEqual([start]);
    expect(unreadable.skipped).toBe(5);
  });
});
