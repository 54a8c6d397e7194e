/**
 * Field history by writer, on an object's Fields tab: each field's values and who wrote them
 * (a kubectl patch, the Dojo controller's reconciles), the field two managers wrote marked, a
 * blame of the YAML, and a 409 traced to the stale read that caused it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { consoleApi, saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';
import { waitUntilAvailable } from './support/forms.ts';

const dojosPath = '/apis/core.jutsu.com/v1/namespaces/default/dojos';

test.describe('field history by writer', () => {
  test('shows who wrote each field of a Dojo, marks the contested one, and blames its YAML', async ({ page }) => {
    test.setTimeout(120_000);
    const name = uniqueName('fields');
    const created = await kubeApi().send('POST', `${dojosPath}?fieldManager=e2e-creator`, {
      apiVersion: 'core.jutsu.com/v1',
      kind: 'Dojo',
      metadata: { name, namespace: 'default' },
      spec: { accountId: 'acct-e2e', title: 'Fields', credentialsRef: { name: 'dojo-postgres-app' }, replicas: 1 },
    });
    expect(created.status, created.body).toBe(201);
    await signIn(page);
    await page.goto(`/resources/core.jutsu.com/v1/dojos/default/${name}`);
    await waitUntilAvailable(page);
    const patched = await kubeApi().mergePatch(`${dojosPath}/${name}`, { spec: { replicas: 2 } }, 'kubectl-patch');
    expect(patched.status, patched.body).toBe(200);
    await expect(page.getByRole('heading', { level: 2 }).locator('..').getByText('ready 2/2')).toBeVisible({ timeout: 60_000 });

    await page.getByRole('tab', { name: 'Fields' }).click();
    const fields = page.getByRole('list', { name: 'Fields' });
    const replicas = fields.getByRole('listitem', { name: 'spec.replicas', exact: true });
    await expect(replicas).toContainText('written by 2 managers', { timeout: 15_000 });
    await replicas.locator('summary').click();
    const changes = replicas.getByRole('list', { name: 'Changes of spec.replicas' }).getByRole('listitem');
    await expect(changes).toHaveCount(2);
    await expect(changes.nth(0)).toContainText('kubectl-patch');
    await expect(changes.nth(1)).toContainText('e2e-creator');

    await page.getByLabel('Filter fields').fill('readyStatus');
    const ready = fields.getByRole('listitem', { name: 'status.readyStatus' });
    await ready.locator('summary').click();
    const newest = ready.getByRole('list', { name: 'Changes of status.readyStatus' }).getByRole('listitem').first();
    await expect(newest).toContainText('2/2');
    await expect(newest.getByRole('link', { name: /^Reconcile [0-9a-f-]+ of dojo$/ })).toBeVisible();
    await saveScreenshot(page, 'fields-timelines');

    await page.getByLabel('Filter fields').fill('');
    await page.getByLabel('Only fields written by more than one manager').check();
    await expect(fields.getByRole('listitem', { name: 'spec.replicas', exact: true })).toBeVisible();
    await expect(fields.getByRole('listitem', { name: 'status.readyStatus' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Blame' }).click();
    const blame = page.getByRole('region', { name: 'Blame of the YAML' });
    await expect(blame.getByRole('row', { name: /kubectl-patch.*replicas: 2/ })).toBeVisible();
    await expect(blame.getByRole('row', { name: /dojo.*readyStatus: 2\/2/ })).toBeVisible();
    await saveScreenshot(page, 'fields-blame');
    const axe = await new AxeBuilder({ page }).include('[aria-label="Blame of the YAML"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await page.getByRole('button', { name: 'By field' }).click();
    await page.getByLabel('Only fields written by more than one manager').uncheck();
    await page.getByLabel('Filter fields').fill('readyStatus');
    await fields.getByRole('listitem', { name: 'status.readyStatus' }).locator('summary').click();
    await fields
      .getByRole('link', { name: /^Reconcile [0-9a-f-]+ of dojo$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/timeline\?.*reconcile=/);
  });

  test('traces a 409 to the version its writer had read', async ({ page, request }) => {
    test.setTimeout(120_000);
    const api = consoleApi(request);
    const name = uniqueName('conflict');
    await signIn(page);
    const created = await kubeApi().post(dojosPath, {
      apiVersion: 'core.jutsu.com/v1',
      kind: 'Dojo',
      metadata: { name, namespace: 'default' },
      spec: { accountId: 'acct-e2e', title: 'Conflict', credentialsRef: { name: 'dojo-postgres-app' }, replicas: 1 },
    });
    expect(created.status, created.body).toBe(201);
    await page.goto(`/resources/core.jutsu.com/v1/dojos/default/${name}`);
    await waitUntilAvailable(page);
    const before = ((await (await api.get('/api/telemetry?types=conflict&controller=dojo&limit=1')).json()) as { lastSeq: number }).lastSeq;
    expect((await api.put('/api/controllers/dojo/faults', { conflictNextWrites: 1 })).status()).toBe(200);
    expect((await kubeApi().mergePatch(`${dojosPath}/${name}`, { spec: { replicas: 2 } }, 'kubectl-patch')).status).toBe(200);
    // The write that loses is the controller's next one about this Dojo: its Deployment's, or its own status.
    let conflict: { object: { group: string; kind: string; name: string }; staleRV: string } | undefined;
    await expect
      .poll(
        async () => {
          const page = (await (await api.get(`/api/telemetry?types=conflict&controller=dojo&sinceSeq=${before}`)).json()) as { records: (typeof conflict)[] };
          conflict = page.records.find((r) => r?.object.name === name);
          return conflict !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const resource = conflict!.object.kind === 'Dojo' ? 'core.jutsu.com/v1/dojos' : 'apps/v1/deployments';
    await page.goto(`/resources/${resource}/default/${name}?tab=fields`);
    const traces = page.getByRole('list', { name: '409 Conflicts traced' });
    // Other controllers' real conflicts about the same object may be listed too (the Deployment
    // controller's, when its informer lags): the injected one is found by its writer and version.
    const trace = traces.getByRole('listitem').filter({ hasText: `dojo wrote with resourceVersion ${conflict!.staleRV}` });
    await expect(trace).toHaveCount(1, { timeout: 15_000 });
    await expect(trace).toContainText('(an injected fault)');
    await saveScreenshot(page, 'fields-conflict-trace');
    await trace.getByRole('link', { name: `Stale read, version ${conflict!.staleRV}` }).click();
    await expect(page.getByRole('tab', { name: 'Versions', selected: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`rv=${conflict!.staleRV}`));
  });
});
