/**
 * Admission you can see (issue 32), end to end: two real HTTPS admission webhooks run in this
 * test process (the apiserver tests' webhook server, with its own CA), registered through the
 * console's relay as a person would with kubectl apply (`url` + `caBundle`): a mutating one that
 * labels every new Dojo with a JSON Patch, and a validating one that refuses a Dojo titled
 * "Forbidden hall" with a field cause. Then, in the browser: the create form refused by the
 * webhook names it and puts its message under Title; the created Dojo's Admission tab shows the
 * refused create and the mutation's diff, the form's dry runs only when asked for; the Overview
 * shows each webhook's card, dry runs counted apart, and since when it counts.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { patch, allow, deny, startWebhookServer, type ReceivedReview, type TestWebhookServer } from '@dojo/apiserver/testing';
import { consoleApi, saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { clusterCredentials, openCreateForm } from './support/forms.ts';

const mutatingName = 'label.e2e.dojo.example.com';
const validatingName = 'deny-title.e2e.dojo.example.com';
const checkedLabel = 'admission.e2e.example.com/checked';
const forbiddenTitle = 'Forbidden hall';
const refusal = `"${forbiddenTitle}" is reserved`;

function dojoRules(operations: string[]) {
  return [{ operations, apiGroups: ['core.jutsu.com'], apiVersions: ['*'], resources: ['dojos'] }];
}

/** Labels a new Dojo (adding the labels map first when it has none, as JSON Patch requires). */
function labelIt(received: ReceivedReview) {
  const labels = (received.review.request.object?.metadata?.labels ?? undefined) as Record<string, string> | undefined;
  const key = checkedLabel.replace(/~/g, '~0').replace(/\//g, '~1');
  return patch(
    received,
    labels ? [{ op: 'add', path: `/metadata/labels/${key}`, value: 'true' }] : [{ op: 'add', path: '/metadata/labels', value: { [checkedLabel]: 'true' } }],
  );
}

/** Refuses the reserved title the way kubebuilder's validators do: 422 Invalid with the field as a cause. */
function refuseReservedTitle(received: ReceivedReview) {
  if (received.review.request.object?.spec?.title !== forbiddenTitle) return allow(received);
  return deny(received, {
    code: 422,
    reason: 'Invalid',
    message: `spec.title: Forbidden: ${refusal}`,
    details: { causes: [{ reason: 'FieldValueForbidden', field: 'spec.title', message: `Forbidden: ${refusal}` }] },
  });
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The page at 1440 and 390 px (and `part` of it alone, on a long page), with no sideways scroll on the phone. */
async function atBothWidths(page: Page, view: string, part?: Locator): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (width === 390) await noSidewaysScroll(page);
    await saveScreenshot(page, `${view}-${width}`);
    if (part) await part.screenshot({ path: `test-results/screenshots/${view}-part-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const admissionApi = '/api/kube/apis/admissionregistration.k8s.io/v1';

/**
 * Every admission object this spec creates. The specs share one console: a webhook configuration
 * left behind would refuse every later spec's Dojo once its webhook server is gone
 * (failurePolicy Fail), and a policy would refuse their replicas. Also removed before creating,
 * since the e2e data directory outlives a run that was stopped.
 */
const admissionObjects = [
  'mutatingwebhookconfigurations/e2e-dojo-labels',
  'validatingwebhookconfigurations/e2e-dojo-titles',
  'validatingadmissionpolicybindings/e2e-replica-limit-binding',
  'validatingadmissionpolicies/e2e-replica-limit',
];

async function removeAdmissionObjects(api: ReturnType<typeof consoleApi>): Promise<void> {
  for (const object of admissionObjects) {
    const removed = await api.delete(`${admissionApi}/${object}`);
    expect([200, 404], `DELETE ${object}: ${await removed.text()}`).toContain(removed.status());
  }
}

test.describe('admission webhooks in the console', () => {
  let mutating: TestWebhookServer;
  let validating: TestWebhookServer;

  test.beforeAll(async ({ request }) => {
    mutating = await startWebhookServer(labelIt);
    validating = await startWebhookServer(refuseReservedTitle);
    const api = consoleApi(request);
    await removeAdmissionObjects(api);
    const configurations = [
      {
        path: 'mutatingwebhookconfigurations',
        kind: 'MutatingWebhookConfiguration',
        name: 'e2e-dojo-labels',
        webhook: { name: mutatingName, target: mutating, rules: dojoRules(['CREATE']) },
      },
      {
        path: 'validatingwebhookconfigurations',
        kind: 'ValidatingWebhookConfiguration',
        name: 'e2e-dojo-titles',
        webhook: { name: validatingName, target: validating, rules: dojoRules(['CREATE', 'UPDATE']) },
      },
    ];
    for (const c of configurations) {
      const created = await api.post(`${admissionApi}/${c.path}`, {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: c.kind,
        metadata: { name: c.name },
        webhooks: [
          {
            name: c.webhook.name,
            clientConfig: { url: `${c.webhook.target.url}/${c.webhook.name}`, caBundle: c.webhook.target.caBundle },
            rules: c.webhook.rules,
            sideEffects: 'None',
            admissionReviewVersions: ['v1'],
            failurePolicy: 'Fail',
            timeoutSeconds: 10,
          },
        ],
      });
      expect(created.status(), await created.text()).toBe(201);
    }
  });

  test.afterAll(async ({ request }) => {
    await removeAdmissionObjects(consoleApi(request));
    await Promise.all([mutating?.close(), validating?.close()]);
  });

  test('a refused create names the webhook, the Admission tab shows the mutation, the Overview a card per webhook', async ({ page }) => {
    test.setTimeout(180_000);
    const name = uniqueName('gate');
    await signIn(page);
    await openCreateForm(page, 'Dojo', 'dojos');
    const form = page.getByRole('form', { name: 'Create Dojo' });
    await form.getByLabel('Name', { exact: true }).first().fill(name);
    await form.getByLabel('Account ID').fill('acct-e2e');
    await form.getByLabel('Credentials ref Name', { exact: true }).fill(clusterCredentials);
    const title = form.getByLabel('Title');
    await title.fill(forbiddenTitle);
    await form.getByRole('button', { name: 'Create Dojo' }).click();

    // kube's text names the webhook; the cause's message goes under the field it names.
    await expect(form.getByRole('alert').filter({ hasText: `admission webhook "${validatingName}" denied the request` })).toContainText(refusal, {
      timeout: 30_000,
    });
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await title.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    expect(errorId).toBeTruthy();
    await expect(page.locator(`[id="${errorId}"]`)).toContainText(refusal);
    await atBothWidths(page, 'admission-form-refused');

    await title.fill('Main hall');
    await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible({ timeout: 30_000 });
    await form.getByRole('button', { name: 'Create Dojo' }).click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
    expect(validating.received.some((r) => r.review.request.name === name && r.review.request.object?.spec?.title === forbiddenTitle)).toBe(true);

    // The mutating webhook's label is on the stored object...
    await page.getByRole('tab', { name: 'YAML' }).click();
    await expect(page.getByLabel('Object YAML')).toContainText(checkedLabel);

    // ...and the Admission tab shows where it came from, beside the create refused before it.
    await page.getByRole('tab', { name: 'Admission' }).click();
    const diff = page.getByLabel(`Patch applied by ${mutatingName}`).first();
    await expect(diff).toContainText(`metadata.labels`, { timeout: 30_000 });
    await expect(diff).toContainText(checkedLabel);
    await expect(page.getByRole('listitem', { name: `validating webhook ${validatingName}: denied` }).first()).toContainText(refusal);
    await expect(page.getByRole('listitem', { name: `mutating webhook ${mutatingName}: mutated` }).first()).toBeVisible();
    // The form's dry runs of its draft are not asked for until "Show dry runs" is ticked, then come with their own count.
    const dryRunWrites = page.getByRole('article', { name: /· dry run at/ });
    await expect(dryRunWrites).toHaveCount(0);
    const showDryRuns = page.getByRole('checkbox', { name: /Show dry runs/ });
    await expect(showDryRuns).not.toBeChecked();
    await atBothWidths(page, 'admission-tab');
    await showDryRuns.check();
    await expect(page.getByText(/^Show dry runs \([1-9]\d*\)$/)).toBeVisible({ timeout: 30_000 });
    await expect(dryRunWrites.first()).toBeVisible();
    await atBothWidths(page, 'admission-tab-dry-runs');

    // The Overview has a card per webhook, with its denial counted.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview', exact: true }).click();
    const validatingCard = page.getByRole('article', { name: `Admission validating webhook ${validatingName}` });
    await expect(validatingCard).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('article', { name: `Admission mutating webhook ${mutatingName}` })).toBeVisible();
    await expect(validatingCard.getByRole('definition').nth(1)).not.toHaveText('0');
    // The form's dry runs are counted apart, and the section says since when it counts.
    await expect(validatingCard).toContainText(/dry runs? \(a form checking its draft\), not in the counts above/);
    await expect(page.getByRole('region', { name: /Admission webhooks and policies/ })).toContainText(/counted since \S+ ago/);
    await atBothWidths(page, 'admission-overview', page.getByRole('region', { name: /Admission webhooks and policies/ }));
  });

  test('a create refused by a ValidatingAdmissionPolicy names the policy and its binding, and the policy gets its card', async ({ page, request }) => {
    test.setTimeout(180_000);
    const api = consoleApi(request);
    const policy = await api.post(`${admissionApi}/validatingadmissionpolicies`, {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicy',
      metadata: { name: 'e2e-replica-limit' },
      spec: {
        failurePolicy: 'Fail',
        matchConstraints: { resourceRules: [{ apiGroups: ['core.jutsu.com'], apiVersions: ['*'], operations: ['CREATE', 'UPDATE'], resources: ['dojos'] }] },
        validations: [{ expression: '!has(object.spec.replicas) || object.spec.replicas <= 5', message: 'a Dojo runs at most 5 replicas' }],
      },
    });
    expect(policy.status(), await policy.text()).toBe(201);
    const binding = await api.post(`${admissionApi}/validatingadmissionpolicybindings`, {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicyBinding',
      metadata: { name: 'e2e-replica-limit-binding' },
      spec: { policyName: 'e2e-replica-limit', validationActions: ['Deny'] },
    });
    expect(binding.status(), await binding.text()).toBe(201);

    const name = uniqueName('crowd');
    await signIn(page);
    await openCreateForm(page, 'Dojo', 'dojos');
    const form = page.getByRole('form', { name: 'Create Dojo' });
    await form.getByLabel('Name', { exact: true }).first().fill(name);
    await form.getByLabel('Account ID').fill('acct-e2e');
    await form.getByLabel('Title').fill('Crowded hall');
    await form.getByLabel('Credentials ref Name', { exact: true }).fill(clusterCredentials);
    await form.getByLabel('Replicas').fill('7');
    // The form's dry run meets the policy as soon as the server has loaded it; Submit then shows every objection.
    await expect(page.getByRole('status').filter({ hasText: /problem/ })).toBeVisible({ timeout: 30_000 });
    await form.getByRole('button', { name: 'Create Dojo' }).click();
    await expect(
      form.getByRole('alert').filter({ hasText: "ValidatingAdmissionPolicy 'e2e-replica-limit' with binding 'e2e-replica-limit-binding' denied request" }),
    ).toContainText('a Dojo runs at most 5 replicas');
    await atBothWidths(page, 'admission-form-policy-refused');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview', exact: true }).click();
    const card = page.getByRole('article', { name: 'Admission validating policy e2e-replica-limit' });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText('binding e2e-replica-limit-binding');
  });
});
