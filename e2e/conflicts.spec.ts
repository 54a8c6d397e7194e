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
    // The Dojo's own row: its Deployment (same name) and ReplicaSets (`${name}-<hash>`) can have real conflicts of their own.
    const row = table.getByRole('row', { name: new RegExp(`dojos\\.core\\.jutsu\\.com\\S* default/${name}\\s`) }).first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText('injected');
    await expect(row).toContainText(/resolved after \d+ retr/, { timeout: 30_000 });
    await row.getByRole('button').click();
    await expect(page.getByRole('region', { name: 'Conflicting reconcile' }).getByText(/409/).first()).toBeVisible();
    await saveScreenshot(page, 'conflicts');
  });
});
