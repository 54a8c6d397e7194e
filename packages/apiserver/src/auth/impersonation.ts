/**
 * User impersonation, as kube-apiserver 1.37 does it with ConstrainedImpersonation on (beta,
 * on by default since 1.36; k8s.io/apiserver endpoints/filters/impersonation): the
 * `Impersonate-User`, `-Uid`, `-Group` and `Impersonate-Extra-<key>` headers ask for the
 * request to run as someone else. Modes are tried in order, the first that allows wins:
 *
 * - arbitrary-node (a `system:node:NAME` user alone), serviceaccount (a
 *   `system:serviceaccount:NS:NAME` user alone), user-info (any other user): the requester must
 *   be allowed `impersonate-on:<mode>:<verb>` on what the request itself does, then
 *   `impersonate:<mode>` on the user (users, or nodes/serviceaccounts), uid, each group and each
 *   extra value, in authentication.k8s.io; system:masters and empty groups are refused;
 * - legacy: verb `impersonate` on users/groups (core group), uids and userextras.
 *
 * When none allows, the first mode's refusal is the 403 (kube's words, auth/forbidden.ts).
 * Groups, a uid or extra without a user are a 400. The impersonated user gets
 * `system:authenticated` (or `system:unauthenticated` for `system:anonymous`); a ServiceAccount
 * without asked-for groups gets a ServiceAccount's groups, a node `system:nodes`.
 * (The associated-node mode, for a node's own credentials, has no requester here.)
 */
import { newBadRequest, type StatusError } from '@dojo/kube-api';
import type { RequestAttributes, ResourceAttributes } from '../rbac/request-attributes.ts';
import type { Authorizer } from './authorizer.ts';
import { forbidden } from './forbidden.ts';
import {
  allServiceAccountsGroup,
  serviceAccountNamespaceGroup,
  splitServiceAccountUsername,
  systemAuthenticated,
  systemMasters,
  systemUnauthenticated,
  type UserInfo,
} from './user-info.ts';

/** Node's headers with every value of a repeated header kept apart (`IncomingMessage.headersDistinct`). */
export type DistinctHeaders = Record<string, string[] | undefined>;

const extraHeaderPrefix = 'impersonate-extra-';
const nodePrefix = 'system:node:';
const nodesGroup = 'system:nodes';
const anonymous = 'system:anonymous';

interface WantedUser {
  name: string;
  uid: string;
  groups: string[];
  extra: Record<string, string[]>;
}

