/**
 * State per name, for at most `limit` names. A name seen for the first time gets an entry while
 * there is room; when there is none, the least recently active name gives up its entry if it has
 * been idle for `idleMs` (it is forgotten: `onEvict` lets the owner drop what else it kept for
 * it), else the new name is folded: counted in one "other" bucket (how many distinct names,
 * since when, how many events), and its events are not kept per name.
 *
 * Least recently active is kept by the map's insertion order: every `touch` moves a name to the
 * end, so the first entry is always the one to evict, in constant time.
 *
 * Folded names are counted distinct by a 32-bit hash of each, up to `rememberFolded` hashes
 * (then `foldedAtLeast`): memory stays bounded whatever is sent.
 */
import type { NameOverflow } from '@dojo/console-protocol';

export interface BoundedNamesOptions<V> {
  limit: number;
  idleMs: number;
  /** Called for a name forgotten after `idleMs`, to make room for a new one. */
  onEvict?: (name: string, value: V) => void;
  rememberFolded?: number;
}

interface Slot<V> {
  readonly value: V;
  lastActive: number;
}

/** FNV-1a: a cheap stable hash, enough to count distinct names without keeping them. */
function hashOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export class BoundedNames<V> {
  readonly limit: number;
  readonly #options: BoundedNamesOptions<V>;
  readonly #slots = new Map<string, Slot<V>>();
  readonly #folded = new Set<number>();
  #foldedAtLeast = false;
  #foldedEvents = 0;
  #evicted = 0;
  #since: number | undefined;

  constructor(options: BoundedNamesOptions<V>) {
    this.limit = options.limit;
    this.#options = options;
  }

  get size(): number {
    return this.#slots.size;
  }

  /** The entry of a name that has one; no activity is noted. */
  get(name: string): V | undefined {
    return this.#slots.get(name)?.value;
  }

  /**
   * The entry of `name`, noted active at `now`: its own, or a new one made by `create` if there
   * is room (or an idle name to forget for it); undefined when the name is folded into "other".
   */
  admit(name: string, now: number, create: () => V): V | undefined {
    const slot = this.#slots.get(name);
    if (slot) {
      this.#touchSlot(name, slot, now);
      return slot.value;
    }
    if (this.#slots.size >= this.limit && !this.#evictIdle(now)) {
      this.#fold(name, now);
      return undefined;
    }
    const value = create();
    this.#slots.set(name, { value, lastActive: now });
    return value;
  }

  /** Notes activity of a name that has an entry; returns whether it has one. */
  touch(name: string, now: number): boolean {
    const slot = this.#slots.get(name);
    if (slot) this.#touchSlot(name, slot, now);
    return slot !== undefined;
  }

  *values(): IterableIterator<V> {
    for (const slot of this.#slots.values()) yield slot.value;
  }

  entries(): [string, V][] {
    return [...this.#slots].map(([name, slot]) => [name, slot.value]);
  }

  /** What did not fit; undefined while nothing was folded or forgotten. */
  overflow(): NameOverflow | undefined {
    if (this.#since === undefined && this.#evicted === 0) return undefined;
    return {
      limit: this.limit,
      folded: this.#folded.size,
      ...(this.#foldedAtLeast ? { foldedAtLeast: true } : {}),
      foldedEvents: this.#foldedEvents,
      evicted: this.#evicted,
      ...(this.#since !== undefined ? { since: this.#since } : {}),
    };
  }

  #touchSlot(name: string, slot: Slot<V>, now: number): void {
    slot.lastActive = Math.max(slot.lastActive, now);
    // Re-inserted last: the map's first entry stays the least recently active.
    this.#slots.delete(name);
    this.#slots.set(name, slot);
  }

  #evictIdle(now: number): boolean {
    const first = this.#slots.entries().next();
    if (first.done) return false;
    const [name, slot] = first.value;
    if (now - slot.lastActive < this.#options.idleMs) return false;
    this.#slots.delete(name);
    this.#evicted++;
    this.#options.onEvict?.(name, slot.value);
    return true;
  }

  #fold(name: string, now: number): void {
    this.#since ??= now;
    this.#foldedEvents++;
    if (this.#folded.size < (this.#options.rememberFolded ?? 100_000)) this.#folded.add(hashOf(name));
    else if (!this.#folded.has(hashOf(name))) this.#foldedAtLeast = true;
  }
}
