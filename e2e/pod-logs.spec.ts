/**
 * Issue #34 item 17: a Pod's Logs tab. The simulated kubelet logs each container's start and
 * then a heartbeat while it runs; the tab shows the start line, and a later line arrives live
 * (followed through the console's proxy) without a reload. A Pod with two containers offers
 * a picker.
 */
import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';

const name = uniqueName('logs');

test.beforeAll(async () => {
  const res = await kubeApi().post('/api/v1/namespaces/default/pods', {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: {
      containers: [
        { name: 'app', image: 'nginx:1.27' },
        { name: 'sidecar', image: 'busybox:1.36' },
      ],
    },
  });
  expect(res.status, res.body).toBe(201);
});

test("a Pod's Logs tab shows its start line, then a live line, for the container picked", async ({ page }) => {
  test.setTimeout(40_000);
  await signIn(page);
  await page.goto(`/resources/core/v1/pods/default/${name}?tab=logs`);
  const log = page.getByRole('log', { name: 'Log of app' });
  // Until the kubelet has started it the container is waiting (the cluster says so); the tab reads again once it runs.
  await expect(log).toContainText('app: starting (image "nginx:1.27", restart 0)', { timeout: 15_000 });
  await expect(page.getByText(/^Following · \d+ lines$/)).toBeVisible();
  // A heartbeat comes every few seconds while the container runs: one arrives on the open page.
  const before = (await log.textContent())?.match(/heartbeat/g)?.length ?? 0;
  await expect.poll(async () => (await log.textContent())?.match(/heartbeat/g)?.length ?? 0, { timeout: 15_000 }).toBeGreaterThan(before);

  await page.getByLabel('Container').selectOption('sidecar');
  await expect(page.getByRole('log', { name: 'Log of sidecar' })).toContainText('sidecar: starting (image "busybox:1.36", restart 0)');
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(page, 'pod-logs-1440');
  expect(await axeViolations(page)).toEqual([]);
  // On a phone the controls wrap and long lines wrap inside the log: the page does not widen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'pod-logs-390');
});
