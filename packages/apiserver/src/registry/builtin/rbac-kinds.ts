/**
 * rbac.authorization.k8s.io/v1 objects, stored and validated so RBAC manifests apply here as
 * on a real cluster. The RBAC evaluator (../../rbac/) reads them to authorize ServiceAccounts.
 */
import { fieldError, jsonEqual, type FieldError, type KubeObject } from '@dojo/kube-api';
import { noRulesStrategy, type Strategy } from '../strategy.ts';
import { defineBuiltin } from './define-builtin.ts';
import { bindingColumns } from './rbac-columns.ts';
import { validateLabelSelector } from './label-selector-validation.ts';
import { field } from './unstructured.ts';

function validateRules(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  // Required verbs are declarative validation's (+k8s:required, Beta, enforced in 1.37): its
  // validate.RequiredSlice error replaces the handwritten one and comes after all of those.
  const declarative: FieldError[] = [];
  const rules = obj.rules;
  if (rules === undefined || rules === null) return errs;
  if (!Array.isArray(rules)) return [fieldError.invalid('rules', rules, 'must be a list')];
  rules.forEach((rule, i) => {
    const verbs = field(rule, 'verbs');
    if (!Array.isArray(verbs) || verbs.length === 0) declarative.push(fieldError.required(`rules[${i}].verbs`));
    const nonResource = field(rule, 'nonResourceURLs');
    const resources = field(rule, 'resources');
    if (!nonResource && (!Array.isArray(resources) || resources.length === 0)) {
      errs.push(fieldError.required(`rules[${i}].resources`, 'resource rules must supply at least one resource'));
    }
  });
  return [...errs, ...declarative];
}

function validateBinding(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const roleRef = obj.roleRef as Record<string, unknown> | undefined;
  if (!roleRef) return [fieldError.required('roleRef')];
  if (roleRef.apiGroup !== 'rbac.authorization.k8s.io')
    errs.push(fieldError.notSupported('roleRef.apiGroup', roleRef.apiGroup ?? '', ['rbac.authorization.k8s.io']));
  if (!roleRef.name) errs.push(fieldError.required('roleRef.name'));
  return errs;
}

function roleRefImmutable(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateBinding(obj);
  if (!jsonEqual(obj.roleRef, old.roleRef)) errs.push(fieldError.invalid('roleRef', obj.roleRef, 'cannot change roleRef'));
  return errs;
}

/** Roles and ClusterRoles: every rule names verbs, and resources or non-resource URLs. */
export const roleStrategy = {
  ...noRulesStrategy,
  validate: validateRules,
  validateUpdate: validateRules,
} satisfies Strategy;

/**
 * kube's ValidateClusterRole adds the aggregationRule: at least one selector, each one valid,
 * since the aggregation controller has to read them.
 */
function validateClusterRole(obj: KubeObject): FieldError[] {
  const errs = validateRules(obj);
  const rule = obj.aggregationRule as { clusterRoleSelectors?: unknown[] | null } | null | undefined;
  if (rule === undefined || rule === null) return errs;
  const selectors = rule.clusterRoleSelectors ?? [];
  if (selectors.length === 0)
    errs.push(fieldError.required('aggregationRule.clusterRoleSelectors', 'at least one clusterRoleSelector required if aggregationRule is non-nil'));
  selectors.forEach((selector, i) => errs.push(...validateLabelSelector(selector, `aggregationRule.clusterRoleSelectors[${i}]`)));
  return errs;
}

const clusterRoleStrategy = { ...roleStrategy, validate: validateClusterRole, validateUpdate: validateClusterRole } satisfies Strategy;

/** RoleBindings and ClusterRoleBindings: roleRef names an RBAC role and never changes. */
export const roleBindingStrategy = {
  ...noRulesStrategy,
  validate: validateBinding,
  validateUpdate: roleRefImmutable,
} satisfies Strategy;

// kube validates RBAC names as path segments (ValidateRBACName), so `system:discovery` is a name.
const rbac = { group: 'rbac.authorization.k8s.io', version: 'v1', nameValidation: 'path-segment' as const };

// Roles have no printer in kube: the default table, Name and Created At.
export const clusterRoles = defineBuiltin({
  ...rbac,
  resource: 'clusterroles',
  kind: 'ClusterRole',
  namespaced: false,
  strategy: clusterRoleStrategy,
  defaultTable: true,
});
export const roles = defineBuiltin({ ...rbac, resource: 'roles', kind: 'Role', namespaced: true, strategy: roleStrategy, defaultTable: true });
export const clusterRoleBindings = defineBuiltin({
  ...rbac,
  resource: 'clusterrolebindings',
  kind: 'ClusterRoleBinding',
  namespaced: false,
  strategy: roleBindingStrategy,
  ...bindingColumns('clusterRoleBinding'),
});
export const roleBindings = defineBuiltin({
  ...rbac,
  resource: 'rolebindings',
  kind: 'RoleBinding',
  namespaced: true,
  strategy: roleBindingStrategy,
  ...bindingColumns('roleBinding'),
});

export const rbacKinds = [clusterRoles, roles, clusterRoleBindings, roleBindings];
