/**
 * User impersonation, as kube-apiserver's WithImpersonation filter does it
 * (k8s.io/apiserver endpoints/filters/impersonation): the `Impersonate-User`, `-Group`, `-Uid`
 * and `Impersonate-Extra-<key>` headers ask for the request to run as someone else. Each thing
 * asked for is authorized for the requester as verb `impersonate` on users, groups,
 * serviceaccounts (a `system:serviceaccount:NS:NAME` user), uids or userextras/<key>; the
 * first one refused is the 403 (in kube's words, auth/forbidden.ts). Groups, extra or a uid
 * without a user are a 400. The impersonated user then gets `system:authenticated` (or
 * `system:unauthenticated`, for `system:anonymous`) unless it was asked for explicitly, and a
 * ServiceAccount without asked-for groups gets a ServiceAccount's groups.
 */
import { newBadRequest } from '@dojo/kube-api';
import type { ResourceAttributes } from '../rbac/request-attributes.ts';
import type { Authorizer } from './authorizer.ts';
import { forbidden } from './forbidden.ts';
import { serviceAccountGroups, serviceAccountUsername, splitServiceAccountUsername, systemAuthenticated, systemUnauthenticated, type UserInfo } from './user-info.ts';

/** One thing a request asks to act as (kube builds a v1.ObjectReference for each). */
interface ImpersonationRequest {
  kind: 'ServiceAccount' | 'User' | 'Group' | 'UserExtra' | 'UID';
  namespace?: string;
  name: string;
  /** UserExtra: the extra key. */
  extraKey?: string;
}

/** Node's headers with every value of a repeated header kept apart (`IncomingMessage.headersDistinct`). */
export type DistinctHeaders = Record<string, string[] | undefined>;

const userHeader = 'impersonate-user';
const groupHeader = 'impersonate-group';
const uidHeader = 'impersonate-uid';
const extraHeaderPrefix = 'impersonate-extra-';
const authenticationV1 = 'authentication.k8s.io/v1';

/** An extra key travels %-encoded in the header name (kube's unescapeExtraKey); a malformed one is kept as sent. */
function unescapeExtraKey(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/**
 * Go's `%v` of a v1.ObjectReference, as kube's 400 prints the list: its seven fields (kind,
 * namespace, name, uid, apiVersion, resourceVersion, fieldPath) joined by spaces in braces.
 */
function goObjectReference(r: ImpersonationRequest): string {
  const apiVersion = r.kind === 'UserExtra' || r.kind === 'UID' ? authenticationV1 : '';
  return `{${[r.kind, r.namespace ?? '', r.name, '', apiVersion, '', r.extraKey ?? ''].join(' ')}}`;
}

function impersonationRequestsOf(headers: DistinctHeaders): ImpersonationRequest[] {
  const requests: ImpersonationRequest[] = [];
  // Go's Header.Get: the first value.
  const user = headers[userHeader]?.[0] ?? '';
  if (user) {
    const serviceAccount = splitServiceAccountUsername(user);
    requests.push(serviceAccount ? { kind: 'ServiceAccount', ...serviceAccount } : { kind: 'User', name: user });
  }
  const groups = headers[groupHeader] ?? [];
  for (const group of groups) requests.push({ kind: 'Group', name: group });
  let hasExtra = false;
  for (const [header, values] of Object.entries(headers)) {
    if (!header.startsWith(extraHeaderPrefix) || !values) continue;
    hasExtra = true;
    const extraKey = unescapeExtraKey(header.slice(extraHeaderPrefix.length));
    for (const value of values) requests.push({ kind: 'UserExtra', name: value, extraKey });
  }
  const uid = headers[uidHeader]?.[0] ?? '';
  if (uid) requests.push({ kind: 'UID', name: uid });
  if ((groups.length > 0 || hasExtra || uid) && !user) {
    throw newBadRequest(`requested [${requests.map(goObjectReference).join(' ')}] without impersonating a user`);
  }
  return requests;
}

/** What the requester must be allowed to `impersonate` for one request. */
function impersonateAttributes(requester: UserInfo, r: ImpersonationRequest): ResourceAttributes {
  const core = r.kind === 'User' || r.kind === 'Group' || r.kind === 'ServiceAccount';
  const resource = { User: 'users', Group: 'groups', ServiceAccount: 'serviceaccounts', UserExtra: 'userextras', UID: 'uids' }[r.kind];
  return {
    user: requester,
    verb: 'impersonate',
    resourceRequest: true,
    apiGroup: core ? '' : 'authentication.k8s.io',
    apiVersion: 'v1',
    resource,
    subresource: r.extraKey ?? '',
    namespace: r.namespace ?? '',
    name: r.name,
  };
}

/**
 * The user a request runs as: the requester, or whom its Impersonate-* headers name once the
 * requester is allowed to impersonate each of them. Throws kube's 400 or 403.
 */
export function impersonatedUser(requester: UserInfo, headers: DistinctHeaders, authorizer: Authorizer): UserInfo {
  const requests = impersonationRequestsOf(headers);
  if (requests.length === 0) return requester;
  const groupsAsked = (headers[groupHeader] ?? []).length > 0;
  let name = '';
  let uid = '';
  const groups: string[] = [];
  const extra: Record<string, string[]> = {};
  for (const r of requests) {
    switch (r.kind) {
      case 'ServiceAccount':
        name = serviceAccountUsername(r.namespace!, r.name);
        // serviceaccount.MakeGroupNames, without the system:authenticated added below.
        if (!groupsAsked) groups.push(...serviceAccountGroups(r.namespace!).filter((g) => g !== systemAuthenticated));
        break;
      case 'User':
        name = r.name;
        break;
      case 'Group':
        groups.push(r.name);
        break;
      case 'UserExtra':
        (extra[r.extraKey!] ??= []).push(r.name);
        break;
      case 'UID':
        uid = r.name;
        break;
    }
    const attributes = impersonateAttributes(requester, r);
    const decision = authorizer.authorize(attributes);
    if (decision.decision !== 'Allow') throw forbidden(attributes, decision.reason);
  }
  const everyone = name === 'system:anonymous' ? systemUnauthenticated : systemAuthenticated;
  const alreadyMarked = name === 'system:anonymous' ? groups.includes(systemUnauthenticated) : groups.includes(systemAuthenticated) || groups.includes(systemUnauthenticated);
  if (!alreadyMarked) groups.push(everyone);
  return { name, groups, ...(uid ? { uid } : {}), ...(Object.keys(extra).length ? { extra } : {}) };
}
