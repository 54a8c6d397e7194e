/**
 * "Add metrics endpoint" on the Overview: a person adds the console's own /metrics (the same
 * names as any controller-runtime operator, behind a bearer token) while the console runs, is
 * told what is wrong with a bad entry under the field, sees the endpoint's controller cards
 * marked "from metrics", and removes it again.
 */
import { expect, test } from '@playwright/test';
import { consoleToken, saveScreenshot, signIn, uniqueName } from './support/console.ts';

test.describe('metrics endpoints added in the console', () => {
  test('are validated, scraped at once as cards from metrics, and removed', async ({ page, baseURL }) => {
    const name = uniqueName('self');
    await signIn(page);
    await page.getByRole('button', { name: 'Add metrics endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add metrics endpoint' });

    await dialog.getByLabel('Name').fill('Not A Label');
    await dialog.getByLabel('URL').fill('ftp://example/metrics');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText(/a DNS label/)).toBeVisible();
    await expect(dialog.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('URL').fill(`${baseURL}/metrics`);
    await dialog.getByLabel('Bearer token (optional)').fill(consoleToken());
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog).toBeHidden();

    const endpoint = page.getByRole('group', { name: `Metrics endpoint ${name}` });
    await expect(endpoint.getByText('bearer token', { exact: true })).toBeVisible();
    const card = endpoint.getByRole('article', { name: 'Scraped controller dojo' });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText('from metrics')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Metrics endpoint' })).toHaveAttribute('href', `${baseURL}/metrics`);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'scrape-target-added');

    await endpoint.getByRole('button', { name: `Remove metrics endpoint ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Stop scraping ${name}?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(endpoint).toBeHidden();
  });
});
