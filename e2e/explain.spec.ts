/**
 * "Why is this not ready?" on every object's page and in every list, on the seeds' operators
 * and on plain built-ins: each object below is not ready for a reason a person can act on, and
 * the panel at the top of its page names that reason first, with a link to where to look.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { consoleApi, saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { kafkaBroker } from './support/kafka-broker.ts';
import { kubeApi } from './support/kube-api.ts';
import { createDeployment } from './support/objects.ts';

const dojosPath = '/apis/core.jutsu.com/v1/namespaces/default/dojos';

async function createObject(path: string, object: unknown): Promise<void> {
  const res = await kubeApi().post(path, object);
  expect(res.status, res.body).toBe(201);
}

const dojo = (name: string, spec: Record<string, unknown>) => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: { name, namespace: 'default' },
  spec: { accountId: 'acct-e2e', title: `Dojo ${name}`, credentialsRef: { name: 'dojo-postgres-app' }, replicas: 1, ...spec },
});

function panel(page: Page) {
  return page.getByRole('region', { name: 'Why is this not ready?' });
}

/** The first blocker in the panel's ranked list. */
function topBlocker(page: Page) {
  return panel(page).getByRole('list', { name: 'Blockers' }).getByRole('listitem').first();
}

async function withControllerPaused<T>(request: APIRequestContext, controller: string, run: () => Promise<T>): Promise<T> {
  const api = consoleApi(request);
  expect((await api.post(`/api/controllers/${controller}/pause`, {})).status()).toBe(200);
  try {
    return await run();
  } finally {
    await api.post(`/api/controllers/${controller}/resume`, {});
  }
}

