/**
 * A role file (kubebuilder's config/rbac/role.yaml, or any multi-document YAML of ClusterRoles
 * and Roles) against what a client did: the grants it is missing (used, allowed by no rule of
 * the file, as rules to add), those every authenticated user has anyway (kube's bootstrap
 * policy), and the grants it never used (each verb × group × resource × name of the file no
 * request matched). A ClusterRole is taken as bound cluster-wide, a Role in its namespace; rules
 * are matched with kube's own evaluation (`ruleAllows`), so `*` and `*\/scale` mean what they do.
 */
import { parseAllDocuments } from 'yaml';
import type { RbacComparison, UnusedGrant } from '@dojo/console-protocol';
import { ruleAllows, type PolicyRule } from '@dojo/apiserver';
import { newBadRequest } from '@dojo/kube-api';
import { attributesOf } from './rbac-attributes.ts';
import { deriveRbacRules } from './rbac-derive.ts';
import { grantedToEveryoneBy } from './rbac-everyone.ts';
import { isUrlUse, type PermissionUse } from './rbac-uses.ts';

interface Grant {
  role: UnusedGrant['role'];
  rule: PolicyRule;
}

interface RoleDocument {
  kind?: unknown;
  metadata?: { name?: unknown; namespace?: unknown };
  rules?: unknown;
}

function grantsOf(roleFile: string): { grants: Grant[]; ignored: string[] } {
  const grants: Grant[] = [];
  const ignored: string[] = [];
  for (const doc of parseAllDocuments(roleFile)) {
    if (doc.errors.length) throw newBadRequest(`the role file is not YAML: ${doc.errors[0]!.message}`);
    const value = doc.toJS() as RoleDocument | null;
    if (value === null || typeof value !== 'object') continue;
    const name = typeof value.metadata?.name === 'string' ? value.metadata.name : '';
    if (value.kind !== 'ClusterRole' && value.kind !== 'Role') {
      ignored.push(`${String(value.kind)} ${name}`.trim());
      continue;
    }
    const namespace = typeof value.metadata?.namespace === 'string' && value.metadata.namespace ? value.metadata.namespace : 'default';
    const role: Grant['role'] = value.kind === 'Role' ? { kind: 'Role', name, namespace } : { kind: 'ClusterRole', name };
    for (const rule of Array.isArray(value.rules) ? (value.rules as PolicyRule[]) : []) grants.push({ role, rule: { ...rule, verbs: rule.verbs ?? [] } });
  }
  return { grants, ignored };
}

const inScope = (grant: Grant, use: PermissionUse): boolean => grant.role.kind === 'ClusterRole' || (!isUrlUse(use) && use.namespace === grant.role.namespace);

const allows = (grant: Grant, use: PermissionUse): boolean => inScope(grant, use) && ruleAllows(attributesOf(use), grant.rule);

/** Every verb × group × resource × name (or verb × URL) a rule grants, each as a rule of its own. */
function atomsOf(grant: Grant): { atom: UnusedGrant; rule: PolicyRule }[] {
  const { rule, role } = grant;
  const atoms: { atom: UnusedGrant; rule: PolicyRule }[] = [];
  for (const verb of rule.verbs) {
    for (const url of rule.nonResourceURLs ?? []) atoms.push({ atom: { role, verb, nonResourceURL: url }, rule: { verbs: [verb], nonResourceURLs: [url] } });
    for (const apiGroup of rule.apiGroups ?? []) {
      for (const resource of rule.resources ?? []) {
        const names = rule.resourceNames?.length ? rule.resourceNames : [undefined];
        for (const name of names) {
          atoms.push({
            atom: { role, verb, apiGroup, resource, ...(name ? { resourceName: name } : {}) },
            rule: { verbs: [verb], apiGroups: [apiGroup], resources: [resource], ...(name ? { resourceNames: [name] } : {}) },
          });
        }
      }
    }
  }
  return atoms;
}

export function compareRbac(uses: readonly PermissionUse[], roleFile: string): RbacComparison {
  const { grants, ignored } = grantsOf(roleFile);
  const ungranted = uses.filter((use) => !grants.some((g) => allows(g, use)));
  const everyone = ungranted.filter((use) => grantedToEveryoneBy(use) !== undefined);
  const missing = ungranted.filter((use) => grantedToEveryoneBy(use) === undefined);
  const unused = grants.flatMap((grant) =>
    atomsOf(grant)
      .filter(({ rule }) => !uses.some((use) => allows({ role: grant.role, rule }, use)))
      .map(({ atom }) => atom),
  );
  return { missing: deriveRbacRules(missing), grantedToEveryone: deriveRbacRules(everyone), unused, ignored };
}
