import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

test('edits a Secret whose values it never shows: only the changed key is sent, the others keep their values', async ({ page }) => {
  const name = uniqueName('creds');
  const api = kubeApi();
  const created = await api.post('/api/v1/namespaces/default/secrets', {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name },
    stringData: { password: 'hunter2', user: 'admin' },
  });
  expect(created.status).toBe(201);

  await signIn(page);
  await page.goto(`/resources/core/v1/secrets/default/${name}/edit`);
  const form = page.getByRole('form', { name: 'Edit Secret' });
  // Each key is listed with its value hidden; the person types over one and leaves the other alone.
  const data = form.getByRole('group', { name: 'Data', exact: true });
  await expect(data.getByLabel('Key 1')).toHaveValue('password');
  await expect(data.getByLabel('Value of password')).toHaveValue('');
  await expect(data.getByLabel('Value of password')).toHaveAttribute('placeholder', /Hidden/);
  await data.getByLabel('Value of user').fill(b64('root'));
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
  expect(
    (
      await api.post('/api/v1/namespaces/default/secrets', {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name },
        stringData: { password: 'hunter2', user: 'admin' },
      })
    ).status,
  ).toBe(201);

  await signIn(page);
  await page.goto(`/resources/core/v1/secrets/default/${name}/edit`);
  const form = page.getByRole('form', { name: 'Edit Secret' });
  const data = form.getByRole('group', { name: 'Data', exact: true });
  await expect(data.getByLabel('Key 2')).toHaveValue('user');
  await data.getByLabel('Value of user').fill(b64('root'));
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

test('the edit page of a Secret never carries a value it was not typed: not in the page, not over the network', async ({ page }) => {
  const name = uniqueName('creds');
  const api = kubeApi();
  const secretValues = [`pw-${name}`, `user-${name}`];
  const path = `/api/v1/namespaces/default/secrets/${name}`;
  expect(
    (
      await api.post('/api/v1/namespaces/default/secrets', {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name },
        stringData: { password: secretValues[0], user: secretValues[1] },
      })
    ).status,
  ).toBe(201);
  // Any spelling a value could travel in: as typed, base64 (data), and base64 without its padding.
  const spellings = secretValues.flatMap((value) => [value, b64(value), b64(value).replace(/=+$/, '')]);

  const carried: string[] = [];
  page.on('response', async (response) => {
    const body = await response.text().catch(() => '');
    for (const spelling of spellings) if (body.includes(spelling)) carried.push(`${response.url()} carries ${spelling}`);
  });
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      for (const spelling of spellings) if (text.includes(spelling)) carried.push(`a WebSocket frame from ${ws.url()} carries ${spelling}`);
    }),
  );

  await signIn(page);
  await page.goto(`/resources/core/v1/secrets/default/${name}/edit`);
  const form = page.getByRole('form', { name: 'Edit Secret' });
  const data = form.getByRole('group', { name: 'Data', exact: true });
  await expect(data.getByLabel('Key 2')).toHaveValue('user');
  const typed = b64('a new value');
  await data.getByLabel('Value of user').fill(typed);
  // The server's dry run of the draft (its answer is redacted too) and the "with server defaults" view.
  await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();
  await page.getByLabel('With server defaults').check();
  await expect(page.getByLabel('Object as the server would store it')).toContainText('password: <redacted>');
  await saveScreenshot(page, 'edit-secret-hidden-values');

  const sent = page.waitForRequest((r) => r.url().includes(`/secrets/${name}`) && r.method() === 'PATCH' && !r.url().includes('dryRun'));
  await form.getByRole('button', { name: 'Save changes' }).click();
  expect(JSON.parse((await sent).postData() ?? '{}').data).toEqual({ user: typed });
  await expect(page).toHaveURL(new RegExp(`/secrets/default/${name}$`));
  await page.getByRole('tab', { name: 'YAML' }).click();
  await expect(page.getByLabel('Object YAML')).toContainText('password: <redacted>');

  const html = await page.content();
  for (const spelling of spellings) expect(html, `the page shows ${spelling}`).not.toContain(spelling);
  expect(carried).toEqual([]);
  // The server kept the value the page never had.
  const stored = JSON.parse((await api.get(path)).body) as { data: Record<string, string> };
  expect(stored.data).toEqual({ password: b64(secretValues[0]!), user: typed });
});
