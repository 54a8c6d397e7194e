import { expect, test } from '@playwright/test';
import { createDojo, scaleTo } from './support/forms.ts';
import { consoleApi, saveScreenshot, signIn, uniqueName } from './support/console.ts';

test.describe('workqueue and debugging', () => {
  test('a paused controller holds edits in its queue, merged into one key; resume drains it', async ({ page, context }) => {
    test.setTimeout(120_000);
    const name = uniqueName('wq');
    const key = `default/${name}`;
    await signIn(page);
    await createDojo(page, { name });
    const dojoUrl = page.url();

    await page.goto('/debug/dojo');
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Run control' }).getByText('Paused')).toBeVisible();

    const edits = await context.newPage();
    await edits.goto(dojoUrl);
    for (const replicas of [2, 3, 4]) await scaleTo(edits, replicas);

    const queued = page.getByRole('table', { name: 'Queued keys' });
    const row = queued.getByRole('row', { name: new RegExp(key) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(/\d+ × /);
    await saveScreenshot(page, 'debug-paused');

    await page.goto('/workqueue/dojo');
    await expect(page.getByRole('table', { name: 'Queued keys' }).getByRole('row', { name: new RegExp(key) })).toBeVisible();
    await saveScreenshot(page, 'workqueue');

    await page.goto('/debug/dojo');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByRole('table', { name: 'Queued keys' }).getByRole('row', { name: new RegExp(key) })).toHaveCount(0, { timeout: 30_000 });
  });

  test('steps one item while paused, sets a breakpoint and MaxConcurrentReconciles', async ({ page }) => {
    await signIn(page);
    await page.goto('/debug/dojo');
    const run = page.getByRole('region', { name: 'Run control' });
    await run.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(run.getByRole('button', { name: 'Step one item' })).toBeEnabled();
    await run.getByRole('button', { name: 'Step one item' }).click();
    await run.getByLabel('Max concurrent reconciles').fill('3');
    await run.getByRole('button', { name: 'Apply' }).click();
    await expect(run.getByText(/Workers busy \d+\/3/)).toBeVisible();
    const breakpoints = page.getByRole('region', { name: 'Breakpoints' });
    await breakpoints.getByLabel('Breakpoint key').fill('default/nobody');
    await breakpoints.getByRole('button', { name: 'Add breakpoint' }).click();
    await expect(breakpoints.getByRole('list', { name: 'Breakpoints' })).toContainText('default/nobody');
    await breakpoints.getByRole('button', { name: 'Remove breakpoint on default/nobody' }).click();
    await run.getByRole('button', { name: 'Resume' }).click();
    await run.getByLabel('Max concurrent reconciles').fill('1');
    await run.getByRole('button', { name: 'Apply' }).click();
    await saveScreenshot(page, 'debug');
  });

  test('fault knobs start empty, and the Discord card shows the settings in force', async ({ page, request }) => {
    const api = consoleApi(request);
    await signIn(page);
    expect((await api.put('/api/simulators/discord/faults', { rate429: 0.15, rate5xx: 0, latencyMs: 30 })).ok()).toBe(true);
    try {
      await page.goto('/debug/dojo');
      const faults = page.getByRole('region', { name: 'Fault injection' });
      await expect(faults.getByLabel('Conflict on next writes')).toHaveValue('');
      await expect(faults.getByLabel('Throw in next reconciles')).toHaveValue('');
      const discord = page.getByRole('region', { name: 'Discord simulator faults' });
      await expect(discord.getByRole('status')).toHaveText('Now: 15% 429, 0% 5xx, 30 ms latency.');
      await expect(discord.getByLabel('429 rate (%)')).toHaveValue('15');
    } finally {
      await api.put('/api/simulators/discord/faults', { rate429: 0, rate5xx: 0, latencyMs: 0 });
    }
  });
});
