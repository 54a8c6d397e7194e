/**
 * Issue #20 item 8: lists like kubectl's, for every kind. The columns are the API server's
 * Table (what `kubectl get` prints), kept live over the watch; columns sort; a label selector,
 * the order and the namespace live in the URL; a namespace picker in the header; a command
 * palette over kinds and objects; multi-select with bulk delete.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';
import { createDeployment, createFruit } from './support/objects.ts';

async function createNamespace(name: string): Promise<void> {
  const res = await kubeApi().post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  expect(res.status, res.body).toBe(201);
}

async function createConfigMap(namespace: string, name: string, labels: Record<string, string>): Promise<void> {
  const res = await kubeApi().post(`/api/v1/namespaces/${namespace}/configmaps`, {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace, labels },
    data: { k: 'v' },
  });
  expect(res.status, res.body).toBe(201);
}

const headers = (table: Locator) => table.getByRole('columnheader');
const rowNames = (table: Locator) => table.getByRole('row').getByRole('link').allTextContents();

async function chooseNamespace(page: Page, namespace: string): Promise<void> {
  await page.getByRole('banner').getByLabel('Namespace').selectOption(namespace);
}

test.describe('lists like kubectl get', () => {
  test('Pods print READY, STATUS, RESTARTS and AGE, and the cells follow the watch', async ({ page }) => {
    const ns = uniqueName('lists');
    await createNamespace(ns);
    await createDeployment('web', 2, { namespace: ns });
    await signIn(page);
    await page.goto(`/resources/core/v1/pods?namespace=${ns}`);
    const table = page.getByRole('table', { name: 'Pod objects' });
    await expect(headers(table)).toHaveText(['', 'Why is this not ready', 'Name', 'Ready', 'Status', 'Restarts', 'Age'].map((h) => new RegExp(`^${h}`)));
    // Pods start Pending and become Ready: the printed cells change without a reload.
    await expect(table.getByRole('row', { name: /web-/ })).toHaveCount(2);
    await expect(table.getByRole('row', { name: /web-/ }).first()).toContainText(/1\/1\s*Running/, { timeout: 30_000 });
    await expect(table.getByRole('row', { name: /web-/ }).last()).toContainText(/1\/1\s*Running/, { timeout: 30_000 });
    await saveScreenshot(page, 'pods-table');

    await page.goto(`/resources/core/v1/events?namespace=${ns}`);
    const events = page.getByRole('table', { name: 'Event objects' });
    await expect(headers(events)).toHaveText(
      ['', 'Why is this not ready', 'Name', 'Type', 'Reason', 'Object', 'Message', 'Age'].map((h) => new RegExp(`^${h}`)),
    );
    await expect(events.getByRole('row', { name: /deployment\/web/i }).first()).toContainText('Normal');
  });

  test("a CRD's list prints its printer columns, sorts by them, and keeps the order in the URL", async ({ page }) => {
    const prefix = uniqueName('sort');
    await createFruit(`${prefix}-a`, { weight: 300, color: 'red' });
    await createFruit(`${prefix}-b`, { weight: 20, color: 'green' });
    await createFruit(`${prefix}-c`, { weight: 1000, color: 'yellow' });
    await signIn(page);
    await page.goto(`/resources/user.k8sasdb.org/v1/fruits?namespace=default&q=${prefix}`);
    const table = page.getByRole('table', { name: 'Fruit objects' });
    await expect(headers(table)).toHaveText(['', 'Why is this not ready', 'Name', 'Weight', 'Sweet', 'Color', 'Age'].map((h) => new RegExp(`^${h}`)));
    await expect(table.getByRole('row', { name: new RegExp(`${prefix}-b`) })).toContainText('green');

    const weight = table.getByRole('columnheader', { name: /Weight/ });
    await expect(weight).toHaveAttribute('aria-sort', 'none');
    await weight.getByRole('button').click();
    await expect(weight).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => rowNames(table)).toEqual([`${prefix}-b`, `${prefix}-a`, `${prefix}-c`]);
    await weight.getByRole('button').click();
    await expect(weight).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=-weight/);
    await expect.poll(() => rowNames(table)).toEqual([`${prefix}-c`, `${prefix}-a`, `${prefix}-b`]);

    await page.reload();
    await expect(table.getByRole('columnheader', { name: /Weight/ })).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => rowNames(table)).toEqual([`${prefix}-c`, `${prefix}-a`, `${prefix}-b`]);
  });

  test('a label selector filters the list, lives in the URL, and says what is wrong with a typo', async ({ page }) => {
    const ns = uniqueName('labels');
    await createNamespace(ns);
    await createConfigMap(ns, 'blue-1', { tier: 'blue' });
    await createConfigMap(ns, 'blue-2', { tier: 'blue' });
    await createConfigMap(ns, 'green-1', { tier: 'green' });
    await signIn(page);
    await page.goto(`/resources/core/v1/configmaps?namespace=${ns}`);
    const table = page.getByRole('table', { name: 'ConfigMap objects' });
    await expect(table.getByRole('link', { name: 'green-1' })).toBeVisible();

    const selector = page.getByLabel('Label selector');
    await selector.fill('tier in (blue');
    await expect(selector).toHaveAttribute('aria-invalid', 'true');
    await selector.fill('tier=blue');
    await expect(page).toHaveURL(/labelSelector=tier%3Dblue/);
    await expect.poll(() => rowNames(table)).toEqual(['blue-1', 'blue-2']);
    // A new object that matches appears live; one that does not stays out.
    await createConfigMap(ns, 'blue-3', { tier: 'blue' });
    await createConfigMap(ns, 'green-2', { tier: 'green' });
    await expect.poll(() => rowNames(table)).toEqual(['blue-1', 'blue-2', 'blue-3']);

    await page.reload();
    await expect(page.getByLabel('Label selector')).toHaveValue('tier=blue');
    await expect.poll(() => rowNames(table)).toEqual(['blue-1', 'blue-2', 'blue-3']);
  });

  test('the header namespace applies to every list and follows the person from page to page', async ({ page }) => {
    const ns = uniqueName('picked');
    await createNamespace(ns);
    await createConfigMap(ns, 'only-here', {});
    await signIn(page);
    await page.goto('/resources/core/v1/configmaps');
    const table = page.getByRole('table', { name: 'ConfigMap objects' });
    await expect(table.getByRole('columnheader', { name: 'Namespace' })).toBeVisible();
    await chooseNamespace(page, ns);
    await expect(page).toHaveURL(new RegExp(`namespace=${ns}`));
    // Every namespace also holds kube-root-ca.crt, as on a real cluster.
    await expect.poll(() => rowNames(table)).toEqual(['kube-root-ca.crt', 'only-here']);
    await expect(table.getByRole('columnheader', { name: 'Namespace' })).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
    await page.getByRole('link', { name: /^Secret secrets/ }).click();
    await expect(page).toHaveURL(new RegExp(`/resources/core/v1/secrets\\?namespace=${ns}`));
    await expect(page.getByRole('table', { name: 'Secret objects' }).getByText(`No Secret objects in ${ns}.`)).toBeVisible();

    // A link that names another namespace makes it the choice.
    await page.goto('/resources/core/v1/configmaps?namespace=default');
    await expect(page.getByRole('banner').getByLabel('Namespace')).toHaveValue('default');
    await chooseNamespace(page, '');
    await expect(page).toHaveURL(/\/resources\/core\/v1\/configmaps$/);
  });

  test('the command palette finds kinds and objects from the keyboard', async ({ page }) => {
    const name = uniqueName('findme');
    await createDeployment(name, 1);
    await signIn(page);
    await page.keyboard.press('/');
    const palette = page.getByRole('dialog', { name: 'Search kinds and objects' });
    const search = palette.getByRole('combobox', { name: 'Search kinds and objects' });
    await expect(search).toBeFocused();
    await search.fill(`deploy ${name}`);
    await expect(palette.getByRole('option').first()).toContainText(name);
    await saveScreenshot(page, 'command-palette');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/resources/apps/v1/deployments/default/${name}$`));
    await expect(palette).toBeHidden();

    await page.keyboard.press('Control+k');
    await search.fill('configm');
    await expect(palette.getByRole('option', { selected: true })).toContainText('ConfigMap');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'ConfigMap' })).toBeVisible();
  });

  test('the command palette ranks what people open before Events, and opens pages and controllers', async ({ page }) => {
    const name = uniqueName('rank');
    await createDeployment(name, 2);
    await signIn(page);
    await page.keyboard.press('/');
    const palette = page.getByRole('dialog', { name: 'Search kinds and objects' });
    const search = palette.getByRole('combobox', { name: 'Search kinds and objects' });
    await search.fill(name);
    const tags = () => palette.getByRole('option').locator('span').allTextContents();
    // The Deployment, its ReplicaSet and Pods, and the Events about them, once they exist.
    await expect.poll(async () => new Set(await tags()), { timeout: 20_000 }).toEqual(new Set(['Deployment', 'ReplicaSet', 'Pod', 'Event']));
    const order = await tags();
    expect(order[0]).toBe('Deployment');
    expect(order.indexOf('Event'), order.join(', ')).toBeGreaterThan(order.lastIndexOf('Pod'));
    expect(order.indexOf('Event'), order.join(', ')).toBeGreaterThan(order.lastIndexOf('ReplicaSet'));

    await search.fill('timeline');
    await expect(palette.getByRole('option', { selected: true })).toContainText('Timeline');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Timeline' })).toBeVisible();

    await page.keyboard.press('Control+k');
    await search.fill('debug · dojo');
    await expect(palette.getByRole('option', { selected: true })).toContainText('Debug · dojo');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/debug\/dojo$/);
  });

  test('deletes several objects at once after a confirmation that lists them', async ({ page }) => {
    const ns = uniqueName('bulk');
    await createNamespace(ns);
    for (const n of ['old-1', 'old-2', 'keep']) await createConfigMap(ns, n, {});
    await signIn(page);
    await page.goto(`/resources/core/v1/configmaps?namespace=${ns}&q=old`);
    const table = page.getByRole('table', { name: 'ConfigMap objects' });
    await expect.poll(() => rowNames(table)).toEqual(['old-1', 'old-2']);
    await table.getByRole('checkbox', { name: 'Select all 2 shown' }).check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 ConfigMap objects?' });
    await expect(dialog.getByRole('list', { name: 'Objects to delete' }).getByRole('listitem')).toHaveText([`${ns}/old-1`, `${ns}/old-2`]);
    await saveScreenshot(page, 'bulk-delete');
    await dialog.getByRole('button', { name: 'Delete 2 ConfigMap objects' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByText(`No ConfigMap objects in ${ns}.`)).toBeVisible();
    await page.goto(`/resources/core/v1/configmaps?namespace=${ns}`);
    await expect.poll(() => rowNames(table)).toEqual(['keep', 'kube-root-ca.crt']);
  });
});
