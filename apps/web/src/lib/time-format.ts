/** How the console writes durations and ages: short, like kubectl ("5s", "3m12s", "2d4h"). */

/** kubectl's age: the two most significant units. */
export function formatAge(fromMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.floor((nowMs - fromMs) / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return seconds % 60 ? `${minutes}m${seconds % 60}s` : `${minutes}m`;
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours}h${minutes % 60}m` : `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 10) return hours % 24 ? `${days}d${hours % 24}h` : `${days}d`;
  if (days < 365 * 2) return `${days}d`;
  return `${Math.floor(days / 365)}y`;
}

export function ageOfTimestamp(timestamp: string | undefined, nowMs: number): string {
  if (!timestamp) return '—';
  const at = Date.parse(timestamp);
  return Number.isNaN(at) ? '—' : formatAge(at, nowMs);
}

/** A duration in milliseconds at a precision that fits its size. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const abs = Math.abs(ms);
  const sign = ms < 0 ? '-' : '';
  if (abs < 1) return `${sign}${abs.toFixed(2)} ms`;
  if (abs < 10) return `${sign}${abs.toFixed(1)} ms`;
  if (abs < 1000) return `${sign}${Math.round(abs)} ms`;
  if (abs < 10_000) return `${sign}${(abs / 1000).toFixed(2)} s`;
  if (abs < 60_000) return `${sign}${(abs / 1000).toFixed(1)} s`;
  return `${sign}${formatAge(0, abs)}`;
}

/** Wall-clock time with milliseconds, for telemetry; "—" for a time no Date can hold (beyond ±8.64e15 ms). */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '—';
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

export function formatRate(perSecond: number): string {
  if (!Number.isFinite(perSecond)) return '—';
  return perSecond >= 10 ? perSecond.toFixed(0) : perSecond.toFixed(1);
}

export function formatPercent(ratio: number): string {
  if (!Number.isFinite(ratio)) return '—';
  const pct = ratio * 100;
  return `${pct >= 10 || pct === 0 ? pct.toFixed(0) : pct.toFixed(1)}%`;
}
