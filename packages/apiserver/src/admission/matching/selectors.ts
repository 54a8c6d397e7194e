/**
 * A configuration's `namespaceSelector` and `objectSelector` against a request: kube's
 * predicates/namespace and predicates/object Matchers, shared by webhooks and policies.
 */
import { LabelSelector, newNotFound, type KubeObject, type LabelSelectorObject, type StatusError } from '@dojo/kube-api';
import type { AdmissionAttributes } from '../admission-attributes.ts';

/** A namespace's labels, undefined when it does not exist. */
export type NamespaceLabels = (name: string) => Record<string, string> | undefined;

type SelectedRequest = Pick<AdmissionAttributes, 'operation' | 'resource' | 'subresource' | 'namespace' | 'object' | 'oldObject'>;

/**
 * MatchNamespaceSelector: a cluster-scoped request (other than about a namespace) always
 * matches; a namespace's own create or update is judged by the labels it is given (the lister
 * does not have them yet); a namespace that does not exist is kube's NotFound, for "backwards
 * compatibility" a 404.
 */
export function namespaceSelectorMatches(
  selector: LabelSelectorObject | undefined,
  request: SelectedRequest,
  namespaceLabels: NamespaceLabels,
): boolean | StatusError {
  const aboutNamespace = request.resource.resource === 'namespaces';
  if (request.namespace === '' && !aboutNamespace) return true;
  const parsed = LabelSelector.fromObject(selector);
  if (parsed.isEmpty()) return true;
  if (aboutNamespace && request.subresource === '' && (request.operation === 'CREATE' || request.operation === 'UPDATE')) {
    return parsed.matches(request.object?.metadata.labels);
  }
  const labels = namespaceLabels(request.namespace);
  if (labels === undefined) return newNotFound({ group: '', resource: 'namespaces' }, request.namespace);
  return parsed.matches(labels);
}

/** MatchObjectSelector: the new or the old object's labels match (neither on a request without objects). */
export function objectSelectorMatches(selector: LabelSelectorObject | undefined, request: Pick<SelectedRequest, 'object' | 'oldObject'>): boolean {
  const parsed = LabelSelector.fromObject(selector);
  if (parsed.isEmpty()) return true;
  const matches = (object: KubeObject | undefined): boolean => object !== undefined && parsed.matches(object.metadata.labels);
  return matches(request.object) || matches(request.oldObject);
}
