/**
 * Seed 001's Fruit: a CRD nobody reconciles. The console still lists it, builds its form from
 * the schema alone, and places the API server's validation errors on the fields.
 */
import { expect, test } from '@playwright/test';
import { openCreateForm, submitCreate } from './support/forms.ts';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';

test.describe('the Fruit example (seed 001, no controller)', () => {
  test('builds a form from the schema, shows the server errors on fields, and lists what it creates', async ({ page }) => {
    const name = uniqueName('apple');
    await signIn(page);
    await openCreateForm(page, 'Fruit', 'fruits');
    const form = page.getByRole('form', { name: 'Create Fruit' });
    await expect(form.getByLabel('Weight')).toHaveAttribute('aria-required', 'true');
    await expect(form.getByLabel('Color').getByRole('option')).toContainText(['red', 'green', 'yellow']);

    await form.getByLabel('Name', { exact: true }).first().fill(name);
    const weight = form.getByLabel('Weight');
    await weight.fill('0');
    await expect(weight).toHaveAttribute('aria-invalid', 'true');
    const origin = form.getByLabel('Origin');
    await origin.fill('Brazil');
    await expect(origin).toHaveAttribute('aria-invalid', 'true');
    const originError = ((await origin.getAttribute('aria-describedby')) ?? '').split(' ').find((id) => id.endsWith('-error'));
    await expect(page.locator(`[id="${originError}"]`)).toContainText("should match '^[A-Z]{2}$'");
    await saveScreenshot(page, 'fruit-invalid');

    await weight.fill('120');
    await origin.fill('BR');
    await form.getByLabel('Color').selectOption('red');
    await form.getByLabel('Comment').fill('little bit rotten');
    await submitCreate(page, 'Fruit', name);

    await page.getByRole('link', { name: 'Fruit', exact: true }).click();
    const row = page.getByRole('table', { name: 'Fruit objects' }).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('120');
    await expect(row).toContainText('red');
    await saveScreenshot(page, 'fruit-list');
  });
});
