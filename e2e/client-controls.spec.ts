/**
 * Issue #31: debug an operator the console did not start. A Guestbook operator on a third-party
 * framework (kubernetes-fluent-client), run as its own process with a credential of its own, is
 * paused from its page (reached from its card); an edit of its Guestbook is then held from it —
 * the page lists the held event — until Step delivers it, and its reconcile of the edit follows:
 * the ConfigMap it keeps takes the new message and the Timeline gains its inferred pass.
 * Screenshots at 390 px and 1440 px; axe-core finds no WCAG 2.1 A/AA violation on each tab.
 * Given a stale view and a breakpoint on its ConfigMap, its write over another writer's change is
 * listed on its Staleness tab with the field it wrote and the request-log records as evidence.
 * Connected with --service-account and a Role missing one rule, its 403 is shown on its RBAC
 * tab with the rule that would allow it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import type { ConnectAnswer } from '@dojo/console-protocol';
import { stringify } from 'yaml';
import { axeViolations } from './support/axe.ts';
import { consoleApi, dataDir, saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { guestbookCrd, startGuestbookOperator } from './support/guestbook-operator.ts';
import { kubeApi } from './support/kube-api.ts';

const crd = guestbookCrd;
const startOperator = (kubeconfig: string, namespace: string) => startGuestbookOperator(kubeconfig, namespace, 'converge');

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test('an operator the console did not start is paused from its page, its edit held, and Step brings its reconcile', async ({ page, request }) => {
  test.setTimeout(180_000);
  const operatorName = uniqueName('gb-held');
  const namespace = uniqueName('held');
  const api = kubeApi();
  await api.post('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
  expect((await api.post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } })).status).toBe(201);
  const connected = await consoleApi(request).post('/api/clients', { name: operatorName });
  expect(connected.status()).toBe(201);
  const { kubeconfigPath } = (await connected.json()) as ConnectAnswer;

  const guestbook = `/apis/webapp.example.com/v1/namespaces/${namespace}/guestbooks/hello`;
  const configMap = `/api/v1/namespaces/${namespace}/configmaps/hello-message`;
  const message = async () => {
    const answer = await api.get(configMap);
    return answer.status === 200 ? (JSON.parse(answer.body) as { data?: { message?: string } }).data?.message : undefined;
  };
  const operator = startOperator(kubeconfigPath, namespace);
  try {
    await operator.ready;
    await expect
      .poll(
        async () =>
          (
            await api.post(`/apis/webapp.example.com/v1/namespaces/${namespace}/guestbooks`, {
              apiVersion: 'webapp.example.com/v1',
              kind: 'Guestbook',
              metadata: { name: 'hello' },
              spec: { message: 'first' },
            })
          ).status,
        { timeout: 20_000 },
      )
      .toBe(201);
    // Settled: the ConfigMap holds the message and Ready reports this generation.
    await expect.poll(message, { timeout: 30_000 }).toBe('first');
    await expect
      .poll(
        async () => {
          const gb = JSON.parse((await api.get(guestbook)).body) as { metadata: { generation: number }; status?: { observedGeneration?: number } };
          return gb.status?.observedGeneration === gb.metadata.generation;
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    await signIn(page);
    const card = page.getByRole('article', { name: `Client ${operatorName}` });
    await card.getByRole('link', { name: 'Controls' }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${operatorName}`));
    await expect(page.getByRole('heading', { level: 2, name: `Client ${operatorName}` })).toBeVisible();
    await expect(page.getByText('Controls are lifted when the console restarts')).toBeVisible();

    // Its ConfigMap applies so far, to see the one its reconcile of the stepped event makes.
    const configMapApplies = async () => {
      const answer = await consoleApi(request).get(`/api/requests?client=${operatorName}&limit=10000`);
      return ((await answer.json()) as { records: { type: string; verb?: string; resource?: string }[] }).records.filter(
        (r) => r.type === 'request' && r.resource === 'configmaps' && r.verb === 'patch',
      ).length;
    };
    const appliesBefore = await configMapApplies();

    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(page.getByText(/^Paused .* at resourceVersion \d+/)).toBeVisible();
    expect((await api.mergePatch(guestbook, { spec: { message: 'second' } }, 'e2e-editor')).status).toBe(200);

    const held = page.getByRole('table', { name: 'Held events, oldest first' });
    await expect(held.getByRole('row').filter({ hasText: `Guestbook ${namespace}/hello` })).toContainText('MODIFIED', { timeout: 20_000 });
    // The card says so.
    await page.goto('/');
    await expect(card.getByRole('link', { name: /Controls in force on .*paused · 1 held/ })).toBeVisible({ timeout: 20_000 });
    // Held from it: its ConfigMap still has the old message.
    expect(await message()).toBe('first');
    await card.getByRole('link', { name: /Controls in force/ }).click();
    await expect(held).toContainText(`Guestbook ${namespace}/hello`);

    await page.setViewportSize({ width: 1440, height: 900 });
    await saveScreenshot(page, 'client-controls-held-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'client-controls-held-390');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Step' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Stepped: MODIFIED Guestbook' })).toContainText(`${namespace}/hello`);
    // Its reconcile of the edit: the ConfigMap takes the new message (its writes go through while paused).
    await expect.poll(message, { timeout: 30_000 }).toBe('second');
    await expect.poll(configMapApplies, { timeout: 30_000 }).toBeGreaterThan(appliesBefore);
    // ...and its own write's event is held again, as the pause holds every event.
    await expect(held.getByRole('row').filter({ hasText: `ConfigMap ${namespace}/hello-message` })).toBeVisible({ timeout: 20_000 });

    await page.goto(`/timeline?controller=${operatorName}`);
    const latest = page.getByRole('table', { name: 'Latest reconciles' });
    await expect(latest.getByText(`${operatorName} #0 (inferred)`).first()).toBeVisible({ timeout: 30_000 });

    // Every tab, at both widths, passes axe.
    for (const tab of ['faults', 'staleness', 'rbac']) {
      await page.goto(`/clients/${operatorName}?tab=${tab}`);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      await expect(page.getByText(/Loading|Deriving/)).toHaveCount(0, { timeout: 20_000 });
      await saveScreenshot(page, `client-${tab}-1440`);
      await expectNoAxeViolations(page);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/clients/${operatorName}?tab=faults`);
    await expect(page.getByRole('form', { name: 'Add a fault rule' })).toBeVisible();
    await saveScreenshot(page, 'client-faults-390');

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/clients/${operatorName}`);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByText('Nothing is held.')).toBeVisible({ timeout: 20_000 });

    // A breakpoint on its Guestbook, then Continue; a stale view, then off.
    const breakForm = page.getByRole('form', { name: 'Add a breakpoint' });
    await breakForm.getByRole('textbox', { name: 'Kind' }).fill('Guestbook');
    await breakForm.getByRole('textbox', { name: 'Namespace' }).fill(namespace);
    await breakForm.getByRole('textbox', { name: 'Name', exact: true }).fill('hello');
    await breakForm.getByRole('button', { name: 'Add breakpoint' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: `Guestbook ${namespace}/hello` })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('No breakpoint.')).toBeVisible();
    await page.getByRole('button', { name: 'Set stale view' }).click();
    await expect(page.getByText('Now: 5 versions behind.')).toBeVisible();
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Now: off.')).toBeVisible();

    // A fault from its page: its next GET of a ConfigMap gets kube's 500, once.
    await page.getByRole('tab', { name: 'Faults' }).click();
    const faultForm = page.getByRole('form', { name: 'Add a fault rule' });
    await faultForm.getByRole('checkbox', { name: 'get', exact: true }).check();
    await faultForm.getByRole('textbox', { name: 'Resource' }).fill('configmaps');
    await faultForm.getByRole('combobox', { name: 'What it gets' }).selectOption('500');
    await faultForm.getByRole('combobox', { name: 'How often' }).selectOption('count');
    await faultForm.getByRole('textbox', { name: 'Count' }).fill('1');
    await faultForm.getByRole('button', { name: 'Add fault' }).click();
    const rules = page.getByRole('table', { name: 'Fault rules in force' });
    await expect(rules).toContainText('500 InternalError on get configmaps, 1 time');
    expect((await api.mergePatch(guestbook, { spec: { message: 'third' } }, 'e2e-editor')).status).toBe(200);
    await expect(rules.getByRole('row').filter({ hasText: 'exhausted' })).toBeVisible({ timeout: 30_000 });
    await saveScreenshot(page, 'client-faults-fired-1440');
    await rules.getByRole('button', { name: /Clear rule f\d+/ }).click();
    await expect(rules).toContainText('No fault rule.');

    // Its report card: it watches rather than polls, and the 500 it was just given is judged.
    await page.getByRole('tab', { name: 'Report card' }).click();
    const reportCard = page.getByRole('region', { name: `Report card of ${operatorName}` });
    await expect(reportCard.locator('[data-line="watches"]')).toHaveAttribute('data-verdict', 'good', { timeout: 20_000 });
    await expect(reportCard.locator('[data-line="backoff"]')).not.toHaveAttribute('data-verdict', 'not-seen', { timeout: 20_000 });
    await saveScreenshot(page, 'client-report-1440');
    await expectNoAxeViolations(page);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- operator output ---\n${operator.output()}`);
  } finally {
    operator.child.kill('SIGTERM');
  }
});

test('an operator connected with --service-account and a Role missing one rule has its 403 shown with the rule that would allow it', async ({ page }) => {
  test.setTimeout(120_000);
  const operatorName = uniqueName('gb-sa');
  const namespace = uniqueName('sa');
  const api = kubeApi();
  await api.post('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
  expect((await api.post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } })).status).toBe(201);
  expect(
    (await api.post(`/api/v1/namespaces/${namespace}/serviceaccounts`, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'operator' } })).status,
  ).toBe(201);
  // Everything the converge operator does but write its ConfigMap (a server-side apply: patch).
  const role = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: { name: 'guestbook-operator' },
    rules: [
      { apiGroups: ['webapp.example.com'], resources: ['guestbooks'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['webapp.example.com'], resources: ['guestbooks/status'], verbs: ['patch'] },
      { apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch'] },
    ],
  };
  expect((await api.post(`/apis/rbac.authorization.k8s.io/v1/namespaces/${namespace}/roles`, role)).status).toBe(201);
  const binding = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name: 'guestbook-operator' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'guestbook-operator' },
    subjects: [{ kind: 'ServiceAccount', name: 'operator', namespace }],
  };
  expect((await api.post(`/apis/rbac.authorization.k8s.io/v1/namespaces/${namespace}/rolebindings`, binding)).status).toBe(201);
  const { stderr } = await promisify(execFile)(process.execPath, [
    'apps/server/bin/dojo-console.mjs',
    'connect',
    operatorName,
    '--data-dir',
    dataDir,
    '--service-account',
    `${namespace}/operator`,
  ]);
  expect(stderr).toContain(`authorized as system:serviceaccount:${namespace}:operator`);

  const operator = startOperator(`${dataDir}/clients/${operatorName}.kubeconfig`, namespace);
  try {
    await operator.ready;
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
    await signIn(page);
    await page.goto(`/clients/${operatorName}?tab=rbac`);
    const refused = page.getByRole('table', { name: 'Requests refused by RBAC' });
    const row = refused.getByRole('row').filter({ hasText: 'configmaps' }).first();
    await expect(row).toContainText(`system:serviceaccount:${namespace}:operator`, { timeout: 30_000 });
    await expect(row).toContainText(`verbs=[patch] apiGroups=[""] resources=[configmaps]`);
    await expect(row).toContainText(`Role in ${namespace}`);
    // Its Role compared with what it did: the one rule it misses.
    await page.getByRole('textbox', { name: 'Role file (YAML)' }).fill(stringify({ ...role, metadata: { ...role.metadata, namespace } }));
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Missing grants' })).toContainText('verbs=[patch] apiGroups=[""] resources=[configmaps]');
    await saveScreenshot(page, 'client-rbac-forbidden-1440');
    expect(await axeViolations(page)).toEqual([]);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- operator output ---\n${operator.output()}`);
  } finally {
    operator.child.kill('SIGTERM');
  }
});

test('an operator given a stale view writes over a change it had not seen, and its Staleness tab shows the write with its evidence', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const operatorName = uniqueName('gb-stale');
  const namespace = uniqueName('stale');
  const api = kubeApi();
  await api.post('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
  expect((await api.post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } })).status).toBe(201);
  const connected = await consoleApi(request).post('/api/clients', { name: operatorName });
  const { kubeconfigPath } = (await connected.json()) as ConnectAnswer;
  const guestbook = `/apis/webapp.example.com/v1/namespaces/${namespace}/guestbooks/hello`;
  const configMap = `/api/v1/namespaces/${namespace}/configmaps/hello-message`;
  const operator = startOperator(kubeconfigPath, namespace);
  try {
    await operator.ready;
    await expect
      .poll(
        async () =>
          (
            await api.post(`/apis/webapp.example.com/v1/namespaces/${namespace}/guestbooks`, {
              apiVersion: 'webapp.example.com/v1',
              kind: 'Guestbook',
              metadata: { name: 'hello' },
              spec: { message: 'first' },
            })
          ).status,
        { timeout: 20_000 },
      )
      .toBe(201);
    await expect.poll(async () => (await api.get(configMap)).status, { timeout: 30_000 }).toBe(200);

    await signIn(page);
    await page.goto(`/clients/${operatorName}`);
    // Its ConfigMap's events held from it, and its reads answered from before what follows.
    const breakForm = page.getByRole('form', { name: 'Add a breakpoint' });
    await breakForm.getByRole('textbox', { name: 'Kind' }).fill('ConfigMap');
    await breakForm.getByRole('textbox', { name: 'Namespace' }).fill(namespace);
    await breakForm.getByRole('textbox', { name: 'Name', exact: true }).fill('hello-message');
    await breakForm.getByRole('button', { name: 'Add breakpoint' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: `ConfigMap ${namespace}/hello-message` })).toBeVisible();
    await page.getByRole('button', { name: 'Set stale view' }).click();
    await expect(page.getByText('Now: 5 versions behind.')).toBeVisible();

    // Another writer changes the ConfigMap (a field of its own: the operator's server-side apply
    // would get a field-manager 409 over data.message); then the Guestbook's edit makes the operator write it.
    expect((await api.mergePatch(configMap, { data: { note: 'added by hand' } }, 'e2e-editor')).status).toBe(200);
    expect((await api.mergePatch(guestbook, { spec: { message: 'second' } }, 'e2e-editor')).status).toBe(200);

    await page.getByRole('tab', { name: 'Staleness' }).click();
    const writes = page.getByRole('list', { name: 'Writes on a stale view' });
    const write = writes
      .getByRole('listitem')
      .filter({ hasText: `${namespace}/hello-message` })
      .first();
    await expect(write).toContainText('data.message', { timeout: 30_000 });
    await write.getByRole('button', { name: /^the write #\d+/ }).click();
    await expect(write).toContainText(`configmaps ${namespace}/hello-message`);
    await saveScreenshot(page, 'client-staleness-write-1440');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Controls' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Now: off.')).toBeVisible();
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- operator output ---\n${operator.output()}`);
  } finally {
    operator.child.kill('SIGTERM');
  }
});
