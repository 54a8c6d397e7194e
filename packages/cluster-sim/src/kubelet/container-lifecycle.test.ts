import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, backoffMs, type ContainerProgress, type LifecycleTiming } from './container-lifecycle.ts';

const timing: LifecycleTiming = { startDelayMs: 1000, readyDelayMs: 500, failAfterMs: 1000, backoff: { baseMs: 10_000, maxMs: 300_000 } };
const creating: ContainerProgress = { phase: 'creating', since: 0, restartCount: 0, pullAttempts: 0 };

describe('a simulated container', () => {
  it('that runs is creating, then running, then ready for good', () => {
    expect(advance('runs', creating, 999, timing).progress.phase).toBe('creating');
    expect(advance('runs', creating, 1200, timing)).toMatchObject({ progress: { phase: 'running', since: 1000 }, nextAt: 1500 });
    const ready = advance('runs', creating, 60_000, timing);
    expect(ready.progress.phase).toBe('ready');
    expect(ready.nextAt).toBeUndefined();
    expect(ready.transitions.map((t) => t.to)).toEqual(['running', 'ready']);
  });

  it('that crashes loops through CrashLoopBackOff, restarting after a doubling back-off', () => {
    const first = advance('crashes', creating, 2500, timing);
    expect(first.progress).toMatchObject({ phase: 'crash-loop', since: 2000, restartCount: 0 });
    expect(first.nextAt).toBe(12_000);
    const later = advance('crashes', first.progress, 12_000 + 1000 + 20_000 + 1, timing);
    expect(later.transitions.map((t) => `${t.to}:${t.restartCount}`)).toEqual(['running:1', 'crash-loop:1', 'running:2']);
  });

  it('whose image is missing alternates ErrImagePull and ImagePullBackOff and never runs', () => {
    const result = advance('cannot-pull', creating, 1000 + 1000 + 10_000 + 1000, timing);
    expect(result.transitions.map((t) => t.to)).toEqual(['pull-error', 'pull-backoff', 'pull-error', 'pull-backoff']);
    expect(result.progress.pullAttempts).toBe(2);
  });

  it('of a Pod that runs to completion exits 0 its run time after it became ready, and stays exited', () => {
    const job: LifecycleTiming = { ...timing, restartPolicy: 'Never', runMs: 2000 };
    expect(advance('runs', creating, 3499, job).progress.phase).toBe('ready');
    const done = advance('runs', creating, 60_000, job);
    expect(done.transitions.map((t) => `${t.to}@${t.at}`)).toEqual(['running@1000', 'ready@1500', 'succeeded@3500']);
    expect(done.nextAt).toBeUndefined();
  });

  it('that crashes fails for good under restartPolicy Never, and restarts under OnFailure', () => {
    const never = advance('crashes', creating, 60_000, { ...timing, restartPolicy: 'Never' });
    expect(never.progress).toMatchObject({ phase: 'failed', since: 2000, restartCount: 0 });
    expect(never.nextAt).toBeUndefined();
    expect(advance('crashes', creating, 2500, { ...timing, restartPolicy: 'OnFailure' }).progress.phase).toBe('crash-loop');
  });

  it('caps the back-off at its maximum', () => {
    expect(backoffMs(0, timing.backoff)).toBe(10_000);
    expect(backoffMs(3, timing.backoff)).toBe(80_000);
    expect(backoffMs(40, timing.backoff)).toBe(300_000);
  });

  it('never moves backwards in time and never lowers its restart count', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('runs' as const, 'crashes' as const, 'cannot-pull' as const),
        fc.array(fc.integer({ min: 0, max: 50_000 }), { maxLength: 20 }),
        (behaviour, steps) => {
          let progress = creating;
          let now = 0;
          for (const step of steps) {
            now += step;
            const next = advance(behaviour, progress, now, timing);
            expect(next.progress.since).toBeGreaterThanOrEqual(progress.since);
            expect(next.progress.since).toBeLessThanOrEqual(now);
            expect(next.progress.restartCount).toBeGreaterThanOrEqual(progress.restartCount);
            progress = next.progress;
          }
        },
      ),
    );
  });
});
