import { expect, test } from '@playwright/test';
import { createDojo } from './support/forms.ts';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';

async function postDojo(name: string): Promise<void> {
  const created = await kubeApi().post('/apis/core.jutsu.com/v1/namespaces/default/dojos', {
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { name, namespace: 'default' },
    spec: { accountId: 'acct-e2e', title: 'Paused view', credentialsRef: { name: 'dojo-postgres-app' }, replicas: 1 },
  });
  expect(created.status, created.body).toBe(201);
}

test.describe('the reconcile timeline', () => {
  test('draws on a canvas with its controls, legend and an accessible list', async ({ page }) => {
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timeline' }).click();
    const canvas = page.getByRole('application', { name: /Reconcile timeline/ });
    await expect(canvas).toBeVisible();
    const toolbar = page.getByRole('toolbar', { name: 'Timeline controls' });
    await expect(toolbar.getByRole('button', { name: 'Follow live' })).toHaveAttribute('aria-pressed', 'true');
    await toolbar.getByRole('button', { name: 'Pause view' }).click();
    await expect(toolbar.getByRole('button', { name: 'Resume view' })).toHaveAttribute('aria-pressed', 'true');
    await toolbar.getByRole('checkbox', { name: 'Success' }).uncheck();
    await toolbar.getByLabel('Filter by object').fill('default/');
    await expect(page).toHaveURL(/object=default%2F/);
    await expect(page.getByRole('table', { name: 'Latest reconciles' })).toBeVisible();
    await saveScreenshot(page, 'timeline');
  });

  test("shows a new Dojo's reconciles, and opens one's triggers and API calls", async ({ page }) => {
    const name = uniqueName('tl');
    await signIn(page);
    await createDojo(page, { name });
    // Triggered by the Dojo itself: its reconciles that a Pod, its Deployment or its Database
    // triggered are listed too, and any of them can be the newest.
    await page.goto(`/timeline?object=default%2F${name}&trigger=Dojo`);
    const latest = page.getByRole('table', { name: 'Latest reconciles' });
    // Exactly the Dojo's key: its Pods' names start with the Dojo's name, and their reconciles are listed too.
    const dojoReconcile = latest.getByRole('button', { name: `default/${name}`, exact: true }).first();
    await expect(dojoReconcile).toBeVisible({ timeout: 30_000 });
    // A click anywhere on the row opens its reconcile (here on its Triggers cell, not the key).
    const row = latest
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `default/${name}`, exact: true }) })
      .first();
    await row.getByRole('cell').nth(6).click();
    // Newer reconciles keep arriving at the top, so "the first row" moves: look for the pressed one.
    const selectedDojoReconcile = latest.getByRole('button', { name: `default/${name}`, exact: true, pressed: true });
    await expect(selectedDojoReconcile).toHaveCount(1);
    await expect(page).toHaveURL(/[?&]reconcile=/);
    const details = page.getByRole('region', { name: 'Selected reconcile' });
    await expect(details.getByText(`default/${name}`).first()).toBeVisible();
    await expect(details.getByRole('region', { name: 'Triggers' })).toContainText('Dojo');
    // The keyboard opens it too; the object's own page is a separate link.
    await selectedDojoReconcile.focus();
    await page.keyboard.press('Enter');
    await expect(selectedDojoReconcile).toHaveCount(1);
    await expect(page).toHaveURL(/[?&]reconcile=/);
    await expect(row.getByRole('link', { name: `Page of Dojo default/${name}` })).toHaveAttribute('href', new RegExp(`/dojos/default/${name}`));
    // The count line counts what the filters leave, not everything loaded.
    await expect(page.getByRole('status').filter({ hasText: /reconciles? shown in [\d,]+ lanes? \(of [\d,]+ loaded/ })).toBeVisible();
    const canvas = page.getByRole('application', { name: /Reconcile timeline/ });
    await canvas.focus();
    await page.keyboard.press(']');
    await expect(details).toBeVisible();
    await saveScreenshot(page, 'timeline-dojo');
  });

  test('a paused view keeps its rows while reconciles arrive, and shows them on resume', async ({ page }) => {
    const first = uniqueName('held');
    const later = uniqueName('held');
    await postDojo(first);
    await signIn(page);
    await page.goto('/timeline?trigger=Dojo');
    const latest = page.getByRole('table', { name: 'Latest reconciles' });
    await expect(latest.getByRole('button', { name: `default/${first}`, exact: true }).first()).toBeVisible({ timeout: 30_000 });
    const toolbar = page.getByRole('toolbar', { name: 'Timeline controls' });
    await toolbar.getByRole('button', { name: 'Pause view' }).click();
    const objectColumn = async () => (await latest.getByRole('row').allTextContents()).map((row) => /default\/\S+/.exec(row)?.[0] ?? '');
    const heldRows = await objectColumn();

    // The new Dojo's reconciles reach the tab (the count line counts them) but not the held list.
    const countLine = page.getByRole('status').filter({ hasText: /reconciles? shown/ });
    const countBefore = await countLine.textContent();
    await postDojo(later);
    // Reconciled (its status written), so its reconciles have been streamed to the tab.
    await expect
      .poll(async () => JSON.parse((await kubeApi().get(`/apis/core.jutsu.com/v1/namespaces/default/dojos/${later}`)).body).status?.conditions?.length ?? 0, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await expect(countLine).not.toHaveText(countBefore!, { timeout: 30_000 });
    await expect(latest.getByRole('button', { name: `default/${later}`, exact: true })).toHaveCount(0);
    expect(await objectColumn()).toEqual(heldRows);

    await toolbar.getByRole('button', { name: 'Resume view' }).click();
    await expect(latest.getByRole('button', { name: `default/${later}`, exact: true }).first()).toBeVisible({ timeout: 30_000 });
  });
});
