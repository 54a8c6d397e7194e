/**
 * ValidatingAdmissionPolicy, MutatingAdmissionPolicy and their bindings' validation
 * (pkg/apis/admissionregistration/validation), with kube's messages: a policy needs a
 * failurePolicy, matchConstraints with resourceRules, and validations/auditAnnotations (or
 * mutations) whose CEL compiles to the type it must have; a binding names its policy and, when
 * it has a paramRef, how to find its params.
 */
import { fieldError, validateDNS1123Subdomain, validateQualifiedName, type FieldError, type KubeObject } from '@dojo/kube-api';
import { celCompileProblem, type CelDeclarations, type CelResultType } from './admission-cel.ts';
import {
  failurePolicies,
  isObject,
  mutatingOperations,
  objects,
  reinvocationPolicies,
  strings,
  text,
  validateMatchConditions,
  validateMatchResources,
  validateParamKind,
  validateParamRef,
  type Json,
} from './admission-rules-validation.ts';

const maxAuditAnnotations = 20;
const maxAuditAnnotationValueExpressionLength = 5 * 1024;
const policyReasons = ['Forbidden', 'Invalid', 'RequestEntityTooLarge'];
const validationActions = ['Audit', 'Deny', 'Warn'];
const patchTypes = ['ApplyConfiguration', 'JSONPatch'];
const celReserved = new Set([
  'true',
  'false',
  'null',
  'in',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while',
]);

const specOf = (obj: KubeObject): Json => (isObject(obj.spec) ? obj.spec : {});

function celError(expression: string, resultType: CelResultType, declarations: CelDeclarations, path: string, value = expression): FieldError[] {
  const problem = celCompileProblem(expression, resultType, declarations);
  return problem ? [fieldError.invalid(path, value, problem)] : [];
}

/** The checks a validating and a mutating policy share: failurePolicy, paramKind, matchConstraints, matchConditions, variables. */
/**
 * What a policy's expressions may name: params when it has a paramKind, and variables when it is
 * compiled in the composition environment (a mutating policy always; a validating one with variables).
 */
function declarationsOf(spec: Json, mutating: boolean): CelDeclarations {
  return { params: isObject(spec.paramKind), authorizer: true, variables: mutating || objects(spec.variables).length > 0 };
}

function validatePolicyCommon(spec: Json, ignoreMatchConditions: boolean, mutating: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.failurePolicy == null) errs.push(fieldError.required('spec.failurePolicy'));
  else if (!failurePolicies.includes(String(spec.failurePolicy))) errs.push(fieldError.notSupported('spec.failurePolicy', spec.failurePolicy, failurePolicies));
  if (isObject(spec.paramKind)) errs.push(...validateParamKind(spec.paramKind, 'spec.paramKind'));
  if (!isObject(spec.matchConstraints)) errs.push(fieldError.required('spec.matchConstraints'));
  else {
    errs.push(...validateMatchResources(spec.matchConstraints, 'spec.matchConstraints'));
    const rules = objects(spec.matchConstraints.resourceRules);
    if (rules.length === 0) errs.push(fieldError.required('spec.matchConstraints.resourceRules'));
    if (mutating) errs.push(...mutatingOperationErrors(rules, 'spec.matchConstraints.resourceRules.operations'));
  }
  if (!ignoreMatchConditions) errs.push(...validateMatchConditions(spec.matchConditions, 'spec.matchConditions', isObject(spec.paramKind)));
  objects(spec.variables).forEach((variable, i) => {
    const path = `spec.variables[${i}]`;
    const name = text(variable.name);
    if (name.trim() === '') errs.push(fieldError.required(`${path}.name`, 'name is not specified'));
    else if (!/^[_a-zA-Z][_a-zA-Z0-9]*$/.test(name) || celReserved.has(name))
      errs.push(fieldError.invalid(`${path}.name`, name, 'must be a valid CEL identifier'));
    const expression = text(variable.expression);
    if (expression.trim() === '') errs.push(fieldError.required(`${path}.expression`, 'expression is not specified'));
    else errs.push(...celError(expression, 'any', { ...declarationsOf(spec, mutating), variables: true }, `${path}.expression`));
  });
  return errs;
}

