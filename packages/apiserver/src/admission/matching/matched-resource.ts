/**
 * Which resource a list of rules matches a request as, with `matchPolicy` (kube's
 * matchesResourceRules for policies, the rule loop of ShouldCallHook for webhooks): the
 * requested resource when a rule covers it; else, under Equivalent, the first equivalent
 * resource (rules in order, each against every equivalent) a rule covers, which the request is
 * then shown as. Exact (and an absent policy) never looks further.
 */
import type { GroupVersionResource } from '../admission-attributes.ts';
import { ruleMatches, type AdmissionRule, type RuleRequest } from './rule-matcher.ts';

export type MatchPolicy = 'Exact' | 'Equivalent';

/** The request as it came, or as one of its equivalents. */
export type MatchedAs<E> = { as: 'requested' } | { as: 'equivalent'; equivalent: E };

/**
 * `accepts` is the caller's own further condition on a matching rule (policies' resourceNames);
 * `equivalents` is asked only when needed.
 */
export function matchedResource<R extends AdmissionRule, E extends { resource: GroupVersionResource }>(
  rules: readonly R[],
  matchPolicy: MatchPolicy | undefined,
  request: RuleRequest,
  equivalents: () => readonly E[],
  accepts: (rule: R) => boolean = () => true,
): MatchedAs<E> | undefined {
  if (rules.some((rule) => ruleMatches(rule, request) && accepts(rule))) return { as: 'requested' };
  if (matchPolicy !== 'Equivalent') return undefined;
  const candidates = equivalents();
  const { group, version, resource } = request.resource;
  for (const rule of rules) {
    for (const equivalent of candidates) {
      const same = equivalent.resource;
      // kube skips the requested resource: it was checked above.
      if (same.group === group && same.version === version && same.resource === resource) continue;
      if (ruleMatches(rule, request, same) && accepts(rule)) return { as: 'equivalent', equivalent };
    }
  }
  return undefined;
}
