/**
 * Credentials of their own for clients the console did not start (`dojo-console connect NAME`):
 * `<data-dir>/clients/NAME.kubeconfig`, the embedded server's CA and URL with a token that
 * authenticates as the user NAME, so the request journal attributes every request to NAME.
 *
 * - The kubeconfig file is the only record of a client's token: the API server reads the
 *   directory again when it sees a token it does not know (authenticator.ts), so a client
 *   connected while the server runs works at once, and deleting its file revokes it.
 * - Connecting a name twice keeps its token (running operators keep working) and rewrites the
 *   server URL; the API server rewrites every client's URL when it starts on another port.
 * - Works before the server ever ran: the CA is created in the data dir as the server would.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parse } from 'yaml';
import { newInvalid, fieldError } from '@dojo/kube-api';
import { kubeconfigYaml, loadOrCreateCredentials, writeSecretFile } from '../pki.ts';
import { clientServiceAccount, recordClientServiceAccount, type ServiceAccountRef } from './client-service-accounts.ts';

/** The user the admin token authenticates as; no client may take the name. */
export const adminUser = 'admin';

const namePattern = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const defaultServer = 'https://127.0.0.1:6443';

export interface ClientCredential {
  name: string;
  kubeconfigPath: string;
  server: string;
  /** The ServiceAccount its requests are authorized as; absent: trusted as the admin is. */
  serviceAccount?: ServiceAccountRef;
}

export const clientsDirOf = (dataDir: string): string => join(dataDir, 'clients');

/** A DNS-1123 label (it becomes a user name, a file name and a lane in the console), not "admin". */
export function validateClientName(name: string): void {
  const problem =
    name.length === 0 || name.length > 63
      ? 'must be 1 to 63 characters'
      : !namePattern.test(name)
        ? "must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character"
        : name === adminUser || name.startsWith('system')
          ? 'is reserved'
          : undefined;
  if (problem) throw newInvalid({ group: '', kind: 'Client' }, name, [fieldError.invalid('name', name, problem)]);
}

interface KubeconfigShape {
  clusters?: { cluster?: { server?: unknown } }[];
  users?: { user?: { token?: unknown } }[];
}

function readKubeconfig(path: string): KubeconfigShape | undefined {
  try {
    return parse(readFileSync(path, 'utf8')) as KubeconfigShape;
  } catch {
    return undefined;
  }
}

/** The token of a client kubeconfig, if it has one. */
export function tokenOf(path: string): string | undefined {
  const token = readKubeconfig(path)?.users?.[0]?.user?.token;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}

/** The server URL the API server last wrote to `<data-dir>/kubeconfig`, else the default port's. */
function serverOf(dataDir: string): string {
  const server = readKubeconfig(join(dataDir, 'kubeconfig'))?.clusters?.[0]?.cluster?.server;
  return typeof server === 'string' && server ? server : defaultServer;
}

/**
 * Writes (or rewrites, keeping its token) the kubeconfig of client `name`. `identity`: the
 * ServiceAccount to authorize it as (client-service-accounts.ts); `null` removes one recorded
 * before; absent (a retarget, the console's Connect dialog) keeps what is recorded for a client
 * that has its token, and records nothing for a new one.
 */
export function connectClient(dataDir: string, name: string, server = serverOf(dataDir), identity?: ServiceAccountRef | null): ClientCredential {
  validateClientName(name);
  const credentials = loadOrCreateCredentials(dataDir);
  const dir = clientsDirOf(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const kubeconfigPath = join(dir, `${name}.kubeconfig`);
  const existing = existsSync(kubeconfigPath) ? tokenOf(kubeconfigPath) : undefined;
  const token = existing ?? randomBytes(32).toString('base64url');
  // The identity first: a server that sees the new kubeconfig must not trust it as the admin for a
  // moment. A new token keeps nothing of a revoked client's (its kubeconfig deleted) recorded identity.
  if (identity !== undefined) recordClientServiceAccount(dir, name, identity ?? undefined);
  else if (existing === undefined) recordClientServiceAccount(dir, name, undefined);
  writeSecretFile(kubeconfigPath, kubeconfigYaml(server, { caCertPem: credentials.caCertPem, token }, `dojo-console-${name}`, name));
  const serviceAccount = clientServiceAccount(dir, name);
  return { name, kubeconfigPath, server, ...(serviceAccount ? { serviceAccount } : {}) };
}

/** Every connected client, by name. */
export function listClients(dataDir: string): ClientCredential[] {
  const dir = clientsDirOf(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.kubeconfig'))
    .sort()
    .map((file) => {
      const kubeconfigPath = join(dir, file);
      const server = readKubeconfig(kubeconfigPath)?.clusters?.[0]?.cluster?.server;
      const name = file.slice(0, -'.kubeconfig'.length);
      const serviceAccount = clientServiceAccount(dir, name);
      return { name, kubeconfigPath, server: typeof server === 'string' ? server : defaultServer, ...(serviceAccount ? { serviceAccount } : {}) };
    });
}

/** Points every client kubeconfig at `server` (the API server started on a new port). */
export function retargetClients(dataDir: string, server: string): void {
  for (const client of listClients(dataDir)) {
    if (client.server !== server && namePattern.test(client.name)) connectClient(dataDir, client.name, server);
  }
}
