/**
 * Benchmark, not a test (issue 17's UI target): the console with 10,000 Dojos. Measures, in
 * Chromium, the Resources list of Dojos (all namespaces) and the Overview from navigation to
 * first paint and to the first row painted; scrolling each list from top to bottom (rAF frame
 * intervals, p95); the tab's memory; and the Workqueue page of the Dojo controller holding
 * 10,000 queued keys: first row, frames while it sits there (it polls the queue every second)
 * and while scrolling. Run by `npm run bench -- web-scale` (DOJO_BENCH=1); skipped otherwise.
 *
 * The console is one of the spec's own (`dojo-console up`, default pod delays). The Dojo
 * controller is paused before the first Dojo is created, so every Dojo's key waits in its
 * queue (the Workqueue page's 10,000 keys) and the cluster converges nothing meanwhile: the
 * figures are the UI's on a cluster at rest, not while it churns. Each Dojo is given a status
 * (conditions, readyStatus) by a status patch, as the operator would write it, so rows print
 * full columns. The reference, from the same run: the same pages with the first 100 Dojos.
 * Results go to test-results/bench/web-scale.json, each figure beside its target.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { expect, test, type Page } from '@playwright/test';
import { kubeApi, type KubeApi } from './support/kube-api.ts';
import { freshDataDir, startOwnConsole, type OwnConsole } from './support/own-console.ts';
import { contentTiming, frameSummary, idleFrames, markFirstContent, scrollThrough, type ContentTiming } from './support/page-timing.ts';
import { rendererPids, tabMemory } from './support/tab-memory.ts';

const dojoCount = Number(process.env.WEB_SCALE_DOJOS ?? 10_000);
const referenceCount = 100;
const namespaces = Array.from({ length: 10 }, (_, i) => `scale-${i}`);
const navigations = 3;
const scrollStepPx = 800;
const targets = { firstPaintMs: 1500, scrollP95FrameMs: 16.7, tabMemoryMb: 400 };
// rAF intervals are vsync-locked: a frame on time measures 16.6–16.9 ms, a dropped one ≥ 33 ms.
// A frame within this much of the target is on time.
const frameJitterMs = 1;

test.skip(!process.env.DOJO_BENCH, 'a benchmark: run it with `npm run bench -- web-scale` (DOJO_BENCH=1)');
// Tracing snapshots the DOM on every action; it would be measured instead of the console.
test.use({ trace: 'off', screenshot: 'off', viewport: { width: 1440, height: 900 } });

// The Workqueue page shows each key list's first 1,000 keys (apps/web controller-details.ts).
const queueKeysShown = 1_000;

const selectors = {
  list: '[aria-label="Dojo objects"] [aria-rowindex="2"]',
  queue: '[aria-label="Queued keys"] [aria-rowindex="2"]',
  // Every page of the list is in: the table counts all its rows.
  allRows: `[aria-label="Dojo objects"][aria-rowcount="${dojoCount + 1}"]`,
  allRowsOfReference: `[aria-label="Dojo objects"][aria-rowcount="${referenceCount + 1}"]`,
};

function dojo(i: number) {
  const namespace = namespaces[i % namespaces.length]!;
  const name = `dojo-${String(i).padStart(5, '0')}`;
  return { namespace, name };
}

async function bounded(count: number, concurrency: number, each: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await each(next++);
    }),
  );
}

/** Creates Dojos [from, to) and writes each one's status as the operator would once Available. */
async function createDojos(api: KubeApi, from: number, to: number): Promise<void> {
  const failed: string[] = [];
  await bounded(to - from, 16, async (k) => {
    const { namespace, name } = dojo(from + k);
    const path = `/apis/core.jutsu.com/v1/namespaces/${namespace}/dojos`;
    const created = await api.post(path, {
      apiVersion: 'core.jutsu.com/v1',
      kind: 'Dojo',
      metadata: { name, namespace, labels: { bench: 'web-scale' } },
      spec: { accountId: 'bench', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, replicas: 1 },
    });
    if (created.status !== 201) return void failed.push(`${name}: ${created.status} ${created.body.slice(0, 200)}`);
    const at = new Date().toISOString();
    const condition = (type: string, status: string, reason: string) => ({
      type,
      status,
      reason,
      message: `${reason} (bench)`,
      lastTransitionTime: at,
      observedGeneration: 1,
    });
    const status = await api.mergePatch(
      `${path}/${name}/status`,
      {
        status: {
          observedGeneration: 1,
          readyReplicas: 1,
          updatedReplicas: 1,
          availableReplicas: 1,
          readyStatus: '1/1',
          conditions: [
            condition('Available', 'True', 'MinimumReplicasAvailable'),
            condition('Progressing', 'False', 'Settled'),
            condition('Degraded', 'False', 'Healthy'),
          ],
        },
      },
      'web-scale-bench',
    );
    if (status.status !== 200) failed.push(`${name} status: ${status.status} ${status.body.slice(0, 200)}`);
  });
  expect(failed, failed.slice(0, 3).join('\n')).toEqual([]);
}

