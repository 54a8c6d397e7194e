/**
 * #20 item 3: finding the reconcile that matters. A trigger says what it was (kind/name, event,
 * resourceVersion, generation, spec edit or churn); versions and Events link to the reconciles
 * they triggered or that recorded them, and back; the selected reconcile, the filters and the
 * window live in the URL; filtering by object and trigger kind does not pause the view.
 */
import { expect, test } from '@playwright/test';
import { createDojo, scaleTo, waitUntilAvailable } from './support/forms.ts';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';

test.describe('finding the reconcile that matters', () => {
  test('from an edit to the reconcile it triggered and back, through shareable URLs', async ({ page }) => {
    test.setTimeout(150_000);
    const name = uniqueName('find');
    await signIn(page);
    await createDojo(page, { name });
    await waitUntilAvailable(page);
    await scaleTo(page, 2);

    // The version that changed the spec links to the reconcile it triggered.
    await page.getByRole('tab', { name: 'Versions' }).click();
    const edit = page
      .getByRole('table', { name: 'Recorded versions' })
      .getByRole('row')
      .filter({ hasText: 'spec changed' })
      .filter({ hasText: 'dojo-console' })
      .first();
    const triggered = edit.getByRole('link', { name: /Reconcile by dojo that RV \d+ triggered/ }).first();
    await expect(triggered).toBeVisible({ timeout: 30_000 });
    const rv = /RV (\d+)/.exec((await triggered.getAttribute('aria-label')) ?? '')![1]!;
    await triggered.click();
    await expect(page).toHaveURL(/tab=reconciles/);
    await expect(page).toHaveURL(/reconcile=[0-9a-f-]{36}/);
    const reconcileId = new URL(page.url()).searchParams.get('reconcile')!;

    // The trigger says what it was.
    const details = page.getByRole('region', { name: 'Selected reconcile' });
    const triggers = details.getByRole('region', { name: 'Triggers' });
    await expect(triggers).toContainText(`Dojo default/${name}`);
    await expect(triggers).toContainText('MODIFIED');
    await expect(triggers).toContainText(`RV ${rv}`);
    await expect(triggers).toContainText('gen 2');
    await expect(triggers).toContainText('spec changed (an edit)');
    await saveScreenshot(page, 'find-reconcile-triggers');

    // The URL is the view: a reload (or a colleague opening it) shows the same reconcile.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Selected reconcile' })).toContainText(`id ${reconcileId}`);

    // And back: the trigger's resourceVersion opens that version's diff.
    await page
      .getByRole('region', { name: 'Triggers' })
      .getByRole('link', { name: `Version ${rv} of Dojo default/${name}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`tab=versions.*rv=${rv}|rv=${rv}.*tab=versions`));
    await expect(page.getByRole('button', { name: `Diff version ${rv}` })).toHaveAttribute('aria-pressed', 'true');

    // Events link to the reconcile that recorded them.
    await page.getByRole('tab', { name: 'Events' }).click();
    const recorded = page.getByRole('table', { name: 'Events' }).getByRole('link', { name: /Reconcile that recorded DeploymentCreated/ });
    await expect(recorded).toBeVisible({ timeout: 30_000 });
    await recorded.click();
    await expect(page).toHaveURL(/\/timeline\?reconcile=/);
    const selected = page.getByRole('region', { name: 'Selected reconcile' });
    await expect(selected.getByRole('table', { name: 'API calls made by this reconcile' })).toContainText('deployments.apps');

    // Filters by object and trigger kind live in the URL and leave the view live.
    // The object filter matches the identity too: "Dojo/default/<name>" leaves out the Deployment of the same name.
    await page.goto(`/timeline?object=${encodeURIComponent(`Dojo/default/${name}`)}`);
    await page.getByRole('toolbar', { name: 'Timeline controls' }).getByLabel('Trigger').selectOption('Deployment');
    await expect(page).toHaveURL(/trigger=Deployment/);
    const rows = page
      .getByRole('table', { name: 'Latest reconciles' })
      .getByRole('row')
      .filter({ hasText: `default/${name}` });
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    for (const text of await rows.allInnerTexts()) {
      expect(text).toContain('owned');
      expect(text).toContain('dojo #');
    }
    const toolbar = page.getByRole('toolbar', { name: 'Timeline controls' });
    await expect(toolbar.getByRole('button', { name: 'Follow live' })).toHaveAttribute('aria-pressed', 'true');
    await expect(toolbar.getByRole('button', { name: 'Pause view' })).toHaveAttribute('aria-pressed', 'false');
    await rows.first().getByRole('button').click();
    await expect(page).toHaveURL(/reconcile=/);
    await saveScreenshot(page, 'find-reconcile-filtered');
  });
});
