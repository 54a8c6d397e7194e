/**
 * The authenticator reads connected clients' tokens from the clients directory and follows it
 * as it changes: a client connected a moment ago authenticates on its first request, one
 * deleted or given a ServiceAccount is refused or re-authorized on its next one, and the
 * directory may appear, vanish and come back while the server runs. Real files.
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

afterEach(() => {
  opened.splice(0);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('Authenticator', () => {
  it('authenticates the admin token as admin in system:masters, and nothing else for an unknown token', () => {
    const authenticator = authenticatorOf(dataDir());
    expect(authenticator.authenticate(bearer(adminToken))?.user).toEqual({ name: 'admin', uid: 'admin', groups: ['system:masters', 'system:authenticated'] });
    expect(authenticator.authenticate(bearer('someone-else'))).toBeUndefined();
    expect(authenticator.authenticate('Basic abc')).toBeUndefined();
  });

  it('authenticates a client connected after it started on its very first request', () => {
    const data = dataDir();
    const authenticator = authenticatorOf(data);
    expect(authenticator.authenticate(bearer('not-yet'))).toBeUndefined();
    const first = tokenOf(connectClient(data, 'shop-operator', 'https://127.0.0.1:6443').kubeconfigPath)!;
    expect(authenticator.authenticate(bearer(first))?.user.name).toBe('shop-operator');
    const second = tokenOf(connectClient(data, 'billing-operator', 'https://127.0.0.1:6443').kubeconfigPath)!;
    expect(authenticator.authenticate(bearer(second))?.user.name).toBe('billing-operator');
    expect(authenticator.hasClient('billing-operator')).toBe(true);
  });

  it('refuses a client whose kubeconfig was deleted on its next request', () => {
    const data = dataDir();
    const authenticator = authenticatorOf(data);
    const { kubeconfigPath } = connectClient(data, 'shop-operator', 'https://127.0.0.1:6443');
    const token = tokenOf(kubeconfigPath)!;
    expect(authenticator.authenticate(bearer(token))?.user.name).toBe('shop-operator');
    rmSync(kubeconfigPath);
    expect(authenticator.authenticate(bearer(token))).toBeUndefined();
    expect(authenticator.hasClient('shop-operator')).toBe(false);
  });

  it('follows the clients directory when it is removed and made again', () => {
    const data = dataDir();
    const authenticator = authenticatorOf(data);
    const old = tokenOf(connectClient(data, 'shop-operator', 'https://127.0.0.1:6443').kubeconfigPath)!;
    expect(authenticator.authenticate(bearer(old))?.user.name).toBe('shop-operator');
    rmSync(clientsDirOf(data), { recursive: true });
    expect(authenticator.authenticate(bearer(old))).toBeUndefined();
    mkdirSync(clientsDirOf(data));
    const fresh = tokenOf(connectClient(data, 'shop-operator', 'https://127.0.0.1:6443').kubeconfigPath)!;
    expect(fresh).not.toBe(old);
    expect(authenticator.authenticate(bearer(fresh))?.user.name).toBe('shop-operator');
    rmSync(join(clientsDirOf(data), 'shop-operator.kubeconfig'));
    expect(authenticator.authenticate(bearer(fresh))).toBeUndefined();
  });

  it('authorizes a client as the ServiceAccount recorded for it from its next request once it is reconnected with one', () => {
    const data = dataDir();
    const authenticator = authenticatorOf(data);
    const token = tokenOf(connectClient(data, 'shop-operator', 'https://127.0.0.1:6443').kubeconfigPath)!;
    expect(authenticator.authenticate(bearer(token))?.user.name).toBe('shop-operator');
    connectClient(data, 'shop-operator', 'https://127.0.0.1:6443', { namespace: 'shop', name: 'operator' });
    expect(authenticator.authenticate(bearer(token))?.user.name).toBe('system:serviceaccount:shop:operator');
    expect(authenticator.authenticate(bearer(token))?.client).toBe('shop-operator');
  });
});
