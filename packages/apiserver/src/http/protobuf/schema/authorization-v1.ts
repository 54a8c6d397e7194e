/**
 * authorization.k8s.io/v1 messages: SubjectAccessReview, LocalSubjectAccessReview,
 * SelfSubjectAccessReview and SelfSubjectRulesReview. Wire facts as of Kubernetes 1.37
 * (k8s.io/api v0.37.2 generated.proto and types.go), in the notation of ../message-table.ts.
 */
import type { MessageTable } from '../message-table.ts';

export const authorizationV1Messages = {
  'authorization.v1.FieldSelectorAttributes': { rawSelector: '1 string', requirements: '2 []meta.v1.FieldSelectorRequirement' },
  'authorization.v1.LabelSelectorAttributes': { rawSelector: '1 string', requirements: '2 []meta.v1.LabelSelectorRequirement' },
  'authorization.v1.LocalSubjectAccessReview': {
    metadata: '1 meta.v1.ObjectMeta',
    spec: '2 authorization.v1.SubjectAccessReviewSpec',
    status: '3 authorization.v1.SubjectAccessReviewStatus',
  },
  'authorization.v1.NonResourceAttributes': { path: '1 string', verb: '2 string' },
  'authorization.v1.NonResourceRule': { verbs: '1 []string', nonResourceURLs: '2 []string' },
  'authorization.v1.ResourceAttributes': {
    namespace: '1 string',
    verb: '2 string',
    group: '3 string',
    version: '4 string',
    resource: '5 string',
    subresource: '6 string',
    name: '7 string',
    fieldSelector: '8 authorization.v1.FieldSelectorAttributes',
    labelSelector: '9 authorization.v1.LabelSelectorAttributes',
  },
  'authorization.v1.ResourceRule': { verbs: '1 []string', apiGroups: '2 []string', resources: '3 []string', resourceNames: '4 []string' },
  'authorization.v1.SelfSubjectAccessReview': {
    metadata: '1 meta.v1.ObjectMeta',
    spec: '2 authorization.v1.SelfSubjectAccessReviewSpec',
    status: '3 authorization.v1.SubjectAccessReviewStatus',
  },
  'authorization.v1.SelfSubjectAccessReviewSpec': {
    resourceAttributes: '1 authorization.v1.ResourceAttributes',
    nonResourceAttributes: '2 authorization.v1.NonResourceAttributes',
  },
  'authorization.v1.SelfSubjectRulesReview': {
    metadata: '1 meta.v1.ObjectMeta',
    spec: '2 authorization.v1.SelfSubjectRulesReviewSpec',
    status: '3 authorization.v1.SubjectRulesReviewStatus',
  },
  'authorization.v1.SelfSubjectRulesReviewSpec': { namespace: '1 string' },
  'authorization.v1.SubjectAccessReview': {
    metadata: '1 meta.v1.ObjectMeta',
    spec: '2 authorization.v1.SubjectAccessReviewSpec',
    status: '3 authorization.v1.SubjectAccessReviewStatus',
  },
  'authorization.v1.SubjectAccessReviewSpec': {
    resourceAttributes: '1 authorization.v1.ResourceAttributes',
    nonResourceAttributes: '2 authorization.v1.NonResourceAttributes',
    user: '3 string',
    groups: '4 []string',
    extra: '5 map<string,authorization.v1.ExtraValue>',
    uid: '6 string',
  },
  'authorization.v1.SubjectAccessReviewStatus': { allowed: '1 *bool', denied: '4 bool', reason: '2 string', evaluationError: '3 string' },
  'authorization.v1.SubjectRulesReviewStatus': {
    resourceRules: '1 []authorization.v1.ResourceRule',
    nonResourceRules: '2 []authorization.v1.NonResourceRule',
    incomplete: '3 *bool',
    evaluationError: '4 string',
  },
  // meta.v1's, used only here.
  'meta.v1.FieldSelectorRequirement': { key: '1 *string', operator: '2 *string', values: '3 []string' },
} as const satisfies MessageTable;
