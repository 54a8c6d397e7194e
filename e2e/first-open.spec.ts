/**
 * Issue #20 item 11: a first open teaches (an empty cluster says what to do next: create the
 * operator's kind, connect an operator of your own, where kubectl's kubeconfig is), and a
 * phone-width screen (390 px) never scrolls sideways on any page.
 */
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { consoleApi, dataDir, saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';
import { createDeployment, createFruit } from './support/objects.ts';

async function scrollsSideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe('a first open', () => {
  test('an empty cluster says what to do next, and stops once there is something', async ({ page }) => {
    const ns = uniqueName('empty');
    expect((await kubeApi().post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } })).status).toBe(201);
    await signIn(page);
    await page.getByRole('banner').getByLabel('Namespace').selectOption(ns);
    const start = page.getByRole('region', { name: 'Getting started' });
    await expect(start).toContainText(`No Dojo objects in ${ns} yet`);
    // The exact command for this console, from any directory: with its absolute data dir.
    await expect(start.getByLabel('Connect an operator')).toHaveText(`npx dojo-console connect my-operator --data-dir ${resolve(dataDir)}`);
    const kubeconfig = resolve(dataDir, 'kubeconfig');
    await expect(start).toContainText(kubeconfig);
    await expect(start.getByLabel('kubectl command')).toContainText(`kubectl --kubeconfig ${kubeconfig} get dojos -A`);
    await saveScreenshot(page, 'getting-started');

    await start.getByRole('link', { name: 'Create Dojo' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Create Dojo' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Create Dojo' }).getByRole('group', { name: 'Metadata' }).getByLabel('Namespace')).toHaveValue(ns);

    const dojo = {
      apiVersion: 'core.jutsu.com/v1',
      kind: 'Dojo',
      metadata: { name: 'first', namespace: ns },
      spec: { accountId: 'a', title: 'First', credentialsRef: { name: 'none' } },
    };
    expect((await kubeApi().post(`/apis/core.jutsu.com/v1/namespaces/${ns}/dojos`, dojo)).status).toBe(201);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('region', { name: 'Dojos' }).getByRole('link', { name: 'first' })).toBeVisible();
    await expect(start).toHaveCount(0);
  });

  test('no page scrolls sideways at 390 px', async ({ page, request }) => {
    test.setTimeout(120_000);
    const deployment = uniqueName('narrow');
    const fruit = uniqueName('narrow');
    await createDeployment(deployment, 1);
    await createFruit(fruit, { weight: 10, comment: 'a comment long enough to wrap on a narrow phone screen, as people write them' });
    // Populated pages (issue #34 item 6): another client connected (its card on the Overview),
    // and a Dojo whose Fields tab traces a 409 that names long field paths: writes by others
    // race the controller, one of whose writes is made to conflict.
    const client = uniqueName('narrow-operator-with-a-long-name');
    const connected = await consoleApi(request).post('/api/clients', { name: client });
    expect(connected.status()).toBe(201);
    const { kubeconfigPath } = (await connected.json()) as { kubeconfigPath: string };
    expect((await kubeApi(dataDir, { kubeconfig: kubeconfigPath }).get('/api/v1/namespaces/default/configmaps')).status).toBe(200);
    const dojo = uniqueName('narrow');
    const dojoPath = `/apis/core.jutsu.com/v1/namespaces/default/dojos/${dojo}`;
    const dojoSpec = { accountId: 'a', title: 'A title long enough to need wrapping on a phone', credentialsRef: { name: 'none' } };
    expect(
      (
        await kubeApi().post('/apis/core.jutsu.com/v1/namespaces/default/dojos', {
          apiVersion: 'core.jutsu.com/v1',
          kind: 'Dojo',
          metadata: { name: dojo },
          spec: dojoSpec,
        })
      ).status,
    ).toBe(201);
    expect((await consoleApi(request).put('/api/controllers/dojo/faults', { conflictNextWrites: 1 })).status()).toBe(200);
    expect((await kubeApi().mergePatch(dojoPath, { spec: { replicas: 2, title: 'Second' } })).status).toBe(200);
    expect((await kubeApi().mergePatch(dojoPath, { spec: { replicas: 3 } }, 'a-field-manager-with-quite-a-long-name')).status).toBe(200);
    /** What a view must show before it is measured: the populated state, not its loading one. */
    const populated: Record<string, (page: Page) => Promise<void>> = {
      overview: (p) => expect(p.getByRole('article', { name: `Client ${client}` })).toBeVisible({ timeout: 20_000 }),
      'dojo-fields': (p) => expect(p.getByRole('list', { name: '409 Conflicts traced' })).toBeVisible({ timeout: 20_000 }),
    };
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    const views: [string, string][] = [
      ['/', 'overview'],
      ['/resources', 'resources'],
      ['/resources/core/v1/pods?namespace=default', 'pods'],
      ['/resources/core/v1/events', 'events'],
      ['/resources/user.k8sasdb.org/v1/fruits/new', 'create-fruit'],
      [`/resources/user.k8sasdb.org/v1/fruits/default/${fruit}/edit`, 'edit-fruit'],
      [`/resources/apps/v1/deployments/default/${deployment}`, 'deployment'],
      [`/resources/apps/v1/deployments/default/${deployment}?tab=yaml`, 'deployment-yaml'],
      [`/resources/apps/v1/deployments/default/${deployment}?tab=versions`, 'deployment-versions'],
      [`/resources/apps/v1/deployments/default/${deployment}?tab=events`, 'deployment-events'],
      [`/resources/apps/v1/deployments/default/${deployment}?tab=reconciles`, 'deployment-reconciles'],
      [`/resources/core.jutsu.com/v1/dojos/default/${dojo}?tab=fields`, 'dojo-fields'],
      ['/workqueue/deployment-controller', 'workqueue'],
      ['/timeline', 'timeline'],
      ['/conflicts', 'conflicts'],
      ['/debug/deployment-controller', 'debug'],
      ['/simulators', 'simulators'],
      ['/no/such/page', 'not-found'],
    ];
    const wide: string[] = [];
    for (const [url, view] of views) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await populated[view]?.(page);
      await page.waitForTimeout(300);
      const excess = await scrollsSideways(page);
      if (excess > 0) {
        wide.push(`${url} (${excess}px)`);
        await saveScreenshot(page, `narrow-${view}`);
      }
    }
    expect(wide).toEqual([]);
  });
});
