import { describe, expect, it } from 'vitest';
import type { StreamCoverage } from '@dojo/console-protocol';
import { coverageText } from './history-coverage.ts';

const coverage = (over: Partial<StreamCoverage> = {}): StreamCoverage => ({
  stream: 'telemetry',
  completeSince: new Date(2024, 0, 1, 10, 42, 7).getTime(),
  evicted: 0,
  evictedByType: {},
  records: 10,
  bytes: 1000,
  oldestSeq: 1,
  lastSeq: 10,
  ...over,
});
const reconciles = { types: ['reconcile-start'], plural: 'reconciles' };
const now = new Date(2024, 0, 1, 12, 0, 0).getTime();

describe('coverageText', () => {
  it('says since when history is complete', () => {
    expect(coverageText(coverage(), reconciles, now)).toBe('History complete since 10:42:07.');
  });

  it('counts the evicted records of the kind the view shows', () => {
    const c = coverage({ evicted: 30_000, evictedByType: { 'reconcile-start': 7141, 'api-call': 22_859 } });
    expect(coverageText(c, reconciles, now)).toBe('History complete since 10:42:07; 7,141 older reconciles evicted by retention.');
    expect(coverageText(c, { plural: 'records' }, now)).toContain('30,000 older records evicted');
  });
});
