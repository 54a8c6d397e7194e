/**
 * The authenticator reads connected clients' tokens from the clients directory and follows it
 * as it changes, with a watch instead of a stat per request: a client connected a moment ago
 * authenticates on its first request, one deleted stops, and the directory may appear, vanish
 * and come back while the server runs. Real files, real notices.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Authenticator } from './authenticator.ts';
import { clientsDirOf, connectClient, tokenOf } from './client-kubeconfigs.ts';

const adminToken = 'admin-token-of-this-test';
const opened: Authenticator[] = [];
const dirs: string[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dojo-authenticator-'));
  dirs.push(dir);
  return dir;
}

function authenticatorOf(data: string): Authenticator {
  const authenticator = new Authenticator(adminToken, clientsDirOf(data));
  opened.push(authenticator);
  return authenticator;
}

const bearer = (token: string) => `Bearer ${token}`;

/** Polls until `check` holds: a notice arrives on the event loop, after some turns. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

afterEach(() => {
  for (const authenticator of opened.splice(0)) authenticator.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('Authenticator', () => {
  it('authenticates the admin token as admin in system:masters, and nothing else for an unknown token', () => {
    const authenticator = authenticatorOf(dataDir());
    expect(authenticator.authenticate(bearer(adminToken))?.user).toEqual({ name: 'admin', uid: 'admin', groups: ['system:masters', 'system:authenticated'] });
    expect(authenticator.authenticate(bearer('someone-else'))).toBeUndefined();
    expect(authenticator.authenticate('Basic abc')).toBeUndefined();
  });

  it('authenticates a client connected after it started on its very first request, before any notice is handled', () => {
    const data = dataDir();
    const authenticator = authenticatorOf(data);
    expect(authenticator.authenticate(bearer('not-yet'))).toBeUndefined();
    const first = tokenOf(connectClient(data, 'shop-operator', 'https://127.0.0.1:6443').kubeconfigPath)!;
    // Synchronously after the write: no turn of the event loop has run the watch's callback.
    expect(authenticator.authenticate(bearer(first))?.user.name).toBe('shop-operator');
    const second = tokenOf(connectClient(data, 'billing-operator', 'https://127.0.0.1:6443').kubeconfigPath)!;
    expect(authenticator.authenticate(bearer(second))?.user.name).toBe('billing-operator');
    expect(authenticator.hasClient('billing-operator')).toBe(true);
  });

  it('stops authenticating a client whose kubeconfig was deleted', async () => {
    const data = dataDir();
    const authenticator = authenticatorOf(data);
    const { kubeconfigPath } = connectClient(data, 'shop-operator', 'https://127.0.0.1:6443');
    const token = tokenOf(kubeconfigPath)!;
    expect(authenticator.authenticate(bearer(token))?.user.name).toBe('shop-operator');
    rmSync(kubeconfigPath);
    await eventually(() => authenticator.authenticate(bearer(token)) === undefined, 'the deleted client is refused');
    expect(authenticator.hasClient('shop-operator')).toBe(false);
  });

  it('follows the clients directory when it is removed and made again', async () => {
    const data = dataDir();
    const authenticator = authenticatorOf(data);
    const old = tokenOf(connectClient(data, 'shop-operator', 'https://127.0.0.1:6443').kubeconfigPath)!;
    expect(authenticator.authenticate(bearer(old))?.user.name).toBe('shop-operator');
    rmSync(clientsDirOf(data), { recursive: true });
    await eventually(() => authenticator.authenticate(bearer(old)) === undefined, 'the removed directory’s client is refused');
    mkdirSync(clientsDirOf(data));
    const fresh = tokenOf(connectClient(data, 'shop-operator', 'https://127.0.0.1:6443').kubeconfigPath)!;
    expect(fresh).not.toBe(old);
    expect(authenticator.authenticate(bearer(fresh))?.user.name).toBe('shop-operator');
    // The new directory is watched: a client deleted from it is refused too.
    rmSync(join(clientsDirOf(data), 'shop-operator.kubeconfig'));
    await eventually(() => authenticator.authenticate(bearer(fresh)) === undefined, 'a client deleted from the new directory is refused');
  });

  it('authorizes a client as the ServiceAccount recorded for it once it is reconnected with one', async () => {
    const data = dataDir();
    const authenticator = authenticatorOf(data);
    const token = tokenOf(connectClient(data, 'shop-operator', 'https://127.0.0.1:6443').kubeconfigPath)!;
    expect(authenticator.authenticate(bearer(token))?.user.name).toBe('shop-operator');
    connectClient(data, 'shop-operator', 'https://127.0.0.1:6443', { namespace: 'shop', name: 'operator' });
    await eventually(
      () => authenticator.authenticate(bearer(token))?.user.name === 'system:serviceaccount:shop:operator',
      'the recorded ServiceAccount applies',
    );
    expect(authenticator.authenticate(bearer(token))?.client).toBe('shop-operator');
  });
});
