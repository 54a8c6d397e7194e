/**
 * Who a request is from, as kube-apiserver's authenticators describe it (user.Info): a name,
 * an optional uid, groups and extra. The names and groups below are kube's own constants.
 */

export interface UserInfo {
  name: string;
  uid?: string;
  groups: string[];
  extra?: Record<string, string[]>;
}

/** Members are authorized for everything, before any authorizer runs (kube's privileged group). */
export const systemMasters = 'system:masters';
/** Every user an authenticator accepted (kube's AllAuthenticated). */
export const systemAuthenticated = 'system:authenticated';
export const systemUnauthenticated = 'system:unauthenticated';
/** Every ServiceAccount's group, and the group of those in one namespace. */
export const allServiceAccountsGroup = 'system:serviceaccounts';
export const serviceAccountNamespaceGroup = (namespace: string): string => `${allServiceAccountsGroup}:${namespace}`;

const serviceAccountPrefix = 'system:serviceaccount:';

/** `system:serviceaccount:NS:NAME`, the user name of a ServiceAccount's tokens. */
export const serviceAccountUsername = (namespace: string, name: string): string => `${serviceAccountPrefix}${namespace}:${name}`;

/** The namespace and name a ServiceAccount user name stands for (serviceaccount.SplitUsername). */
export function splitServiceAccountUsername(username: string): { namespace: string; name: string } | undefined {
  if (!username.startsWith(serviceAccountPrefix)) return undefined;
  const parts = username.slice(serviceAccountPrefix.length).split(':');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return undefined;
  return { namespace: parts[0], name: parts[1] };
}

/** The groups kube gives a ServiceAccount's identity. */
export const serviceAccountGroups = (namespace: string): string[] => [allServiceAccountsGroup, serviceAccountNamespaceGroup(namespace), systemAuthenticated];