/** An extra key travels %-encoded in the header name (kube's unescapeExtraKey); a malformed one is kept as sent. */
function unescapeExtraKey(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

const goString = (s: string): string => JSON.stringify(s);
/** Go's `%q` of a []string: `["a" "b"]`. */
const goQuoted = (list: string[]): string => `[${list.map(goString).join(' ')}]`;
const goStrings = (list: string[]): string => (list.length ? `[]string{${list.map(goString).join(', ')}}` : '[]string(nil)');

/** Go's `%#v` of the wanted *user.DefaultInfo, as kube's 400 prints it (map keys sorted, as fmt does). */
function goDefaultInfo(w: WantedUser): string {
  const keys = Object.keys(w.extra).sort();
  const extra = keys.length ? `map[string][]string{${keys.map((k) => `${goString(k)}:${goStrings(w.extra[k]!)}`).join(', ')}}` : 'map[string][]string(nil)';
  return `&user.DefaultInfo{Name:${goString(w.name)}, UID:${goString(w.uid)}, Groups:${goStrings(w.groups)}, Extra:${extra}}`;
}

/** processImpersonationHeaders: undefined when no user is impersonated. */
function wantedUserOf(headers: DistinctHeaders): WantedUser | undefined {
  const wanted: WantedUser = {
    name: headers['impersonate-user']?.[0] ?? '',
    uid: headers['impersonate-uid']?.[0] ?? '',
    groups: [...(headers['impersonate-group'] ?? [])],
    extra: {},
  };
  let hasExtra = false;
  for (const [header, values] of Object.entries(headers)) {
    if (!header.startsWith(extraHeaderPrefix)) continue;
    hasExtra = true;
    if (!values?.length) continue;
    (wanted.extra[unescapeExtraKey(header.slice(extraHeaderPrefix.length))] ??= []).push(...values);
  }
  if (!wanted.name && (wanted.uid || wanted.groups.length || hasExtra))
    throw newBadRequest(`requested ${goDefaultInfo(wanted)} without impersonating a user name`);
  return wanted.name ? wanted : undefined;
}

const onlyUsername = (w: WantedUser): boolean => !w.uid && w.groups.length === 0 && Object.keys(w.extra).length === 0;
const nodeNameOf = (username: string): string | undefined =>
  username.startsWith(nodePrefix) && username.length > nodePrefix.length ? username.slice(nodePrefix.length) : undefined;

interface Mode {
  /** `impersonate:<mode>` for a constrained mode, `impersonate` for legacy. */
  verb: string;
  /** The constrained mode's name (for `impersonate-on:<mode>:<verb>`); none for legacy. */
  constrained?: string;
  applies(w: WantedUser): boolean;
}

const modes: readonly Mode[] = [
  { verb: 'impersonate:arbitrary-node', constrained: 'arbitrary-node', applies: (w) => onlyUsername(w) && nodeNameOf(w.name) !== undefined },
  { verb: 'impersonate:serviceaccount', constrained: 'serviceaccount', applies: (w) => onlyUsername(w) && splitServiceAccountUsername(w.name) !== undefined },
  {
    verb: 'impersonate:user-info',
    constrained: 'user-info',
    applies: (w) => nodeNameOf(w.name) === undefined && splitServiceAccountUsername(w.name) === undefined,
  },
  { verb: 'impersonate', applies: () => true },
];

class Refused extends Error {
  constructor(readonly status: StatusError) {
    super(status.message);
  }
}

function check(authorizer: Authorizer, attributes: RequestAttributes): void {
  const decision = authorizer.authorize(attributes);
  if (decision.decision !== 'Allow') throw new Refused(forbidden(attributes, decision.reason));
}

/** impersonationModeState.check: the user, uid, groups and extra, each authorized; the user it makes. */
function checkMode(mode: Mode, requester: UserInfo, w: WantedUser, authorizer: Authorizer): UserInfo {
  const group = mode.constrained ? 'authentication.k8s.io' : '';
  const attributes = (resource: string, name: string, apiGroup = group, extras: Partial<ResourceAttributes> = {}): ResourceAttributes => ({
    user: requester,
    verb: mode.verb,
    resourceRequest: true,
    apiGroup,
    apiVersion: 'v1',
    resource,
    subresource: '',
    namespace: '',
    name,
    ...extras,
  });
  let groups = [...w.groups];
  const node = mode.constrained ? nodeNameOf(w.name) : undefined;
  const serviceAccount = splitServiceAccountUsername(w.name);
  let user = attributes('users', w.name);
  if (node !== undefined) {
    user = attributes('nodes', node);
    if (groups.length) throw new Refused(forbidden(user, `when impersonating a node, cannot impersonate groups ${goQuoted(groups)}`));
    groups = [nodesGroup];
  } else if (serviceAccount) {
    user = attributes('serviceaccounts', serviceAccount.name, group, { namespace: serviceAccount.namespace });
    if (mode.constrained && groups.length)
      throw new Refused(forbidden(user, `when impersonating a service account, cannot impersonate groups ${goQuoted(groups)}`));
    if (groups.length === 0) groups = [allServiceAccountsGroup, serviceAccountNamespaceGroup(serviceAccount.namespace)];
  }
  check(authorizer, user);
  if (w.uid) check(authorizer, attributes('uids', w.uid, 'authentication.k8s.io'));
  if (w.groups.length) {
    if (mode.constrained && w.groups.includes(''))
      throw new Refused(forbidden(attributes('groups', ''), 'impersonating the empty string group is not allowed'));
    if (mode.constrained && w.groups.includes(systemMasters))
      throw new Refused(forbidden(attributes('groups', systemMasters), 'impersonating the system:masters group is not allowed'));
    for (const g of w.groups) check(authorizer, attributes('groups', g));
  }
  for (const [key, values] of Object.entries(w.extra)) {
    for (const value of values) check(authorizer, attributes('userextras', value, 'authentication.k8s.io', { subresource: key }));
  }
  if (w.name === anonymous) {
    if (!groups.includes(systemUnauthenticated)) groups.push(systemUnauthenticated);
  } else if (!groups.includes(systemUnauthenticated) && !groups.includes(systemAuthenticated)) groups.push(systemAuthenticated);
  return { name: w.name, groups, ...(w.uid ? { uid: w.uid } : {}), ...(Object.keys(w.extra).length ? { extra: w.extra } : {}) };
}

/**
 * The user a request runs as: the requester, or whom its Impersonate-* headers name once some
 * mode allows the requester to impersonate them. `requestAttributes` says what the request
 * does, for the constrained modes' `impersonate-on` check. Throws kube's 400 or 403.
 */
export function impersonatedUser(
  requester: UserInfo,
  headers: DistinctHeaders,
  authorizer: Authorizer,
  requestAttributes: (user: UserInfo) => RequestAttributes,
): UserInfo {
  const wanted = wantedUserOf(headers);
  if (!wanted) return requester;
  let first: StatusError | undefined;
  for (const mode of modes) {
    if (!mode.applies(wanted)) continue;
    try {
      if (mode.constrained) {
        const request = requestAttributes(requester);
        check(authorizer, { ...request, verb: `impersonate-on:${mode.constrained}:${request.verb}` });
      }
      return checkMode(mode, requester, wanted, authorizer);
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      first ??= err.status;
    }
  }
  throw first!;
}
