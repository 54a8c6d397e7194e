/**
 * What a person sees of a page's speed, measured inside Chromium on the page's own clock
 * (`performance.now()`, 0 at the navigation's start):
 * - when it first painted (the `paint` entries: first-paint, first-contentful-paint), and when
 *   the first piece of meaningful content (a list's first row) entered the DOM and the frame
 *   that painted it, stamped by a MutationObserver installed before any page script runs;
 * - how smooth it stays: requestAnimationFrame intervals (16.7 ms at 60 Hz is a frame on time),
 *   while scrolling a list from top to bottom one step per frame, or while it sits there.
 */
import type { Page } from '@playwright/test';

export interface ContentTiming {
  firstPaintMs: number | undefined;
  firstContentfulPaintMs: number | undefined;
  /** The content's element entered the DOM. */
  contentInDomMs: number;
  /** The animation frame after it: the frame that painted it. */
  contentPaintedMs: number;
}

interface Marks {
  __contentMarks: Record<string, { domAt: number; frameAt?: number }>;
  /** Stops looking for content not found yet (its observer would run in every measured frame). */
  __stopContentMarks?: () => void;
}

/**
 * Stamps, on every navigation of the page from now on, when an element matching each selector
 * first enters the DOM. Call once per page, before the navigations to measure.
 */
export async function markFirstContent(page: Page, selectors: Record<string, string>): Promise<void> {
  await page.addInitScript((selectors: Record<string, string>) => {
    const w = window as unknown as Marks;
    w.__contentMarks = {};
    const pending = new Map(Object.entries(selectors));
    const check = () => {
      for (const [name, selector] of pending) {
        if (!document.querySelector(selector)) continue;
        pending.delete(name);
        const mark: Marks['__contentMarks'][string] = { domAt: performance.now() };
        w.__contentMarks[name] = mark;
        requestAnimationFrame(() => (mark.frameAt = performance.now()));
      }
      if (pending.size === 0) observer.disconnect();
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-rowindex', 'aria-rowcount'] });
    w.__stopContentMarks = () => observer.disconnect();
  }, selectors);
}

/** Waits for the content `name` (a selector given to markFirstContent) of the current document to be painted. */
export async function contentTiming(page: Page, name: string, timeoutMs = 60_000): Promise<ContentTiming> {
  const handle = await page.waitForFunction(
    (name) => {
      const mark = (window as unknown as Marks).__contentMarks?.[name];
      if (mark?.frameAt === undefined) return undefined;
      const paint = (entry: string) => performance.getEntriesByName(entry, 'paint')[0]?.startTime;
      return {
        firstPaintMs: paint('first-paint'),
        firstContentfulPaintMs: paint('first-contentful-paint'),
        contentInDomMs: mark.domAt,
        contentPaintedMs: mark.frameAt,
      };
    },
    name,
    { timeout: timeoutMs, polling: 20 },
  );
  const timing = (await handle.jsonValue()) as ContentTiming;
  const round = (n: number | undefined) => (n === undefined ? undefined : Math.round(n));
  return {
    firstPaintMs: round(timing.firstPaintMs),
    firstContentfulPaintMs: round(timing.firstContentfulPaintMs),
    contentInDomMs: Math.round(timing.contentInDomMs),
    contentPaintedMs: Math.round(timing.contentPaintedMs),
  };
}

export interface ScrollRun {
  frames: number[];
  /** The highest aria-rowindex rendered at the end: the list's last row when it reached the bottom. */
  lastRowIndex: number;
  rowCount: number;
}

/**
 * Scrolls the list labelled `label` from top to bottom, `stepPx` per animation frame (a fling:
 * at 800 px every frame shows rows it never showed before), and records every frame's interval.
 */
export async function scrollThrough(page: Page, label: string, stepPx: number): Promise<ScrollRun> {
  return page.evaluate(
    async ({ label, stepPx }) => {
      (window as unknown as Marks).__stopContentMarks?.();
      const list = document.querySelector<HTMLElement>(`[aria-label="${label}"]`);
      if (!list) throw new Error(`no list labelled ${label}`);
      // The element that scrolls the rows: the one with the most to scroll.
      const overflow = (e: HTMLElement) => (getComputedStyle(e).overflowY === 'visible' ? 0 : e.scrollHeight - e.clientHeight);
      const scroller = [list, ...Array.from(list.querySelectorAll<HTMLElement>('*'))].sort((a, b) => overflow(b) - overflow(a))[0];
      if (!scroller || overflow(scroller) <= 1) throw new Error(`the list labelled ${label} does not scroll`);
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      scroller.scrollTop = 0;
      let last = await frame();
      const frames: number[] = [];
      while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
        scroller.scrollTop += stepPx;
        const t = await frame();
        frames.push(t - last);
        last = t;
      }
      // Two more frames: the last rows render after the last scroll.
      for (let i = 0; i < 2; i++) {
        const t = await frame();
        frames.push(t - last);
        last = t;
      }
      const indexes = Array.from(list.querySelectorAll('[aria-rowindex]')).map((e) => Number(e.getAttribute('aria-rowindex')));
      return { frames, lastRowIndex: Math.max(...indexes), rowCount: Number(list.getAttribute('aria-rowcount')) };
    },
    { label, stepPx },
  );
}

/** Frame intervals while nothing but the page itself (polls, watches, clocks) does anything. */
export async function idleFrames(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(async (ms) => {
    (window as unknown as Marks).__stopContentMarks?.();
    const frames: number[] = [];
    let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const end = last + ms;
    while (last < end) {
      const t = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      frames.push(t - last);
      last = t;
    }
    return frames;
  }, ms);
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const frameSummary = (frames: readonly number[]) => ({
  frames: frames.length,
  p50FrameMs: Number(percentile(frames, 50).toFixed(1)),
  p95FrameMs: Number(percentile(frames, 95).toFixed(1)),
  maxFrameMs: Number(Math.max(...frames).toFixed(1)),
  /** Frames longer than two 60 Hz frames: at least one frame dropped. */
  longFrames: frames.filter((f) => f > 33.4).length,
});
