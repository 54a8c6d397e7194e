/**
 * Collects items that arrive faster than the screen refreshes and hands them over once per
 * animation frame, so a burst of 1,000 telemetry records or watch events costs one cache
 * update and one render instead of a thousand. A fallback timer flushes when frames stop
 * (a hidden tab gets no animation frames), so the buffer never grows without bound.
 */
export interface FrameScheduler {
  requestFrame(callback: () => void): unknown;
  cancelFrame(handle: unknown): void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserFrameScheduler: FrameScheduler = {
  requestFrame: (callback) => requestAnimationFrame(() => callback()),
  cancelFrame: (handle) => cancelAnimationFrame(handle as number),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface FrameBatcher<T> {
  push(item: T): void;
  pushAll(items: readonly T[]): void;
  /** Delivers whatever is buffered now. */
  flush(): void;
  /** Drops the buffer and cancels the pending frame. */
  cancel(): void;
}

export function createFrameBatcher<T>(deliver: (items: T[]) => void, scheduler: FrameScheduler = browserFrameScheduler, fallbackMs = 250): FrameBatcher<T> {
  let buffer: T[] = [];
  let frame: unknown;
  let timer: unknown;
  let scheduled = false;

  const flush = (): void => {
    if (scheduled) {
      scheduler.cancelFrame(frame);
      scheduler.clearTimeout(timer);
      scheduled = false;
    }
    if (buffer.length === 0) return;
    const items = buffer;
    buffer = [];
    deliver(items);
  };

  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    frame = scheduler.requestFrame(flush);
    timer = scheduler.setTimeout(flush, fallbackMs);
  };

  return {
    push(item) {
      buffer.push(item);
      schedule();
    },
    pushAll(items) {
      if (items.length === 0) return;
      for (const item of items) buffer.push(item);
      schedule();
    },
    flush,
    cancel() {
      if (scheduled) {
        scheduler.cancelFrame(frame);
        scheduler.clearTimeout(timer);
        scheduled = false;
      }
      buffer = [];
    },
  };
}
