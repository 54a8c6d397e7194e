/**
 * authentication.k8s.io/v1 and authorization.k8s.io/v1 as kube-apiserver 1.37 serves them:
 * TokenReview and SelfSubjectReview; SubjectAccessReview, SelfSubjectAccessReview,
 * SelfSubjectRulesReview (cluster-scoped) and LocalSubjectAccessReview (namespaced). Each is
 * create-only and never stored: discovery lists the one verb "create", and review-endpoints.ts
 * answers the POST.
 */
import { defineBuiltin, type BuiltinSpec } from './define-builtin.ts';
import type { ResourceInfo } from '../resource-info.ts';

function review(spec: Omit<BuiltinSpec, 'version'>): ResourceInfo {
  return { ...defineBuiltin({ ...spec, version: 'v1' }), verbs: ['create'], createOnly: true };
}

const authentication = 'authentication.k8s.io';
const authorization = 'authorization.k8s.io';

export const tokenReviews = review({ group: authentication, resource: 'tokenreviews', kind: 'TokenReview', namespaced: false });
export const selfSubjectReviews = review({ group: authentication, resource: 'selfsubjectreviews', kind: 'SelfSubjectReview', namespaced: false });
export const subjectAccessReviews = review({ group: authorization, resource: 'subjectaccessreviews', kind: 'SubjectAccessReview', namespaced: false });
export const selfSubjectAccessReviews = review({
  group: authorization,
  resource: 'selfsubjectaccessreviews',
  kind: 'SelfSubjectAccessReview',
  namespaced: false,
});
export const selfSubjectRulesReviews = review({ group: authorization, resource: 'selfsubjectrulesreviews', kind: 'SelfSubjectRulesReview', namespaced: false });
export const localSubjectAccessReviews = review({
  group: authorization,
  resource: 'localsubjectaccessreviews',
  kind: 'LocalSubjectAccessReview',
  namespaced: true,
});

export const reviewKinds: ResourceInfo[] = [
  tokenReviews,
  selfSubjectReviews,
  subjectAccessReviews,
  selfSubjectAccessReviews,
  selfSubjectRulesReviews,
  localSubjectAccessReviews,
];
