/**
 * #20 item 1: what the console recorded about an object is matched by its identity (group,
 * kind, namespace, name, uid), never by namespace/name alone. A Dojo, its Deployment and its
 * CloudNativePG Database share "default/<name>"; a re-created Dojo shares everything but its uid.
 */
import { expect, test } from '@playwright/test';
import { createDojo, waitUntilAvailable } from './support/forms.ts';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';

test.describe('object identity', () => {
  test("an object's reconciles and condition history are its own, never those of another kind with its name", async ({ page }) => {
    test.setTimeout(150_000);
    const name = uniqueName('idt');
    await signIn(page);
    await createDojo(page, { name });
    const dojoUrl = new URL(page.url());
    await waitUntilAvailable(page);

    // The Dojo's Reconciles tab: the dojo controller's only — not the Deployment's or the Database's.
    await page.goto(`${dojoUrl.pathname}?tab=reconciles`);
    const latest = page.getByRole('table', { name: 'Latest reconciles' });
    await expect(latest.getByRole('row').filter({ hasText: 'dojo #' }).first()).toBeVisible({ timeout: 30_000 });
    await expect(latest.getByRole('row').filter({ hasText: /deployment-controller|cnpg-database|replicaset-controller/ })).toHaveCount(0);
    await expect(latest.getByRole('row').filter({ hasText: 'Deployment' })).toHaveCount(0);
    await saveScreenshot(page, 'identity-dojo-reconciles');

    // The Database named like the Dojo has no conditions: it shows none of the Dojo's or the Deployment's transitions.
    await page.goto(`/resources/postgresql.cnpg.io/v1/databases/default/${name}`);
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
    const history = page.getByRole('table', { name: 'Condition transitions' });
    await expect(history).toContainText('No transitions recorded for this object yet.');
    await expect(history.getByRole('row').filter({ hasText: /Available|Progressing/ })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Reconciles' }).click();
    await expect(page.getByRole('table', { name: 'Latest reconciles' }).getByRole('row').filter({ hasText: 'cnpg-database #' }).first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page
        .getByRole('table', { name: 'Latest reconciles' })
        .getByRole('row')
        .filter({ hasText: /dojo #|deployment-controller/ }),
    ).toHaveCount(0);
  });

  test('a Dojo deleted and created again under the same name starts a history of its own', async ({ page }) => {
    test.setTimeout(180_000);
    const name = uniqueName('idr');
    await signIn(page);
    await createDojo(page, { name });
    const dojoUrl = new URL(page.url());
    await waitUntilAvailable(page);

    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: `Delete Dojo ${name}?` })
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await expect(page.getByText(/does not exist \(any more\)/)).toBeVisible({ timeout: 30_000 });
    // What was recorded of it, marked deleted, with its last YAML and its versions (#34 item 15).
    const deleted = page.getByRole('region', { name: 'Deleted object' });
    await expect(deleted).toContainText(/Deleted at .+/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toContainText('Deleted');
    await page.getByRole('tab', { name: 'YAML' }).click();
    await expect(page.getByRole('region', { name: 'Object YAML' }).or(page.getByLabel('Object YAML'))).toContainText(`name: ${name}`);
    await page.getByRole('tab', { name: 'Versions' }).click();
    await expect(
      page
        .getByRole('table', { name: 'Recorded versions' })
        .getByRole('row')
        .filter({ hasText: /deleted/i })
        .first(),
    ).toBeVisible({ timeout: 30_000 });
    await saveScreenshot(page, 'identity-deleted');

    await createDojo(page, { name });
    await waitUntilAvailable(page);
    await page.goto(dojoUrl.pathname);
    // Each incarnation's Available condition first appears from "(none)": the new one shows only its own.
    const available = page.getByRole('table', { name: 'Condition transitions' }).getByRole('row').filter({ hasText: 'Available' });
    await expect(available.filter({ hasText: '(none)' })).toHaveCount(1, { timeout: 30_000 });
    await saveScreenshot(page, 'identity-recreated');
  });
});
