/** The parts of rbac.authorization.k8s.io/v1 objects the evaluator reads. */
import type { PolicyRule } from './policy-rule.ts';

export interface Subject {
  kind: string;
  apiGroup?: string;
  name: string;
  namespace?: string;
}

export interface RoleRef {
  apiGroup: string;
  kind: string;
  name: string;
}

export interface RbacMeta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface Role {
  metadata: RbacMeta;
  rules?: PolicyRule[] | null | undefined;
}

export interface ClusterRole extends Role {
  aggregationRule?:
    | {
        clusterRoleSelectors?: { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] }[];
      }
    | null
    | undefined;
}

export interface RoleBinding {
  metadata: RbacMeta;
  subjects?: Subject[] | null;
  roleRef: RoleRef;
}

/** Where the evaluator reads the policy from (kube: the informers' listers). */
export interface RbacPolicySource {
  clusterRoleBindings(): readonly RoleBinding[];
  roleBindings(namespace: string): readonly RoleBinding[];
  clusterRole(name: string): ClusterRole | undefined;
  role(namespace: string, name: string): Role | undefined;
}
