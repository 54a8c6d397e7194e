/**
 * authorization.k8s.io/v1 answers (pkg/registry/authorization), all from the server's own
 * authorizer: SubjectAccessReview (may user U do X?), LocalSubjectAccessReview (the same, in
 * the URL's namespace), SelfSubjectAccessReview (may I? `kubectl auth can-i`) and
 * SelfSubjectRulesReview (what may I do in namespace N? `kubectl auth can-i --list`). Each is
 * validated with kube's rules and messages first.
 */
import { fieldError, newBadRequest, newInvalid, type FieldError, type KubeObject } from '@dojo/kube-api';
import type { CreateOnlyEndpoint } from '../../http/create-only.ts';
import { goInternalStruct } from '../../registry/builtin/go-internal-value.ts';
import type { PolicyRule } from '../../rbac/policy-rule.ts';
import type { RequestAttributes } from '../../rbac/request-attributes.ts';
import type { Authorizer } from '../authorizer.ts';
import type { UserInfo } from '../user-info.ts';

const apiVersion = 'authorization.k8s.io/v1';
const group = 'authorization.k8s.io';
/**
 * What the reviews' 422s name: `authorizationapi.Kind(review.Kind)` of the decoded internal
 * object, whose TypeMeta is empty, so the message starts `.authorization.k8s.io ""`.
 */
const reviewKind = { group, kind: '' };

interface SelectorAttributes {
  rawSelector?: string;
  requirements?: unknown[] | null;
}

interface ResourceAttributesSpec {
  fieldSelector?: SelectorAttributes | null;
  labelSelector?: SelectorAttributes | null;
  namespace?: string;
  verb?: string;
  group?: string;
  version?: string;
  resource?: string;
  subresource?: string;
  name?: string;
}

interface AccessReviewSpec {
  resourceAttributes?: ResourceAttributesSpec | null;
  nonResourceAttributes?: { path?: string; verb?: string } | null;
  user?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
  uid?: string;
}

const specOf = (body: KubeObject): AccessReviewSpec => (body.spec ?? {}) as AccessReviewSpec;

/** kube's validateFieldSelectorAttributes / validateLabelSelectorAttributes: a raw selector or requirements, not both. */
function validateSelector(selector: SelectorAttributes | null | undefined, path: string): FieldError[] {
  if (!selector) return [];
  const errs: FieldError[] = [];
  const hasRequirements = (selector.requirements?.length ?? 0) > 0;
  if (selector.rawSelector && hasRequirements)
    errs.push(fieldError.invalid(`${path}.rawSelector`, selector.rawSelector, 'may not specified at the same time as requirements'));
  if (!selector.rawSelector && !hasRequirements)
    errs.push(fieldError.required(`${path}.requirements`, `when ${path} is specified, requirements or rawSelector is required`));
  return errs;
}

/** Exactly one of the two kinds of attributes (the union check of kube's spec validation). */
function validateUnion(spec: AccessReviewSpec): FieldError[] {
  if ((spec.resourceAttributes != null) !== (spec.nonResourceAttributes != null)) return [];
  // The bad value is the internal *NonResourceAttributes: nil, or a struct shown with Go field names.
  const n = spec.nonResourceAttributes;
  const shown = n
    ? goInternalStruct([
        ['Path', n.path ?? ''],
        ['Verb', n.verb ?? ''],
      ])
    : null;
  return [fieldError.invalid('spec', shown, 'exactly one of nonResourceAttributes or resourceAttributes must be specified')];
}

/** kube's validateResourceAttributes: its field and label selectors. */
const validateSelectors = (spec: AccessReviewSpec): FieldError[] => [
  ...validateSelector(spec.resourceAttributes?.fieldSelector, 'spec.resourceAttributes.fieldSelector'),
  ...validateSelector(spec.resourceAttributes?.labelSelector, 'spec.resourceAttributes.labelSelector'),
];

/** kube's ValidateSelfSubjectAccessReviewSpec. */
const validateSelfSpec = (spec: AccessReviewSpec): FieldError[] => [...validateUnion(spec), ...validateSelectors(spec)];

/** kube's ValidateSubjectAccessReviewSpec: also someone to ask about, checked between the two. */
function validateSubjectSpec(spec: AccessReviewSpec): FieldError[] {
  const noSubject = !spec.user && !spec.groups?.length;
  return [
    ...validateUnion(spec),
    ...(noSubject ? [fieldError.invalid('spec.user', spec.user ?? '', 'at least one of user or group must be specified')] : []),
    ...validateSelectors(spec),
  ];
}

/** ObjectMeta other than managedFields (and, for the local kind, namespace) must be empty. */
function metadataIsEmpty(body: KubeObject, allowNamespace: boolean): boolean {
  const { managedFields: _managed, namespace: _namespace, ...rest } = body.metadata;
  // Zero values are empty too: Go clients send `creationTimestamp: null`.
  const isZero = (v: unknown): boolean => v === null || v === undefined || v === '' || v === 0 || (typeof v === 'object' && Object.keys(v).length === 0);
  return Object.values(rest).every(isZero) && (allowNamespace || !body.metadata.namespace);
}

function attributesOf(user: UserInfo, spec: AccessReviewSpec): RequestAttributes {
  const r = spec.resourceAttributes;
  if (r) {
    return {
      user,
      verb: r.verb ?? '',
      resourceRequest: true,
      apiGroup: r.group ?? '',
      apiVersion: r.version || '*',
      resource: r.resource ?? '',
      subresource: r.subresource ?? '',
      namespace: r.namespace ?? '',
      name: r.name ?? '',
    };
  }
  const n = spec.nonResourceAttributes ?? {};
  return { user, verb: n.verb ?? '', resourceRequest: false, path: n.path ?? '' };
}

