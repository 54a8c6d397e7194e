/**
 * Deterministic randomness keyed by what it is for: `unitInterval(seed, pod.uid, 'start')` is
 * the same number every time it is asked. Jitter and injected failures therefore survive a
 * restart of the simulator and do not depend on the order in which objects are reconciled.
 */

/** A number in [0, 1) derived from the seed and the parts (FNV-1a, then a murmur3 finalizer). */
export function unitInterval(seed: number, ...parts: readonly string[]): number {
  let hash = 0x811c9dc5 ^ (seed | 0);
  const text = parts.join('\u0000');
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 2 ** 32;
}

/** An inclusive range of milliseconds; `minMs === maxMs` means no jitter. */
export interface DelayRange {
  readonly minMs: number;
  readonly maxMs: number;
}

export function pickDelay(range: DelayRange, unit: number): number {
  const low = Math.max(0, Math.min(range.minMs, range.maxMs));
  const high = Math.max(low, range.maxMs);
  return Math.round(low + unit * (high - low));
}
