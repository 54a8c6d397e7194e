/**
 * Least-privilege RBAC derived from what one client did (`GET /api/clients/:name/rbac`,
 * `dojo-console rbac NAME`): the rules, each with the requests that needed it, as YAML and as
 * kubebuilder markers; and a role file compared with them (`--compare FILE`,
 * `POST /api/clients/:name/rbac/compare`).
 */
import type { RbacPolicyRule } from './requests.ts';

/** One verb on one resource (or URL) that a rule holds because the client used it. */
export interface RbacEvidence {
  readonly verb: string;
  /** `resource` or `resource/subresource`, with its API group; or a non-resource URL. */
  readonly apiGroup?: string;
  readonly resource?: string;
  readonly nonResourceURL?: string;
  /** The first journal record (request or watch-open) that used it, and how many did. */
  readonly seq: number;
  readonly count: number;
}

export interface DerivedRbacRule {
  readonly rule: RbacPolicyRule;
  /** Where a Role must hold it; absent: the ClusterRole (cluster-scoped, every namespace, URLs). */
  readonly namespace?: string;
  readonly evidence: readonly RbacEvidence[];
  /** What a person should know before applying it (names too narrow, already granted to everyone...). */
  readonly notes: readonly string[];
}

export interface ClientRbac {
  readonly client: string;
  /** The ServiceAccount it is authorized as (`connect --service-account`); the YAML then binds the roles to it. */
  readonly serviceAccount?: { readonly namespace: string; readonly name: string };
  /** The journal records read: how many were this client's, over which seqs and times. */
  readonly from: { readonly records: number; readonly firstSeq?: number; readonly lastSeq?: number; readonly firstTime?: number; readonly lastTime?: number };
  readonly rules: readonly DerivedRbacRule[];
  /** A ClusterRole and a Role per namespace (and their bindings when a ServiceAccount is known), for `kubectl apply -f`. */
  readonly yaml: string;
  /** The same rules as `// +kubebuilder:rbac:...` markers. */
  readonly markers: string;
}

/** One verb × group × resource (× name) of a role file that no request of the client used. */
export interface UnusedGrant {
  readonly role: { readonly kind: 'ClusterRole' | 'Role'; readonly name: string; readonly namespace?: string };
  readonly verb: string;
  readonly apiGroup?: string;
  readonly resource?: string;
  readonly resourceName?: string;
  readonly nonResourceURL?: string;
}

export interface RbacComparison {
  /** Used but granted by no role of the file: what the client will be refused. */
  readonly missing: readonly DerivedRbacRule[];
  /** Used, not in the file, but granted to every authenticated user by kube's bootstrap policy (system:discovery, system:basic-user...). */
  readonly grantedToEveryone: readonly DerivedRbacRule[];
  /** Granted by the file, never used. */
  readonly unused: readonly UnusedGrant[];
  /** Documents of the file that hold no rules (bindings, other kinds), by kind and name. */
  readonly ignored: readonly string[];
}
