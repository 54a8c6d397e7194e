/**
 * Kubernetes timestamps, from epoch milliseconds the caller got from its (injected) clock.
 * metav1.Time is RFC 3339 in whole seconds ("2024-05-01T12:00:00Z"): creationTimestamp,
 * lastTransitionTime, an Event's lastTimestamp. metav1.MicroTime carries six fractional digits
 * ("2024-05-01T12:00:00.123456Z"): a Lease's renewTime, an events.k8s.io Event's eventTime.
 */

/** metav1.Time: RFC 3339, truncated to the second as Kubernetes marshals it. */
export function formatTime(epochMs: number): string {
  return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** metav1.MicroTime: RFC 3339 with microseconds (the fraction of a millisecond kept). */
export function formatMicroTime(epochMs: number): string {
  const iso = new Date(epochMs).toISOString();
  const micros = String(Math.floor((epochMs % 1) * 1000)).padStart(3, '0');
  return `${iso.slice(0, -1)}${micros}Z`;
}

/** Epoch ms of a Time or MicroTime, or undefined when absent or unparsable. */
export function parseTime(value: string | undefined | null): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
