import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { reconcileContext } from './reconcile-context.ts';

const scope = (reconcileId: string, worker: number) => ({ controller: 'dojo', reconcileId, worker, key: 'ns/a' });

describe('reconcileContext', () => {
  it('is empty outside any reconcile', () => {
    expect(reconcileContext.current()).toBeUndefined();
  });

  it('follows each reconcile through its awaits, even when reconciles interleave', async () => {
    const clock = new FakeClock();
    const seen: string[] = [];
    const reconcile = async (): Promise<void> => {
      await clock.sleep(10);
      seen.push(reconcileContext.current()?.reconcileId ?? 'none');
      await Promise.resolve();
      seen.push(reconcileContext.current()?.reconcileId ?? 'none');
    };
    const both = Promise.all([reconcileContext.run(scope('r1', 0), reconcile), reconcileContext.run(scope('r2', 1), reconcile)]);
    await clock.advance(10);
    await both;
    expect(seen.sort()).toEqual(['r1', 'r1', 'r2', 'r2']);
    expect(reconcileContext.current()).toBeUndefined();
  });
});
