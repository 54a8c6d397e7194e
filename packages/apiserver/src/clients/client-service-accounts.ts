/**
 * The ServiceAccount a connected client is authorized as (`dojo-console connect NAME
 * --service-account NS/SA`): recorded beside its kubeconfig as `<data-dir>/clients/NAME.identity.json`
 * (0600), read by the authenticator with the client's token. A client with one is no longer
 * trusted as the admin is: its requests are authorized as `system:serviceaccount:NS:SA` (groups
 * system:serviceaccounts, system:serviceaccounts:NS, system:authenticated) by the cluster's
 * RBAC, so an operator that works with `make run` fails here as it would in its Pod. The
 * journal still names the client NAME.
 *
 * The file is replaced by a rename, so the clients directory's mtime changes and a running
 * server reads it at once (authenticator.ts); removing it makes the client trusted again.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fieldError, newInvalid } from '@dojo/kube-api';
import { writeSecretFile } from '../pki.ts';

export interface ServiceAccountRef {
  namespace: string;
  name: string;
}

const identityFile = (clientsDir: string, client: string): string => join(clientsDir, `${client}.identity.json`);

const dns1123Label = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const dns1123Subdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** `NS/NAME`: a namespace (DNS-1123 label) and a ServiceAccount name (DNS-1123 subdomain), as kube validates them. */
export function parseServiceAccountRef(text: string): ServiceAccountRef {
  const [namespace = '', name = '', extra] = text.split('/');
  const problems = [];
  if (extra !== undefined || !name) problems.push(fieldError.invalid('serviceAccount', text, 'must be NAMESPACE/NAME'));
  else {
    if (namespace.length > 63 || !dns1123Label.test(namespace)) {
      problems.push(
        fieldError.invalid(
          'serviceAccount.namespace',
          namespace,
          "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
        ),
      );
    }
    if (name.length > 253 || !dns1123Subdomain.test(name)) {
      problems.push(
        fieldError.invalid(
          'serviceAccount.name',
          name,
          "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
        ),
      );
    }
  }
  if (problems.length) throw newInvalid({ group: '', kind: 'Client' }, text, problems);
  return { namespace, name };
}

/** Records (or, with `undefined`, removes) the ServiceAccount client `client` is authorized as. */
export function recordClientServiceAccount(clientsDir: string, client: string, serviceAccount: ServiceAccountRef | undefined): void {
  const path = identityFile(clientsDir, client);
  if (serviceAccount) writeSecretFile(path, `${JSON.stringify({ serviceAccount }, null, 2)}\n`);
  else rmSync(path, { force: true });
}

/** The ServiceAccount recorded for `client`, if any (a file that does not parse counts as none). */
export function clientServiceAccount(clientsDir: string, client: string): ServiceAccountRef | undefined {
  const path = identityFile(clientsDir, client);
  if (!existsSync(path)) return undefined;
  try {
    const sa = (JSON.parse(readFileSync(path, 'utf8')) as { serviceAccount?: Partial<ServiceAccountRef> }).serviceAccount;
    return typeof sa?.namespace === 'string' && typeof sa.name === 'string' ? { namespace: sa.namespace, name: sa.name } : undefined;
  } catch {
    return undefined;
  }
}
