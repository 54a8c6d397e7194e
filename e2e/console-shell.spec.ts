import { expect, test } from '@playwright/test';
import { loginPath, openNav, saveScreenshot, signIn } from './support/console.ts';

test.describe('the console shell', () => {
  test('without the token the server asks for it; the printed login URL signs in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dojo Console' })).toBeVisible();
    await expect(page.getByText(/needs its access token/)).toBeVisible();
    await page.goto(loginPath());
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
  });

  test('shows the cluster, the leader and a live connection in the header', async ({ page }) => {
    await signIn(page);
    const header = page.getByRole('banner');
    await expect(header.getByText('Embedded cluster')).toBeVisible();
    await expect(header.getByText('Leader: this replica')).toBeVisible();
    await expect(header.getByRole('status', { name: 'Connection: Live' })).toBeVisible();
    await saveScreenshot(page, 'overview');
  });

  test('navigates every view from the sidebar and keeps deep links working', async ({ page }) => {
    await signIn(page);
    for (const view of ['Resources', 'Workqueue', 'Timeline', 'Conflicts', 'Debug', 'Simulators', 'Overview']) {
      await openNav(page, view);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: view, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    await page.goto('/resources/core/v1/namespaces/_/default');
    await expect(page.getByRole('heading', { level: 2, name: /default/ })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
    await page.goto('/no/such/view');
    await expect(page.getByRole('heading', { level: 2, name: 'Page not found' })).toBeVisible();
  });

  test('works from the keyboard: skip link, then the navigation', async ({ page }) => {
    await signIn(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Resources' })).toBeVisible();
  });

  test('switches between light and dark themes and remembers the choice', async ({ page }) => {
    await signIn(page);
    const html = page.locator('html');
    const startedDark = await html.evaluate((el) => el.classList.contains('dark'));
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    await expect(html).toHaveClass(startedDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
    await saveScreenshot(page, 'overview-other-theme');
    await page.reload();
    await expect(html).toHaveClass(startedDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  });

  test('says "Reconnecting…" when the live connection drops, and resumes by itself', async ({ page }) => {
    let connections = 0;
    // While the "network" is down every new connection is refused, so the reconnecting state
    // lasts until the test has seen it (a fast reconnect could otherwise hide it).
    let networkDown = false;
    await page.routeWebSocket('/ws', (ws) => {
      connections++;
      if (networkDown) {
        void ws.close({ code: 4000, reason: 'network down' }).catch(() => undefined);
        return;
      }
      ws.connectToServer();
      // The first connection dies shortly after it opened, as if the network blinked.
      if (connections === 1) {
        setTimeout(() => {
          networkDown = true;
          void ws.close({ code: 4000, reason: 'network blinked' }).catch(() => undefined);
        }, 1500);
      }
    });
    await page.goto(loginPath());
    const indicator = page.getByRole('banner').getByRole('status', { name: /Connection/ });
    await expect(indicator).toHaveText('Reconnecting…');
    networkDown = false;
    await expect(indicator).toHaveText('Live', { timeout: 20_000 });
    expect(connections).toBeGreaterThanOrEqual(2);
  });
});
