/**
 * The parts admission webhooks and admission policies share in
 * pkg/apis/admissionregistration/validation: rules (operations, API groups, versions, resources
 * and their subresource wildcards), match resources, CEL match conditions, param kinds and refs.
 * Every message is kube's.
 */
import { fieldError, validateDNS1123Subdomain, validateQualifiedName, type FieldError } from '@dojo/kube-api';
import { isDNS1035Label } from '../../crd/crd-names.ts';
import { celCompileProblem } from './admission-cel.ts';
import { validateLabelSelector } from './label-selector-validation.ts';

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
export const objects = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);
export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map((s) => String(s)) : []);
export const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Go's sets.NewString(...).List(): sorted. */
const sorted = (values: readonly string[]): string[] => [...values].sort();

export const failurePolicies = sorted(['Ignore', 'Fail']);
export const matchPolicies = sorted(['Exact', 'Equivalent']);
export const reinvocationPolicies = sorted(['Never', 'IfNeeded']);
const scopes = sorted(['Cluster', 'Namespaced', '*']);
const operations = sorted(['*', 'CREATE', 'UPDATE', 'DELETE', 'CONNECT']);
export const mutatingOperations = sorted(['*', 'CREATE', 'UPDATE', 'CONNECT']);

/** metav1validation.ValidateLabelSelector alone (kube's admission validation does not parse the selector again). */
export function validateSelector(selector: unknown, path: string): FieldError[] {
  return validateLabelSelector(selector, path).filter((e) => e.detail !== 'invalid label selector.');
}

/** content.IsPathSegmentName. */
export function pathSegmentProblems(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  return ['/', '%'].filter((c) => name.includes(c)).map((c) => `may not contain '${c}'`);
}

