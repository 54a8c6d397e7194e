/**
 * Authorization as kube-apiserver composes it: authorizers asked in order, the first that
 * allows or denies decides, and a request nobody allows is forbidden with their reasons joined
 * (k8s.io/apiserver's union authorizer). Each can also list the rules a user has in a namespace,
 * for SelfSubjectRulesReview (union rule resolver).
 */
import type { PolicyRule } from '../rbac/policy-rule.ts';
import type { RequestAttributes } from '../rbac/request-attributes.ts';
import type { UserInfo } from './user-info.ts';

export type Decision = 'Allow' | 'Deny' | 'NoOpinion';

export interface AuthorizationResult {
  decision: Decision;
  reason: string;
  /** What went wrong while deciding (a missing role), for SubjectAccessReview's evaluationError. */
  evaluationError?: string;
}

export interface RulesResult {
  rules: PolicyRule[];
  /** True when the list may be short of what the user can do. */
  incomplete: boolean;
  evaluationError?: string;
}

export interface Authorizer {
  authorize(attributes: RequestAttributes): AuthorizationResult;
  rulesFor(user: UserInfo, namespace: string): RulesResult;
}

/** One authorizer of the chain, with the name kube's authorization configuration gives it ("rbac" for RBAC mode). */
export interface NamedAuthorizer {
  name: string;
  authorizer: Authorizer;
}

export class UnionAuthorizer implements Authorizer {
  constructor(private readonly chain: readonly NamedAuthorizer[]) {}

  authorize(attributes: RequestAttributes): AuthorizationResult {
    const reasons: string[] = [];
    const errors: string[] = [];
    for (const { name, authorizer } of this.chain) {
      const result = authorizer.authorize(attributes);
      if (result.evaluationError) errors.push(result.evaluationError);
      if (result.decision !== 'NoOpinion') return result;
      // unionAuthzHandler: a reason left without a decision is told with its authorizer's name.
      if (result.reason) reasons.push(`${name}: ${result.reason}`);
    }
    return { decision: 'NoOpinion', reason: reasons.join('\n'), ...(errors.length ? { evaluationError: errors.join(', ') } : {}) };
  }

  rulesFor(user: UserInfo, namespace: string): RulesResult {
    const rules: PolicyRule[] = [];
    let incomplete = false;
    const errors: string[] = [];
    for (const { authorizer } of this.chain) {
      const result = authorizer.rulesFor(user, namespace);
      rules.push(...result.rules);
      incomplete ||= result.incomplete;
      if (result.evaluationError) errors.push(result.evaluationError);
    }
    return { rules, incomplete, ...(errors.length ? { evaluationError: errors.join(', ') } : {}) };
  }
}

const everything: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];

/**
 * Allows every request of users in one of `groups`: kube's privileged-group authorizer, which
 * lets `system:masters` do anything whatever RBAC says. kube's is no rule resolver (the admin's
 * rules come from the cluster-admin binding); `listsRules` makes this one list "everything"
 * for users who have no binding to show it (connected clients).
 */
export class GroupsAllowedEverything implements Authorizer {
  constructor(
    private readonly groups: readonly string[],
    private readonly options: { listsRules: boolean } = { listsRules: false },
  ) {}

  #applies(user: UserInfo): boolean {
    return user.groups.some((g) => this.groups.includes(g));
  }

  authorize(attributes: RequestAttributes): AuthorizationResult {
    return this.#applies(attributes.user) ? { decision: 'Allow', reason: '' } : { decision: 'NoOpinion', reason: '' };
  }

  rulesFor(user: UserInfo): RulesResult {
    return { rules: this.options.listsRules && this.#applies(user) ? everything : [], incomplete: false };
  }
}
