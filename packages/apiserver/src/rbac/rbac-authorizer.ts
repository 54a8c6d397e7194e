/**
 * kube's RBAC authorizer (plugin/pkg/auth/authorizer/rbac/rbac.go): allows a request when any
 * rule that applies to its user allows it, with the reason "RBAC: allowed by <binding>"; has no
 * opinion otherwise (RBAC never denies), the reason naming what could not be read.
 */
import type { Authorizer, AuthorizationResult, RulesResult } from '../auth/authorizer.ts';
import type { UserInfo } from '../auth/user-info.ts';
import { ruleAllows } from './policy-rule.ts';
import type { RbacPolicySource } from './rbac-types.ts';
import type { RequestAttributes } from './request-attributes.ts';
import { aggregateMessage, RuleResolver } from './rule-resolver.ts';

export class RbacAuthorizer implements Authorizer {
  readonly #resolver: RuleResolver;

  constructor(policy: RbacPolicySource) {
    this.#resolver = new RuleResolver(policy);
  }

  authorize(attributes: RequestAttributes): AuthorizationResult {
    let allowedBy: string | undefined;
    const errors: string[] = [];
    const namespace = attributes.resourceRequest ? attributes.namespace : '';
    this.#resolver.visitRulesFor(attributes.user, namespace, (source, rule, error) => {
      if (rule && ruleAllows(attributes, rule)) {
        allowedBy = source;
        return false;
      }
      if (error) errors.push(error);
      return true;
    });
    if (allowedBy !== undefined) return { decision: 'Allow', reason: `RBAC: allowed by ${allowedBy}` };
    if (errors.length === 0) return { decision: 'NoOpinion', reason: '' };
    return { decision: 'NoOpinion', reason: `RBAC: ${aggregateMessage(errors)}` };
  }

  rulesFor(user: UserInfo, namespace: string): RulesResult {
    const { rules, errors } = this.#resolver.rulesFor(user, namespace);
    // kube's RBAC rule resolver never reports itself incomplete; errors are its evaluationError.
    return { rules, incomplete: false, ...(errors.length ? { evaluationError: aggregateMessage(errors) } : {}) };
  }
}
