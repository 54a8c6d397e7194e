/** Secrets through `/api/kube/*`: no answer shows a value, and a value shown as `<redacted>` never comes back as one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../testing/console-harness.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

const b64 = (text: string) => Buffer.from(text).toString('base64');
const path = (name = '') => `/api/kube/api/v1/namespaces/default/secrets${name ? `/${name}` : ''}`;
/** What is stored, read as the cluster admin (past the console's redaction). */
const stored = async (name: string) =>
  (await c.kubectl(['get', 'secret', name, '-n', 'default', '-o', 'json']).then(JSON.parse)) as {
    data: Record<string, string>;
    metadata: { resourceVersion: string };
  };

async function createSecret(name: string, data: Record<string, string>) {
  const res = await c.http('POST', path(), { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name }, stringData: data } });
  expect(res.status).toBe(201);
  return res.body;
}

describe('Secrets through the proxy', () => {
  it('hides values in dry-run answers and in the errors a patch provokes', async () => {
    await createSecret('echo', { password: 'hunter2' });
    const dryRun = await c.http('PATCH', `${path('echo')}?dryRun=All`, {
      body: { data: { extra: b64('s3cret') } },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(dryRun.status).toBe(200);
    expect(JSON.stringify(dryRun.body)).not.toMatch(/aHVudGVyMg|czNjcmV0/);
    const copied = await c.http('PATCH', `${path('echo')}?dryRun=All`, {
      body: [{ op: 'copy', from: '/data/password', path: '/metadata/name' }],
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expect(copied.status).toBeGreaterThanOrEqual(400);
    expect(copied.status).toBeLessThan(500);
    expect(copied.body.kind).toBe('Status');
    expect(JSON.stringify(copied.body)).not.toContain(b64('hunter2'));
    const created = await c.http('POST', `${path()}?dryRun=All`, {
      body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'Not_Valid' }, data: { k: b64('hunter2') } },
    });
    expect(created.status).toBe(422);
    expect(JSON.stringify(created.body)).not.toContain(b64('hunter2'));
  });

  it('keeps the stored value of every key sent back as <redacted> by PUT, and changes only what was changed', async () => {
    await createSecret('edited', { password: 'hunter2', user: 'admin' });
    const shown = (await c.http('GET', path('edited'))).body;
    expect(shown.data).toEqual({ password: '<redacted>', user: '<redacted>' });
    const saved = await c.http('PUT', path('edited'), {
      body: { ...shown, data: { ...shown.data, user: b64('root') }, metadata: { ...shown.metadata, labels: { team: 'a' } } },
    });
    expect(saved.status).toBe(200);
    expect((await stored('edited')).data).toEqual({ password: b64('hunter2'), user: b64('root') });
    // A stale resourceVersion is still a conflict: the placeholder does not bypass it.
    const stale = await c.http('PUT', path('edited'), { body: shown });
    expect(stale.status).toBe(409);
  });

  it('leaves a key sent as <redacted> in a merge patch as it is', async () => {
    await createSecret('patched', { password: 'hunter2', user: 'admin' });
    const res = await c.http('PATCH', path('patched'), {
      body: { data: { password: '<redacted>', user: b64('root') } },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(res.status).toBe(200);
    expect((await stored('patched')).data).toEqual({ password: b64('hunter2'), user: b64('root') });
  });

  it('refuses to store the placeholder as a value: create, JSON patch, apply, or a key that has no stored value', async () => {
    await createSecret('guarded', { password: 'hunter2' });
    const refusals = [
      await c.http('POST', path(), { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'placeholder' }, stringData: { password: '<redacted>' } } }),
      await c.http('PATCH', path('guarded'), {
        body: [{ op: 'replace', path: '/data/password', value: '<redacted>' }],
        headers: { 'content-type': 'application/json-patch+json' },
      }),
      await c.http('PATCH', `${path('guarded')}?fieldManager=t`, {
        body: 'apiVersion: v1\nkind: Secret\nmetadata: {name: guarded}\nstringData: {password: "<redacted>"}\n',
        headers: { 'content-type': 'application/apply-patch+yaml' },
      }),
      await c.http('PUT', path('guarded'), {
        body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'guarded' }, data: { password: '<redacted>', other: '<redacted>' } },
      }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/placeholder/);
    }
    expect((await stored('guarded')).data).toEqual({ password: b64('hunter2') });
  });
});
