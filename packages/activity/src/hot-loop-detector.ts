/**
 * Hot loops: an object written again and again for no outside reason.
 *
 * - `self`: `selfWrites` (5) writes in a row of one object by one writer, each made in a pass
 *   that only its own previous write's echo triggered, with at least one field changed by every
 *   one of them (that field flaps), all within `windowMs` (10 s).
 * - `ping-pong`: `pingPongWrites` (4) writes in a row of one object alternating between two
 *   writers, each triggered only by the other's previous write, all changing the same field.
 *
 * A converging controller is never flagged: its writes are caused by changes from outside
 * (another object moved, a person edited the spec), and the echo of its last write finds
 * nothing left to change, so no streak of echo-only writes builds up. A multi-step controller
 * (one write per pass, each pass triggered by the previous write) changes different fields at
 * each step, so no field is common to the streak.
 *
 * A loop stays listed once it stops, marked inactive after `quietMs` (15 s) without a looping write.
 */
import type { HotLoop } from '@dojo/console-protocol';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { cureFor } from './loop-cures.ts';
import { RateWindow } from './rate-window.ts';

export type WriteCause = { readonly kind: 'self' } | { readonly kind: 'other'; readonly writer: string } | { readonly kind: 'outside' };

/** A write that changed something, and what made its writer write. */
export interface WriteObservation {
  readonly time: number;
  readonly writer: string;
  readonly object: ObjectIdentity;
  readonly resource: string;
  readonly changedPaths: readonly string[];
  readonly cause: WriteCause;
}

export interface HotLoopSettings {
  selfWrites: number;
  pingPongWrites: number;
  windowMs: number;
  quietMs: number;
}

export const defaultHotLoopSettings: HotLoopSettings = { selfWrites: 5, pingPongWrites: 4, windowMs: 10_000, quietMs: 15_000 };

interface LoopState {
  loop: { -readonly [K in keyof HotLoop]: HotLoop[K] };
  rate: RateWindow;
}

function commonPaths(writes: readonly WriteObservation[]): string[] {
  const [first, ...rest] = writes;
  return (first?.changedPaths ?? []).filter((p) => rest.every((w) => w.changedPaths.includes(p)));
}

export class HotLoopDetector {
  readonly #settings: HotLoopSettings;
  readonly #history = new Map<string, WriteObservation[]>();
  readonly #loops = new Map<string, LoopState>();

  constructor(settings: Partial<HotLoopSettings> = {}) {
    this.#settings = { ...defaultHotLoopSettings, ...settings };
  }

  observe(write: WriteObservation): void {
    if (write.changedPaths.length === 0) return;
    const key = identityKey(write.object);
    const history = this.#history.get(key) ?? [];
    history.push(write);
    const keep = Math.max(this.#settings.selfWrites, this.#settings.pingPongWrites) * 2;
    if (history.length > keep) history.splice(0, history.length - keep);
    this.#history.delete(key);
    this.#history.set(key, history);
    if (this.#history.size > 20_000) this.#history.delete(this.#history.keys().next().value!);
    this.#checkSelf(key, history, write);
    this.#checkPingPong(key, history, write);
  }

  /** Marks loops that stopped as inactive. */
  tick(now: number): void {
    for (const { loop } of this.#loops.values()) if (loop.active && now - loop.lastWriteAt > this.#settings.quietMs) loop.active = false;
  }

  loops(now: number): HotLoop[] {
    return [...this.#loops.values()]
      .map(({ loop, rate }) => ({ ...loop, ratePerSecond: loop.active ? rate.perSecond(now, loop.since) : 0 }))
      .sort((a, b) => Number(b.active) - Number(a.active) || b.lastWriteAt - a.lastWriteAt);
  }

  #recent(history: readonly WriteObservation[], n: number, now: number): WriteObservation[] | undefined {
    const tail = history.slice(-n);
    return tail.length === n && now - tail[0]!.time <= this.#settings.windowMs ? tail : undefined;
  }

  #checkSelf(key: string, history: readonly WriteObservation[], write: WriteObservation): void {
    const tail = this.#recent(history, this.#settings.selfWrites, write.time);
    if (!tail || !tail.every((w) => w.writer === write.writer && w.cause.kind === 'self')) return;
    const paths = commonPaths(tail);
    if (paths.length > 0) this.#flag('self', key, [write.writer], paths, tail, write);
  }

  #checkPingPong(key: string, history: readonly WriteObservation[], write: WriteObservation): void {
    const tail = this.#recent(history, this.#settings.pingPongWrites, write.time);
    if (!tail) return;
    const alternating = tail.every((w, i) => i === 0 || (w.writer !== tail[i - 1]!.writer && w.cause.kind === 'other' && w.cause.writer === tail[i - 1]!.writer));
    const writers = [...new Set(tail.map((w) => w.writer))].sort();
    if (!alternating || writers.length !== 2) return;
    const paths = commonPaths(tail);
    if (paths.length > 0) this.#flag('ping-pong', key, writers, paths, tail, write);
  }

  #flag(kind: HotLoop['kind'], key: string, writers: string[], paths: string[], tail: readonly WriteObservation[], write: WriteObservation): void {
    const id = `${kind}:${key}:${writers.join(',')}`;
    const state = this.#loops.get(id);
    if (state?.loop.active) {
      state.loop.writes++;
      state.loop.lastWriteAt = write.time;
      state.loop.fieldPaths = paths;
      state.rate.add(write.time);
      return;
    }
    const rate = new RateWindow();
    for (const w of tail) rate.add(w.time);
    this.#loops.set(id, {
      rate,
      loop: {
        id,
        kind,
        object: write.object,
        resource: write.resource,
        writers,
        fieldPaths: paths,
        writes: tail.length,
        ratePerSecond: 0,
        since: tail[0]!.time,
        detectedAt: write.time,
        lastWriteAt: write.time,
        active: true,
        cure: cureFor(kind, paths),
      },
    });
  }
}
