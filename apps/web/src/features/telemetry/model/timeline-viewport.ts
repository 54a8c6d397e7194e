/**
 * The timeline's visible time window and its mapping to pixels: zoom around a point (the
 * pointer stays over the same instant), pan, and "nice" axis ticks (1-2-5 steps).
 */
export interface Viewport {
  /** Epoch ms at the left edge of the plot. */
  start: number;
  /** Epoch ms at the right edge. */
  end: number;
}

export const minWindowMs = 2;
export const maxWindowMs = 6 * 3_600_000;

export function timeToX(vp: Viewport, time: number, width: number): number {
  return ((time - vp.start) / (vp.end - vp.start)) * width;
}

export function xToTime(vp: Viewport, x: number, width: number): number {
  return vp.start + (x / width) * (vp.end - vp.start);
}

/** factor < 1 zooms in. The instant under `anchor` stays where it is. */
export function zoomAt(vp: Viewport, anchor: number, factor: number): Viewport {
  const span = vp.end - vp.start;
  const next = Math.min(maxWindowMs, Math.max(minWindowMs, span * factor));
  const ratio = span > 0 ? (anchor - vp.start) / span : 0.5;
  const start = anchor - ratio * next;
  return { start, end: start + next };
}

export function panBy(vp: Viewport, deltaMs: number): Viewport {
  return { start: vp.start + deltaMs, end: vp.end + deltaMs };
}

/** Keeps the window width and puts `now` at the right edge: follow live. */
export function followLive(vp: Viewport, now: number): Viewport {
  return { start: now - (vp.end - vp.start), end: now };
}

const steps = [1, 2, 5];

/** The smallest 1-2-5 step (in ms) that keeps ticks at least `minPx` apart. */
export function tickStep(vp: Viewport, width: number, minPx = 90): number {
  const msPerPx = (vp.end - vp.start) / Math.max(1, width);
  const target = msPerPx * minPx;
  let magnitude = 10 ** Math.floor(Math.log10(Math.max(target, 1e-3)));
  for (;;) {
    for (const s of steps) if (s * magnitude >= target) return s * magnitude;
    magnitude *= 10;
  }
}

export function ticks(vp: Viewport, width: number, minPx = 90): number[] {
  const step = tickStep(vp, width, minPx);
  const first = Math.ceil(vp.start / step) * step;
  const out: number[] = [];
  for (let t = first; t <= vp.end && out.length < 200; t += step) out.push(t);
  return out;
}

/** Tick text: seconds with as many decimals as the step needs, as an offset in the minute; "—" for a time no Date can hold. */
export function tickLabel(time: number, step: number): string {
  const d = new Date(time);
  if (Number.isNaN(d.getTime())) return '—';
  const hh = String(d.getHours()).padStart(2, '0');
  const mm = String(d.getMinutes()).padStart(2, '0');
  const ss = String(d.getSeconds()).padStart(2, '0');
  if (step >= 60_000) return `${hh}:${mm}`;
  if (step >= 1000) return `${hh}:${mm}:${ss}`;
  const decimals = step >= 100 ? 1 : step >= 10 ? 2 : 3;
  return `${mm}:${ss}.${String(d.getMilliseconds()).padStart(3, '0').slice(0, decimals)}`;
}