/** A mutating policy's rules may not match DELETE (supportedMutatingOperations). */
function mutatingOperationErrors(rules: Json[], path: string): FieldError[] {
  return rules.flatMap((rule) =>
    strings(rule.operations)
      .filter((op) => !mutatingOperations.includes(op))
      .map((op) => fieldError.notSupported(path, op, mutatingOperations)),
  );
}

function validateValidation(validation: Json, declarations: CelDeclarations, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const expression = text(validation.expression);
  if (expression.trim() === '') errs.push(fieldError.required(`${path}.expression`, 'expression is not specified'));
  else errs.push(...celError(expression, 'bool', declarations, `${path}.expression`));
  const messageExpression = text(validation.messageExpression);
  if (messageExpression.length > 0 && messageExpression.trim() === '')
    errs.push(fieldError.invalid(`${path}.messageExpression`, messageExpression, 'must be non-empty if specified'));
  else if (messageExpression.trim() !== '')
    errs.push(...celError(messageExpression, 'string', { ...declarations, authorizer: false }, `${path}.messageExpression`));
  const message = text(validation.message);
  if (message.length > 0 && message.trim() === '') errs.push(fieldError.invalid(`${path}.message`, message, 'must be non-empty if specified'));
  else if (/[\n\r]/.test(message.trim())) errs.push(fieldError.invalid(`${path}.message`, message, 'must not contain line breaks'));
  if (validation.reason != null && !policyReasons.includes(String(validation.reason)))
    errs.push(fieldError.notSupported(`${path}.reason`, validation.reason, policyReasons));
  return errs;
}

function validateAuditAnnotation(policyName: string, annotation: Json, declarations: CelDeclarations, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const key = text(annotation.key);
  if (policyName !== '')
    for (const msg of validateQualifiedName(`${policyName}/${key}`)) errs.push(fieldError.invalid(`${path}.key`, `${policyName}/${key}`, msg));
  else errs.push(fieldError.invalid(`${path}.key`, key, 'requires metadata.name be non-empty'));
  const value = text(annotation.valueExpression);
  const trimmed = value.trim();
  if (trimmed === '') errs.push(fieldError.required(`${path}.valueExpression`, 'valueExpression is not specified'));
  else if (trimmed.length > maxAuditAnnotationValueExpressionLength) {
    errs.push(fieldError.required(`${path}.valueExpression`, `must not exceed ${maxAuditAnnotationValueExpressionLength} bytes in length`));
  } else errs.push(...celError(trimmed, 'string-or-null', declarations, `${path}.valueExpression`, value));
  return errs;
}

function validateValidatingPolicy(obj: KubeObject, ignoreMatchConditions: boolean): FieldError[] {
  const spec = specOf(obj);
  const errs = validatePolicyCommon(spec, ignoreMatchConditions, false);
  const validations = objects(spec.validations);
  const annotations = objects(spec.auditAnnotations);
  if (validations.length === 0 && annotations.length === 0) {
    errs.push(fieldError.required('spec.validations', 'validations or auditAnnotations must contain at least one item'));
    errs.push(fieldError.required('spec.auditAnnotations', 'validations or auditAnnotations must contain at least one item'));
    return errs;
  }
  const declarations = declarationsOf(spec, false);
  validations.forEach((v, i) => errs.push(...validateValidation(v, declarations, `spec.validations[${i}]`)));
  if (annotations.length > maxAuditAnnotations) {
    errs.push(fieldError.invalid('spec.auditAnnotations', spec.auditAnnotations, `must not have more than ${maxAuditAnnotations} auditAnnotations`));
  }
  const keys = new Set<string>();
  annotations.forEach((a, i) => {
    errs.push(...validateAuditAnnotation(obj.metadata.name ?? '', a, declarations, `spec.auditAnnotations[${i}]`));
    const key = text(a.key);
    if (keys.has(key)) errs.push(fieldError.duplicate(`spec.auditAnnotations[${i}].key`, key));
    keys.add(key);
  });
  return errs;
}

