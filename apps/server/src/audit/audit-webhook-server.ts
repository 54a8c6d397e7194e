/**
 * The audit webhook on a TLS listener of its own, with the kubeconfig kube-apiserver needs.
 *
 * kube-apiserver loads its `--audit-webhook-config-file` with client-go's clientcmd, which reads
 * a user's credentials only when the server is https (tools/clientcmd/client_config.go: "only
 * try to read the auth information if we are secure"). Pointed at the console's plain-HTTP
 * listener, it posts every batch without the token, and every batch is refused with a 401. So
 * `--audit-webhook` also serves `POST /audit/v1/events` over HTTPS (`--audit-webhook-port`),
 * with a serving certificate signed by a CA kept in the data dir, and writes
 * `<data-dir>/audit-webhook.kubeconfig`: the file to give kube-apiserver as it is (its server,
 * the CA, the webhook token).
 *
 * The credentials are made on first start and kept, so kube-apiserver's copy of the kubeconfig
 * stays valid across restarts; `loadOrCreateAuditWebhookCredentials` is also how a setup that
 * must configure the API server first (a test) makes them before the console starts.
 */
import { createServer, type Server } from 'node:https';
import { existsSync, readFileSync } from 'node:fs';
import { isIP, type AddressInfo } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { guardRequests } from '@dojo/http-edge';
import type { AuditSink } from '@dojo/telemetry-sources';
import { createCertificateAuthority, createServingCertificate, writeSecretFile, type ServingNames } from '@dojo/apiserver';
import { auditRoutes } from '../routes/audit-routes.ts';
import { statusAnswer, statusErrors } from '../routes/status-errors.ts';
import { loadOrCreateToken } from '../security/console-token.ts';

/** Where kube-apiserver usually reaches a webhook it is configured with by default: beside 8443 and 6443. */
export const defaultAuditWebhookPort = 9443;

export interface AuditWebhookCredentials {
  caCertPem: string;
  certPem: string;
  keyPem: string;
  token: string;
}

const files = {
  caCert: 'audit-webhook-ca.crt',
  caKey: 'audit-webhook-ca.key',
  cert: 'audit-webhook.crt',
  key: 'audit-webhook.key',
  kubeconfig: 'audit-webhook.kubeconfig',
} as const;

const unspecified = new Set(['0.0.0.0', '::', '']);

/** Every name the API server may reach `host` by: loopback, the host itself, and, bound to all interfaces, each interface's address and the machine's name. */
export function servingNamesFor(host: string): ServingNames {
  const dnsNames = new Set(['localhost']);
  const ips = new Set(['127.0.0.1', '::1']);
  if (unspecified.has(host)) {
    dnsNames.add(hostname());
    for (const address of Object.values(networkInterfaces()).flat()) if (address) ips.add(address.address);
  } else if (isIP(host)) ips.add(host);
  else dnsNames.add(host);
  return { dnsNames: [...dnsNames], ips: [...ips] };
}

/** The webhook's CA, serving certificate and token from `dataDir`, making whichever are missing (all 0600). */
export function loadOrCreateAuditWebhookCredentials(dataDir: string, host: string): AuditWebhookCredentials {
  const path = (name: string) => join(dataDir, name);
  const token = loadOrCreateToken(dataDir, 'audit-webhook-token');
  if (existsSync(path(files.caCert)) && existsSync(path(files.cert)) && existsSync(path(files.key))) {
    return {
      caCertPem: readFileSync(path(files.caCert), 'utf8'),
      certPem: readFileSync(path(files.cert), 'utf8'),
      keyPem: readFileSync(path(files.key), 'utf8'),
      token,
    };
  }
  const ca = createCertificateAuthority('dojo-console-audit-webhook-ca');
  const serving = createServingCertificate(ca, 'dojo-console-audit-webhook', servingNamesFor(host));
  writeSecretFile(path(files.caKey), ca.keyPem);
  writeSecretFile(path(files.caCert), ca.certPem);
  writeSecretFile(path(files.key), serving.keyPem);
  writeSecretFile(path(files.cert), serving.certPem);
  return { caCertPem: ca.certPem, certPem: serving.certPem, keyPem: serving.keyPem, token };
}

/** The address to write into the kubeconfig: the host itself, or for all interfaces the first non-loopback IPv4 address. */
function reachableHost(host: string): string {
  if (!unspecified.has(host)) return host;
  const external = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal);
  return external?.address ?? '127.0.0.1';
}

export function auditWebhookUrl(host: string, port: number): string {
  const reached = reachableHost(host);
  return `https://${reached.includes(':') ? `[${reached}]` : reached}:${port}/audit/v1/events`;
}

/** kube-apiserver's `--audit-webhook-config-file`: kube's kubeconfig format, the CA inline so the file is all it needs. */
export function auditWebhookKubeconfig(url: string, credentials: Pick<AuditWebhookCredentials, 'caCertPem' | 'token'>): string {
  return [
    '# kube-apiserver --audit-webhook-config-file=<this file> (written by dojo-console up --audit-webhook; docs/audit.md)',
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '  - name: dojo-console',
    '    cluster:',
    `      server: ${url}`,
    `      certificate-authority-data: ${Buffer.from(credentials.caCertPem).toString('base64')}`,
    'users:',
    '  - name: kube-apiserver',
    '    user:',
    `      token: ${credentials.token}`,
    'contexts:',
    '  - name: dojo-console',
    '    context:',
    '      cluster: dojo-console',
    '      user: kube-apiserver',
    'current-context: dojo-console',
    '',
  ].join('\n');
}

export interface AuditWebhookServerOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  dataDir: string;
  sink: AuditSink;
}

export interface AuditWebhookServer {
  /** `https://host:port/audit/v1/events` */
  url: string;
  port: number;
  /** `<data-dir>/audit-webhook.kubeconfig`, rewritten on every start (the port may have changed). */
  kubeconfigPath: string;
  close(): Promise<void>;
}

export async function startAuditWebhookServer(options: AuditWebhookServerOptions): Promise<AuditWebhookServer> {
  const credentials = loadOrCreateAuditWebhookCredentials(options.dataDir, options.host);
  const app = express();
  app.use('/audit', auditRoutes(credentials.token, options.sink));
  app.use(statusErrors);
  const server: Server = createServer({ cert: credentials.certPem, key: credentials.keyPem });
  server.on('request', guardRequests(app, statusAnswer));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = auditWebhookUrl(options.host, port);
  const kubeconfigPath = join(options.dataDir, files.kubeconfig);
  writeSecretFile(kubeconfigPath, auditWebhookKubeconfig(url, credentials));
  return {
    url,
    port,
    kubeconfigPath,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
