/**
 * The credentials Secret of a Database's owner role, of type kubernetes.io/basic-auth, with the
 * keys CloudNativePG's specs.CreateSecret writes (username, user, password, dbname, host, port,
 * pgpass, uri, jdbc-uri) plus the fqdn- variants newer releases add. The host is the cluster's
 * read-write Service, `<cluster>-rw`.
 *
 * Naming: real CloudNativePG names the bootstrap owner's Secret `<cluster>-app`; here every
 * Database gets its own role, so the Secret is named after that role (`spec.owner`). Many
 * Dojos share one Postgres cluster, and a single `<cluster>-app` Secret would hand them all
 * the same credentials and vanish with the first Database deleted. This is the contract the
 * Dojo operator's `credentialsRef` relies on (packages/operator/src/api/cnpg.ts).
 */
import { randomInt } from 'node:crypto';
import type { KubeObject } from '@dojo/kube-api';

export const postgresPort = 5432;

export interface AppSecretInput {
  readonly namespace: string;
  readonly cluster: string;
  readonly dbname: string;
  readonly username: string;
  readonly password: string;
}

/** The Secret of a Database's owner role: named after the role. */
export function appSecretName(owner: string): string {
  return owner;
}

/** The Secret's keys and values, before base64. */
export function appSecretData({ namespace, cluster, dbname, username, password }: AppSecretInput): Record<string, string> {
  const host = `${cluster}-rw`;
  const fqdn = `${host}.${namespace}.svc`;
  const uri = (server: string): string => {
    const url = new URL(`postgresql://${server}:${postgresPort}/${encodeURIComponent(dbname)}`);
    url.username = username;
    url.password = password;
    return url.toString();
  };
  // Go's url.Values.Encode sorts the keys: password comes before user.
  const jdbc = (server: string): string =>
    `jdbc:postgresql://${server}:${postgresPort}/${encodeURIComponent(dbname)}?${new URLSearchParams({ password, user: username }).toString()}`;
  return {
    username,
    user: username,
    password,
    dbname,
    host,
    port: String(postgresPort),
    pgpass: `${host}:${postgresPort}:${dbname}:${username}:${password}\n`,
    uri: uri(host),
    'jdbc-uri': jdbc(host),
    'fqdn-uri': uri(fqdn),
    'fqdn-jdbc-uri': jdbc(fqdn),
  };
}

export function appSecret(input: AppSecretInput): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: appSecretName(input.username),
      namespace: input.namespace,
      labels: { 'cnpg.io/cluster': input.cluster, 'cnpg.io/reload': 'true' },
    },
    type: 'kubernetes.io/basic-auth',
    data: encode(appSecretData(input)),
  };
}

export function encode(data: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v, 'utf8').toString('base64')]));
}

export function decode(data: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]));
}

const passwordAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new password from the operating system's randomness, not from the simulator's seed: it
 * ends up in a Secret an application uses, so it should not be guessable from a seed.
 */
export function newPassword(length = 64): string {
  let password = '';
  for (let i = 0; i < length; i++) password += passwordAlphabet[randomInt(passwordAlphabet.length)];
  return password;
}
