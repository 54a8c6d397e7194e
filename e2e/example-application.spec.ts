/**
 * Seed 003's Application operator through the console: the generated form, the owned
 * Deployment and Service, conditions, and the controller's watches. Nothing here is specific
 * to Application in the console; the spec checks that the generic views serve it.
 */
import { expect, test } from '@playwright/test';
import { openCreateForm, submitCreate } from './support/forms.ts';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';

test.describe('the Application example (seed 003)', () => {
  test('is created through its generated form, owns a Deployment and a Service, and becomes Available', async ({ page }) => {
    test.setTimeout(120_000);
    const name = uniqueName('app');
    await signIn(page);
    await openCreateForm(page, 'Application', 'applications');
    const form = page.getByRole('form', { name: 'Create Application' });
    await form.getByLabel('Name', { exact: true }).first().fill(name);
    await form.getByLabel('Image').fill('nginx:1.27');
    const port = form.getByLabel('Port');
    await port.fill('70000');
    await expect(port).toHaveAttribute('aria-invalid', 'true');
    await port.fill('8080');
    await expect(port).not.toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Replicas').fill('2');
    await submitCreate(page, 'Application', name);

    const conditions = page.getByRole('table', { name: 'Conditions' });
    await expect(conditions.getByRole('row', { name: /Available/ })).toContainText('True', { timeout: 60_000 });
    const tree = page.getByRole('tree', { name: `Objects owned by ${name}` });
    await expect(tree.getByText('Deployment')).toBeVisible();
    await expect(tree.getByText('Service')).toBeVisible();
    await saveScreenshot(page, 'application-detail');

    await page.getByRole('tab', { name: 'Reconciles' }).click();
    await expect(
      page
        .getByRole('table', { name: 'Latest reconciles' })
        .getByRole('button', { name: `default/${name}` })
        .first(),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Application', exact: true }).click();
    const list = page.getByRole('table', { name: 'Application objects' });
    const row = list.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('nginx:1.27');
    await expect(row).toContainText('8080');

    await page.goto('/workqueue/application');
    const watches = page.getByRole('table', { name: 'Watches and predicate counts' });
    await expect(watches.getByRole('row', { name: /For.*Application/ })).toBeVisible();
    await expect(watches.getByRole('row', { name: /Owns.*Deployment/ })).toBeVisible();
    await expect(watches.getByRole('row', { name: /Owns.*Service/ })).toBeVisible();
    await saveScreenshot(page, 'application-workqueue');
  });
});
