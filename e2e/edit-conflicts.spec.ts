/**
 * Issue #20 item 5: a save refused with 409 Conflict is explained where the person looks (the
 * top of the form, focused), naming the fields both changed, with "reload and re-apply my
 * changes": a three-way merge of their edit onto the latest version.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn, saveScreenshot, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';
import { createFruit, fruitsPath, readFruit } from './support/objects.ts';

/** Lets the next real (not dry-run) save through only after `change` was made by someone else. */
async function changeJustBeforeSave(page: Page, name: string, change: Record<string, unknown>): Promise<void> {
  let done = false;
  await page.route(`**/api/kube${fruitsPath}/${name}?*`, async (route) => {
    const request = route.request();
    if (request.method() === 'PUT' && !request.url().includes('dryRun') && !done) {
      done = true;
      expect((await kubeApi().mergePatch(`${fruitsPath}/${name}`, { spec: change })).status).toBe(200);
    }
    await route.continue();
  });
}

test.describe('a save that meets a newer version', () => {
  test('names the field both changed, at the top of the form, and re-applies the edit on request', async ({ page }) => {
    const name = uniqueName('clash');
    await createFruit(name, { weight: 100, comment: 'fresh' });
    await signIn(page);
    await page.goto(`/resources/user.k8sasdb.org/v1/fruits/default/${name}/edit`);
    const form = page.getByRole('form', { name: 'Edit Fruit' });
    await form.getByLabel('Weight').fill('150');
    await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();
    await changeJustBeforeSave(page, name, { weight: 200, comment: 'theirs' });
    await form.getByRole('button', { name: 'Save changes' }).click();

    const notice = page.getByRole('alert', { name: 'Edit conflict' });
    await expect(notice).toContainText('Not saved');
    await expect(notice).toBeFocused();
    await expect(notice).toContainText('spec.weight');
    await expect(notice).not.toContainText('spec.comment');
    await saveScreenshot(page, 'edit-conflict');

    await notice.getByRole('button', { name: 'Reload and re-apply my changes' }).click();
    await expect(page.getByRole('status', { name: 'Changes re-applied' })).toContainText('spec.weight');
    await expect(form.getByLabel('Weight')).toHaveValue('150');
    await expect(form.getByLabel('Comment')).toHaveValue('theirs');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/fruits/default/${name}$`));
    expect((await readFruit(name)).spec).toEqual({ weight: 150, comment: 'theirs' });
  });

  test('re-applies an edit that touched nothing they changed, keeping all of their changes', async ({ page }) => {
    const name = uniqueName('calm');
    await createFruit(name, { weight: 100, comment: 'fresh' });
    await signIn(page);
    await page.goto(`/resources/user.k8sasdb.org/v1/fruits/default/${name}/edit`);
    const form = page.getByRole('form', { name: 'Edit Fruit' });
    await form.getByLabel('Weight').fill('120');
    await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();
    await changeJustBeforeSave(page, name, { color: 'yellow' });
    await form.getByRole('button', { name: 'Save changes' }).click();

    const notice = page.getByRole('alert', { name: 'Edit conflict' });
    await expect(notice).toBeFocused();
    await expect(notice).toContainText('None of the fields you changed was touched');
    await notice.getByRole('button', { name: 'Reload and re-apply my changes' }).click();
    await expect(form.getByLabel('Color')).toHaveValue('yellow');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/fruits/default/${name}$`));
    expect((await readFruit(name)).spec).toEqual({ weight: 120, comment: 'fresh', color: 'yellow' });
  });
});
