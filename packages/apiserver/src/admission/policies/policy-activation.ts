/**
 * The CEL activation of one policy evaluation (k8s.io/apiserver admission/plugin/cel's
 * activation.go): `object` and `oldObject` (null when absent), `params`, `request` (an
 * admission.k8s.io/v1 AdmissionRequest without its objects), `namespaceObject` (the namespace
 * with only kube's CreateNamespaceObject fields) and `variables`, each computed on first use
 * and at most once per activation, so a variable that fails only fails the expressions reading
 * it (composition.go).
 */
import type { KubeObject } from '@dojo/kube-api';
import { celGoErrorText, celValueOf, compilePolicyExpression, type PolicyActivation, type PolicyDeclarations } from './policy-cel.ts';
import type { Authorizer } from '../../auth/authorizer.ts';
import { policyAuthorizerFor } from './policy-authorizer.ts';
import type { AdmissionAttributes, GroupVersionKind, GroupVersionResource } from '../admission-attributes.ts';
import { admissionRequestOf } from '../admission-request.ts';

export interface NamedExpression {
  name: string;
  expression: string;
}

const namespaceMetadataFields = [
  'name',
  'generateName',
  'namespace',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'finalizers',
] as const;

/** cel.CreateNamespaceObject: managedFields and ownerReferences are not shown to policies. */
export function namespaceObjectOf(namespace: KubeObject | undefined): Record<string, unknown> | undefined {
  if (!namespace) return undefined;
  const metadata: Record<string, unknown> = {};
  for (const field of namespaceMetadataFields) if (namespace.metadata[field] !== undefined) metadata[field] = namespace.metadata[field];
  return { metadata, spec: namespace.spec ?? {}, status: namespace.status ?? {} };
}

/** A namespace's own requests see no namespaceObject (kube clears the namespace name for them). */
function isNamespaceRequest(attributes: AdmissionAttributes): boolean {
  return attributes.kind.group === '' && attributes.kind.version === 'v1' && attributes.kind.kind === 'Namespace';
}

export interface ActivationInput {
  attributes: AdmissionAttributes;
  /** The object as mutated so far (mutating policies see earlier mutations). */
  object: KubeObject | undefined;
  params: KubeObject | undefined;
  matchedResource: GroupVersionResource;
  matchedKind: GroupVersionKind;
  namespace: KubeObject | undefined;
  variables: readonly NamedExpression[];
  /** What the variables' expressions may use. */
  declarations: PolicyDeclarations;
  /** Only validations and match conditions may ask the authorizer (kube withholds it from messageExpression and audit annotations; this evaluator does not). */
  authorizer?: Authorizer | undefined;
}

export function newPolicyActivation(input: ActivationInput): PolicyActivation {
  const activation: PolicyActivation = {
    object: celValueOf(input.object),
    oldObject: celValueOf(input.attributes.oldObject),
    params: celValueOf(input.params),
    request: celValueOf(admissionRequestOf(input.attributes, input.matchedResource, input.matchedKind)),
    namespaceObject: celValueOf(isNamespaceRequest(input.attributes) ? undefined : namespaceObjectOf(input.namespace)),
    variables: {},
  };
  const authorizer = policyAuthorizerFor(input.attributes, input.authorizer);
  if (authorizer) activation.authorizer = authorizer;
  for (const variable of input.variables) defineLazyVariable(activation, variable, input.declarations);
  return activation;
}

function defineLazyVariable(activation: PolicyActivation, variable: NamedExpression, declarations: PolicyDeclarations): void {
  let outcome: { value: unknown } | { error: string } | undefined;
  // A name given twice (kube's validation refuses it) keeps the last, as kube's compiled-variable map does.
  Object.defineProperty(activation.variables, variable.name, {
    enumerable: true,
    configurable: true,
    get() {
      if (!outcome) {
        const compiled = compilePolicyExpression(variable.expression, declarations);
        if (!compiled.program) {
          outcome = { error: `composited variable "${variable.name}" fails to compile: ${compiled.error ?? ''}` };
        } else {
          try {
            outcome = { value: compiled.program(activation) };
          } catch (error) {
            outcome = { error: `composited variable "${variable.name}" fails to evaluate: ${celGoErrorText(error)}` };
          }
        }
      }
      if ('error' in outcome) throw new Error(outcome.error);
      return outcome.value;
    },
  });
}
