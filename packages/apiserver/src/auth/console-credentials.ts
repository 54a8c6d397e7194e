/**
 * The console's own credentials, which a connected client may never read, change or mint, though
 * it may otherwise do anything (issue 35, item 8).
 *
 * Most of them never enter the cluster: the admin token, the CA and serving keys, the
 * ServiceAccount signing key, the console's login token and every connected client's token are
 * files in the data directory (0600, in a 0700 directory), and no API serves a file; the
 * request journal (`/debug/requests`) is served to the admin alone. What does live in a cluster
 * is the deployed console's identity (deploy/): its login token Secret and its ServiceAccount.
 * On the embedded cluster (where the base can be applied, as deploy's tests do) those objects
 * are refused to connected clients by name, and any list or watch whose answer would hold one
 * of them is refused too, in kube's Forbidden Status; so is creating one (a client that made
 * the token Secret first would choose the console's login token).
 */
import { newStatusError, type KubeObject } from '@dojo/kube-api';
import { connectedClientsGroup } from '../clients/authenticator.ts';
import type { Admission } from '../registry/admission.ts';
import type { ResourceAttributes, RequestAttributes } from '../rbac/request-attributes.ts';
import type { Authorizer, AuthorizationResult, RulesResult } from './authorizer.ts';
import type { UserInfo } from './user-info.ts';

export interface ConsoleCredential {
  /** Core API resource and subresource ('' for the object itself). */
  resource: 'secrets' | 'serviceaccounts';
  subresource: '' | 'token';
  namespace: string;
  name: string;
  what: string;
}

/** The deployed console's namespace, as deploy/namespace.yaml names it. */
export const consoleNamespace = 'dojo-console';

export const consoleCredentials: readonly ConsoleCredential[] = [
  { resource: 'secrets', subresource: '', namespace: consoleNamespace, name: 'dojo-console-token', what: "the console's login token" },
  { resource: 'serviceaccounts', subresource: 'token', namespace: consoleNamespace, name: 'dojo-console', what: "a token of the console's ServiceAccount" },
];

const reason = (c: ConsoleCredential): string => `${c.what} (${c.namespace}/${c.name}) is never served to a connected client`;

const isConnectedClient = (user: UserInfo): boolean => user.groups.includes(connectedClientsGroup);

const collectionVerbs = new Set(['list', 'watch', 'deletecollection']);

/** The credential a request names, or whose collection it reads while that credential exists. */
function credentialReached(a: ResourceAttributes, exists: (c: ConsoleCredential) => boolean): ConsoleCredential | undefined {
  if (a.apiGroup !== '') return undefined;
  return consoleCredentials.find((c) => {
    if (a.resource !== c.resource) return false;
    if (a.name) return a.name === c.name && (a.namespace === c.namespace || a.namespace === '') && (a.subresource === c.subresource || c.subresource === '');
    // A list, watch or deletecollection of the namespace or of every namespace would hold it.
    return c.subresource === '' && collectionVerbs.has(a.verb) && (a.namespace === c.namespace || a.namespace === '') && exists(c);
  });
}

/** Denies connected clients the console's credentials; no opinion about anything else. */
export class ConsoleCredentialsAuthorizer implements Authorizer {
  constructor(private readonly exists: (credential: ConsoleCredential) => boolean) {}

  authorize(attributes: RequestAttributes): AuthorizationResult {
    if (!attributes.resourceRequest || !isConnectedClient(attributes.user)) return { decision: 'NoOpinion', reason: '' };
    const credential = credentialReached(attributes, this.exists);
    return credential ? { decision: 'Deny', reason: reason(credential) } : { decision: 'NoOpinion', reason: '' };
  }

  rulesFor(): RulesResult {
    return { rules: [], incomplete: false };
  }
}

/** Refuses a connected client creating (or replacing) one of the console's credentials. */
export function consoleCredentialsAdmission(): Admission {
  const check = (resource: string, obj: KubeObject, user: UserInfo | undefined): void => {
    if (!user || !isConnectedClient(user)) return;
    const credential = consoleCredentials.find(
      (c) => c.resource === resource && c.subresource === '' && c.namespace === obj.metadata.namespace && c.name === obj.metadata.name,
    );
    if (!credential) return;
    throw newStatusError(
      403,
      'Forbidden',
      `${resource} ${JSON.stringify(credential.name)} is forbidden: User ${JSON.stringify(user.name)} cannot create it: ${reason(credential)}`,
      {
        name: credential.name,
        kind: resource,
      },
    );
  };
  return {
    admitCreate(info, obj, options) {
      if (info.group === '') check(info.resource, obj, options?.user);
    },
    admitUpdate(info, obj, _old, options) {
      if (info.group === '') check(info.resource, obj, options.user);
    },
  };
}
