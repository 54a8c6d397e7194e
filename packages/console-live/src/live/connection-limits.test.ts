import { describe, expect, it } from 'vitest';
import { ClientLimits } from './connection-limits.ts';

describe('ClientLimits', () => {
  it('admits up to the per-client cap from one address, and others beside it', () => {
    const limits = new ClientLimits('live connections', { perClient: 2, total: 10 });
    expect(limits.admit('a').admitted).toBe(true);
    expect(limits.admit('a').admitted).toBe(true);
    expect(limits.admit('a')).toEqual({ admitted: false, reason: 'too many live connections from this client (limit 2)' });
    expect(limits.admit('b').admitted).toBe(true);
  });

  it('admits no more than the total cap, whoever asks', () => {
    const limits = new ClientLimits('live connections', { perClient: 5, total: 2 });
    limits.admit('a');
    limits.admit('b');
    expect(limits.admit('c')).toEqual({ admitted: false, reason: 'too many live connections (limit 2)' });
  });

  it('frees a place when a connection ends, once however often it is released', () => {
    const limits = new ClientLimits('subscriptions', { perClient: 1, total: 1 });
    const first = limits.admit('a');
    if (!first.admitted) throw new Error('first connection refused');
    first.release();
    first.release();
    expect(limits.total).toBe(0);
    expect(limits.admit('a').admitted).toBe(true);
    expect(limits.admit('b').admitted).toBe(false);
  });
});
