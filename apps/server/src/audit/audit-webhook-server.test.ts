import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadOrCreateAuditWebhookCredentials, servingNamesFor, startAuditWebhookServer, type AuditWebhookServer } from './audit-webhook-server.ts';
import type { AuditSink } from '@dojo/telemetry-sources';
import { auditEvent } from '@dojo/telemetry-sources/testing';

const dirs: string[] = [];
const servers: AuditWebhookServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'audit-webhook-server-'));
  dirs.push(dir);
  return dir;
}

const taken: unknown[] = [];
const sink: AuditSink = {
  ingest: async (items) => {
    taken.push(...items);
    return { refused: [] };
  },
};

/** POSTs as kube-apiserver's webhook client does with the kubeconfig: its server, its CA, its token. */
function postWithKubeconfig(kubeconfigPath: string, body: unknown, token?: string): Promise<number> {
  const kubeconfig = parse(readFileSync(kubeconfigPath, 'utf8'));
  const server = new URL(kubeconfig.clusters[0].cluster.server as string);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: server.hostname,
        port: server.port,
        path: server.pathname,
        method: 'POST',
        ca: Buffer.from(kubeconfig.clusters[0].cluster['certificate-authority-data'] as string, 'base64').toString('utf8'),
        headers: {
          authorization: `Bearer ${token ?? kubeconfig.users[0].user.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('the audit webhook over HTTPS', () => {
  it('writes a kubeconfig with which a client verifying the CA posts events with the token', async () => {
    const dir = dataDir();
    const server = await startAuditWebhookServer({ host: '127.0.0.1', port: 0, dataDir: dir, sink });
    servers.push(server);
    expect(server.url).toBe(`https://127.0.0.1:${server.port}/audit/v1/events`);
    expect(statSync(server.kubeconfigPath).mode & 0o777).toBe(0o600);
    const list = { kind: 'EventList', apiVersion: 'audit.k8s.io/v1', items: [auditEvent({ user: { username: 'over-tls' } })] };
    expect(await postWithKubeconfig(server.kubeconfigPath, list)).toBe(200);
    expect(taken).toContainEqual(expect.objectContaining({ user: expect.objectContaining({ username: 'over-tls' }) }));
    expect(await postWithKubeconfig(server.kubeconfigPath, list, 'not-the-token')).toBe(401);
  });

  it("keeps its CA and token across restarts, so kube-apiserver's copy of the kubeconfig stays valid", async () => {
    const dir = dataDir();
    const before = loadOrCreateAuditWebhookCredentials(dir, '127.0.0.1');
    const server = await startAuditWebhookServer({ host: '127.0.0.1', port: 0, dataDir: dir, sink });
    servers.push(server);
    const kubeconfig = parse(readFileSync(server.kubeconfigPath, 'utf8'));
    expect(kubeconfig.users[0].user.token).toBe(before.token);
    expect(Buffer.from(kubeconfig.clusters[0].cluster['certificate-authority-data'], 'base64').toString('utf8')).toBe(before.caCertPem);
    expect(readFileSync(join(dir, 'audit-webhook-token'), 'utf8').trim()).toBe(before.token);
  });

  it('is valid for every address of the machine when bound to all interfaces, and for a named host', () => {
    expect(servingNamesFor('0.0.0.0').ips).toEqual(expect.arrayContaining(['127.0.0.1', '::1']));
    expect(servingNamesFor('console.example.com')).toEqual({ dnsNames: ['localhost', 'console.example.com'], ips: ['127.0.0.1', '::1'] });
    expect(servingNamesFor('10.1.2.3').ips).toContain('10.1.2.3');
  });
});
