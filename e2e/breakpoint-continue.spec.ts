/**
 * #20 item 9: a breakpoint hit can be continued. "Continue" lets the held key run; its own
 * writes coming back (its Deployment's and Pods' churn, its status) do not catch it again; a
 * real change (a new generation) does. While it holds a worker, the page says which keys wait.
 */
import { expect, test } from '@playwright/test';
import type { ControllerDetails, TelemetryPage } from '@dojo/console-protocol';
import { createDojo, scaleTo, waitUntilAvailable } from './support/forms.ts';
import { consoleApi, consoleToken, saveScreenshot, signIn, uniqueName } from './support/console.ts';

test.describe('breakpoints', () => {
  // Whatever happens, leave the shared console's dojo controller as other specs expect it.
  test.afterEach(async ({ request }) => {
    const headers = { Authorization: `Bearer ${consoleToken()}`, 'X-Dojo-Console': '1' };
    await request.put('/api/controllers/dojo/breakpoints', { headers, data: { keys: [] } });
    await request.post('/api/controllers/dojo/resume', { headers });
  });

  test('continue lets the key run, its own events do not stop it again, a new generation does; blocked keys are listed', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const held = uniqueName('bp');
    const other = uniqueName('bq');
    const api = consoleApi(request);
    await signIn(page);
    await createDojo(page, { name: other });
    const otherUrl = page.url();
    await createDojo(page, { name: held });
    const heldUrl = page.url();
    await waitUntilAvailable(page);

    await page.goto('/debug/dojo');
    const breakpoints = page.getByRole('region', { name: 'Breakpoints' });
    await breakpoints.getByLabel('Breakpoint key').fill(`default/${held}`);
    await breakpoints.getByRole('button', { name: 'Add breakpoint' }).click();
    await expect(breakpoints.getByRole('list', { name: 'Breakpoints' })).toContainText(`default/${held}`);

    const edits = await context.newPage();
    await edits.goto(heldUrl);
    await scaleTo(edits, 2);
    const holding = page.getByRole('region', { name: 'Held at a breakpoint' });
    await expect(holding).toContainText(`holds default/${held}`, { timeout: 30_000 });
    // The state says why nothing runs, and the held worker is busy.
    const run = page.getByRole('region', { name: 'Run control' });
    await expect(run).toContainText('State: Stopped at a breakpoint · 1 key held at a breakpoint');
    await expect(run.getByText(/Workers busy [1-9]\d*\//)).toBeVisible();

    // Another Dojo's change waits behind the held worker, and the page says so.
    await edits.goto(otherUrl);
    await scaleTo(edits, 2);
    await expect(holding.getByRole('status')).toContainText(`blocked behind it: default/${other}`, { timeout: 30_000 });
    await saveScreenshot(page, 'breakpoint-held');

    const before = ((await (await api.get('/api/telemetry?limit=1')).json()) as TelemetryPage).lastSeq;
    await holding.getByRole('button', { name: `Continue default/${held}` }).click();
    await expect(holding).toHaveCount(0);

    // Its reconcile runs, and so do the ones its own writes bring back, without stopping again.
    const object = encodeURIComponent(`core.jutsu.com/Dojo/default/${held}`);
    await expect
      .poll(
        async () => ((await (await api.get(`/api/telemetry?sinceSeq=${before}&object=${object}&types=reconcile-end`)).json()) as TelemetryPage).records.length,
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(2);
    for (let i = 0; i < 20; i++) {
      const details = (await (await api.get('/api/controllers/dojo')).json()) as ControllerDetails;
      expect(details.state.heldAtBreakpoint).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await expect(page.getByText(`Continued, waiting for a real change`)).toContainText(`default/${held}`);

    // An edit of its spec is a real change: the breakpoint holds it again.
    await edits.goto(heldUrl);
    await scaleTo(edits, 3);
    await expect(holding).toContainText(`holds default/${held}`, { timeout: 30_000 });

    await breakpoints.getByRole('button', { name: `Remove breakpoint on default/${held}` }).click();
    await page.getByRole('region', { name: 'Run control' }).getByRole('button', { name: 'Resume' }).click();
    await expect(holding).toHaveCount(0);
  });
});
