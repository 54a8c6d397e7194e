/**
 * #20 item 2: history lives in the backend, on disk, bounded — and never silently. A console
 * restart keeps an object's versions (with the backend's receive times), its condition history,
 * its reconciles and the conflicts; with a short retention, the views say what was evicted and
 * since when history is complete instead of looking empty.
 */
import { expect, test, type Page } from '@playwright/test';
import { createDojo, scaleTo, waitUntilAvailable } from './support/forms.ts';
import { saveScreenshot, uniqueName } from './support/console.ts';
import { freshDataDir, startOwnConsole, type OwnConsole } from './support/own-console.ts';

async function signInTo(page: Page, console: OwnConsole): Promise<void> {
  await page.goto(console.loginUrl);
  await expect(page.getByRole('status', { name: /Connection: Live/ })).toBeVisible({ timeout: 30_000 });
}

test.describe('history on disk', () => {
  test.describe.configure({ mode: 'serial' });
  let running: OwnConsole | undefined;
  test.afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  test('a console restart keeps versions, condition history, reconciles and conflicts; a short retention says what it evicted', async ({ page }) => {
    test.setTimeout(240_000);
    const dataDir = freshDataDir('history');
    const name = uniqueName('hist');
    running = await startOwnConsole(dataDir);
    await signInTo(page, running);
    await createDojo(page, { name });
    const dojoPath = new URL(page.url()).pathname;
    await waitUntilAvailable(page);

    // One conflict for the Conflicts page, then an edit of the spec that runs into it.
    const headers = { Authorization: `Bearer ${running.token}`, 'X-Dojo-Console': '1' };
    expect((await page.request.put(`${running.origin}/api/controllers/dojo/faults`, { headers, data: { conflictNextWrites: 1 } })).ok()).toBe(true);
    await scaleTo(page, 2);
    await page.getByRole('tab', { name: 'Versions' }).click();
    const versions = page.getByRole('table', { name: 'Recorded versions' });
    await expect(versions.getByRole('row').filter({ hasText: 'spec changed' }).first()).toBeVisible({ timeout: 15_000 });
    const specRows = await versions.getByRole('row').filter({ hasText: 'spec changed' }).allInnerTexts();
    await page.goto(`${running.origin}/conflicts`);
    await expect(
      page
        .getByRole('table', { name: 'Conflicts' })
        .getByRole('row', { name: new RegExp(`default/${name}`) })
        .first(),
    ).toBeVisible({ timeout: 30_000 });

    // Restart: everything above comes back from <data-dir>/history.db.
    await running.stop();
    running = await startOwnConsole(dataDir);
    await signInTo(page, running);
    await page.goto(`${running.origin}${dojoPath}?tab=versions`);
    for (const row of specRows) await expect(page.getByRole('table', { name: 'Recorded versions' })).toContainText(row.split('\t')[1]!.trim());
    await expect(page.getByRole('table', { name: 'Recorded versions' }).getByRole('row').filter({ hasText: 'spec changed' })).toHaveCount(specRows.length);
    await page.getByLabel(/Show status and metadata churn/).check();
    await expect(page.getByRole('table', { name: 'Recorded versions' }).getByRole('row').filter({ hasText: 'status only' }).first()).toBeVisible();
    await saveScreenshot(page, 'history-versions-after-restart');
    await page.goto(`${running.origin}${dojoPath}`);
    await expect(page.getByRole('table', { name: 'Condition transitions' }).getByRole('row').filter({ hasText: 'Available' }).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Reconciles' }).click();
    await expect(page.getByRole('table', { name: 'Latest reconciles' }).getByRole('row').filter({ hasText: 'dojo #' }).first()).toBeVisible({
      timeout: 30_000,
    });
    await page.goto(`${running.origin}/conflicts`);
    await expect(
      page
        .getByRole('table', { name: 'Conflicts' })
        .getByRole('row', { name: new RegExp(`default/${name}`) })
        .first(),
    ).toBeVisible({ timeout: 30_000 });

    // A one-second retention: the next pass evicts nearly everything, and every view says so.
    await running.stop();
    running = await startOwnConsole(dataDir, ['--history-retention', '1s']);
    await signInTo(page, running);
    await page.goto(`${running.origin}/timeline`);
    const note = page.getByRole('note', { name: 'History coverage' });
    await expect(note).toContainText(/History complete since \d\d:\d\d:\d\d; [\d,]+ older reconciles evicted by retention\./, { timeout: 60_000 });
    await page.goto(`${running.origin}${dojoPath}`);
    await expect(page.getByRole('note', { name: 'History coverage' })).toContainText(/older condition transitions evicted by retention/, { timeout: 30_000 });
    await expect(page.getByText('No transitions recorded for this object yet.')).toHaveCount(0);
    await saveScreenshot(page, 'history-evicted');
  });
});
