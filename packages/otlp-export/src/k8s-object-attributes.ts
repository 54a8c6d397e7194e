/**
 * The attributes that name a Kubernetes object on a span. OpenTelemetry's semantic conventions
 * name a few kinds (`k8s.pod.name`, `k8s.deployment.uid`, ... and `k8s.namespace.name` for any
 * namespaced object); every object, of any kind, also gets `dojo.object.*`, because the
 * conventions have no kind-neutral names and ask for none to be invented under `k8s.`.
 */
import type { Attributes } from '@opentelemetry/api';
import { ATTR_K8S_NAMESPACE_NAME } from '@opentelemetry/semantic-conventions';
import type { ObjectIdentity } from '@dojo/kube-api';

/** Kinds with attributes of their own in the conventions (semconv 1.45 `k8s.*`), by API group. */
const semconvPrefixes: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '': {
    Pod: 'k8s.pod',
    Node: 'k8s.node',
    Service: 'k8s.service',
    PersistentVolume: 'k8s.persistentvolume',
    PersistentVolumeClaim: 'k8s.persistentvolumeclaim',
    ReplicationController: 'k8s.replicationcontroller',
    ResourceQuota: 'k8s.resourcequota',
  },
  apps: { Deployment: 'k8s.deployment', ReplicaSet: 'k8s.replicaset', StatefulSet: 'k8s.statefulset', DaemonSet: 'k8s.daemonset' },
  batch: { Job: 'k8s.job', CronJob: 'k8s.cronjob' },
  autoscaling: { HorizontalPodAutoscaler: 'k8s.hpa' },
};

/** `object` on a span: its namespace, its kind's own attributes where they exist, and `dojo.object.*`. */
export function k8sObjectAttributes(object: ObjectIdentity | undefined, key: string | undefined): Attributes {
  if (!object) return key === undefined ? {} : { 'dojo.object.key': key, ...namespaceOfKey(key) };
  const attributes: Attributes = {
    'dojo.object.group': object.group,
    'dojo.object.kind': object.kind,
    'dojo.object.name': object.name,
  };
  if (object.uid) attributes['dojo.object.uid'] = object.uid;
  if (key !== undefined) attributes['dojo.object.key'] = key;
  if (object.namespace) attributes[ATTR_K8S_NAMESPACE_NAME] = object.namespace;
  if (object.group === '' && object.kind === 'Namespace') attributes[ATTR_K8S_NAMESPACE_NAME] = object.name;
  const prefix = semconvPrefixes[object.group]?.[object.kind];
  if (prefix) {
    attributes[`${prefix}.name`] = object.name;
    if (object.uid) attributes[`${prefix}.uid`] = object.uid;
  }
  return attributes;
}

function namespaceOfKey(key: string): Attributes {
  const slash = key.indexOf('/');
  return slash > 0 ? { [ATTR_K8S_NAMESPACE_NAME]: key.slice(0, slash) } : {};
}

/**
 * Whether an API call's resource ("dojos.core.jutsu.com/status" from the runtime, "dojos/status"
 * from the request journal) is `object`'s kind: its plural, its group when it says one.
 */
export function isResourceOf(resource: string, object: Pick<ObjectIdentity, 'group' | 'kind'>): boolean {
  const [groupResource = ''] = resource.split('/');
  const dot = groupResource.indexOf('.');
  const plural = dot < 0 ? groupResource : groupResource.slice(0, dot);
  if (dot >= 0 && groupResource.slice(dot + 1) !== object.group) return false;
  const kind = object.kind.toLowerCase();
  return plural === kind || plural === `${kind}s` || plural === `${kind}es` || (kind.endsWith('y') && plural === `${kind.slice(0, -1)}ies`);
}
