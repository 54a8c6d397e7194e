import { expect, test } from '@playwright/test';

test('the console page opens and says it is starting its parts', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Dojo Console/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dojo Console' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Starting up' })).toBeVisible();
  await expect(page.getByText(/embedded API server/)).toBeVisible();
});