/** validateResources: subresource wildcards may not overlap what they already cover. */
function validateResources(resources: string[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (resources.length === 0) errs.push(fieldError.required(path));
  const withWildcardSubresources = new Set<string>();
  const subresourcesWithWildcardResource = new Set<string>();
  let doubleWildcard = false;
  let singleWildcard = false;
  let resourceWithoutSubresource = false;
  resources.forEach((resSub, i) => {
    if (resSub === '') {
      errs.push(fieldError.required(`${path}[${i}]`));
      return;
    }
    if (resSub === '*/*') doubleWildcard = true;
    if (resSub === '*') singleWildcard = true;
    const slash = resSub.indexOf('/');
    if (slash < 0) {
      resourceWithoutSubresource = resSub !== '*';
      return;
    }
    const res = resSub.slice(0, slash);
    const sub = resSub.slice(slash + 1);
    if (withWildcardSubresources.has(res)) errs.push(fieldError.invalid(`${path}[${i}]`, resSub, `if '${res}/*' is present, must not specify ${resSub}`));
    if (subresourcesWithWildcardResource.has(sub))
      errs.push(fieldError.invalid(`${path}[${i}]`, resSub, `if '*/${sub}' is present, must not specify ${resSub}`));
    if (sub === '*') withWildcardSubresources.add(res);
    if (res === '*') subresourcesWithWildcardResource.add(sub);
  });
  if (resources.length > 1 && doubleWildcard) errs.push(fieldError.invalid(path, resources, "if '*/*' is present, must not specify other resources"));
  if (singleWildcard && resourceWithoutSubresource) {
    errs.push(fieldError.invalid(path, resources, "if '*' is present, must not specify other resources without subresources"));
  }
  return errs;
}

/** validateRuleWithOperations (subresources allowed, as every v1 caller asks). */
export function validateRuleWithOperations(rule: Json, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const ops = strings(rule.operations);
  if (ops.length === 0) errs.push(fieldError.required(`${path}.operations`));
  if (ops.length > 1 && ops.includes('*')) errs.push(fieldError.invalid(`${path}.operations`, ops, "if '*' is present, must not specify other operations"));
  ops.forEach((op, i) => {
    if (!operations.includes(op)) errs.push(fieldError.notSupported(`${path}.operations[${i}]`, op, operations));
  });
  const groups = strings(rule.apiGroups);
  if (groups.length === 0) errs.push(fieldError.required(`${path}.apiGroups`));
  if (groups.length > 1 && groups.includes('*'))
    errs.push(fieldError.invalid(`${path}.apiGroups`, groups, "if '*' is present, must not specify other API groups"));
  const versions = strings(rule.apiVersions);
  if (versions.length === 0) errs.push(fieldError.required(`${path}.apiVersions`));
  if (versions.length > 1 && versions.includes('*')) {
    errs.push(fieldError.invalid(`${path}.apiVersions`, versions, "if '*' is present, must not specify other API versions"));
  }
  versions.forEach((v, i) => {
    if (v === '') errs.push(fieldError.required(`${path}.apiVersions[${i}]`));
  });
  errs.push(...validateResources(strings(rule.resources), `${path}.resources`));
  if (rule.scope !== undefined && rule.scope !== null && !scopes.includes(String(rule.scope))) {
    errs.push(fieldError.notSupported(`${path}.scope`, rule.scope, scopes));
  }
  return errs;
}

/** validateNamedRuleWithOperations: resource names are path segments, each once. */
function validateNamedRule(rule: Json, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  strings(rule.resourceNames).forEach((name, i) => {
    for (const msg of pathSegmentProblems(name)) errs.push(fieldError.invalid(`${path}.resourceNames[${i}]`, name, msg));
    if (seen.has(name)) errs.push(fieldError.duplicate(`${path}.resourceNames[${i}]`, name));
    seen.add(name);
  });
  errs.push(...validateRuleWithOperations(rule, path));
  return errs;
}

/** validateMatchResources: after defaulting, matchPolicy and both selectors are required. */
export function validateMatchResources(match: unknown, path: string): FieldError[] {
  if (!isObject(match)) return [];
  const errs: FieldError[] = [];
  if (match.matchPolicy === undefined || match.matchPolicy === null) errs.push(fieldError.required(`${path}.matchPolicy`));
  else if (!matchPolicies.includes(String(match.matchPolicy))) errs.push(fieldError.notSupported(`${path}.matchPolicy`, match.matchPolicy, matchPolicies));
  for (const selector of ['namespaceSelector', 'objectSelector']) {
    if (!isObject(match[selector])) errs.push(fieldError.required(`${path}.${selector}`));
    else errs.push(...validateSelector(match[selector], `${path}.${selector}`));
  }
  objects(match.resourceRules).forEach((rule, i) => errs.push(...validateNamedRule(rule, `${path}.resourceRules[${i}]`)));
  objects(match.excludeResourceRules).forEach((rule, i) => errs.push(...validateNamedRule(rule, `${path}.excludeResourceRules[${i}]`)));
  return errs;
}

/**
 * validateMatchConditions: at most 64, named uniquely with qualified names, each expression a
 * CEL bool. kube compiles an expression already stored in the old object in its stored-
 * expressions environment; here both environments are the same.
 */
export function validateMatchConditions(conditions: unknown, path: string, hasParams: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const list = objects(conditions);
  if (list.length > 64) errs.push(fieldError.tooMany(path, list.length, 64));
  const names = new Set<string>();
  list.forEach((condition, i) => {
    const expression = text(condition.expression).trim();
    if (expression === '') errs.push(fieldError.required(`${path}[${i}].expression`));
    else {
      // Match conditions compile in the stateless environment: no `variables`, even in a policy that has some.
      const problem = celCompileProblem(expression, 'bool', { params: hasParams, authorizer: true, variables: false });
      if (problem) errs.push(fieldError.invalid(`${path}[${i}].expression`, expression, problem));
    }
    const name = text(condition.name);
    if (name === '') errs.push(fieldError.required(`${path}[${i}].name`));
    else for (const msg of validateQualifiedName(name)) errs.push(fieldError.invalid(`${path}[${i}].name`, name, msg));
    if (name !== '') {
      if (names.has(name)) errs.push(fieldError.duplicate(`${path}[${i}].name`, name));
      names.add(name);
    }
  });
  return errs;
}

/** validateParamKind: apiVersion a group/version, kind a mixed-case DNS-1035 label. */
export function validateParamKind(paramKind: Json, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const apiVersion = text(paramKind.apiVersion);
  if (apiVersion === '') errs.push(fieldError.required(`${path}.apiVersion`));
  else if ((apiVersion.match(/\//g) ?? []).length > 1) {
    errs.push(fieldError.invalid(`${path}.apiVersion`, apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
  } else if (apiVersion !== '/') {
    const slash = apiVersion.indexOf('/');
    const group = slash < 0 ? '' : apiVersion.slice(0, slash);
    const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
    if (group) {
      const problems = validateDNS1123Subdomain(group);
      if (problems.length) errs.push(fieldError.invalid(`${path}.apiVersion`, group, problems.join(',')));
    }
    if (version === '') errs.push(fieldError.invalid(`${path}.apiVersion`, apiVersion, 'version must be specified'));
    else {
      const problems = isDNS1035Label(version);
      if (problems.length) errs.push(fieldError.invalid(`${path}.apiVersion`, version, problems.join(',')));
    }
  } else errs.push(fieldError.invalid(`${path}.apiVersion`, apiVersion, 'version must be specified'));
  const kind = text(paramKind.kind);
  if (kind === '') errs.push(fieldError.required(`${path}.kind`));
  else {
    const problems = isDNS1035Label(kind.toLowerCase());
    if (problems.length) errs.push(fieldError.invalid(`${path}.kind`, kind, `may have mixed case, but should otherwise match: ${problems.join(',')}`));
  }
  return errs;
}

/** validateParamRef: a name or a selector, never both, and a parameterNotFoundAction. */
export function validateParamRef(ref: unknown, path: string): FieldError[] {
  if (!isObject(ref)) return [];
  const errs: FieldError[] = [];
  const name = text(ref.name);
  const hasSelector = isObject(ref.selector);
  if (name !== '') {
    for (const msg of pathSegmentProblems(name)) errs.push(fieldError.invalid(`${path}.name`, name, msg));
    if (hasSelector) errs.push(fieldError.forbidden(`${path}.name`, 'name and selector are mutually exclusive'));
  }
  if (hasSelector) {
    errs.push(...validateSelector(ref.selector, `${path}.selector`));
    if (name !== '') errs.push(fieldError.forbidden(`${path}.selector`, 'name and selector are mutually exclusive'));
  }
  if (name === '' && !hasSelector) errs.push(fieldError.required(path, 'one of name or selector must be specified'));
  const action = text(ref.parameterNotFoundAction);
  if (action === '') errs.push(fieldError.required(`${path}.parameterNotFoundAction`));
  else if (action !== 'Deny' && action !== 'Allow') errs.push(fieldError.notSupported(`${path}.parameterNotFoundAction`, action, ['Deny', 'Allow']));
  return errs;
}