test.describe('why is this not ready', () => {
  test('a Dojo on Mongo is Degraded first, on its page and as its row in the Dojo list', async ({ page }) => {
    const name = uniqueName('mongo');
    await createObject(dojosPath, dojo(name, { database: 'Mongo' }));
    await signIn(page);
    await page.goto(`/resources/core.jutsu.com/v1/dojos/default/${name}`);
    await expect(topBlocker(page)).toHaveAccessibleName('Degraded: UnsupportedDatabase', { timeout: 30_000 });
    await expect(panel(page).getByText('Failed', { exact: true }).first()).toBeVisible();
    await expect(topBlocker(page)).toContainText('Mongo is not supported yet; set spec.database to Postgres');
    await saveScreenshot(page, 'explain-dojo-mongo');

    await page.goto('/resources/core.jutsu.com/v1/dojos?namespace=default');
    const row = page.getByRole('table', { name: 'Dojo objects' }).getByRole('row', { name: new RegExp(name) });
    await expect(row.getByRole('img', { name: 'Failed: Degraded: UnsupportedDatabase' })).toBeVisible({ timeout: 15_000 });
    await saveScreenshot(page, 'explain-list-hints');
  });

  test('a Dojo whose credentials Secret never comes waits for it, and says when the operator looks again', async ({ page, request }) => {
    const name = uniqueName('nosecret');
    await signIn(page);
    // CloudNativePG creates the Secret; with its simulator paused, it never comes.
    await withControllerPaused(request, 'cnpg-database', async () => {
      await createObject(dojosPath, dojo(name, { credentialsRef: { name: `${name}-credentials` } }));
      await page.goto(`/resources/core.jutsu.com/v1/dojos/default/${name}`);
      await expect(topBlocker(page)).toHaveAccessibleName('Progressing: WaitingForCredentials', { timeout: 30_000 });
      await expect(topBlocker(page)).toContainText(`Secret default/${name}-credentials`);
      const blockers = panel(page).getByRole('list', { name: 'Blockers' });
      await expect(blockers.getByRole('listitem', { name: 'Available is False: NoReplicasAvailable' })).toBeVisible();
      await expect(blockers.getByRole('listitem', { name: /^dojo: / })).toBeVisible();
      await saveScreenshot(page, 'explain-dojo-missing-secret');
    });
  });

  test('a scaled Deployment not yet rolled out names its Pods the kubelet has not started', async ({ page, request }) => {
    test.setTimeout(120_000);
    const name = uniqueName('scaled');
    await createDeployment(name, 1);
    await signIn(page);
    await page.goto(`/resources/apps/v1/deployments/default/${name}`);
    await expect(panel(page).getByText('nothing blocks it')).toBeVisible({ timeout: 60_000 });
    await withControllerPaused(request, 'kubelet', async () => {
      await page.getByLabel('Desired replicas').fill('3');
      await page.getByRole('button', { name: 'Scale' }).click();
      const blockers = panel(page).getByRole('list', { name: 'Blockers' });
      await expect(blockers.getByRole('listitem', { name: 'Rollout: 1 of 3 replicas available, 1 ready' })).toBeVisible({ timeout: 30_000 });
      const pods = blockers.getByRole('listitem', { name: /^2 Pods: Pending on .*: its containers have not started$/ });
      await expect(pods).toBeVisible();
      await expect(pods).toContainText(/owned through\s*ReplicaSet/);
      await saveScreenshot(page, 'explain-deployment-rollout');
      await pods.getByRole('link', { name: /^Pod / }).click();
      await expect(topBlocker(page)).toHaveAccessibleName(/^kubelet is paused: default\/.* waits in its queue$/, { timeout: 15_000 });
    });
    await page.goto(`/resources/apps/v1/deployments/default/${name}`);
    await expect(panel(page).getByText('nothing blocks it')).toBeVisible({ timeout: 60_000 });
  });

  test('a Deployment whose Pods crash names the crashing Pod and links to its log', async ({ page }) => {
    const name = uniqueName('crash');
    await createDeployment(name, 1, { image: 'busybox:crash' });
    await signIn(page);
    await page.goto(`/resources/apps/v1/deployments/default/${name}`);
    await expect(topBlocker(page)).toHaveAccessibleName(/^Pod .*: Container web: CrashLoopBackOff$/, { timeout: 30_000 });
    await expect(topBlocker(page)).toContainText('restarts');
    await saveScreenshot(page, 'explain-deployment-crash');
    await topBlocker(page).getByRole('link', { name: /^Pod / }).click();
    await expect(page.getByRole('tab', { name: 'Logs', selected: true })).toBeVisible();
    await expect(topBlocker(page)).toHaveAccessibleName('Container web: CrashLoopBackOff');
    await expect(page.getByRole('log', { name: 'Log of web' })).toContainText('web: fatal: simulated crash (image tag "crash"); exiting with code 1', {
      timeout: 15_000,
    });
  });

  test('a KafkaTopic during a broker outage is Degraded, and its deletion waits for the finalizer its controller added', async ({ page }) => {
    test.setTimeout(120_000);
    const name = uniqueName('outage');
    const broker = await kafkaBroker();
    await signIn(page);
    await broker.setUnavailable(true);
    try {
      await createObject('/apis/kafka.example.com/v1/namespaces/default/kafkatopics', {
        apiVersion: 'kafka.example.com/v1',
        kind: 'KafkaTopic',
        metadata: { name, namespace: 'default' },
        spec: { numPartitions: 1, replicationFactor: 1 },
      });
      await page.goto(`/resources/kafka.example.com/v1/kafkatopics/default/${name}`);
      await expect(topBlocker(page)).toHaveAccessibleName('Degraded: BrokerUnavailable', { timeout: 30_000 });
      await saveScreenshot(page, 'explain-kafkatopic-outage');

      await page.getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: `Delete KafkaTopic ${name}?` })
        .getByRole('button', { name: `Delete ${name}` })
        .click();
      await expect(topBlocker(page)).toHaveAccessibleName('Deletion waits for finalizer kafka.example.com/topic', { timeout: 30_000 });
      await expect(topBlocker(page)).toContainText(/added by controller kafkatopic \(reconcile [0-9a-f]{8}\)/);
      await expect(topBlocker(page).getByRole('link', { name: 'kafkatopic workqueue' })).toBeVisible();
      await saveScreenshot(page, 'explain-kafkatopic-finalizer');
    } finally {
      await broker.setUnavailable(false);
    }
    await expect(page.getByText(/does not exist \(any more\)/)).toBeVisible({ timeout: 60_000 });
  });

  test('a SecSynch names its missing destination namespace, and is ready once the namespace exists', async ({ page }) => {
    const name = uniqueName('sync');
    const missing = uniqueName('dest');
    await createObject('/api/v1/namespaces/default/secrets', {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name, namespace: 'default' },
      stringData: { password: 'x' },
    });
    await createObject('/apis/tutorial.study.dev/v1alpha1/namespaces/default/secsynches', {
      apiVersion: 'tutorial.study.dev/v1alpha1',
      kind: 'SecSynch',
      metadata: { name, namespace: 'default' },
      spec: { sourceNamespace: 'default', secretName: name, destinationNamespaces: [missing] },
    });
    await signIn(page);
    await page.goto(`/resources/tutorial.study.dev/v1alpha1/secsynches/default/${name}`);
    await expect(topBlocker(page)).toHaveAccessibleName('Degraded: NamespaceNotFound', { timeout: 30_000 });
    await expect(topBlocker(page)).toContainText(missing);
    await saveScreenshot(page, 'explain-secsynch-namespace');
    await createObject('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: missing } });
    await expect(panel(page).getByText('nothing blocks it')).toBeVisible({ timeout: 30_000 });
  });
});
