/**
 * Known differences of the steps in kinds, discovery, auth, watch-params and kubectl-more
 * (`*.steps.ts`), in the shape of known-differences.ts; docs/fidelity.md's second table is the
 * same. Each `what` is generated from the diff: the kind of difference, then the first
 * differing lines of each side (normalized, as the suite compares them; ORACLE_DIFF_DIR writes
 * both answers whole).
 */
import type { KnownDifference } from './known-differences.ts';

export const knownDifferencesMore: Record<string, KnownDifference> = {
  'ClusterRole: list': {
    status: 'intended',
    what: "the bootstrap set: kube-apiserver 1.37 bootstraps 74 ClusterRoles, the embedded server the 14 that clients and operators are granted and checked against (cluster-admin, admin/edit/view and their aggregates, system:discovery, system:basic-user, system:public-info-viewer, ...), the same objects managedFields included — not the ~60 system:controller:* and system:node* roles of kube-controller-manager's and kubelets' own identities, which never run against it (its simulated control plane acts as the admin); and admin/edit/view carry the rules of the embedded clusterrole-aggregation controller, where the oracle, with no kube-controller-manager, leaves `rules: null`",
  },
  'ClusterRoleBinding: list': {
    status: 'intended',
    what: "the bootstrap set: kube-apiserver 1.37 bootstraps 55 ClusterRoleBindings, the embedded server the 7 of the roles it bootstraps, the same objects managedFields included — not those binding kube-controller-manager's and kubelets' own identities, which never run against it",
  },
  'discovery: /apis (legacy APIGroupList)': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also serves the groups apiregistration.k8s.io, certificates.k8s.io, node.k8s.io, resource.k8s.io, flowcontrol.apiserver.k8s.io, storagemigration.k8s.io, outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'discovery: /apis aggregated v2': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also serves the groups apiregistration.k8s.io, certificates.k8s.io, node.k8s.io, resource.k8s.io, flowcontrol.apiserver.k8s.io, storagemigration.k8s.io and networking.k8s.io/v1 ipaddresses, servicecidrs and storage.k8s.io/v1 csidrivers, csinodes, csistoragecapacities, volumeattachments, volumeattributesclasses, outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'discovery: /api aggregated v2': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also serves v1 bindings, componentstatuses, podtemplates, replicationcontrollers and the subresources nodes/proxy, pods/attach, binding, ephemeralcontainers, eviction, exec, portforward, proxy, resize, services/proxy (no kubelet or scheduler behind them), outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'discovery: /apis aggregated v2beta1': {
    status: 'intended',
    what: 'only the drop line (v2beta1 is not served by either: both answer the legacy APIGroupList): kube-apiserver also serves the groups apiregistration.k8s.io, certificates.k8s.io, node.k8s.io, resource.k8s.io, flowcontrol.apiserver.k8s.io, storagemigration.k8s.io, outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'discovery: /apis aggregated v2, resources by group version': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also serves the groups apiregistration.k8s.io, certificates.k8s.io, node.k8s.io, resource.k8s.io, flowcontrol.apiserver.k8s.io, storagemigration.k8s.io and networking.k8s.io/v1 ipaddresses, servicecidrs and storage.k8s.io/v1 csidrivers, csinodes, csistoragecapacities, volumeattachments, volumeattributesclasses, outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'discovery: /api aggregated v2, resources': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also serves v1 bindings, componentstatuses, podtemplates, replicationcontrollers and the subresources nodes/proxy, pods/attach, binding, ephemeralcontainers, eviction, exec, portforward, proxy, resize, services/proxy (no kubelet or scheduler behind them), outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'discovery: aggregated with only the aggregated type acceptable': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also serves the groups apiregistration.k8s.io, certificates.k8s.io, node.k8s.io, resource.k8s.io, flowcontrol.apiserver.k8s.io, storagemigration.k8s.io and networking.k8s.io/v1 ipaddresses, servicecidrs and storage.k8s.io/v1 csidrivers, csinodes, csistoragecapacities, volumeattachments, volumeattributesclasses, outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'discovery: aggregated v1 (not served): falls back to APIGroupList': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also serves the groups apiregistration.k8s.io, certificates.k8s.io, node.k8s.io, resource.k8s.io, flowcontrol.apiserver.k8s.io, storagemigration.k8s.io, outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'discovery: /api/v1 (APIResourceList)': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also serves v1 bindings, componentstatuses, podtemplates, replicationcontrollers (+scale, status) and the subresources nodes/proxy, pods/attach, binding, ephemeralcontainers, eviction, exec, portforward, proxy, resize, services/proxy (no kubelet or scheduler behind them), outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'discovery: /apis/networking.k8s.io/v1 (APIResourceList)': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also serves ipaddresses and servicecidrs (+status), outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'discovery: /apis/storage.k8s.io/v1 (APIResourceList)': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also serves csidrivers, csinodes (+status), csistoragecapacities, volumeattachments (+status), volumeattributesclasses, outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'discovery: OpenAPI v3 index paths': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also lists the OpenAPI documents (group and group version) of apiregistration.k8s.io, certificates.k8s.io, node.k8s.io, resource.k8s.io, flowcontrol.apiserver.k8s.io, storagemigration.k8s.io, outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'watch params: from an unparsable resourceVersion': {
    status: 'intended',
    what: "kube-apiserver answers a watch from a resourceVersion that is no uint64 with the storage layer's parse error unconverted: a 500 with no reason and the message `resourceVersion: Invalid value: \"abc\": strconv.ParseUint: ...`; the embedded server answers the list path's 400 BadRequest (`invalid resource version: ...`), because a client's bad parameter is not a server fault and the hardening suite holds that no request makes the server answer 5xx",
  },
  'list params: resourceVersionMatch=Exact at the current resourceVersion': {
    status: 'intended',
    what: "the newest object's resourceVersion differs from the current one listed at: kube-apiserver writes in the background (its identity Lease in kube-system, renewed every 10 s), advancing the cluster-wide etcd revision past the namespace's last write; the embedded server writes nothing when idle, so its current resourceVersion is that object's. The list itself answers alike",
  },
  'list params: resourceVersionMatch=NotOlderThan at the current resourceVersion': {
    status: 'intended',
    what: "the newest object's resourceVersion differs from the current one listed at: kube-apiserver writes in the background (its identity Lease in kube-system, renewed every 10 s), advancing the cluster-wide etcd revision past the namespace's last write; the embedded server writes nothing when idle, so its current resourceVersion is that object's. The list itself answers alike",
  },
  'kubectl+ api-resources': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also lists the groups apiregistration.k8s.io, certificates.k8s.io, node.k8s.io, resource.k8s.io, flowcontrol.apiserver.k8s.io, storagemigration.k8s.io, v1 bindings, componentstatuses, podtemplates, replicationcontrollers, networking.k8s.io ipaddresses, servicecidrs, storage.k8s.io csidrivers, csinodes, csistoragecapacities, volumeattachments, volumeattributesclasses, outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'kubectl+ api-resources -o wide': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also lists the groups apiregistration.k8s.io, certificates.k8s.io, node.k8s.io, resource.k8s.io, flowcontrol.apiserver.k8s.io, storagemigration.k8s.io, v1 bindings, componentstatuses, podtemplates, replicationcontrollers, networking.k8s.io ipaddresses, servicecidrs, storage.k8s.io csidrivers, csinodes, csistoragecapacities, volumeattachments, volumeattributesclasses, outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'kubectl+ api-resources --namespaced=false': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also lists the cluster-scoped kinds of the groups apiregistration.k8s.io, certificates.k8s.io, node.k8s.io, resource.k8s.io, flowcontrol.apiserver.k8s.io, storagemigration.k8s.io, componentstatuses, ipaddresses, servicecidrs, csidrivers, csinodes, volumeattachments, volumeattributesclasses, outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
  'kubectl+ api-versions': {
    status: 'intended',
    what: 'only the drop line: kube-apiserver also lists the group versions of apiregistration.k8s.io, certificates.k8s.io, node.k8s.io, resource.k8s.io, flowcontrol.apiserver.k8s.io, storagemigration.k8s.io, outside what the embedded server promises (docs/kubernetes.md), so it does not serve them; the step drops them from both answers (oracle/unserved-api.ts) and everything else matches',
  },
};
