/**
 * PatchMeta tables for the built-in kinds this server serves, transcribed from the struct tags
 * (patchStrategy, patchMergeKey) and list markers (+listType, +listMapKey, +structType,
 * +mapType) of k8s.io/api. Data, not code: a field that is not listed has no special rules.
 */
import { withSchemaMarkers } from './builtin-ssa-meta.ts';
import type { PatchMeta } from './patch-meta.ts';

const mergeByKey = (key: string, extra: Partial<PatchMeta> = {}): PatchMeta => ({
  patchStrategy: 'merge',
  patchMergeKey: key,
  ...extra,
});
const atomicList: PatchMeta = { listType: 'atomic' };
const atomicStruct: PatchMeta = { atomic: true };
const conditions = mergeByKey('type');
/** Non-pointer structs Go writes out even when empty (spec, status, template, ...). */
const always = (meta: PatchMeta): PatchMeta => ({ ...meta, alwaysSerialized: true });

export const objectMetaPatchMeta: PatchMeta = {
  alwaysSerialized: true,
  fields: {
    finalizers: { patchStrategy: 'merge' },
    ownerReferences: mergeByKey('uid'),
    managedFields: atomicList,
  },
};

const labelSelector: PatchMeta = atomicStruct;

const container: PatchMeta = {
  fields: {
    ports: mergeByKey('containerPort', {
      listMapKeys: ['containerPort', 'protocol'],
      listMapKeyDefaults: { protocol: 'TCP' },
    }),
    env: mergeByKey('name'),
    volumeMounts: mergeByKey('mountPath'),
    volumeDevices: mergeByKey('devicePath'),
    resizePolicy: atomicList,
    command: atomicList,
    args: atomicList,
    resources: { fields: { claims: { listType: 'map', listMapKeys: ['name'] } } },
  },
};

const podSpec: PatchMeta = {
  fields: {
    volumes: mergeByKey('name', { patchStrategy: 'merge,retainKeys' }),
    initContainers: mergeByKey('name', { items: container }),
    containers: mergeByKey('name', { items: container, alwaysSerialized: true }),
    ephemeralContainers: mergeByKey('name', { items: container }),
    imagePullSecrets: mergeByKey('name'),
    hostAliases: mergeByKey('ip'),
    tolerations: atomicList,
    readinessGates: atomicList,
    topologySpreadConstraints: mergeByKey('topologyKey', { listMapKeys: ['topologyKey', 'whenUnsatisfiable'] }),
    schedulingGates: mergeByKey('name'),
    resourceClaims: mergeByKey('name', { patchStrategy: 'merge,retainKeys' }),
  },
};

const podStatus: PatchMeta = {
  fields: {
    conditions,
    podIPs: mergeByKey('ip'),
    hostIPs: mergeByKey('ip'),
    initContainerStatuses: atomicList,
    containerStatuses: atomicList,
    ephemeralContainerStatuses: atomicList,
    resourceClaimStatuses: mergeByKey('name', { patchStrategy: 'merge,retainKeys' }),
  },
};

const podTemplateSpec: PatchMeta = always({
  fields: { metadata: objectMetaPatchMeta, spec: always(podSpec) },
});

/** Root meta of a kind: ObjectMeta plus the kind's own fields. */
const kind = (fields: { [name: string]: PatchMeta }): PatchMeta => ({
  fields: { metadata: objectMetaPatchMeta, ...fields },
});

const workloadStatus = always({ fields: { conditions } });

/** batch/v1 JobSpec: conditions merge by type for SMP but are an atomic list for SSA (+listType=atomic). */
const jobSpec: PatchMeta = { fields: { selector: labelSelector, template: podTemplateSpec } };
const jobConditions = mergeByKey('type', { listType: 'atomic' });
const claimSpec: PatchMeta = { fields: { selector: labelSelector, accessModes: atomicList, dataSource: atomicStruct } };

