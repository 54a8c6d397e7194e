/**
 * How much memory a tab holds, three ways: the page's JavaScript heap (CDP
 * `Performance.getMetrics`: JSHeapUsedSize, before and after a forced garbage collection), and
 * the renderer process as the operating system counts it (CDP `SystemInfo.getProcessInfo`
 * names the renderer processes; /proc gives their RSS, PSS and private memory, which is what
 * Chrome's task manager calls the memory footprint). Chromium runs on this machine, so its
 * process ids are readable here. The page's renderer is the largest of those that were not
 * there before it opened (a page in a browser context of its own never shares one).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';

export interface TabMemory {
  jsHeapUsedMb: number;
  jsHeapTotalMb: number;
  jsHeapUsedAfterGcMb: number;
  renderer: { pid: number; rssMb: number; pssMb: number | undefined; privateMb: number | undefined } | undefined;
  /** How many renderer processes could be the page's (only the largest is reported). */
  renderers: number;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

function procMemory(pid: number): { rssMb: number; pssMb: number | undefined; privateMb: number | undefined } | undefined {
  try {
    const kb = (text: string, field: string) => {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
      return match ? Math.round(Number(match[1]) / 1024) : undefined;
    };
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    let rollup = '';
    try {
      rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    } catch {
      // Older kernels have no smaps_rollup: RSS alone.
    }
    const privateClean = kb(rollup, 'Private_Clean');
    const privateDirty = kb(rollup, 'Private_Dirty');
    return {
      rssMb: kb(status, 'VmRSS') ?? 0,
      pssMb: kb(rollup, 'Pss'),
      privateMb: privateClean === undefined || privateDirty === undefined ? undefined : privateClean + privateDirty,
    };
  } catch {
    return undefined;
  }
}

/** The renderer processes the browser has now: call before opening the tab to measure, and pass them to tabMemory. */
export async function rendererPids(browser: Browser): Promise<Set<number>> {
  const browserCdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  await browserCdp.detach();
  return new Set(processInfo.filter((p) => p.type === 'renderer').map((p) => p.id));
}

/** `others`: renderers that are not the page's (rendererPids before the page was opened); of the others, the largest is the page's. */
export async function tabMemory(browser: Browser, page: Page, others: ReadonlySet<number> = new Set()): Promise<TabMemory> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const heap = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return { used: value('JSHeapUsedSize'), total: value('JSHeapTotalSize') };
  };
  const before = await heap();
  // Renderer memory is read before the collection: the tab as it was, not as it could be.
  const renderers = [...(await rendererPids(browser))]
    .filter((pid) => !others.has(pid))
    .flatMap((pid) => {
      const memory = procMemory(pid);
      return memory ? [{ pid, ...memory }] : [];
    })
    .sort((a, b) => b.rssMb - a.rssMb);
  await cdp.send('HeapProfiler.collectGarbage');
  const after = await heap();
  await cdp.detach();
  return {
    jsHeapUsedMb: mb(before.used),
    jsHeapTotalMb: mb(before.total),
    jsHeapUsedAfterGcMb: mb(after.used),
    renderer: renderers[0],
    renderers: renderers.length,
  };
}