function consoleGet(own: OwnConsole, path: string) {
  return fetch(`${own.origin}${path}`, { headers: { Authorization: `Bearer ${own.token}`, 'X-Dojo-Console': '1' } });
}

async function waitForQueueDepth(own: OwnConsole, depth: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const { controllers } = (await (await consoleGet(own, '/api/controllers')).json()) as { controllers: { name: string; depth: number }[] };
        return controllers.find((c) => c.name === 'dojo')?.depth;
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(depth);
}

/** `navigations` fresh loads of `path`; the median of each figure. */
async function loads(page: Page, url: string, content: keyof typeof selectors): Promise<ContentTiming & { runs: ContentTiming[] }> {
  const runs: ContentTiming[] = [];
  for (let i = 0; i < navigations; i++) {
    await page.goto('about:blank');
    await page.goto(url);
    runs.push(await contentTiming(page, content));
  }
  const median = (pick: (t: ContentTiming) => number | undefined) => {
    const values = runs
      .map(pick)
      .filter((v): v is number => v !== undefined)
      .sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)];
  };
  return {
    firstPaintMs: median((t) => t.firstPaintMs),
    firstContentfulPaintMs: median((t) => t.firstContentfulPaintMs),
    contentInDomMs: median((t) => t.contentInDomMs)!,
    contentPaintedMs: median((t) => t.contentPaintedMs)!,
    runs,
  };
}

async function scrolled(page: Page, label: string, rows: number) {
  const run = await scrollThrough(page, label, scrollStepPx);
  // The list really went to its end: its last row was rendered.
  expect(run.rowCount).toBe(rows + 1);
  expect(run.lastRowIndex).toBe(rows + 1);
  return frameSummary(run.frames);
}

const ratio = (figure: number, reference: number) => Number((figure / Math.max(reference, 1)).toFixed(2));

