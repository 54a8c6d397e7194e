/**
 * Issue #17 (the UI at thousands of objects): a list longer than one page of the LIST is read in
 * pages and shows every object, and its rows, of which only those in view are in the page, stay
 * reachable by keyboard: Tab reaches the rows' scroller, End brings the last row into view, and
 * Tab goes on into that row.
 */
import { expect, test } from '@playwright/test';
import { signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';

const count = 1_200;

test('a list of 1,200 ConfigMaps is read in pages and every row is reachable by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  const ns = uniqueName('long');
  const prefix = 'cm';
  const api = kubeApi(undefined, { sockets: 8 });
  expect((await api.post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } })).status).toBe(201);
  let next = 0;
  const failed: string[] = [];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        const name = `${prefix}-${String(next++).padStart(4, '0')}`;
        const res = await api.post(`/api/v1/namespaces/${ns}/configmaps`, {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name, namespace: ns },
          data: { k: 'v' },
        });
        if (res.status !== 201) failed.push(`${name}: ${res.status}`);
      }
    }),
  );
  expect(failed).toEqual([]);

  await signIn(page);
  await page.goto(`/resources/core/v1/configmaps?namespace=${ns}&q=${prefix}-`);
  const table = page.getByRole('table', { name: 'ConfigMap objects' });
  // Every page of the LIST (500 a page) is in: the table counts every row, and the header's own.
  await expect(table).toHaveAttribute('aria-rowcount', String(count + 1), { timeout: 30_000 });
  await expect(page.getByText(new RegExp(`^${count} (objects|of \\d+)$`))).toBeVisible();
  // Only the rows in view are in the page.
  expect(await table.getByRole('row').count()).toBeLessThan(60);

  // From the last header button, Tab reaches the rows' scroller; End scrolls to the last row.
  await table.getByRole('columnheader', { name: /Age/ }).getByRole('button').focus();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('role', 'rowgroup');
  await page.keyboard.press('End');
  const last = table.getByRole('row', { name: new RegExp(`${prefix}-${String(count - 1).padStart(4, '0')}`) });
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute('aria-rowindex', String(count + 1));
  // Tab goes on into the rows now in view, near the end of the list.
  await page.keyboard.press('Tab');
  const focusedRow = page.locator('[role="row"]:has(:focus)');
  expect(Number(await focusedRow.getAttribute('aria-rowindex'))).toBeGreaterThan(count - 30);
});
