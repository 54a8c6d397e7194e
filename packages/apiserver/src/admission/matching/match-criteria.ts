/**
 * The order in which a webhook or a policy is matched to a request, the same in kube's
 * generic.Webhook.ShouldCallHook and policy matching.Matcher.Matches: namespaceSelector, then
 * objectSelector, then the caller's rules; a selector's error (the namespace does not exist)
 * only counts once the rules match, so a configuration that does not apply never fails a write.
 */
import type { LabelSelectorObject, StatusError } from '@dojo/kube-api';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import { namespaceSelectorMatches, objectSelectorMatches, type NamespaceLabels } from './selectors.ts';

export interface SelectorCriteria {
  namespaceSelector?: LabelSelectorObject | undefined;
  objectSelector?: LabelSelectorObject | undefined;
}

export type CriteriaMatch<M> = { matches: true; matched: M } | { matches: false } | { matches: false; error: StatusError };

/** `matchRules` is the caller's rule step (webhooks' rules, policies' exclude and resource rules); undefined: no match. */
export function matchCriteria<M>(
  criteria: SelectorCriteria,
  attributes: Pick<AdmissionAttributes, 'operation' | 'resource' | 'subresource' | 'namespace' | 'object' | 'oldObject'>,
  namespaceLabels: NamespaceLabels,
  matchRules: () => M | undefined,
): CriteriaMatch<M> {
  const namespace = namespaceSelectorMatches(criteria.namespaceSelector, attributes, namespaceLabels);
  if (namespace === false) return { matches: false };
  if (!objectSelectorMatches(criteria.objectSelector, attributes)) return { matches: false };
  const matched = matchRules();
  if (matched === undefined) return { matches: false };
  if (namespace !== true) return { matches: false, error: namespace };
  return { matches: true, matched };
}
