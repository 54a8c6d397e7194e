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
 * - `churn` (write-churn.ts): for clients whose watch events the console never sees (audit), the
 *   same writer writing the same object `churnWrites` (10) times within `windowMs`, each a change.
 *
 * A loop stays listed once it stops, marked inactive after `quietMs` (15 s) without a looping write.
 */
import type { HotLoop } from '@dojo/console-protocol';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { cureFor } from './loop-cures.ts';
import { RateWindow } from './rate-window.ts';
import { churnStreak, defaultChurnSettings, ObjectTouches, type ChurnSettings, type ChurnWrite } from './write-churn.ts';

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

/** A write whose trigger cannot be known (no watch event reached its writer), for the `churn` rule. */
export interface UntriggeredWrite extends ChurnWrite {
  readonly object: ObjectIdentity;
  readonly resource: string;
}

export interface HotLoopSettings extends ChurnSettings {
  selfWrites: number;
  pingPongWrites: number;
  windowMs: number;
  quietMs: number;
}

export const defaultHotLoopSettings: HotLoopSettings = {
  selfWrites: 5,
  pingPongWrites: 4,
  windowMs: 10_000,
  quietMs: 15_000,
  churnWrites: defaultChurnSettings.churnWrites,
};

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
  /** Per object and writer: that writer's recent untriggered writes of it. */
  readonly #untriggered = new Map<string, ChurnWrite[]>();
  readonly #touches = new ObjectTouches();
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

  /** Any successful write of an object (and of its controller owner, when known): a reason for others to write again. */
  touched(object: ObjectIdentity, owner: ObjectIdentity | undefined, writer: string, time: number): void {
    this.#touches.touched(identityKey(object), writer, time);
    if (owner) this.#touches.touched(identityKey(owner), writer, time);
  }

  /** A write by a client no watch event reached (audit), checked by the `churn` rule; call before `touched` for it. */
  observeUntriggered(write: UntriggeredWrite): void {
    const key = identityKey(write.object);
    const id = `${key}\u0000${write.writer}`;
    const writes = this.#untriggered.get(id) ?? [];
    const previous = writes.at(-1);
    writes.push(previous && this.#touches.touchedByOtherSince(key, write.writer, previous.time) ? { ...write, afterOutsideWrite: true } : write);
    if (writes.length > this.#settings.churnWrites + 1) writes.splice(0, writes.length - this.#settings.churnWrites - 1);
    this.#untriggered.delete(id);
    this.#untriggered.set(id, writes);
    if (this.#untriggered.size > 20_000) this.#untriggered.delete(this.#untriggered.keys().next().value!);
    const streak = churnStreak(writes, this.#settings);
    if (streak) this.#flag('churn', key, [write.writer], streak.paths, streak.tail, write);
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
    const alternating = tail.every(
      (w, i) => i === 0 || (w.writer !== tail[i - 1]!.writer && w.cause.kind === 'other' && w.cause.writer === tail[i - 1]!.writer),
    );
    const writers = [...new Set(tail.map((w) => w.writer))].sort();
    if (!alternating || writers.length !== 2) return;
    const paths = commonPaths(tail);
    if (paths.length > 0) this.#flag('ping-pong', key, writers, paths, tail, write);
  }

  #flag(
    kind: HotLoop['kind'],
    key: string,
    writers: string[],
    paths: string[],
    tail: readonly { readonly time: number }[],
    write: { readonly time: number; readonly object: ObjectIdentity; readonly resource: string },
  ): void {
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
