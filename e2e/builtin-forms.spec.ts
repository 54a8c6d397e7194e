import { expect, test, type Page } from '@playwright/test';
import { openCreateForm } from './support/forms.ts';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';

/** A folded group of a long form opens by its summary, which starts with the group's label. */
const unfold = (page: Page, form: string, label: string) =>
  page
    .getByRole('form', { name: form })
    .locator('summary')
    .filter({ hasText: new RegExp(`^${label}`) })
    .first()
    .click();

test('creates a Deployment through the form kube’s schema gives it: labels as key/value rows, optional groups folded, containers as YAML', async ({ page }) => {
  const name = uniqueName('web');
  await signIn(page);
  await openCreateForm(page, 'Deployment', 'deployments');
  const form = page.getByRole('form', { name: 'Create Deployment' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Replicas', { exact: true }).fill('2');
  // The rolling update's surge takes a number or a percentage (int-or-string).
  await unfold(page, 'Create Deployment', 'Strategy');
  await unfold(page, 'Create Deployment', 'Rolling update');
  await form.getByLabel('Max surge', { exact: true }).fill('25%');

  const selector = form.getByRole('group', { name: 'Match labels', exact: true });
  await selector.getByRole('button', { name: 'Add entry' }).click();
  await selector.getByLabel('Key 1').fill('app');
  await selector.getByLabel('Value of app').fill(name);

  // The pod template's metadata asks for labels and annotations only.
  await unfold(page, 'Create Deployment', 'Metadata');
  const podLabels = form.getByRole('group', { name: 'Labels', exact: true });
  await podLabels.getByRole('button', { name: 'Add entry' }).click();
  await podLabels.getByLabel('Key 1').fill('app');
  await podLabels.getByLabel('Value of app').fill(name);
  await expect(form.getByLabel('UID')).toHaveCount(0);

  await unfold(page, 'Create Deployment', 'Spec');
  await form.getByLabel('Containers', { exact: true }).fill('- name: web\n  image: nginx:1.27\n  ports:\n  - containerPort: 80\n');
  await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();
  await expect(page.getByLabel('YAML to be sent')).toContainText('maxSurge: 25%');
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(page, 'create-deployment-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'create-deployment-390');
  await selector.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/create-deployment-390-key-value-rows.png' });
  // Nothing in the form is wider than a phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });

  await form.getByRole('button', { name: 'Create Deployment' }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
  await page.getByRole('tab', { name: 'YAML' }).click();
  await expect(page.getByLabel('Object YAML')).toContainText('image: nginx:1.27');
});
