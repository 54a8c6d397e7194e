/**
 * The Service fields kube-apiserver fills on create beyond type and ports: SetDefaults_Service's
 * traffic policies and `allocateLoadBalancerNodePorts`, and the IP family fields its service
 * REST sets (registry/core/service/storage/alloc.go, initIPFamilyFields) for a single-stack IPv4
 * cluster — which `kubectl describe service` prints.
 */

/** Reachable from outside the cluster (kube's service.ExternallyAccessible). */
const externallyAccessible = (spec: Record<string, unknown>): boolean =>
  spec.type === 'LoadBalancer' || spec.type === 'NodePort' || (spec.type === 'ClusterIP' && Array.isArray(spec.externalIPs) && spec.externalIPs.length > 0);

export function defaultServiceSpec(spec: Record<string, unknown>): void {
  if (externallyAccessible(spec)) spec.externalTrafficPolicy ??= 'Cluster';
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer' || spec.type === 'ClusterIP') spec.internalTrafficPolicy ??= 'Cluster';
  if (spec.type === 'LoadBalancer') spec.allocateLoadBalancerNodePorts ??= true;
  if (spec.type === 'ExternalName') return;
  // clusterIPs starts with clusterIP, `None` for a headless Service included.
  if (typeof spec.clusterIP === 'string' && spec.clusterIPs === undefined) spec.clusterIPs = [spec.clusterIP];
  // A headless Service without a selector defaults to RequireDualStack; its families are left as sent.
  const headlessWithoutSelector = spec.clusterIP === 'None' && Object.keys((spec.selector as object | undefined) ?? {}).length === 0;
  if (headlessWithoutSelector) return;
  spec.ipFamilyPolicy ??= 'SingleStack';
  spec.ipFamilies ??= ['IPv4'];
}
