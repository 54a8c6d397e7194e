/**
 * What a policy evaluation reads and what it answers. Configuration objects stay plain
 * `KubeObject`s shaped as admissionregistration.k8s.io/v1 (the store serves them; this module
 * only reads them), so the shapes below name just the fields evaluation looks at.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { Authorizer } from '../../auth/authorizer.ts';
import type { GroupVersionKind, GroupVersionResource } from '../admission-attributes.ts';

/** Where policies, bindings and params come from (the lead wires it to the store). */
export interface AdmissionPolicies {
  validatingPolicies(): readonly KubeObject[];
  validatingBindings(): readonly KubeObject[];
  mutatingPolicies(): readonly KubeObject[];
  mutatingBindings(): readonly KubeObject[];
  /**
   * Objects of a param kind (`paramKind.apiVersion` + `kind`) in `namespace` ('' for a
   * cluster-scoped kind or every namespace of a cluster-scoped lookup), or `undefined` when the
   * kind is not served at all (kube: "paramKind kind `…` not known").
   */
  params(ref: ParamKindRef, namespace: string): readonly KubeObject[] | undefined;
  /** Whether objects of the param kind are namespaced; undefined when the kind is not served. */
  paramKindNamespaced(ref: ParamKindRef): boolean | undefined;
}

export interface ParamKindRef {
  apiVersion: string;
  kind: string;
}

/** What policies need from the rest of the server beyond the request itself. */
export interface PolicyContext {
  /** The request's namespace object (`namespaceObject`, namespaceSelector); undefined when it does not exist. */
  namespace?: KubeObject | undefined;
  /**
   * The other resources (and their kinds) serving the same objects as `resource`, for
   * `matchPolicy: Equivalent` (kube's EquivalentResourceMapper: deployments in apps/v1 and
   * extensions/v1beta1). Omitted: no equivalents, Equivalent behaves as Exact.
   */
  equivalentResources?: (resource: GroupVersionResource, subresource: string) => readonly { resource: GroupVersionResource; kind: GroupVersionKind }[];
  /** The server's authorizer, for the `authorizer` variable; omitted: expressions using it fail. */
  authorizer?: Authorizer | undefined;
  /** Monotonic milliseconds, for the latency of each evaluation (defaults to performance.now). */
  now?: () => number;
}

export type ValidationAction = 'Deny' | 'Warn' | 'Audit';
export type FailurePolicy = 'Fail' | 'Ignore';
