/**
 * How long and how much history is kept: `--history-retention 24h --history-max-mb 512`.
 * Durations are a number and a unit (s, m, h, d); sizes are megabytes (MiB).
 */
import type { HistoryRetention } from '@dojo/console-protocol';

export const defaultRetention: HistoryRetention = { maxAgeMs: 24 * 3_600_000, maxBytes: 512 * 1024 * 1024 };

const units: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "90s", "30m", "24h", "7d" in milliseconds; undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(s|m|h|d)$/.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * units[match[2]!]!;
  return ms > 0 ? Math.round(ms) : undefined;
}

/** A positive number of megabytes (MiB) in bytes; undefined when it is not one. */
export function parseMegabytes(text: string): number | undefined {
  const mb = Number(text.trim());
  return Number.isFinite(mb) && mb > 0 && text.trim() !== '' ? Math.round(mb * 1024 * 1024) : undefined;
}
