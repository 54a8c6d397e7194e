import { describe, expect, it } from 'vitest';
import { ContainerLogStore, type ContainerLogLine } from './container-log-store.ts';
import type { ApiServerClock } from './log-clock.ts';

/** A clock that moves only when told, firing the timers that fell due. */
function manualClock(start = 1_000_000): ApiServerClock & { advance(ms: number): void } {
  let now = start;
  const timers = new Set<{ at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimer(ms, fn) {
      const timer = { at: now + ms, fn };
      timers.add(timer);
      return { cancel: () => timers.delete(timer) };
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due);
        now = due.at;
        due.fn();
      }
      now = until;
    },
  };
}

const texts = (lines: readonly ContainerLogLine[]) => lines.map((l) => l.text);

describe('ContainerLogStore', () => {
  it('keeps one log per container instance, so a restarted container still has the previous one', () => {
    const store = new ContainerLogStore(manualClock());
    store.write([
      { op: 'line', podUid: 'u', containerId: 'c0', timeMs: 1, text: 'first run' },
      { op: 'end', containerId: 'c0', timeMs: 2 },
      { op: 'line', podUid: 'u', containerId: 'c1', timeMs: 3, text: 'second run' },
    ]);
    expect(texts(store.read('c0'))).toEqual(['first run']);
    expect(texts(store.read('c1'))).toEqual(['second run']);
  });

  it('rotates a log to its last maxLines lines and maxBytes bytes, oldest first', () => {
    const store = new ContainerLogStore(manualClock(), { maxLines: 3, maxBytes: 12 });
    store.write([1, 2, 3, 4].map((n) => ({ op: 'line' as const, podUid: 'u', containerId: 'c', timeMs: n, text: `line ${n}` })));
    // 3 lines of 7 bytes each (with their newline) exceed 12 bytes: only the last one fits beside one more.
    expect(texts(store.read('c'))).toEqual(['line 4']);
    const byLines = new ContainerLogStore(manualClock(), { maxLines: 2 });
    byLines.write([1, 2, 3].map((n) => ({ op: 'line' as const, podUid: 'u', containerId: 'c', timeMs: n, text: `${n}` })));
    expect(texts(byLines.read('c'))).toEqual(['2', '3']);
  });

  it("drops a Pod's logs with the Pod, and the oldest instance beyond maxInstances", () => {
    const store = new ContainerLogStore(manualClock(), { maxInstances: 2 });
    store.write([
      { op: 'line', podUid: 'a', containerId: 'a0', timeMs: 1, text: 'a' },
      { op: 'line', podUid: 'b', containerId: 'b0', timeMs: 1, text: 'b' },
    ]);
    store.write([{ op: 'drop-pod', podUid: 'a' }]);
    expect(store.has('a0')).toBe(false);
    store.write([
      { op: 'line', podUid: 'c', containerId: 'c0', timeMs: 1, text: 'c' },
      { op: 'line', podUid: 'd', containerId: 'd0', timeMs: 1, text: 'd' },
    ]);
    expect([store.has('b0'), store.has('c0'), store.has('d0')]).toEqual([false, true, true]);
  });

  it("makes a running instance's periodic lines when they are read, and stops them when it ends", () => {
    const clock = manualClock();
    const store = new ContainerLogStore(clock);
    store.write([{ op: 'repeat', podUid: 'u', containerId: 'c', everyMs: 1000, text: 'tick {n}' }]);
    clock.advance(2500);
    expect(texts(store.read('c'))).toEqual(['tick 1', 'tick 2']);
    store.write([{ op: 'end', containerId: 'c', timeMs: clock.now() + 1000 }]);
    clock.advance(5000);
    expect(texts(store.read('c'))).toEqual(['tick 1', 'tick 2', 'tick 3']);
  });

  it('hands a follower each new line as it is written or falls due, then the end', () => {
    const clock = manualClock();
    const store = new ContainerLogStore(clock);
    store.write([
      { op: 'line', podUid: 'u', containerId: 'c', timeMs: 1, text: 'started' },
      { op: 'repeat', podUid: 'u', containerId: 'c', everyMs: 1000, text: 'tick {n}' },
    ]);
    const seen: string[] = [];
    const followed = store.follow('c', { line: (l) => seen.push(l.text), end: () => seen.push('<end>') });
    expect(texts(followed.lines)).toEqual(['started']);
    clock.advance(1000);
    store.write([
      { op: 'line', podUid: 'u', containerId: 'c', timeMs: clock.now(), text: 'shutting down' },
      { op: 'end', containerId: 'c', timeMs: clock.now() },
    ]);
    expect(seen).toEqual(['tick 1', 'shutting down', '<end>']);
  });
});
