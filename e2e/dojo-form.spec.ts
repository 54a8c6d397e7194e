import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';

async function openCreateDojo(page: Page) {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
  await page.getByRole('link', { name: /^Dojo dojos/ }).click();
  await page.getByRole('link', { name: 'Create Dojo' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Create Dojo' })).toBeVisible();
}

test.describe('the generated Dojo form', () => {
  test('shows the schema: required fields, enum choices, bounds, defaults and reference pickers', async ({ page }) => {
    await openCreateDojo(page);
    const form = page.getByRole('form', { name: 'Create Dojo' });
    await expect(form.getByLabel('Account ID')).toHaveAttribute('aria-required', 'true');
    await expect(form.getByLabel('Title')).toHaveAttribute('aria-required', 'true');
    const database = form.getByLabel('Database');
    await expect(database.getByRole('option')).toHaveText(['Default (Postgres)', 'Postgres', 'Mongo']);
    await expect(form.getByLabel('Replicas')).toHaveAttribute('min', '0');
    await expect(form.getByLabel('Replicas')).toHaveAttribute('placeholder', 'Default: 1');
    await expect(form.getByRole('group', { name: 'Credentials ref' }).getByText('Refers to a Secret.')).toBeVisible();
    await expect(form.getByRole('group', { name: 'Channel ref' }).getByText('Refers to a DiscordChannel.')).toBeVisible();
  });

  test('places the server dry-run error for replicas -1 on the Replicas field, then creates the Dojo', async ({ page }) => {
    const name = uniqueName('hall');
    await openCreateDojo(page);
    const form = page.getByRole('form', { name: 'Create Dojo' });
    await form.getByLabel('Name', { exact: true }).first().fill(name);
    await form.getByLabel('Account ID').fill('acct-42');
    await form.getByLabel('Title').fill('Main <b>hall</b>');
    await form.getByLabel('Credentials ref Name', { exact: true }).fill(`${name}-app`);
    const replicas = form.getByLabel('Replicas');
    await replicas.fill('-1');

    await expect(replicas).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await replicas.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    expect(errorId).toBeTruthy();
    await expect(page.locator(`[id="${errorId}"]`)).toContainText('spec.replicas in body should be greater than or equal to 0');
    await expect(page.getByRole('status').filter({ hasText: /problem/ })).toBeVisible();
    await saveScreenshot(page, 'create-dojo-invalid');

    await replicas.fill('1');
    await expect(replicas).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();
    await expect(page.getByLabel('YAML to be sent')).toContainText(`name: ${name}`);
    await expect(page.getByLabel('YAML to be sent')).toContainText('replicas: 1');
    await saveScreenshot(page, 'create-dojo');

    await form.getByRole('button', { name: 'Create Dojo' }).click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/resources/core.jutsu.com/v1/dojos/default/${name}$`));

    // The title is text, never markup.
    await page.getByRole('tab', { name: 'YAML' }).click();
    await expect(page.getByLabel('Object YAML')).toContainText('title: Main <b>hall</b>');
    await expect(page.locator('b', { hasText: 'hall' })).toHaveCount(0);
    await saveScreenshot(page, 'dojo-yaml');
  });

  test('edits an existing Dojo through the same generated form', async ({ page }) => {
    test.setTimeout(120_000);
    const name = uniqueName('edit');
    await openCreateDojo(page);
    const form = page.getByRole('form', { name: 'Create Dojo' });
    await form.getByLabel('Name', { exact: true }).first().fill(name);
    await form.getByLabel('Account ID').fill('acct-1');
    await form.getByLabel('Title').fill('Before');
    await form.getByLabel('Credentials ref Name', { exact: true }).fill(`${name}-app`);
    await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();
    await form.getByRole('button', { name: 'Create Dojo' }).click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
    // Edit once the operator has settled: an edit started before one of its status writes is
    // (rightly) refused with 409 Conflict, like kubectl edit.
    const conditions = page.getByRole('table', { name: 'Conditions' });
    await expect(conditions.getByRole('row', { name: /Available/ })).toContainText('True', { timeout: 60_000 });
    await expect(conditions.getByRole('row', { name: /Progressing/ })).toContainText('False', { timeout: 30_000 });

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('form', { name: 'Edit Dojo' });
    await expect(edit.getByLabel('Title')).toHaveValue('Before');
    await expect(edit.getByLabel('Name', { exact: true }).first()).toHaveAttribute('readonly', '');
    await edit.getByLabel('Title').fill('After');
    await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();
    await saveScreenshot(page, 'edit-dojo');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('tab', { name: 'YAML' }).click();
    await expect(page.getByLabel('Object YAML')).toContainText('title: After');
  });

  test('counts the problems it marks, and the count and Submit take the person to the first one', async ({ page }) => {
    await openCreateDojo(page);
    const form = page.getByRole('form', { name: 'Create Dojo' });
    await form.getByLabel('Name', { exact: true }).first().fill(uniqueName('count'));
    const replicas = form.getByLabel('Replicas');
    await replicas.fill('-1');
    await replicas.blur();
    // The schema's minimum and a CEL rule both reject -1: one field, one line, one problem.
    await expect(replicas).toHaveAttribute('aria-invalid', 'true');
    const errorId = ((await replicas.getAttribute('aria-describedby')) ?? '').split(' ').find((id) => id.endsWith('-error'));
    await expect(page.locator(`[id="${errorId}"] p`)).toHaveCount(1);
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText(
      'Invalid value: -1: spec.replicas in body should be greater than or equal to 0; should be a non-negative integer',
    );
    const status = form.getByRole('status').filter({ hasText: /problem/ });
    await expect(status).toContainText(/The server reports 1 problem, and \d+ more in fields not filled in yet/);
    await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);

    // The count is a button: every problem is shown, and the first invalid field has focus.
    await status.getByRole('button', { name: /problems?/ }).click();
    // Marked: inputs the server rejects, and groups it rejects as a whole (credentialsRef left out).
    const marked = form.locator('[aria-invalid="true"], [data-group-problem]');
    await expect(status).toContainText(/The server reports \d+ problems \(dry run\)\.$/);
    const count = Number(/(\d+) problems/.exec((await status.textContent()) ?? '')![1]);
    await expect(marked).toHaveCount(count);
    await expect(form.locator('[aria-invalid="true"]').first()).toBeFocused();

    // Fix all but the title; Submit lands on the title.
    await form.getByLabel('Account ID').fill('acct-7');
    await form.getByLabel('Credentials ref Name', { exact: true }).fill('app');
    await replicas.fill('1');
    await expect(status).toContainText('The server reports 1 problem (dry run).');
    await replicas.focus();
    await form.getByRole('button', { name: 'Create Dojo' }).click();
    await expect(form.getByLabel('Title')).toBeFocused();
  });

  test('never leaves the field being edited under the sticky footer', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 520 });
    await openCreateDojo(page);
    const form = page.getByRole('form', { name: 'Create Dojo' });
    const footer = form.getByRole('button', { name: 'Create Dojo' }).locator('..');
    await form.getByLabel('Name', { exact: true }).first().focus();
    for (let tab = 0; tab < 12; tab++) {
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      if (!(await focused.evaluate((el) => ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)))) continue;
      const field = (await focused.boundingBox())!;
      const bar = (await footer.boundingBox())!;
      expect(field.y + field.height, `${await focused.getAttribute('id')} is clear of the footer`).toBeLessThanOrEqual(bar.y);
    }
  });
});
