import { expect, test } from '@playwright/test';
import { createDojo } from './support/forms.ts';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';

test.describe('conflicts', () => {
  test('an injected conflict shows with its stale and current RV, the writer, and how the retry ended', async ({ page, context }) => {
    test.setTimeout(120_000);
    const name = uniqueName('cf');
    await signIn(page);
    await createDojo(page, { name });
    const dojoUrl = page.url();

    await page.goto('/debug/dojo');
    const faults = page.getByRole('region', { name: 'Fault injection' });
    await faults.getByLabel('Conflict on next writes').fill('1');
    await faults.getByRole('button', { name: 'Inject faults' }).click();
    await expect(faults.getByRole('status')).toContainText('Pending: 1 conflicts');

    // Any change to the Dojo makes the controller write, and that write conflicts.
    const edit = await context.newPage();
    await edit.goto(dojoUrl);
    await edit.getByLabel('Desired replicas').fill('2');
    await edit.getByRole('button', { name: 'Scale' }).click();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Conflicts' }).click();
    const table = page.getByRole('table', { name: 'Conflicts' });
    // The injected one: the controller's next write may be to the Dojo or to its Deployment (same
    // name), and these and its ReplicaSets (`${name}-<hash>`) can have real conflicts of their own.
    const ownRows = () => table.getByRole('row', { name: new RegExp(`default/${name}\\s`) }).filter({ hasText: 'injected' });
    const row = ownRows().first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText('injected');
    await expect(row).toContainText(/resolved after \d+ retr/, { timeout: 30_000 });
    await row.getByRole('button').click();
    await expect(page.getByRole('region', { name: 'Conflicting reconcile' }).getByText(/409/).first()).toBeVisible();
    await saveScreenshot(page, 'conflicts');

    // Issue #34 item 7. The selected conflict is in the URL: a reload (or a shared link) opens it.
    await expect(page).toHaveURL(/[?&]conflict=\d+/);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Conflicting reconcile' }).getByText(/409/).first()).toBeVisible({ timeout: 15_000 });
    const reloaded = ownRows().first();
    await expect(reloaded.getByRole('button', { pressed: true })).toBeVisible();
    // Whatever a cell cannot show whole, its tooltip has: the controller, the current RV, the writer.
    const cells = reloaded.getByRole('cell');
    for (const column of [2, 4, 5]) {
      const cell = cells.nth(column);
      const text = (await cell.textContent())!.trim();
      if (text !== '—') expect(await cell.getAttribute('title'), `column ${column}`).toBe(text);
    }
    // The badges ("injected" among them) are whole inside their cell at 1440 px, not cut by its edges.
    const retry = reloaded.getByRole('cell').last();
    await expect(retry).toContainText('injected');
    expect(await retry.evaluate((el) => ({ wide: el.scrollWidth - el.clientWidth, tall: el.scrollHeight - el.clientHeight }))).toEqual({ wide: 0, tall: 0 });
    // The list uses the page: taller than the 420 px box it had (with the reconcile below it).
    await page.goto('/conflicts');
    await expect
      .poll(async () => {
        const height = await table
          .getByRole('rowgroup')
          .last()
          .evaluate((el) => el.getBoundingClientRect().height);
        const rows = Number(await table.getAttribute('aria-rowcount')) - 1;
        return height >= Math.min(560, rows * 52) - 1 ? 'fills' : `${height}px for ${rows} rows`;
      })
      .toBe('fills');
    await saveScreenshot(page, 'conflicts-1440');
  });
});