function validateMutation(mutation: Json, path: string): FieldError[] {
  const type = text(mutation.patchType);
  if (type === '') return [fieldError.required(`${path}.patchType`)];
  if (!patchTypes.includes(type)) return [fieldError.notSupported(`${path}.patchType`, type, patchTypes)];
  const [own, other] = type === 'JSONPatch' ? (['jsonPatch', 'applyConfiguration'] as const) : (['applyConfiguration', 'jsonPatch'] as const);
  const errs: FieldError[] = [];
  if (!isObject(mutation[own])) errs.push(fieldError.required(`${path}.${own}`, `must be specified when patchType is ${type}`));
  else {
    const expression = text(mutation[own].expression).trim();
    // Mutations build objects with CEL's message construction (`Object{spec: ...}`,
    // `JSONPatch{op: ...}`), which the CEL library here does not parse: only presence is checked.
    if (expression === '') errs.push(fieldError.required(`${path}.${own}.expression`));
  }
  if (isObject(mutation[other])) errs.push(fieldError.invalid(`${path}.${other}`, `{${other}}`, `must not be specified when patchType is ${type}`));
  return errs;
}

function validateMutatingPolicy(obj: KubeObject, ignoreMatchConditions: boolean): FieldError[] {
  const spec = specOf(obj);
  const errs = validatePolicyCommon(spec, ignoreMatchConditions, true);
  const mutations = objects(spec.mutations);
  if (mutations.length === 0) errs.push(fieldError.required('spec.mutations', 'mutations must contain at least one item'));
  mutations.forEach((m, i) => errs.push(...validateMutation(m, `spec.mutations[${i}]`)));
  const reinvocation = text(spec.reinvocationPolicy);
  if (reinvocation === '') errs.push(fieldError.required('spec.reinvocationPolicy'));
  else if (!reinvocationPolicies.includes(reinvocation)) errs.push(fieldError.notSupported('spec.reinvocationPolicy', reinvocation, reinvocationPolicies));
  return errs;
}

export function validateAdmissionPolicy(obj: KubeObject, mutating: boolean): FieldError[] {
  return mutating ? validateMutatingPolicy(obj, false) : validateValidatingPolicy(obj, false);
}

/** An update does not recompile match conditions when they and paramKind are unchanged (ignore*MatchConditions). */
export function validateAdmissionPolicyUpdate(
  obj: KubeObject,
  old: KubeObject,
  mutating: boolean,
  unchanged: (a: unknown, b: unknown) => boolean,
): FieldError[] {
  const spec = specOf(obj);
  const oldSpec = specOf(old);
  const ignore = unchanged(spec.paramKind, oldSpec.paramKind) && unchanged(spec.matchConditions, oldSpec.matchConditions);
  return mutating ? validateMutatingPolicy(obj, ignore) : validateValidatingPolicy(obj, ignore);
}

function validateValidationActions(actions: string[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  actions.forEach((action, i) => {
    if (!validationActions.includes(action)) errs.push(fieldError.notSupported(`${path}[${i}]`, action, validationActions));
    if (seen.has(action)) errs.push(fieldError.duplicate(`${path}[${i}]`, action));
    seen.add(action);
  });
  if (seen.has('Deny') && seen.has('Warn')) {
    errs.push(
      fieldError.invalid(
        path,
        actions,
        'must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
      ),
    );
  }
  return errs;
}

export function validateAdmissionPolicyBinding(obj: KubeObject, mutating: boolean): FieldError[] {
  const spec = specOf(obj);
  const errs: FieldError[] = [];
  // A ValidatingAdmissionPolicyBinding's policyName and validationActions are required by
  // declarative validation (+k8s:required, beta and enforced in 1.37), whose errors replace the
  // handwritten ones they cover and come after the others (rest.ValidateDeclaratively's merge).
  const declarative: FieldError[] = [];
  const policyName = text(spec.policyName);
  if (policyName === '') (mutating ? errs : declarative).push(fieldError.required('spec.policyName'));
  else for (const msg of validateDNS1123Subdomain(policyName)) errs.push(fieldError.invalid('spec.policyName', policyName, msg));
  errs.push(...validateParamRef(spec.paramRef, 'spec.paramRef'));
  errs.push(...validateMatchResources(spec.matchResources, 'spec.matchResources'));
  if (mutating && isObject(spec.matchResources)) {
    errs.push(...mutatingOperationErrors(objects(spec.matchResources.resourceRules), 'spec.matchResources.resourceRules.operations'));
  }
  if (!mutating) {
    const actions = strings(spec.validationActions);
    errs.push(...validateValidationActions(actions, 'spec.validationActions'));
    if (actions.length === 0) declarative.push(fieldError.required('spec.validationActions'));
  }
  return [...errs, ...declarative];
}
