/**
 * Issue #20 item 4: an input bound to live data follows the live value until the person types,
 * so nothing stale is ever sent back; while it has focus it holds still, so a live change never
 * lands under the text being typed over.
 */
import { expect, test } from '@playwright/test';
import { signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';
import { createDeployment, createFruit, deploymentsPath, fruitsPath, readFruit } from './support/objects.ts';

test.describe('inputs bound to live data', () => {
  test('"Desired replicas" follows the live count until the person types, and again after Scale', async ({ page }) => {
    const name = uniqueName('follow');
    await createDeployment(name, 2);
    await signIn(page);
    await page.goto(`/resources/apps/v1/deployments/default/${name}`);
    const scale = page.getByRole('form', { name: 'Scale' });
    const desired = scale.getByLabel('Desired replicas');
    await expect(desired).toHaveValue('2');

    const api = kubeApi();
    expect((await api.mergePatch(`${deploymentsPath()}/${name}`, { spec: { replicas: 4 } })).status).toBe(200);
    await expect(scale.getByRole('status')).toHaveText('Now 4.');
    await expect(desired).toHaveValue('4');

    await desired.fill('3');
    expect((await api.mergePatch(`${deploymentsPath()}/${name}`, { spec: { replicas: 5 } })).status).toBe(200);
    await expect(scale.getByRole('status')).toHaveText('Now 5.');
    await expect(desired).toHaveValue('3');
    await scale.getByRole('button', { name: 'Scale' }).click();
    await expect(scale.getByRole('status')).toHaveText('Scaled to 3. Now 3.');

    expect((await api.mergePatch(`${deploymentsPath()}/${name}`, { spec: { replicas: 1 } })).status).toBe(200);
    await expect(desired).toHaveValue('1');
  });

  test('"Desired replicas" holds still while it has focus: a live change cannot land under the selection being typed over', async ({ page }) => {
    const name = uniqueName('focus');
    await createDeployment(name, 1);
    await signIn(page);
    await page.goto(`/resources/apps/v1/deployments/default/${name}`);
    const scale = page.getByRole('form', { name: 'Scale' });
    const desired = scale.getByLabel('Desired replicas');
    await expect(desired).toHaveValue('1');

    // The person clicks into the box and selects its text; the live count changes before they type.
    await desired.focus();
    await desired.selectText();
    const api = kubeApi();
    expect((await api.mergePatch(`${deploymentsPath()}/${name}`, { spec: { replicas: 2 } })).status).toBe(200);
    await expect(scale.getByRole('status')).toHaveText('Now 2.');
    await expect(desired).toHaveValue('1');
    await page.keyboard.type('3');
    await expect(desired).toHaveValue('3');
    await page.keyboard.press('Enter');
    await expect(scale.getByRole('status')).toHaveText('Scaled to 3. Now 3.');
    // Sent, it follows the live count again, focus or not.
    expect((await api.mergePatch(`${deploymentsPath()}/${name}`, { spec: { replicas: 5 } })).status).toBe(200);
    await expect(desired).toHaveValue('5');
  });

  test('an edit form keeps the fields the person changed and follows the live object in the others', async ({ page }) => {
    const name = uniqueName('ripe');
    await createFruit(name, { weight: 100, color: 'red', comment: 'fresh' });
    await signIn(page);
    await page.goto(`/resources/user.k8sasdb.org/v1/fruits/default/${name}/edit`);
    const form = page.getByRole('form', { name: 'Edit Fruit' });
    await expect(form.getByLabel('Comment')).toHaveValue('fresh');

    const api = kubeApi();
    expect((await api.mergePatch(`${fruitsPath}/${name}`, { spec: { comment: 'ripe' } })).status).toBe(200);
    await expect(form.getByLabel('Comment')).toHaveValue('ripe');

    await form.getByLabel('Weight').fill('150');
    expect((await api.mergePatch(`${fruitsPath}/${name}`, { spec: { color: 'green' } })).status).toBe(200);
    await expect(form.getByLabel('Color')).toHaveValue('green');
    await expect(form.getByLabel('Weight')).toHaveValue('150');

    await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/fruits/default/${name}$`));
    expect((await readFruit(name)).spec).toEqual({ weight: 150, color: 'green', comment: 'ripe' });
  });
});
