/**
 * #18 recordings: a console that ran a Dojo scenario exports it from its UI; the file opens in
 * another console process with no cluster (`dojo-console open`), whose views show that
 * scenario read-only, with a time slider in place of "live" that moves the object's state; and
 * a `.dojotrace` dropped onto a console's page opens.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { createDojo, scaleTo, waitUntilAvailable } from './support/forms.ts';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { freshDataDir, startRecordingConsole, type OwnConsole } from './support/own-console.ts';

const recordingFile = 'test-results/recordings/scenario.dojotrace';

async function signInToRecording(page: Page, running: OwnConsole): Promise<void> {
  await page.goto(running.loginUrl);
  await expect(page.getByRole('status', { name: 'Connection: Replay' })).toBeVisible({ timeout: 30_000 });
}

/** The object page's header: "· ready 1/1". */
const readyInHeader = (page: Page, replicas: number) => page.getByText(`· ready ${replicas}/${replicas}`);

/** Moves the time slider to `at` (epoch ms), as letting go of it there does. */
async function slideTo(page: Page, at: number): Promise<void> {
  await page.getByRole('slider', { name: 'Time in the recording' }).fill(String(at));
  await expect(page).toHaveURL(new RegExp(`[?&]at=${at}`));
}

test.describe('recordings', () => {
  test.describe.configure({ mode: 'serial' });
  const name = uniqueName('rec');
  let beforeScale = 0;
  let recording: OwnConsole | undefined;
  test.afterEach(async () => {
    await recording?.stop();
    recording = undefined;
  });

  test('a console that ran a Dojo scenario exports it from its header', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    await createDojo(page, { name });
    await waitUntilAvailable(page);
    await expect(readyInHeader(page, 1)).toBeVisible({ timeout: 30_000 });
    // An instant the Dojo had one replica ready, well inside what the recording holds.
    await page.waitForTimeout(1500);
    beforeScale = Date.now();
    await page.waitForTimeout(1000);
    await scaleTo(page, 2);
    await expect(readyInHeader(page, 2)).toBeVisible({ timeout: 60_000 });

    await page.getByText('Recording', { exact: true }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export everything' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^dojo-.*\.dojotrace$/);
    mkdirSync('test-results/recordings', { recursive: true });
    await download.saveAs(recordingFile);
    expect(readFileSync(recordingFile).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  test('opens in another console process with no cluster; its views show the scenario, read-only, at the instant the slider chose', async ({ page }) => {
    test.setTimeout(180_000);
    recording = await startRecordingConsole(recordingFile, freshDataDir('recording-open'));
    await signInToRecording(page, recording);
    const banner = page.getByRole('region', { name: 'Recording' });
    await expect(banner).toContainText('scenario.dojotrace');
    await expect(banner).toContainText('Read-only');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Controller dojo' })).toBeVisible();
    // The API server's other clients, replayed from the recorded request journal; nothing to connect to.
    await expect(page.getByRole('article', { name: 'Client dojo-console' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/No request journal/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Connect an operator' })).toHaveCount(0);
    await saveScreenshot(page, 'recording-overview');

    // The object page at the end of the recording: two replicas, the whole history.
    await page.goto(`${recording.origin}/resources/core.jutsu.com/v1/dojos/default/${name}`);
    await expect(readyInHeader(page, 2)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Scale' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Condition transitions' }).getByRole('row').filter({ hasText: 'Available' }).first()).toBeVisible();
    await saveScreenshot(page, 'recording-object-end');

    // The slider moves the object back to one replica, and forward again.
    await slideTo(page, beforeScale);
    await expect(readyInHeader(page, 1)).toBeVisible({ timeout: 30_000 });
    // "Why is this not ready?" answers as of the instant (#34 item 3).
    const why = page.getByRole('region', { name: 'Why is this not ready?' });
    await expect(why.getByText(/nothing blocks it|blocker/)).toBeVisible({ timeout: 30_000 });
    await expect(why.getByText('Could not explain this object')).toHaveCount(0);
    // Ticks along the slider where reconciles, conflicts and writes happened, each going to its instant (#34 item 16).
    const ticks = page.getByRole('list', { name: 'Activity in the recording' }).getByRole('button', { name: /^Go to .*reconcile/ });
    await expect(ticks.first()).toBeVisible();
    await ticks.last().click();
    await expect(page).not.toHaveURL(new RegExp(`[?&]at=${beforeScale}(&|$)`));
    await slideTo(page, beforeScale);
    await expect(readyInHeader(page, 1)).toBeVisible({ timeout: 30_000 });
    await saveScreenshot(page, 'recording-object-before-scale');
    // The banner and its slider pass axe in both themes (#20 item 12).
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => localStorage.setItem('dojo-console-theme', t), theme);
      await page.reload();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expect(readyInHeader(page, 1)).toBeVisible({ timeout: 30_000 });
      found.push(...(await axeViolations(page)).map((v) => `${theme}: ${v}`));
    }
    expect(found).toEqual([]);
    await page.getByRole('tab', { name: 'Versions' }).click();
    await expect(page).toHaveURL(/[?&]at=/);
    // The versions as of the instant: the scale to two came later (#34 item 3).
    const versionRows = page.getByRole('table', { name: 'Recorded versions' }).getByRole('row');
    await expect(versionRows.filter({ hasText: 'created' }).first()).toBeVisible({ timeout: 30_000 });
    await expect(versionRows.filter({ hasText: 'spec changed' })).toHaveCount(0);
    await page.getByRole('button', { name: 'End' }).click();
    await expect(versionRows.filter({ hasText: 'spec changed' }).first()).toBeVisible({ timeout: 30_000 });
    await slideTo(page, beforeScale);
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(page.getByRole('table', { name: 'Events' })).toBeVisible();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'End' }).click();
    await expect(readyInHeader(page, 2)).toBeVisible({ timeout: 30_000 });

    // The list at the instant, as kubectl get prints it.
    await page.goto(`${recording.origin}/resources/core.jutsu.com/v1/dojos?at=${beforeScale}`);
    await expect(page.getByRole('row', { name: new RegExp(`${name}.*1/1`) })).toBeVisible({ timeout: 30_000 });

    // The timeline, the conflicts and the workqueue, rebuilt from the recorded telemetry.
    await page.goto(`${recording.origin}/timeline`);
    await expect(page.getByText(/\d+ reconciles loaded/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Follow the slider' })).toBeVisible();
    await saveScreenshot(page, 'recording-timeline');
    await page.goto(`${recording.origin}/conflicts`);
    await expect(page.getByRole('heading', { name: 'Conflicts' })).toBeVisible();
    await page.goto(`${recording.origin}/workqueue/dojo?at=${beforeScale}`);
    await expect(page.getByRole('note', { name: 'Rebuilt from the recording' })).toContainText('Not known from a recording');
    await saveScreenshot(page, 'recording-workqueue');

    // A write is refused with a Status that says why.
    const refused = await page.request.post(`${recording.origin}/api/controllers/dojo/pause`, {
      headers: { Authorization: `Bearer ${recording.token}`, 'X-Dojo-Console': '1' },
    });
    expect(refused.status()).toBe(405);
    expect((await refused.json()).message).toMatch(/^read-only recording/);
  });

  test('a .dojotrace dropped onto a console opens, in a console of its own', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const live = new URL(page.url()).origin;
    const base64 = readFileSync(recordingFile).toString('base64');
    await page.evaluate(async (content) => {
      const bytes = Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'dropped.dojotrace', { type: 'application/gzip' }));
      document.body.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, base64);
    await expect(page.getByRole('region', { name: 'Recording' })).toContainText('dropped.dojotrace', { timeout: 60_000 });
    const opened = new URL(page.url()).origin;
    expect(opened).not.toBe(live);
    // The same file dropped again is answered by the console already serving it, not another one (#34 item 16).
    await page.goto(live);
    await page.evaluate(async (content) => {
      const bytes = Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'dropped-again.dojotrace', { type: 'application/gzip' }));
      document.body.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, base64);
    await expect(page.getByRole('region', { name: 'Recording' })).toBeVisible({ timeout: 60_000 });
    expect(new URL(page.url()).origin).toBe(opened);
    await page.goto(`${new URL(page.url()).origin}/resources/core.jutsu.com/v1/dojos/default/${name}`);
    await expect(readyInHeader(page, 2)).toBeVisible({ timeout: 30_000 });
    await saveScreenshot(page, 'recording-dropped');
  });
});
