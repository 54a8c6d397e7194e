/**
 * Every create-only endpoint the server answers, in one table keyed by group/resource and
 * subresource: the review kinds and the ServiceAccount token subresource.
 */
import type { Authenticator } from '../../clients/authenticator.ts';
import type { CreateOnlyEndpoint, CreateOnlyEndpoints } from '../../http/create-only.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import type { Authorizer } from '../authorizer.ts';
import type { ServiceAccountTokens } from '../service-account-tokens.ts';
import {
  localSubjectAccessReviewEndpoint,
  selfSubjectAccessReviewEndpoint,
  selfSubjectRulesReviewEndpoint,
  subjectAccessReviewEndpoint,
} from './access-reviews.ts';
import { selfSubjectReviewEndpoint, tokenReviewEndpoint } from './authentication-reviews.ts';
import { tokenRequestEndpoint, type ObjectReader } from './token-request.ts';

export interface ReviewEndpointDeps {
  authenticator: Authenticator;
  authorizer: Authorizer;
  tokens: ServiceAccountTokens;
  read: ObjectReader;
}

export function reviewEndpoints(deps: ReviewEndpointDeps): CreateOnlyEndpoints {
  const table = new Map<string, CreateOnlyEndpoint>([
    ['authentication.k8s.io/tokenreviews', tokenReviewEndpoint(deps.authenticator)],
    ['authentication.k8s.io/selfsubjectreviews', selfSubjectReviewEndpoint],
    ['authorization.k8s.io/subjectaccessreviews', subjectAccessReviewEndpoint(deps.authorizer)],
    ['authorization.k8s.io/localsubjectaccessreviews', localSubjectAccessReviewEndpoint(deps.authorizer)],
    ['authorization.k8s.io/selfsubjectaccessreviews', selfSubjectAccessReviewEndpoint(deps.authorizer)],
    ['authorization.k8s.io/selfsubjectrulesreviews', selfSubjectRulesReviewEndpoint(deps.authorizer)],
    ['/serviceaccounts/token', tokenRequestEndpoint(deps.tokens, deps.read)],
  ]);
  return {
    endpointOf: (info: ResourceInfo, subresource: string | undefined) => table.get(`${info.group}/${info.resource}${subresource ? `/${subresource}` : ''}`),
  };
}
