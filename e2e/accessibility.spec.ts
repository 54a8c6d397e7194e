/**
 * Issue #20 item 12: no axe-core violations (WCAG 2.1 A and AA) on any page, in either theme.
 * Each page is checked once it shows its data, including a Dojo with conditions (the chips
 * whose contrast failed in the dark theme) and the generated forms.
 */
import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';
import { createDeployment, createFruit } from './support/objects.ts';

const deployment = uniqueName('axe');
const fruit = uniqueName('axe');
const dojo = uniqueName('axe');

test.beforeAll(async () => {
  await createDeployment(deployment, 1);
  await createFruit(fruit, { weight: 10, color: 'red' });
  const res = await kubeApi().post('/apis/core.jutsu.com/v1/namespaces/default/dojos', {
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { name: dojo, namespace: 'default' },
    spec: { accountId: 'a', title: 'Checked', database: 'Mongo', credentialsRef: { name: 'none' } },
  });
  expect(res.status, res.body).toBe(201);
});

const pages = (): [string, string][] => [
  ['overview', '/'],
  ['resources', '/resources'],
  ['pods', '/resources/core/v1/pods?namespace=default'],
  ['dojos', '/resources/core.jutsu.com/v1/dojos'],
  ['create dojo', '/resources/core.jutsu.com/v1/dojos/new'],
  ['dojo', `/resources/core.jutsu.com/v1/dojos/default/${dojo}`],
  ['dojo yaml', `/resources/core.jutsu.com/v1/dojos/default/${dojo}?tab=yaml`],
  ['dojo versions', `/resources/core.jutsu.com/v1/dojos/default/${dojo}?tab=versions`],
  ['dojo events', `/resources/core.jutsu.com/v1/dojos/default/${dojo}?tab=events`],
  ['dojo reconciles', `/resources/core.jutsu.com/v1/dojos/default/${dojo}?tab=reconciles`],
  ['dojo fields', `/resources/core.jutsu.com/v1/dojos/default/${dojo}?tab=fields`],
  ['edit fruit', `/resources/user.k8sasdb.org/v1/fruits/default/${fruit}/edit`],
  ['deployment', `/resources/apps/v1/deployments/default/${deployment}`],
  ['workqueue', '/workqueue/dojo'],
  ['timeline', '/timeline'],
  ['conflicts', '/conflicts'],
  ['debug', '/debug/dojo'],
  ['simulators', '/simulators'],
  ['not found', '/no/such/page'],
];

for (const theme of ['light', 'dark'] as const) {
  test(`every page passes axe in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript((t) => localStorage.setItem('dojo-console-theme', t), theme);
    await signIn(page);
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    // The Dojo has conditions before its page is checked (Mongo: Degraded=True, Available=False).
    await page.goto(`/resources/core.jutsu.com/v1/dojos/default/${dojo}`);
    await expect(page.getByRole('table', { name: 'Conditions' }).getByRole('row', { name: /Degraded/ })).toContainText('True', { timeout: 30_000 });
    const found: string[] = [];
    for (const [view, url] of pages()) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      found.push(...(await axeViolations(page)).map((v) => `${view}: ${v}`));
    }
    // The command palette and a confirmation dialog, open.
    await page.goto('/resources/core/v1/configmaps?namespace=default');
    await page.keyboard.press('/');
    await page.getByRole('combobox', { name: 'Search kinds and objects' }).fill('con');
    found.push(...(await axeViolations(page)).map((v) => `palette: ${v}`));
    // The header's recording menu, open.
    await page.keyboard.press('Escape');
    await page.getByText('Recording', { exact: true }).click();
    await expect(page.getByRole('link', { name: 'Export everything' })).toBeVisible();
    found.push(...(await axeViolations(page)).map((v) => `recording menu: ${v}`));
    expect(found).toEqual([]);
  });
}
