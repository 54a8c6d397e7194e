/**
 * The hot-loop rule for clients whose triggers the console cannot see: on a real cluster read
 * through audit events no watch event is ever delivered, so "each write was the echo of the
 * last" (the `self` rule) can never be shown. What audit does show is the writes themselves:
 *
 * `churn`: `churnWrites` (10) writes in a row of one object by one writer within `windowMs`
 * (10 s), each of them a change — a new resourceVersion, a higher generation, or fields the
 * write set — with no other client writing that object, or an object it controls, in between
 * (audit shows those writes too: a Deployment's status moving as its Pods become ready, a
 * person editing the spec are reasons to write again), and, when every write names its fields,
 * at least one field set by all of them.
 *
 * It names the field when it can: the fields every write set (patches, at the Request level),
 * else `metadata.generation` when the generation rose at every write (spec churn), else none (a
 * whole-object update at the Metadata level tells nothing of its fields). It cannot tell a loop
 * from a reaction to something audit does not show (an external system, a timer); a
 * controller taking a few steps to converge stays well below the threshold, and no write
 * without evidence of a change (a no-op update answers with the same resourceVersion) counts.
 */

/** A successful update or patch, with whatever the journal record says it changed. */
export interface ChurnWrite {
  readonly time: number;
  readonly writer: string;
  /** Fields the write set (audit: what a patch writes); absent when unknown. */
  readonly changedPaths?: readonly string[];
  readonly rvReturned?: string;
  readonly generation?: number;
  /** Another client wrote the object, or one it controls, since this writer's previous write of it. */
  readonly afterOutsideWrite?: boolean;
}

export interface ChurnSettings {
  churnWrites: number;
  windowMs: number;
}

export const defaultChurnSettings: ChurnSettings = { churnWrites: 10, windowMs: 10_000 };

/** Whether `write` changed the object, against the same writer's write before it. */
function changed(previous: ChurnWrite, write: ChurnWrite): boolean {
  if (write.afterOutsideWrite) return false;
  if (write.changedPaths?.length) return true;
  if (write.rvReturned !== undefined && previous.rvReturned !== undefined) return write.rvReturned !== previous.rvReturned;
  return write.generation !== undefined && previous.generation !== undefined && write.generation > previous.generation;
}

function commonPaths(writes: readonly ChurnWrite[]): string[] {
  const [first, ...rest] = writes;
  return (first?.changedPaths ?? []).filter((p) => rest.every((w) => w.changedPaths!.includes(p)));
}

/**
 * The fields of a churn streak ending at the newest write of `writes` (one writer's writes of
 * one object, oldest first), or undefined when the newest writes are no churn.
 */
export function churnStreak(
  writes: readonly ChurnWrite[],
  settings: ChurnSettings = defaultChurnSettings,
): { paths: string[]; tail: ChurnWrite[] } | undefined {
  // One more than the streak: the first write's change is measured against the one before it.
  const tail = writes.slice(-(settings.churnWrites + 1));
  if (tail.length < settings.churnWrites + 1) return undefined;
  const streak = tail.slice(1);
  if (streak.at(-1)!.time - streak[0]!.time > settings.windowMs) return undefined;
  if (!streak.every((w, i) => changed(tail[i]!, w))) return undefined;
  if (streak.every((w) => w.changedPaths?.length)) {
    const paths = commonPaths(streak);
    return paths.length ? { paths, tail: streak } : undefined;
  }
  const generationRose = tail.every(
    (w, i) => i === 0 || (w.generation !== undefined && tail[i - 1]!.generation !== undefined && w.generation > tail[i - 1]!.generation!),
  );
  return { paths: generationRose ? ['metadata.generation'] : [], tail: streak };
}

/** Who last wrote each object (or an object it controls), to tell a reaction to another client's write from churn. */
export class ObjectTouches {
  readonly #byObject = new Map<string, Map<string, number>>();
  readonly #capacity: number;

  constructor(capacity = 50_000) {
    this.#capacity = capacity;
  }

  touched(objectKey: string, writer: string, time: number): void {
    let writers = this.#byObject.get(objectKey);
    if (!writers) {
      writers = new Map();
      this.#byObject.set(objectKey, writers);
      if (this.#byObject.size > this.#capacity) this.#byObject.delete(this.#byObject.keys().next().value!);
    }
    writers.delete(writer);
    writers.set(writer, time);
    // The few most recent writers are all a check needs.
    if (writers.size > 8) writers.delete(writers.keys().next().value!);
  }

  /** Whether a client other than `writer` touched the object after `since`. */
  touchedByOtherSince(objectKey: string, writer: string, since: number): boolean {
    for (const [other, time] of this.#byObject.get(objectKey) ?? []) if (other !== writer && time > since) return true;
    return false;
  }
}
