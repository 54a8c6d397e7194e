/**
 * Seed 001's SecSynch through the console: the CEL rule's message on the form, a missing
 * namespace as Degraded until it appears, the predicates' filtered counts on the workqueue
 * page, and deletion held by the finalizer until the copies are gone.
 */
import { expect, test } from '@playwright/test';
import { openCreateForm, submitCreate } from './support/forms.ts';
import { consoleApi, saveScreenshot, signIn, uniqueName } from './support/console.ts';

test.describe('the SecSynch example (seed 001)', () => {
  test('copies a Secret across namespaces, filters irrelevant events, and cleans up through its finalizer', async ({ page, request }) => {
    test.setTimeout(120_000);
    const api = consoleApi(request);
    const name = uniqueName('sync');
    const present = uniqueName('dest');
    const later = uniqueName('later');
    expect((await api.post('/api/kube/api/v1/namespaces', { metadata: { name: present } })).status()).toBe(201);
    const source = { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'default' }, stringData: { password: 's3cr3t' } };
    expect((await api.post('/api/kube/api/v1/namespaces/default/secrets', source)).status()).toBe(201);

    await signIn(page);
    await openCreateForm(page, 'SecSynch', 'secsynches');
    const form = page.getByRole('form', { name: 'Create SecSynch' });
    await form.getByLabel('Name', { exact: true }).first().fill(name);
    await form.getByLabel('Source namespace').fill('default');
    await form.getByLabel('Secret name').fill(name);
    const destinations = form.getByLabel('Destination namespaces');
    await destinations.fill(`default\n${present}`);
    // The CRD's CEL rule, evaluated by the API server in the form's dry run.
    await expect(page.getByText('sourceNamespace must not be one of destinationNamespaces')).toBeVisible();
    await saveScreenshot(page, 'secsynch-invalid');
    await destinations.fill(`${present}\n${later}`);
    await submitCreate(page, 'SecSynch', name);

    const conditions = page.getByRole('table', { name: 'Conditions' });
    await expect(conditions.getByRole('row', { name: /Degraded/ })).toContainText('NamespaceNotFound', { timeout: 30_000 });
    expect((await api.post('/api/kube/api/v1/namespaces', { metadata: { name: later } })).status()).toBe(201);
    await expect(conditions.getByRole('row', { name: /Ready/ })).toContainText('True', { timeout: 30_000 });
    for (const namespace of [present, later]) {
      expect((await api.get(`/api/kube/api/v1/namespaces/${namespace}/secrets/${name}`)).status()).toBe(200);
    }
    await saveScreenshot(page, 'secsynch-detail');

    await page.goto('/workqueue/secsynch');
    const watches = page.getByRole('table', { name: 'Watches and predicate counts' });
    await expect(watches.getByRole('row', { name: /Watches.*Namespace/ })).toBeVisible();
    const secretFiltered = page.getByTestId('filtered-watches-secrets');
    const before = Number(await secretFiltered.textContent());
    // A Secret nobody copies: its watch event is dropped by the predicate, no reconcile.
    expect(
      (await api.post('/api/kube/api/v1/namespaces/default/secrets', { metadata: { name: uniqueName('unrelated') }, stringData: { a: 'b' } })).status(),
    ).toBe(201);
    await expect.poll(async () => Number(await secretFiltered.textContent()), { timeout: 10_000 }).toBeGreaterThan(before);
    await saveScreenshot(page, 'secsynch-workqueue');

    await page.goto(`/resources/tutorial.study.dev/v1alpha1/secsynches/default/${name}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete SecSynch ${name}?` });
    await expect(dialog.getByText(/tutorial\.study\.dev\/secret-copies/)).toBeVisible();
    await dialog.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByText(/does not exist \(any more\)/)).toBeVisible({ timeout: 30_000 });
    for (const namespace of [present, later]) {
      expect((await api.get(`/api/kube/api/v1/namespaces/${namespace}/secrets/${name}`)).status()).toBe(404);
    }
    expect((await api.get(`/api/kube/api/v1/namespaces/default/secrets/${name}`)).status()).toBe(200);
  });
});
