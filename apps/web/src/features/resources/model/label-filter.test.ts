import { describe, expect, it } from 'vitest';
import { readLabelSelector } from './label-filter.ts';

describe('the label-selector box', () => {
  it('selects everything when blank', () => {
    expect(readLabelSelector('  ')).toEqual({ ok: true, selector: undefined });
  });

  it('sends what kubectl -l would, written canonically (sorted by key, as kube writes a selector)', () => {
    expect(readLabelSelector(' app=web , tier!=db')).toEqual({ ok: true, selector: 'app=web,tier!=db' });
    expect(readLabelSelector('env in (staging,prod),!canary')).toEqual({ ok: true, selector: '!canary,env in (prod,staging)' });
  });

  it('explains a selector that does not parse instead of sending it', () => {
    const input = readLabelSelector('app=we b');
    expect(input).toMatchObject({ ok: false, error: "found 'b', expected: ',' or 'end of string'" });
    expect(readLabelSelector('app in web').ok).toBe(false);
  });
});
