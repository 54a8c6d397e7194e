import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

test('edits a Secret whose values it never shows: only the changed key is sent, the others keep their values', async ({ page }) => {
  const name = uniqueName('creds');
  const api = kubeApi();
  const created = await api.post('/api/v1/namespaces/default/secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name }, stringData: { password: 'hunter2', user: 'admin' } });
  expect(created.status).toBe(201);

  await signIn(page);
  await page.goto(`/resources/core/v1/secrets/default/${name}/edit`);
  const form = page.getByRole('form', { name: 'Edit Secret' });
  // The values are shown as <redacted>; the person changes one and leaves the other alone.
  const fields = form.getByLabel('Fields', { exact: true });
  await expect(fields).toHaveValue(/password: <redacted>/);
  await fields.fill(`type: Opaque\ndata:\n  password: <redacted>\n  user: ${b64('root')}\n`);
  await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();
  await saveScreenshot(page, 'edit-secret');

  const sent = page.waitForRequest((r) => r.url().includes(`/secrets/${name}`) && ['PUT', 'PATCH'].includes(r.method()) && !r.url().includes('dryRun'));
  await form.getByRole('button', { name: 'Save changes' }).click();
  const request = await sent;
  // The edit page's heading names the Secret too: wait for the server's answer, not the page.
  expect((await request.response())?.status()).toBe(200);
  expect(request.method()).toBe('PATCH');
  expect(request.postData()).not.toContain('<redacted>');
  expect(JSON.parse(request.postData() ?? '{}')).toMatchObject({ data: { user: b64('root') }, metadata: { resourceVersion: expect.any(String) } });
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();

  const stored = JSON.parse((await api.get(`/api/v1/namespaces/default/secrets/${name}`)).body) as { data: Record<string, string> };
  expect(stored.data).toEqual({ password: b64('hunter2'), user: b64('root') });
});

test('a Secret written by someone else while it is edited: the changed key is named, and re-applying keeps their value', async ({ page }) => {
  const name = uniqueName('creds');
  const api = kubeApi();
  const path = `/api/v1/namespaces/default/secrets/${name}`;
  expect((await api.post('/api/v1/namespaces/default/secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name }, stringData: { password: 'hunter2', user: 'admin' } })).status).toBe(201);

  await signIn(page);
  await page.goto(`/resources/core/v1/secrets/default/${name}/edit`);
  const form = page.getByRole('form', { name: 'Edit Secret' });
  const fields = form.getByLabel('Fields', { exact: true });
  await expect(fields).toHaveValue(/password: <redacted>/);
  await fields.fill(`type: Opaque\ndata:\n  password: <redacted>\n  user: ${b64('root')}\n`);
  await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();

  // Someone else changes the password: the page cannot see the value change, only that the Secret moved on.
  expect((await api.mergePatch(path, { stringData: { password: 'rotated' } })).status).toBe(200);
  const notice = page.getByRole('alert', { name: 'Edit conflict' });
  await expect(notice).toContainText('may have changed');
  await expect(notice).toContainText('data.user');

  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(notice).toContainText('Not saved');
  await notice.getByRole('button', { name: 'Reload and re-apply my changes' }).click();
  await expect(page.getByRole('status', { name: 'Changes re-applied' })).toContainText('data.user');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/secrets/default/${name}$`));

  const stored = JSON.parse((await api.get(path)).body) as { data: Record<string, string> };
  expect(stored.data).toEqual({ password: b64('rotated'), user: b64('root') });
});