/** The user a SubjectAccessReview asks about: exactly what the spec names, no groups added. */
const subjectOf = (spec: AccessReviewSpec): UserInfo => ({
  name: spec.user ?? '',
  groups: spec.groups ?? [],
  ...(spec.uid ? { uid: spec.uid } : {}),
  ...(spec.extra ? { extra: spec.extra } : {}),
});

function answer(authorizer: Authorizer, body: KubeObject, attributes: RequestAttributes): { object: KubeObject } {
  const result = authorizer.authorize(attributes);
  const status = {
    allowed: result.decision === 'Allow',
    ...(result.decision === 'Deny' ? { denied: true } : {}),
    ...(result.reason ? { reason: result.reason } : {}),
    ...(result.evaluationError ? { evaluationError: result.evaluationError } : {}),
  };
  return { object: { ...body, status } };
}

export function subjectAccessReviewEndpoint(authorizer: Authorizer): CreateOnlyEndpoint {
  return {
    apiVersion,
    kind: 'SubjectAccessReview',
    create({ body }) {
      const spec = specOf(body);
      const errs = validateSubjectSpec(spec);
      if (!metadataIsEmpty(body, false)) errs.push(fieldError.invalid('metadata', body.metadata, 'must be empty'));
      if (errs.length) throw newInvalid(reviewKind, '', errs);
      return Promise.resolve(answer(authorizer, body, attributesOf(subjectOf(spec), spec)));
    },
  };
}

export function localSubjectAccessReviewEndpoint(authorizer: Authorizer): CreateOnlyEndpoint {
  return {
    apiVersion,
    kind: 'LocalSubjectAccessReview',
    create({ body, namespace }) {
      const spec = specOf(body);
      const errs = validateSubjectSpec(spec);
      const metadataNamespace = body.metadata.namespace ?? '';
      if (!metadataIsEmpty(body, true)) errs.push(fieldError.invalid('metadata', body.metadata, 'must be empty except for namespace'));
      if (spec.resourceAttributes && (spec.resourceAttributes.namespace ?? '') !== metadataNamespace) {
        errs.push(fieldError.invalid('spec.resourceAttributes.namespace', spec.resourceAttributes.namespace ?? '', 'must match metadata.namespace'));
      }
      if (spec.nonResourceAttributes)
        errs.push(fieldError.invalid('spec.nonResourceAttributes', spec.nonResourceAttributes, 'disallowed on this kind of request'));
      if (errs.length) throw newInvalid(reviewKind, '', errs);
      if (!namespace) throw newBadRequest('namespace is required on this type: ');
      if (namespace !== metadataNamespace) throw newBadRequest(`spec.resourceAttributes.namespace must match namespace: ${namespace}`);
      return Promise.resolve(answer(authorizer, body, attributesOf(subjectOf(spec), spec)));
    },
  };
}

export function selfSubjectAccessReviewEndpoint(authorizer: Authorizer): CreateOnlyEndpoint {
  return {
    apiVersion,
    kind: 'SelfSubjectAccessReview',
    create({ body, user }) {
      const spec = specOf(body);
      const errs = validateSelfSpec(spec);
      if (!metadataIsEmpty(body, false)) errs.push(fieldError.invalid('metadata', body.metadata, 'must be empty'));
      if (errs.length) throw newInvalid(reviewKind, '', errs);
      return Promise.resolve(answer(authorizer, body, attributesOf(user, spec)));
    },
  };
}

/** authorization/v1 ResourceRule and NonResourceRule from a policy rule (kube's getResourceRules). */
function splitRules(rules: readonly PolicyRule[]): { resourceRules: Record<string, unknown>[]; nonResourceRules: Record<string, unknown>[] } {
  const resourceRules: Record<string, unknown>[] = [];
  const nonResourceRules: Record<string, unknown>[] = [];
  for (const rule of rules) {
    if (rule.resources?.length) {
      resourceRules.push({
        verbs: rule.verbs,
        ...(rule.apiGroups?.length ? { apiGroups: rule.apiGroups } : {}),
        resources: rule.resources,
        ...(rule.resourceNames?.length ? { resourceNames: rule.resourceNames } : {}),
      });
    }
    if (rule.nonResourceURLs?.length) nonResourceRules.push({ verbs: rule.verbs, nonResourceURLs: rule.nonResourceURLs });
  }
  return { resourceRules, nonResourceRules };
}

export function selfSubjectRulesReviewEndpoint(authorizer: Authorizer): CreateOnlyEndpoint {
  return {
    apiVersion,
    kind: 'SelfSubjectRulesReview',
    create({ body, user }) {
      const namespace = (body.spec as { namespace?: string } | undefined)?.namespace ?? '';
      if (!namespace) throw newBadRequest('no namespace on request');
      const result = authorizer.rulesFor(user, namespace);
      // kube answers a new object: the spec and metadata sent are not echoed.
      const status = {
        ...splitRules(result.rules),
        incomplete: result.incomplete,
        ...(result.evaluationError ? { evaluationError: result.evaluationError } : {}),
      };
      return Promise.resolve({ object: { apiVersion, kind: 'SelfSubjectRulesReview', metadata: {}, spec: {}, status } });
    },
  };
}