const tables: { readonly [groupKind: string]: PatchMeta } = {
  Pod: kind({ spec: always(podSpec), status: always(podStatus) }),
  Service: kind({
    spec: always({
      fields: {
        ports: mergeByKey('port', { listMapKeys: ['port', 'protocol'], listMapKeyDefaults: { protocol: 'TCP' } }),
        selector: atomicStruct,
        clusterIPs: atomicList,
        externalIPs: atomicList,
        ipFamilies: atomicList,
      },
    }),
    status: always({
      fields: { conditions, loadBalancer: { fields: { ingress: atomicList } } },
    }),
  }),
  Secret: kind({}),
  ConfigMap: kind({}),
  Namespace: kind({
    spec: always({ fields: { finalizers: atomicList } }),
    status: always({ fields: { conditions } }),
  }),
  ServiceAccount: kind({ secrets: mergeByKey('name'), imagePullSecrets: atomicList }),
  Event: kind({ involvedObject: always({}), source: always({}) }),
  'Event.events.k8s.io': kind({ regarding: always({}) }),
  'Lease.coordination.k8s.io': kind({ spec: always({}) }),
  'Deployment.apps': kind({
    spec: always({
      fields: {
        selector: labelSelector,
        template: podTemplateSpec,
        strategy: always({ patchStrategy: 'retainKeys' }),
      },
    }),
    status: workloadStatus,
  }),
  'ReplicaSet.apps': kind({
    spec: always({ fields: { selector: labelSelector, template: podTemplateSpec } }),
    status: workloadStatus,
  }),
  'StatefulSet.apps': kind({
    spec: always({ fields: { selector: labelSelector, template: podTemplateSpec, volumeClaimTemplates: atomicList } }),
    status: workloadStatus,
  }),
  'DaemonSet.apps': kind({
    spec: always({ fields: { selector: labelSelector, template: podTemplateSpec } }),
    status: workloadStatus,
  }),
  'ControllerRevision.apps': kind({}),
  'Job.batch': kind({ spec: always(jobSpec), status: always({ fields: { conditions: jobConditions } }) }),
  'CronJob.batch': kind({
    spec: always({ fields: { jobTemplate: always({ fields: { metadata: objectMetaPatchMeta, spec: always(jobSpec) } }) } }),
    status: always({ fields: { active: atomicList } }),
  }),
  PersistentVolumeClaim: kind({ spec: always(claimSpec), status: always({ fields: { conditions } }) }),
  PersistentVolume: kind({
    spec: always({ fields: { claimRef: atomicStruct, accessModes: atomicList, mountOptions: atomicList } }),
    status: always({}),
  }),
  Endpoints: kind({ subsets: atomicList }),
  Node: kind({
    spec: always({ fields: { podCIDRs: { patchStrategy: 'merge', listType: 'set' }, taints: atomicList } }),
    status: always({ fields: { conditions, addresses: mergeByKey('type'), images: atomicList, volumesInUse: atomicList, volumesAttached: atomicList } }),
  }),
  LimitRange: kind({ spec: always({ fields: { limits: atomicList } }) }),
  ResourceQuota: kind({ spec: always({ fields: { scopes: atomicList } }), status: always({}) }),
  // The /scale subresource speaks autoscaling/v1 Scale for every scalable kind.
  'Scale.autoscaling': kind({ spec: always({}), status: always({}) }),
  ...networkPolicyScalingPatchMeta(),
  ...admissionPatchMeta(),
};

/**
 * admissionregistration.k8s.io: webhooks, match conditions and variables merge by name; specs
 * (and a ValidatingAdmissionPolicy's status) are structs Go always writes.
 */
function admissionPatchMeta(): { [groupKind: string]: PatchMeta } {
  const webhooks = kind({ webhooks: mergeByKey('name', { items: { fields: { matchConditions: mergeByKey('name') } } }) });
  const policySpec = always({ fields: { matchConditions: mergeByKey('name'), variables: mergeByKey('name') } });
  const binding = kind({ spec: always({}) });
  return {
    'ValidatingWebhookConfiguration.admissionregistration.k8s.io': webhooks,
    'MutatingWebhookConfiguration.admissionregistration.k8s.io': webhooks,
    'ValidatingAdmissionPolicy.admissionregistration.k8s.io': kind({ spec: policySpec, status: always({}) }),
    'MutatingAdmissionPolicy.admissionregistration.k8s.io': kind({ spec: policySpec }),
    'ValidatingAdmissionPolicyBinding.admissionregistration.k8s.io': binding,
    'MutatingAdmissionPolicyBinding.admissionregistration.k8s.io': binding,
  };
}

/**
 * networking.k8s.io, policy, autoscaling (HPA, both versions), discovery.k8s.io, storage.k8s.io,
 * scheduling.k8s.io: their lists are atomic (the default here) except conditions; label
 * selectors and object references are atomic structs; a PDB's selector is replaced whole.
 */
function networkPolicyScalingPatchMeta(): { [groupKind: string]: PatchMeta } {
  return {
    'Ingress.networking.k8s.io': kind({
      spec: always({ fields: { defaultBackend: { fields: { service: { fields: { port: atomicStruct } } } } } }),
      status: always({ fields: { loadBalancer: always({}) } }),
    }),
    'IngressClass.networking.k8s.io': kind({ spec: always({ fields: { parameters: atomicStruct } }) }),
    'NetworkPolicy.networking.k8s.io': kind({ spec: always({ fields: { podSelector: labelSelector } }) }),
    'PodDisruptionBudget.policy': kind({
      spec: always({ fields: { selector: { ...labelSelector, patchStrategy: 'replace' } } }),
      status: always({ fields: { conditions: mergeByKey('type', { listType: 'map' }) } }),
    }),
    'HorizontalPodAutoscaler.autoscaling': kind({
      spec: always({ fields: { scaleTargetRef: atomicStruct } }),
      status: always({ fields: { conditions: mergeByKey('type', { listType: 'map' }) } }),
    }),
    'EndpointSlice.discovery.k8s.io': kind({ endpoints: { items: { fields: { addresses: { listType: 'set' } } } }, ports: { items: atomicStruct } }),
    'StorageClass.storage.k8s.io': kind({}),
    'PriorityClass.scheduling.k8s.io': kind({}),
  };
}

const byApiVersionKind = new Map<string, PatchMeta | undefined>();

/**
 * The PatchMeta of a built-in kind: this table's strategic merge patch rules with kube's SSA
 * markers for that version (builtin-ssa-meta.ts), built once per kind. Undefined for kinds
 * neither knows (custom resources, which do not accept strategic merge patch).
 */
export function builtinPatchMeta(apiVersion: string, kindName: string): PatchMeta | undefined {
  const key = `${apiVersion}/${kindName}`;
  if (byApiVersionKind.has(key)) return byApiVersionKind.get(key);
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const meta = withSchemaMarkers(tables[group ? `${kindName}.${group}` : kindName], apiVersion, kindName);
  byApiVersionKind.set(key, meta);
  return meta;
}
