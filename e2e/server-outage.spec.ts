/**
 * Issue #20 item 10: navigating while the server is away never blanks the app. The page whose
 * code cannot be fetched says it is waiting for the server, and when the server answers again
 * everything resumes (page code, live lists) without a reload.
 *
 * The outage is made at the browser's network: every request is refused and every WebSocket
 * closed, exactly what the browser sees while the console restarts.
 */
import { expect, test, type WebSocketRoute } from '@playwright/test';
import { loginPath, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';

test.describe('an open tab', () => {
  // page.route does not see what a service worker fetches: this test makes its outage at the
  // page, so the page runs without the worker (the next test covers the worker).
  test.use({ serviceWorkers: 'block' });

  test('a page opened while the server is away waits for it, and everything resumes without a reload', async ({ page }) => {
    test.setTimeout(90_000);
    let down = false;
    const open: WebSocketRoute[] = [];
    await page.routeWebSocket('/ws', (ws) => {
      if (down) {
        void ws.close({ code: 4000, reason: 'server away' }).catch(() => undefined);
        return;
      }
      ws.connectToServer();
      open.push(ws);
    });
    await page.goto(loginPath());
    const connection = page.getByRole('banner').getByRole('status', { name: /Connection/ });
    await expect(connection).toHaveText('Live');
    await page.goto('/resources/core/v1/configmaps?namespace=default');
    const list = page.getByRole('table', { name: 'ConfigMap objects' });
    await expect(list).toBeVisible();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    down = true;
    await page.route('**/*', (route) => route.abort('connectionrefused'));
    for (const ws of open.splice(0)) await ws.close({ code: 4000, reason: 'server away' }).catch(() => undefined);
    await expect(connection).toHaveText('Reconnecting…');
    await expect(page.getByText('The console server is not answering')).toBeVisible();
    const name = uniqueName('outage');
    const created = await kubeApi().post('/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });
    expect(created.status).toBe(201);

    // A page never opened before: its code cannot be fetched.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Conflicts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dojo Console' })).toBeVisible();
    await expect(page.getByText('Waiting for the console server')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    down = false;
    await page.unroute('**/*');
    await expect(page.getByRole('heading', { level: 2, name: 'Conflicts' })).toBeVisible({ timeout: 30_000 });
    await expect(connection).toHaveText('Live', { timeout: 30_000 });
    await expect(page.getByText('The console server is not answering')).toBeHidden();

    await page.goBack();
    await expect(list.getByRole('link', { name })).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});

test('a tab opened while the server is away gets the console, which reloads itself when the server answers', async ({ page, context }) => {
  test.setTimeout(30_000);
  await page.goto(loginPath());
  await expect(page.getByRole('banner').getByRole('status', { name: /Connection/ })).toHaveText('Live');
  // The service worker keeps the shell once it has installed (public/shell-worker.js).
  await expect
    .poll(() => page.evaluate(async () => Boolean(await (await caches.open('dojo-console-shell-v1')).match('/__dojo-shell'))), { timeout: 10_000 })
    .toBe(true);

  // The server away: the browser offline (context.route would make the tab bypass its service
  // worker), the socket refused.
  let down = true;
  await context.routeWebSocket('/ws', (ws) => {
    if (down) void ws.close({ code: 4000, reason: 'server away' }).catch(() => undefined);
    else ws.connectToServer();
  });
  await context.setOffline(true);
  const tab = await context.newPage();
  await tab.goto('/conflicts');
  await expect(tab.getByRole('heading', { level: 1, name: 'Dojo Console' })).toBeVisible();
  await expect(tab.getByText('The console server is not answering')).toBeVisible();
  await expect(tab.getByRole('navigation', { name: 'Main' })).toBeVisible();

  down = false;
  await context.setOffline(false);
  await expect(tab.getByRole('heading', { level: 2, name: 'Conflicts' })).toBeVisible({ timeout: 15_000 });
  await expect(tab.getByRole('banner').getByRole('status', { name: /Connection/ })).toHaveText('Live', { timeout: 15_000 });
  // The shell reloads itself into the console once the server answers: wait for that page, not the first paint.
  await expect(tab.locator('meta[name="dojo-shell"]')).toHaveCount(0, { timeout: 15_000 });
  await tab.close();
});
