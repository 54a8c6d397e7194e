import { expect, test } from '@playwright/test';
import { loginPath } from './support/console.ts';

test('the console page opens after signing in and shows its navigation and overview', async ({ page }) => {
  await page.goto(loginPath());
  await expect(page).toHaveTitle(/Dojo Console/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dojo Console' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
});
