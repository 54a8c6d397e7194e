import { expect, test } from '@playwright/test';
import { openCreateForm } from './support/forms.ts';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';

test.describe('the resource browser', () => {
  test('lists every served kind, filters them, and opens a live list', async ({ page }) => {
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
    await expect(page.getByRole('region', { name: 'core.jutsu.com' }).getByRole('link', { name: /^Dojo dojos/ })).toBeVisible();
    await saveScreenshot(page, 'resources');
    await page.getByLabel('Filter kinds').fill('ns');
    await expect(page.getByRole('link', { name: /^Namespace namespaces/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Dojo dojos/ })).toHaveCount(0);
    await page.getByRole('link', { name: /^Namespace namespaces/ }).click();
    const table = page.getByRole('table', { name: 'Namespace objects' });
    await expect(table.getByRole('link', { name: 'default', exact: true })).toBeVisible();
    await table.getByRole('link', { name: 'default', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: /default/ })).toBeVisible();
    await page.getByRole('tab', { name: 'YAML' }).click();
    await expect(page.getByLabel('Object YAML')).toContainText('name: default');
  });

  test('creates, edits, diffs and deletes a ConfigMap through the generated form, live in its list', async ({ page }) => {
    const name = uniqueName('cm');
    await signIn(page);
    await openCreateForm(page, 'ConfigMap', 'configmaps');
    const form = page.getByRole('form', { name: 'Create ConfigMap' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    // kube's schema describes a ConfigMap's data as a map of strings: key/value rows, a value may span lines.
    const data = form.getByRole('group', { name: 'Data', exact: true });
    await data.getByRole('button', { name: 'Add entry' }).click();
    await data.getByLabel('Key 1').fill('greeting');
    await data.getByLabel('Value of greeting').fill('<script>alert(1)</script>');
    await data.getByRole('button', { name: 'Add entry' }).click();
    await data.getByLabel('Key 2').fill('settings.ini');
    await data.getByLabel('Value of settings.ini').fill('[server]\nport = 8080\n');
    await expect(page.getByLabel('YAML to be sent')).toContainText('greeting:');
    await expect(page.getByLabel('YAML to be sent')).toContainText('settings.ini: |');
    await saveScreenshot(page, 'create-configmap');
    await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();
    await form.getByRole('button', { name: 'Create ConfigMap' }).click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /alert/ })).toHaveCount(0);

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const editedData = page.getByRole('form', { name: 'Edit ConfigMap' }).getByRole('group', { name: 'Data', exact: true });
    await expect(editedData.getByLabel('Value of settings.ini')).toHaveValue('[server]\nport = 8080\n');
    await editedData.getByLabel('Value of greeting').fill('hello');
    await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('tab', { name: 'Versions' }).click();
    const diff = page.getByLabel('Diff between the two versions');
    await expect(diff).toContainText('removed: ');
    await expect(diff).toContainText('greeting: hello');
    await saveScreenshot(page, 'configmap-versions');

    await page.getByRole('link', { name: 'ConfigMap', exact: true }).click();
    const list = page.getByRole('table', { name: 'ConfigMap objects' });
    await expect(list.getByRole('link', { name })).toBeVisible();
    await list.getByRole('link', { name }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ConfigMap ${name}?` });
    await expect(dialog.getByText('It has no finalizers and goes away at once.')).toBeVisible();
    await dialog.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByText(/does not exist \(any more\)/)).toBeVisible();
  });
});