test('10,000 Dojos: Resources list, Overview and a 10,000-key Workqueue (benchmark)', async ({ browser }) => {
  test.setTimeout(900_000);
  const dir = freshDataDir('web-scale');
  const own = await startOwnConsole(dir);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await markFirstContent(page, selectors);
    await page.goto(own.loginUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Dojo Console' })).toBeVisible();
    const paused = await fetch(`${own.origin}/api/controllers/dojo/pause`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${own.token}`, 'X-Dojo-Console': '1' },
    });
    expect(paused.status).toBe(200);
    const api = kubeApi(dir, { sockets: 16 });
    for (const name of namespaces) expect((await api.post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } })).status).toBe(201);

    const listUrl = `${own.origin}/resources/core.jutsu.com/v1/dojos`;
    const overviewUrl = `${own.origin}/`;
    const workqueueUrl = `${own.origin}/workqueue/dojo`;
    const measure = async (rows: number) => {
      const allRows = rows === dojoCount ? 'allRows' : 'allRowsOfReference';
      // What this loaded machine gives a page that does nothing: the floor under every frame figure.
      await page.goto('about:blank');
      const blankFrames = frameSummary(await idleFrames(page, 3_000));
      const list = await loads(page, listUrl, 'list');
      // Scrolled once the whole list is in; when that was, from the last navigation.
      const listComplete = await contentTiming(page, allRows);
      const listScroll = await scrolled(page, 'Dojo objects', rows);
      const overview = await loads(page, overviewUrl, 'list');
      const overviewComplete = await contentTiming(page, allRows);
      const overviewScroll = await scrolled(page, 'Dojo objects', rows);
      const workqueue = await loads(page, workqueueUrl, 'queue');
      const workqueueIdle = frameSummary(await idleFrames(page, 5_000));
      // What the page polls once a second: the controller's details with its queue's keys.
      const workqueuePollKb = await page.evaluate(() => {
        const polls = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/controllers/dojo')) as PerformanceResourceTiming[];
        return Math.round((polls.at(-1)?.decodedBodySize ?? 0) / 1024);
      });
      const workqueueScroll = await scrolled(page, 'Queued keys', Math.min(rows, queueKeysShown));
      // A tab as a person has it: opened once on the list, every row in, scrolled through once.
      // In a browser context of its own, so in a renderer of its own.
      await page.goto('about:blank');
      const others = await rendererPids(browser);
      const tabContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      // Signed in with the first page's session cookie: the tab opens on the list, nothing before it.
      await tabContext.addCookies(await context.cookies());
      const tab = await tabContext.newPage();
      await markFirstContent(tab, selectors);
      await tab.goto(listUrl);
      await contentTiming(tab, allRows);
      await scrollThrough(tab, 'Dojo objects', scrollStepPx);
      const listMemory = await tabMemory(browser, tab, others);
      await tabContext.close();
      return {
        blankFrames,
        list,
        listCompleteMs: listComplete.contentPaintedMs,
        listScroll,
        overview,
        overviewCompleteMs: overviewComplete.contentPaintedMs,
        overviewScroll,
        workqueue,
        workqueueIdle,
        workqueuePollKb,
        workqueueScroll,
        listMemory,
      };
    };

    await createDojos(api, 0, referenceCount);
    await waitForQueueDepth(own, referenceCount);
    const reference = await measure(referenceCount);

    const createStarted = Date.now();
    await createDojos(api, referenceCount, dojoCount);
    const createSeconds = (Date.now() - createStarted) / 1000;
    await waitForQueueDepth(own, dojoCount);
    const load = { beforeMeasuring: loadavg().map((l) => Number(l.toFixed(2))) };
    const scale = await measure(dojoCount);
    // Tab memory as Chrome's task manager counts it (its "memory footprint"): what the tab's
    // renderer holds privately. RSS also counts the code and fonts shared with every other
    // Chromium process (the 100-Dojo tab's RSS is ~180 MB, ~45 MB of it private); it is reported beside.
    const tabMb = scale.listMemory.renderer?.privateMb;

    const verdict = (figure: number | undefined, target: number, slack = 0) => ({ figure, target, met: figure !== undefined && figure <= target + slack });
    const frameVerdict = (figure: number) => verdict(figure, targets.scrollP95FrameMs, frameJitterMs);
    const result = {
      benchmark: 'web-scale',
      dojos: dojoCount,
      namespaces: namespaces.length,
      createAndStatusSeconds: Number(createSeconds.toFixed(1)),
      loadAverage: { ...load, atEnd: loadavg().map((l) => Number(l.toFixed(2))) },
      targets: {
        listFirstPaint: verdict(scale.list.firstContentfulPaintMs, targets.firstPaintMs),
        listFirstRow: verdict(scale.list.contentPaintedMs, targets.firstPaintMs),
        overviewFirstPaint: verdict(scale.overview.firstContentfulPaintMs, targets.firstPaintMs),
        overviewFirstRow: verdict(scale.overview.contentPaintedMs, targets.firstPaintMs),
        listScrollP95: frameVerdict(scale.listScroll.p95FrameMs),
        overviewScrollP95: frameVerdict(scale.overviewScroll.p95FrameMs),
        tabMemoryPrivate: verdict(tabMb, targets.tabMemoryMb),
        tabRssBeside: scale.listMemory.renderer?.rssMb,
        workqueueFirstRow: verdict(scale.workqueue.contentPaintedMs, targets.firstPaintMs),
        workqueueIdleP95: frameVerdict(scale.workqueueIdle.p95FrameMs),
        workqueueScrollP95: frameVerdict(scale.workqueueScroll.p95FrameMs),
      },
      ratioToReference: {
        listFirstRow: ratio(scale.list.contentPaintedMs, reference.list.contentPaintedMs),
        overviewFirstRow: ratio(scale.overview.contentPaintedMs, reference.overview.contentPaintedMs),
        workqueueFirstRow: ratio(scale.workqueue.contentPaintedMs, reference.workqueue.contentPaintedMs),
        tabPrivate: ratio(tabMb ?? 0, reference.listMemory.renderer?.privateMb ?? 0),
        // The frames of a blank page, same run: how much of a scroll's p95 the machine's load explains.
        listScrollP95ToBlankP95: ratio(scale.listScroll.p95FrameMs, scale.blankFrames.p95FrameMs),
      },
      scale,
      reference: { dojos: referenceCount, ...reference },
      notes: [
        "times are ms from the navigation start on the page clock; first paint = the first-contentful-paint entry; first row = the frame after the list's first row entered the DOM; each the median of 3 navigations (about:blank between)",
        `scrolling: ${scrollStepPx} px per animation frame from top to bottom; frame = rAF interval (16.7 ms at 60 Hz is on time)`,
        "tab memory = the private memory (Private_Clean + Private_Dirty, /proc smaps_rollup: Chrome's memory footprint) of the renderer of a new tab opened on the list, once every row was in and it was scrolled through, before any forced purge; its RSS and PSS beside; JS heap from CDP Performance.getMetrics",
        "blankFrames: rAF intervals of about:blank for 3 s just before, the floor the machine's load sets under every frame figure",
        "the Dojo controller is paused (its queue holds every Dojo's key) and each Dojo has a status written by a status patch: the cluster converges nothing while measuring",
        'reference: the same pages in the same console with the first 100 Dojos, measured before the rest were created',
        `listCompleteMs / overviewCompleteMs: when the table counted every row (every page of the LIST in), last navigation; the Workqueue lists show their first ${queueKeysShown} keys (scrolled: those)`,
      ],
    };
    mkdirSync('test-results/bench', { recursive: true });
    writeFileSync('test-results/bench/web-scale.json', `${JSON.stringify(result, null, 2)}\n`);
    await test.info().attach('web-scale.json', { body: JSON.stringify(result, null, 2), contentType: 'application/json' });
    console.log(JSON.stringify(result.targets));
  } finally {
    await own.stop();
  }
});
