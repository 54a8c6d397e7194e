import { describe, expect, it } from 'vitest';
import { overflowText } from './overflow-text.ts';

const clients = { one: 'client', many: 'clients', events: 'requests' };

describe('overflowText', () => {
  it('says how many names were folded into "other", under which limit, since when, and what they did', () => {
    expect(overflowText({ limit: 500, folded: 1500, foldedEvents: 60_000, evicted: 0, since: Date.UTC(2026, 10, 28, 1, 2, 3) }, clients)).toBe(
      '1,500 more clients folded into "other" (limit 500) since 01:02:03 UTC: their 60,000 requests are counted, not shown one by one.',
    );
  });

  it('says "at least" when the count stopped being exact, and how many idle names were forgotten', () => {
    expect(
      overflowText(
        { limit: 200, folded: 100_000, foldedAtLeast: true, foldedEvents: 100_000, evicted: 1 },
        { one: 'controller', many: 'controllers', events: 'reconciles' },
      ),
    ).toBe(
      'at least 100,000 more controllers folded into "other" (limit 200): their 100,000 reconciles are counted, not shown one by one. 1 idle controller was forgotten to make room.',
    );
  });

  it('says only what was forgotten when nothing was folded', () => {
    expect(overflowText({ limit: 500, folded: 0, foldedEvents: 0, evicted: 3 }, clients)).toBe('3 idle clients were forgotten to make room.');
  });
});
