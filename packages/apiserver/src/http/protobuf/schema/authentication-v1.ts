/**
 * authentication.k8s.io/v1 messages: TokenReview, SelfSubjectReview and TokenRequest (the
 * serviceaccounts/token subresource). Wire facts as of Kubernetes 1.37 (k8s.io/api v0.37.2
 * generated.proto and types.go), in the notation of ../message-table.ts.
 */
import type { MessageTable } from '../message-table.ts';

export const authenticationV1Messages = {
  'authentication.v1.BoundObjectReference': { kind: '1 string', apiVersion: '2 string', name: '3 string', uid: '4 string' },
  'authentication.v1.SelfSubjectReview': { metadata: '1 meta.v1.ObjectMeta', status: '2 authentication.v1.SelfSubjectReviewStatus' },
  'authentication.v1.SelfSubjectReviewStatus': { userInfo: '1 authentication.v1.UserInfo' },
  'authentication.v1.TokenRequest': {
    metadata: '1 meta.v1.ObjectMeta',
    spec: '2 authentication.v1.TokenRequestSpec',
    status: '3 authentication.v1.TokenRequestStatus',
  },
  'authentication.v1.TokenRequestSpec': {
    audiences: '1 []string',
    expirationSeconds: '4 *int64',
    boundObjectRef: '3 authentication.v1.BoundObjectReference',
    attestations: '5 map<string,authentication.v1.AttestationValue>',
  },
  'authentication.v1.TokenRequestStatus': { token: '1 *string', expirationTimestamp: '2 meta.v1.Time' },
  'authentication.v1.TokenReview': {
    metadata: '1 meta.v1.ObjectMeta',
    spec: '2 authentication.v1.TokenReviewSpec',
    status: '3 authentication.v1.TokenReviewStatus',
  },
  'authentication.v1.TokenReviewSpec': { token: '1 string', audiences: '2 []string' },
  'authentication.v1.TokenReviewStatus': { authenticated: '1 bool', user: '2 authentication.v1.UserInfo', audiences: '4 []string', error: '3 string' },
  'authentication.v1.UserInfo': { username: '1 string', uid: '2 string', groups: '3 []string', extra: '4 map<string,authentication.v1.ExtraValue>' },
} as const satisfies MessageTable;
