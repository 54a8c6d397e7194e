/**
 * What every spec needs: the console token the server wrote to its data directory (the same
 * token as in the login URL `npm start` prints), signing in through that URL, unique object
 * names, and one screenshot per view under test-results/screenshots/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const dataDir = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

export function consoleToken(): string {
  return readFileSync(join(dataDir, 'console-token'), 'utf8').trim();
}

export function loginPath(): string {
  return `/login?token=${encodeURIComponent(consoleToken())}`;
}

/** Opens the printed login URL, which sets the session cookie and lands on the overview. */
export async function signIn(page: Page): Promise<void> {
  await page.goto(loginPath());
  await expect(page.getByRole('heading', { level: 1, name: 'Dojo Console' })).toBeVisible();
  await expect(page.getByRole('status', { name: /Connection: Live/ })).toBeVisible();
}

export async function saveScreenshot(page: Page, view: string): Promise<void> {
  // From the top, so that the sticky header and form footer sit where a reader expects them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/${view}.png`, fullPage: true });
}

/** A DNS-1123 name no earlier run used (the e2e data directory outlives a run). */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** The console API with the token, for preconditions a person would not set up through the UI. */
export function consoleApi(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${consoleToken()}`, 'X-Dojo-Console': '1' };
  return {
    get: (path: string) => request.get(path, { headers }),
    post: (path: string, data: unknown) => request.post(path, { headers, data }),
    put: (path: string, data: unknown) => request.put(path, { headers, data }),
    delete: (path: string) => request.delete(path, { headers }),
  };
}

export async function openNav(page: Page, view: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: view, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(view, 'i') })).toBeVisible();
}
