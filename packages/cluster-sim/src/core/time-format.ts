/**
 * Kubernetes timestamps: metav1.Time is RFC 3339 in whole seconds ("2024-05-01T12:00:00Z").
 * Every time written here comes from the injected Clock.
 */

export function formatTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Epoch ms of a timestamp, or undefined when absent or unparsable. */
export function parseTime(value: string | undefined | null): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A duration as Go's time.Duration prints it ("200ms", "10s", "5m0s"), for kubelet messages. */
export function goDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const totalSeconds = Math.round(ms / 100) / 10;
  if (totalSeconds < 60) return `${totalSeconds}s`;
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = Math.round((totalSeconds - minutes * 60) * 10) / 10;
  return minutes < 60 ? `${minutes}m${seconds}s` : `${Math.floor(minutes / 60)}h${minutes % 60}m${seconds}s`;
}
