import { expect, test, type Locator } from '@playwright/test';
import { signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';

/** The bidi isolation of the element that holds `text` (or of its closest ancestor that is isolated). */
async function isolationOf(cell: Locator): Promise<string> {
  return cell.evaluate((el) => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      const value = getComputedStyle(node).unicodeBidi;
      if (value === 'isolate' || value === 'isolate-override' || value === 'plaintext') return value;
      if (node.matches('[role="cell"], td, li, h2')) break;
    }
    return 'normal';
  });
}

test('isolates a title holding U+202E, so it cannot reverse the text around it', async ({ page }) => {
  const name = uniqueName('bidi');
  const title = `Mirror \u202Edrow`;
  const created = await kubeApi().post('/apis/core.jutsu.com/v1/namespaces/default/dojos', {
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { name },
    spec: { accountId: 'acct-bidi', title, credentialsRef: { name: `${name}-app`, namespace: 'default' } },
  });
  expect(created.status).toBe(201);

  await signIn(page);
  await page.goto('/resources/core.jutsu.com/v1/dojos');
  const row = page.getByRole('row').filter({ hasText: name });
  const titleCell = row.getByText(title, { exact: true });
  await expect(titleCell).toBeVisible();
  expect(await isolationOf(titleCell)).toBe('isolate');
  expect(await isolationOf(row.getByRole('link', { name }))).toBe('isolate');

  // Headings name the object inside running text ("Edit Dojo <name>"): the name is its own <bdi>.
  await row.getByRole('link', { name }).click();
  const detail = page.getByRole('heading', { level: 2, name: new RegExp(name) });
  await expect(detail.locator('bdi')).toHaveText(name);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('heading', { level: 2, name: `Edit Dojo ${name}` });
  await expect(edit.locator('bdi')).toHaveText(name);
  expect(await isolationOf(edit.locator('bdi'))).toBe('isolate');
});

test('isolates names in the command palette, the namespace picker and the bulk delete list', async ({ page }) => {
  const name = uniqueName('bidi-list');
  const created = await kubeApi().post('/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });
  expect(created.status).toBe(201);
  await signIn(page);
  await page.goto(`/resources/core/v1/configmaps?namespace=default&q=${name}`);

  await expect(page.getByRole('combobox', { name: 'Namespace' }).getByRole('option', { name: 'default' })).toHaveAttribute('dir', 'auto');

  const table = page.getByRole('table', { name: 'ConfigMap objects' });
  await table.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('button', { name: 'Delete selected (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 1 ConfigMap object?' });
  expect(await isolationOf(dialog.getByRole('listitem').getByText(`default/${name}`))).toBe('isolate');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search kinds and objects' });
  await palette.getByRole('combobox', { name: 'Search kinds and objects' }).fill(`cm ${name}`);
  const option = palette.getByRole('option').first();
  await expect(option).toContainText(name);
  expect(await isolationOf(option.getByText(`default/${name}`))).toBe('isolate');
});
