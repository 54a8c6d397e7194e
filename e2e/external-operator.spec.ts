/**
 * An operator the console did not start — a Guestbook operator on a third-party framework
 * (kubernetes-fluent-client), written with the classic status bug — connected through the UI
 * and run as its own process with the kubeconfig the dialog shows: its lane appears in the
 * timeline with inferred reconciles, one opens to its trigger and requests, and the hot-loop
 * alarm names the flapping field on every page.
 */
import { expect, test } from '@playwright/test';
import { openNav, saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { guestbookCrd, startGuestbookOperator } from './support/guestbook-operator.ts';
import { kubeApi } from './support/kube-api.ts';

const crd = guestbookCrd;
const startOperator = (kubeconfig: string, namespace: string) => startGuestbookOperator(kubeconfig, namespace, 'flap', ['--work-ms', '150']);

test.describe('an operator the console did not start', () => {
  test('is connected from the UI, shows its inferred reconciles with their triggers and requests, and its hot loop', async ({ page }) => {
    test.setTimeout(120_000);
    const operatorName = uniqueName('guestbook-op');
    const namespace = uniqueName('gb');
    const api = kubeApi();
    await api.post('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
    expect((await api.post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } })).status).toBe(201);

    await signIn(page);
    await page.getByRole('button', { name: 'Connect an operator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect an operator' });
    await dialog.getByLabel('Name').fill(operatorName);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    const kubeconfig = (await dialog.getByTestId('kubeconfig-path').textContent())!.trim();
    expect(kubeconfig).toMatch(new RegExp(`/clients/${operatorName}\\.kubeconfig$`));
    await expect(dialog.getByText(`KUBECONFIG=${kubeconfig} make run`)).toBeVisible();
    await expect(dialog.getByText(`KUBECONFIG=${kubeconfig} cargo run`)).toBeVisible();
    await saveScreenshot(page, 'connect-operator');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const operator = startOperator(kubeconfig, namespace);
    try {
      await operator.ready;
      // The CRD may still be on its way to being served.
      await expect
        .poll(
          async () =>
            (
              await api.post(`/apis/webapp.example.com/v1/namespaces/${namespace}/guestbooks`, {
                apiVersion: 'webapp.example.com/v1',
                kind: 'Guestbook',
                metadata: { name: 'hello' },
                spec: { message: 'hi' },
              })
            ).status,
          { timeout: 20_000 },
        )
        .toBe(201);

      // Its card, beside the embedded controllers.
      await expect(page.getByRole('article', { name: `Client ${operatorName}` })).toContainText('connected', { timeout: 20_000 });

      // Its lane, and one inferred reconcile opened to its trigger and its requests.
      await page.goto(`/timeline?controller=${operatorName}`);
      const latest = page.getByRole('table', { name: 'Latest reconciles' });
      await expect(latest.getByText(`${operatorName} #0 (inferred)`).first()).toBeVisible({ timeout: 30_000 });
      // Its first pass is the Guestbook's ADDED; the ones its own status writes set off follow. Pause once some have.
      const helloRows = latest.getByRole('button', { name: `${namespace}/hello` });
      await expect.poll(() => helloRows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      await page.getByRole('toolbar', { name: 'Timeline controls' }).getByRole('button', { name: 'Pause view' }).click();
      const details = page.getByRole('region', { name: 'Selected reconcile' });
      const triggers = details.getByRole('region', { name: 'Triggers' });
      // The newest rows are the hot loop's passes, each triggered by a MODIFIED event: open the first of them.
      let opened = false;
      for (let row = 0; row < Math.min(await helloRows.count(), 6) && !opened; row++) {
        await helloRows.nth(row).click();
        await expect(triggers).toContainText(`Guestbook ${namespace}/hello`);
        opened = /watch\s*MODIFIED/.test(await triggers.innerText());
      }
      expect(opened, 'a reconcile of the Guestbook triggered by a MODIFIED event').toBe(true);
      await expect(details.getByRole('region', { name: 'Inferred' })).toContainText(`Inferred from ${operatorName}'s requests`);
      await expect(details.getByRole('region', { name: 'Inferred' })).toContainText('same-object-event');
      await expect(triggers).toContainText(/RV \d+/);
      await expect(details.getByRole('region', { name: 'API calls' })).toContainText('patch');
      await expect(details.getByRole('region', { name: 'API calls' })).toContainText('guestbooks/status');
      await saveScreenshot(page, 'inferred-reconcile');

      // The hot-loop alarm, on any page.
      const alarm = page.getByRole('alert').filter({ hasText: 'Hot loop' }).filter({ hasText: operatorName });
      await expect(alarm).toContainText(`rewrites status.conditions[type=Ready].lastTransitionTime of Guestbook ${namespace}/hello`, { timeout: 20_000 });
      await expect(alarm).toContainText('lastTransitionTime only when its status changes');
      await openNav(page, 'Watches');
      await expect(alarm).toBeVisible();
      const watches = page.getByRole('region', { name: operatorName });
      await expect(watches.getByRole('table', { name: 'Watches' })).toContainText('guestbooks.webapp.example.com');
      await saveScreenshot(page, 'hot-loop-alarm');
      // The object it names is a link to that object's page.
      await alarm.getByRole('link', { name: `Guestbook ${namespace}/hello` }).click();
      await expect(page).toHaveURL(new RegExp(`/resources/webapp.example.com/v1/guestbooks/${namespace}/hello`));
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- operator output ---\n${operator.output()}`);
    } finally {
      operator.child.kill('SIGTERM');
    }
  });
});
