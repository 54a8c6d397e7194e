/**
 * Derived rules as something to apply: rbac.authorization.k8s.io/v1 YAML (a ClusterRole for the
 * cluster-wide rules, a Role per namespace, each rule preceded by its evidence and notes as
 * comments; with a ServiceAccount, the bindings that give them to it), and the same rules as
 * kubebuilder markers, which controller-gen turns back into a role.yaml (`groups=core` is the
 * core group; `namespace=` makes a Role; `urls=` a non-resource rule).
 */
import { Document, type YAMLMap } from 'yaml';
import type { DerivedRbacRule, RbacEvidence } from '@dojo/console-protocol';

const rbacApiVersion = 'rbac.authorization.k8s.io/v1';

export interface ManifestOptions {
  /** The roles' (and bindings') name. */
  name: string;
  serviceAccount?: { namespace: string; name: string };
  /** Comment lines at the top of the first document. */
  header?: readonly string[];
}

const describeEvidence = (e: RbacEvidence): string => `${e.verb} ${e.nonResourceURL ?? e.resource} (seq ${e.seq}${e.count > 1 ? `, ${e.count}×` : ''})`;

function roleDocument(kind: 'ClusterRole' | 'Role', name: string, namespace: string | undefined, rules: readonly DerivedRbacRule[]): Document {
  const doc = new Document({ apiVersion: rbacApiVersion, kind, metadata: { name, ...(namespace ? { namespace } : {}) }, rules: rules.map((r) => r.rule) });
  rules.forEach((rule, i) => {
    const node = doc.getIn(['rules', i], true) as YAMLMap;
    node.commentBefore = [`used: ${rule.evidence.map(describeEvidence).join(', ')}`, ...rule.notes.map((n) => `note: ${n}`)].map((l) => ` ${l}`).join('\n');
  });
  return doc;
}

function bindingDocument(
  kind: 'ClusterRoleBinding' | 'RoleBinding',
  options: ManifestOptions & { serviceAccount: { namespace: string; name: string } },
  namespace?: string,
): Document {
  return new Document({
    apiVersion: rbacApiVersion,
    kind,
    metadata: { name: options.name, ...(namespace ? { namespace } : {}) },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: kind === 'RoleBinding' ? 'Role' : 'ClusterRole', name: options.name },
    subjects: [{ kind: 'ServiceAccount', name: options.serviceAccount.name, namespace: options.serviceAccount.namespace }],
  });
}

/** Multi-document YAML for `kubectl apply -f`; an empty string when there are no rules. */
export function rbacYaml(rules: readonly DerivedRbacRule[], options: ManifestOptions): string {
  const docs: Document[] = [];
  const sa = options.serviceAccount;
  const cluster = rules.filter((r) => r.namespace === undefined);
  if (cluster.length) {
    docs.push(roleDocument('ClusterRole', options.name, undefined, cluster));
    if (sa) docs.push(bindingDocument('ClusterRoleBinding', { ...options, serviceAccount: sa }));
  }
  const namespaces = [...new Set(rules.flatMap((r) => (r.namespace === undefined ? [] : [r.namespace])))];
  for (const namespace of namespaces) {
    docs.push(
      roleDocument(
        'Role',
        options.name,
        namespace,
        rules.filter((r) => r.namespace === namespace),
      ),
    );
    if (sa) docs.push(bindingDocument('RoleBinding', { ...options, serviceAccount: sa }, namespace));
  }
  if (docs.length && options.header?.length) docs[0]!.commentBefore = options.header.map((l) => ` ${l}`).join('\n');
  return docs.map((d) => d.toString({ lineWidth: 0 })).join('---\n');
}

/** `// +kubebuilder:rbac:...` markers, one per rule, for a reconciler's source. */
export function rbacMarkers(rules: readonly DerivedRbacRule[]): string {
  return rules
    .map(({ rule, namespace }) => {
      const parts = rule.nonResourceURLs
        ? [`urls=${rule.nonResourceURLs.join(';')}`, `verbs=${rule.verbs.join(';')}`]
        : [
            `groups=${(rule.apiGroups ?? []).map((g) => g || 'core').join(';')}`,
            `resources=${(rule.resources ?? []).join(';')}`,
            `verbs=${rule.verbs.join(';')}`,
            ...(rule.resourceNames?.length ? [`resourceNames=${rule.resourceNames.join(';')}`] : []),
            ...(namespace ? [`namespace=${namespace}`] : []),
          ];
      return `// +kubebuilder:rbac:${parts.join(',')}\n`;
    })
    .join('');
}
