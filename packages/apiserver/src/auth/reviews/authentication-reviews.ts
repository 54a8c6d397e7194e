/**
 * authentication.k8s.io/v1 answers (pkg/registry/authentication): TokenReview says whether a
 * token authenticates and as whom, for the audiences asked (default: the API's); an unknown
 * token is `authenticated: false` with an empty user and status.error, not a failed request. SelfSubjectReview tells the
 * requester who the server thinks they are (`kubectl auth whoami`).
 */
import { newBadRequest, type KubeObject } from '@dojo/kube-api';
import type { Authenticator } from '../../clients/authenticator.ts';
import type { CreateOnlyEndpoint } from '../../http/create-only.ts';
import { nowTimestamp } from '../../registry/object-meta.ts';
import type { UserInfo } from '../user-info.ts';

const apiVersion = 'authentication.k8s.io/v1';

/** authentication/v1 UserInfo, as TokenReview and SelfSubjectReview carry it. */
export function userInfoOf(user: UserInfo): Record<string, unknown> {
  return {
    username: user.name,
    ...(user.uid ? { uid: user.uid } : {}),
    ...(user.groups.length ? { groups: [...user.groups] } : {}),
    ...(user.extra && Object.keys(user.extra).length ? { extra: structuredClone(user.extra) } : {}),
  };
}

const stringsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export function tokenReviewEndpoint(authenticator: Authenticator): CreateOnlyEndpoint {
  return {
    apiVersion,
    kind: 'TokenReview',
    create({ body }) {
      const spec = (body.spec ?? {}) as { token?: unknown; audiences?: unknown };
      if (typeof spec.token !== 'string' || spec.token.length === 0) throw newBadRequest('token is required for TokenReview in authentication');
      const audiences = stringsOf(spec.audiences);
      const result = audiences.length ? authenticator.authenticateToken(spec.token, audiences) : authenticator.authenticateToken(spec.token);
      // kube reviews the token as a bearer Authorization header: one no authenticator takes is
      // bearertoken's "invalid bearer token", reported in status.error.
      const status = result ? { authenticated: true, user: userInfoOf(result.user), audiences: result.audiences } : { user: {}, error: 'invalid bearer token' };
      return Promise.resolve({ object: { ...body, status } as KubeObject });
    },
  };
}

export const selfSubjectReviewEndpoint: CreateOnlyEndpoint = {
  apiVersion,
  kind: 'SelfSubjectReview',
  create({ user }) {
    return Promise.resolve({
      object: { apiVersion, kind: 'SelfSubjectReview', metadata: { creationTimestamp: nowTimestamp() }, status: { userInfo: userInfoOf(user) } },
    });
  },
};
