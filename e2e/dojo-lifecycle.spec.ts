import { expect, test } from '@playwright/test';
import { createDojo } from './support/forms.ts';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';

test.describe('a Dojo from creation to deletion', () => {
  test('becomes Available, shows its reconciles with triggers, scales, and goes away on delete', async ({ page }) => {
    test.setTimeout(120_000);
    const name = uniqueName('life');
    await signIn(page);
    await createDojo(page, { name, replicas: 1 });

    const conditions = page.getByRole('table', { name: 'Conditions' });
    await expect(conditions.getByRole('row', { name: /Available/ })).toContainText('True', { timeout: 60_000 });
    await expect(
      page
        .getByRole('table', { name: 'Condition transitions' })
        .getByRole('row', { name: /Available/ })
        .first(),
    ).toBeVisible();
    const tree = page.getByRole('tree', { name: `Objects owned by ${name}` });
    await expect(tree.getByText('Deployment')).toBeVisible();
    await expect(tree.getByText('Pod').first()).toBeVisible();
    await saveScreenshot(page, 'dojo-detail');

    await page.getByRole('tab', { name: 'Reconciles' }).click();
    const latest = page.getByRole('table', { name: 'Latest reconciles' });
    await latest
      .getByRole('button', { name: `default/${name}` })
      .first()
      .click();
    const details = page.getByRole('region', { name: 'Selected reconcile' });
    await expect(details.getByText(/Triggers merged into this reconcile \(\d+\)/)).toBeVisible();
    await expect(details.getByRole('region', { name: 'Triggers' }).getByRole('listitem').first()).toContainText(/watch|owned|requeue/);
    await expect(details.getByRole('table', { name: 'API calls made by this reconcile' })).toBeVisible();
    await saveScreenshot(page, 'dojo-reconciles');

    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByLabel('Desired replicas').fill('3');
    await page.getByRole('button', { name: 'Scale' }).click();
    await expect(page.getByRole('heading', { level: 2 }).locator('..').getByText('ready 3/3')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'Versions' }).click();
    await expect(page.getByLabel('Diff between the two versions')).toBeVisible();
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(page.getByRole('table', { name: 'Events' }).getByRole('row')).not.toHaveCount(1);
    await saveScreenshot(page, 'dojo-events');

    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete Dojo ${name}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByText(/does not exist \(any more\)|Terminating/)).toBeVisible({ timeout: 30_000 });
  });
});
