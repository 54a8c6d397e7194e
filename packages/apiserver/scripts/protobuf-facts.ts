/**
 * Writes src/http/protobuf/schema/*.ts: for every message reachable from the kinds the embedded
 * API server serves, the facts the wire format and the JSON form need: each field's number and
 * protobuf type (from the packages' generated.proto) and its JSON name, inline-ness and whether
 * a zero value stays in JSON (a Go pointer, or a json tag without omitempty; from the Go types).
 *
 *   node --import tsx packages/apiserver/scripts/protobuf-facts.ts \
 *     --api ~/src/k8s.io/api --apimachinery ~/src/k8s.io/apimachinery \
 *     --apiextensions ~/src/k8s.io/apiextensions-apiserver --ref v0.33.9
 *
 * Each option names a git repository; files are read at --ref. With --dirs, each option names a
 * plain source tree instead (the Go module cache after `go mod download k8s.io/api@v0.37.2`):
 *
 *   node --import tsx packages/apiserver/scripts/protobuf-facts.ts --dirs --ref v0.37.2 \
 *     --api ~/go/pkg/mod/k8s.io/api@v0.37.2 --apimachinery ~/go/pkg/mod/k8s.io/apimachinery@v0.37.2 \
 *     --apiextensions ~/go/pkg/mod/k8s.io/apiextensions-apiserver@v0.37.2
 *
 * Add a served kind to `roots`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    api: { type: 'string' },
    apimachinery: { type: 'string' },
    apiextensions: { type: 'string' },
    ref: { type: 'string', default: 'v0.33.9' },
    dirs: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
if (!args.api || !args.apimachinery || !args.apiextensions) {
  throw new Error('usage: protobuf-facts.ts --api DIR --apimachinery DIR --apiextensions DIR [--ref TAG] [--dirs] [--only FILE,...]');
}
const onlyFiles = args.only ? new Set(args.only.split(',')) : undefined;
const repos: Record<string, string> = { api: args.api, apimachinery: args.apimachinery, apiextensions: args.apiextensions };

interface Source {
  repo: string;
  dir: string;
  pkg: string;
  short: string;
  goFiles: string[];
}
const sources: Source[] = [
  { repo: 'api', dir: 'core/v1', pkg: 'k8s.io.api.core.v1', short: 'core.v1', goFiles: ['types.go'] },
  { repo: 'api', dir: 'apps/v1', pkg: 'k8s.io.api.apps.v1', short: 'apps.v1', goFiles: ['types.go'] },
  { repo: 'api', dir: 'coordination/v1', pkg: 'k8s.io.api.coordination.v1', short: 'coordination.v1', goFiles: ['types.go'] },
  { repo: 'api', dir: 'events/v1', pkg: 'k8s.io.api.events.v1', short: 'events.v1', goFiles: ['types.go'] },
  { repo: 'api', dir: 'rbac/v1', pkg: 'k8s.io.api.rbac.v1', short: 'rbac.v1', goFiles: ['types.go'] },
  { repo: 'api', dir: 'batch/v1', pkg: 'k8s.io.api.batch.v1', short: 'batch.v1', goFiles: ['types.go'] },
  { repo: 'api', dir: 'scheduling/v1alpha3', pkg: 'k8s.io.api.scheduling.v1alpha3', short: 'scheduling.v1alpha3', goFiles: ['types.go'] },
  { repo: 'api', dir: 'autoscaling/v1', pkg: 'k8s.io.api.autoscaling.v1', short: 'autoscaling.v1', goFiles: ['types.go'] },
  { repo: 'api', dir: 'apidiscovery/v2', pkg: 'k8s.io.api.apidiscovery.v2', short: 'apidiscovery.v2', goFiles: ['types.go'] },
  { repo: 'api', dir: 'autoscaling/v2', pkg: 'k8s.io.api.autoscaling.v2', short: 'autoscaling.v2', goFiles: ['types.go'] },
  { repo: 'api', dir: 'networking/v1', pkg: 'k8s.io.api.networking.v1', short: 'networking.v1', goFiles: ['types.go'] },
  { repo: 'api', dir: 'policy/v1', pkg: 'k8s.io.api.policy.v1', short: 'policy.v1', goFiles: ['types.go'] },
  { repo: 'api', dir: 'discovery/v1', pkg: 'k8s.io.api.discovery.v1', short: 'discovery.v1', goFiles: ['types.go'] },
  { repo: 'api', dir: 'storage/v1', pkg: 'k8s.io.api.storage.v1', short: 'storage.v1', goFiles: ['types.go'] },
  { repo: 'api', dir: 'scheduling/v1', pkg: 'k8s.io.api.scheduling.v1', short: 'scheduling.v1', goFiles: ['types.go'] },
  { repo: 'api', dir: 'admissionregistration/v1', pkg: 'k8s.io.api.admissionregistration.v1', short: 'admissionregistration.v1', goFiles: ['types.go'] },
  {
    repo: 'apiextensions',
    dir: 'pkg/apis/apiextensions/v1',
    pkg: 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1',
    short: 'apiextensions.v1',
    goFiles: ['types.go', 'types_jsonschema.go'],
  },
  {
    repo: 'apimachinery',
    dir: 'pkg/apis/meta/v1',
    pkg: 'k8s.io.apimachinery.pkg.apis.meta.v1',
    short: 'meta.v1',
    goFiles: ['types.go', 'watch.go', 'group_version.go'],
  },
  { repo: 'apimachinery', dir: 'pkg/runtime', pkg: 'k8s.io.apimachinery.pkg.runtime', short: 'runtime', goFiles: ['types.go'] },
  { repo: 'apimachinery', dir: 'pkg/util/intstr', pkg: 'k8s.io.apimachinery.pkg.util.intstr', short: 'intstr', goFiles: [] },
  { repo: 'apimachinery', dir: 'pkg/api/resource', pkg: 'k8s.io.apimachinery.pkg.api.resource', short: 'resource', goFiles: [] },
];

/** Messages whose JSON form is not their fields: written by hand. */
const special = new Set([
  'meta.v1.Time',
  'meta.v1.MicroTime',
  'meta.v1.Duration',
  'meta.v1.FieldsV1',
  'runtime.RawExtension',
  'intstr.IntOrString',
  'resource.Quantity',
  'apiextensions.v1.JSON',
  'apiextensions.v1.JSONSchemaPropsOrArray',
  'apiextensions.v1.JSONSchemaPropsOrBool',
  'apiextensions.v1.JSONSchemaPropsOrStringArray',
]);

/** core/v1 kinds whose own messages live in core-v1-cluster.ts (volumes, nodes, endpoints, quotas). */
const clusterCoreKinds = ['PersistentVolumeClaim', 'PersistentVolume', 'Endpoints', 'Node', 'LimitRange', 'ResourceQuota'];

const roots = [
  ...['Namespace', 'Secret', 'ConfigMap', 'ServiceAccount', 'Service', 'Pod', 'Event'].flatMap((k) => [`core.v1.${k}`, `core.v1.${k}List`]),
  ...['Deployment', 'ReplicaSet'].flatMap((k) => [`apps.v1.${k}`, `apps.v1.${k}List`]),
  ...['StatefulSet', 'DaemonSet', 'ControllerRevision'].flatMap((k) => [`apps.v1.${k}`, `apps.v1.${k}List`]),
  ...['Job', 'CronJob'].flatMap((k) => [`batch.v1.${k}`, `batch.v1.${k}List`]),
  ...clusterCoreKinds.flatMap((k) => [`core.v1.${k}`, `core.v1.${k}List`]),
  'coordination.v1.Lease',
  'coordination.v1.LeaseList',
  'events.v1.Event',
  'events.v1.EventList',
  'apiextensions.v1.CustomResourceDefinition',
  'apiextensions.v1.CustomResourceDefinitionList',
  ...['ClusterRole', 'Role', 'ClusterRoleBinding', 'RoleBinding'].flatMap((k) => [`rbac.v1.${k}`, `rbac.v1.${k}List`]),
  'autoscaling.v1.Scale',
  'apidiscovery.v2.APIGroupDiscoveryList',
  ...['HorizontalPodAutoscaler'].flatMap((k) => [`autoscaling.v1.${k}`, `autoscaling.v1.${k}List`, `autoscaling.v2.${k}`, `autoscaling.v2.${k}List`]),
  ...['Ingress', 'IngressClass', 'NetworkPolicy'].flatMap((k) => [`networking.v1.${k}`, `networking.v1.${k}List`]),
  'policy.v1.PodDisruptionBudget',
  'policy.v1.PodDisruptionBudgetList',
  'discovery.v1.EndpointSlice',
  'discovery.v1.EndpointSliceList',
  'storage.v1.StorageClass',
  'storage.v1.StorageClassList',
  'scheduling.v1.PriorityClass',
  'scheduling.v1.PriorityClassList',
  ...[
    'ValidatingWebhookConfiguration',
    'MutatingWebhookConfiguration',
    'ValidatingAdmissionPolicy',
    'ValidatingAdmissionPolicyBinding',
    'MutatingAdmissionPolicy',
    'MutatingAdmissionPolicyBinding',
  ].flatMap((k) => [`admissionregistration.v1.${k}`, `admissionregistration.v1.${k}List`]),
  'meta.v1.Status',
  'meta.v1.DeleteOptions',
  'meta.v1.WatchEvent',
  'meta.v1.PartialObjectMetadata',
  'meta.v1.PartialObjectMetadataList',
  'runtime.Unknown',
];

const show = (s: Source, file: string): string =>
  args.dirs
    ? readFileSync(`${repos[s.repo]!}/${s.dir}/${file}`, 'utf8')
    : execFileSync('git', ['-C', repos[s.repo]!, 'show', `${args.ref}:${s.dir}/${file}`], { encoding: 'utf8', maxBuffer: 64 << 20 });

interface ProtoField {
  name: string;
  number: number;
  repeated: boolean;
  type: string;
  mapKey?: string;
}
const protos = new Map<string, ProtoField[]>();
const shortOf = (type: string, pkg: string): string => {
  const t = type.replace(/^\./, '');
  if (!t.includes('.')) return /^(string|int32|int64|bool|bytes|double|float|uint32|uint64)$/.test(t) ? t : `${sources.find((s) => s.pkg === pkg)!.short}.${t}`;
  const src = sources.find((s) => t.startsWith(`${s.pkg}.`) && !t.slice(s.pkg.length + 1).includes('.'));
  if (!src) throw new Error(`unknown package for ${t}`);
  return `${src.short}.${t.slice(src.pkg.length + 1)}`;
};
for (const s of sources) {
  const text = show(s, 'generated.proto').replace(/\/\/.*$/gm, '');
  for (const m of text.matchAll(/message (\w+) \{([^}]*)\}/g)) {
    const fields: ProtoField[] = [];
    for (const line of m[2]!.split(';')) {
      const l = line.trim();
      if (!l) continue;
      let f = /^(optional|repeated) ([\w.]+) (\w+) = (\d+)$/.exec(l);
      if (f) {
        fields.push({ name: f[3]!, number: Number(f[4]), repeated: f[1] === 'repeated', type: shortOf(f[2]!, s.pkg) });
        continue;
      }
      f = /^map<([\w.]+), ([\w.]+)> (\w+) = (\d+)$/.exec(l);
      if (f) {
        fields.push({ name: f[3]!, number: Number(f[4]), repeated: false, mapKey: shortOf(f[1]!, s.pkg), type: shortOf(f[2]!, s.pkg) });
        continue;
      }
      throw new Error(`unparsed proto line in ${m[1]}: ${l}`);
    }
    protos.set(`${s.short}.${m[1]}`, fields);
  }
}

interface GoField {
  json: string;
  omitempty: boolean;
  inline: boolean;
  pointer: boolean;
}
const goFields = new Map<string, Map<number, GoField>>();
for (const s of sources) {
  for (const file of s.goFiles) {
    const text = show(s, file);
    for (const m of text.matchAll(/^type (\w+) struct \{\n([\s\S]*?)^\}/gm)) {
      const fields = new Map<number, GoField>();
      for (const line of m[2]!.split('\n')) {
        const f = /^\s+(?:(\w+)\s+)?(\S+)\s+`([^`]*)`/.exec(line);
        if (!f) continue;
        const tags = f[3]!;
        const pb = /protobuf:"[a-z0-9]+,(\d+),/.exec(tags);
        if (!pb) continue;
        const json = /json:"([^"]*)"/.exec(tags)?.[1] ?? '';
        const [jsonName, ...opts] = json.split(',');
        // An embedded struct is inline: tagged `json:",inline"` up to 1.33, `json:""` since (and
        // networking/v1 IngressRule's IngressRuleValue has no tag at all).
        const inline = opts.includes('inline') || (f[1] === undefined && jsonName === '');
        fields.set(Number(pb[1]), { json: jsonName!, omitempty: opts.includes('omitempty'), inline, pointer: f[2]!.startsWith('*') });
      }
      goFields.set(`${s.short}.${m[1]}`, fields);
    }
  }
}

// Closure.
const needed = new Set<string>();
const visit = (name: string): void => {
  if (needed.has(name) || /^(string|int32|int64|bool|bytes|double|float)$/.test(name)) return;
  needed.add(name);
  if (special.has(name)) return;
  const fields = protos.get(name);
  if (!fields) throw new Error(`no proto message ${name}`);
  for (const f of fields) visit(f.type);
};
for (const r of roots) visit(r);

const scalarZero = new Set(['string', 'int32', 'int64', 'bool', 'bytes', 'double', 'float']);
/** Which file each message goes to; core/v1 splits into the pod closure and the rest. */
const podRoots = ['core.v1.PodSpec', 'core.v1.PodStatus', 'core.v1.PodTemplateSpec'];
const podClosure = new Set<string>();
const visitPod = (name: string): void => {
  if (podClosure.has(name) || !name.startsWith('core.v1.') || special.has(name)) return;
  podClosure.add(name);
  for (const f of protos.get(name) ?? []) visitPod(f.type);
};
for (const r of podRoots) visitPod(r);
/** core/v1 messages the older served kinds reach stay in core-v1.ts; the rest go to core-v1-cluster.ts. */
const olderCoreClosure = new Set<string>();
const visitOlderCore = (name: string): void => {
  if (olderCoreClosure.has(name) || !name.startsWith('core.v1.') || special.has(name) || podClosure.has(name)) return;
  olderCoreClosure.add(name);
  for (const f of protos.get(name) ?? []) visitOlderCore(f.type);
};
for (const r of roots) if (r.startsWith('core.v1.') && !clusterCoreKinds.some((k) => r === `core.v1.${k}` || r === `core.v1.${k}List`)) visitOlderCore(r);

const files: Record<string, { exportName: string; about: string; names: string[] }> = {
  'meta-v1': {
    exportName: 'metaV1Messages',
    about: 'meta.k8s.io/v1 messages: object and list metadata, Status, DeleteOptions, WatchEvent, PartialObjectMetadata',
    names: [],
  },
  'core-v1-pod': {
    exportName: 'corePodMessages',
    about: 'core/v1 messages of pods: PodSpec, PodStatus, PodTemplateSpec and every message they reach',
    names: [],
  },
  'core-v1': {
    exportName: 'coreV1Messages',
    about: 'core/v1 messages of the other served kinds: Namespace, Secret, ConfigMap, ServiceAccount, Service, Event',
    names: [],
  },
  'core-v1-cluster': {
    exportName: 'coreClusterMessages',
    about: 'core/v1 messages of PersistentVolumeClaim, PersistentVolume, Endpoints, Node, LimitRange and ResourceQuota not already in core-v1-pod.ts',
    names: [],
  },
  'apps-v1': { exportName: 'appsV1Messages', about: 'apps/v1 messages: Deployment, ReplicaSet, StatefulSet, DaemonSet, ControllerRevision', names: [] },
  'batch-v1': { exportName: 'batchV1Messages', about: 'batch/v1 messages: Job, CronJob', names: [] },
  'scheduling-v1alpha3': {
    exportName: 'schedulingV1alpha3Messages',
    about: 'scheduling.k8s.io/v1alpha3 messages that a batch/v1 Job spec reaches (the kinds are not served)',
    names: [],
  },
  'rbac-v1': { exportName: 'rbacV1Messages', about: 'rbac.authorization.k8s.io/v1 messages: roles and role bindings', names: [] },
  'apiextensions-v1': { exportName: 'apiextensionsV1Messages', about: 'apiextensions.k8s.io/v1 messages: CustomResourceDefinition', names: [] },
  'coordination-v1': { exportName: 'coordinationV1Messages', about: 'coordination.k8s.io/v1 messages: Lease', names: [] },
  'events-v1': { exportName: 'eventsV1Messages', about: 'events.k8s.io/v1 messages: Event', names: [] },
  'autoscaling-v1': {
    exportName: 'autoscalingV1Messages',
    about: 'autoscaling/v1 messages: Scale, the scale subresource, and HorizontalPodAutoscaler',
    names: [],
  },
  'autoscaling-v2': { exportName: 'autoscalingV2Messages', about: 'autoscaling/v2 messages: HorizontalPodAutoscaler', names: [] },
  'networking-v1': { exportName: 'networkingV1Messages', about: 'networking.k8s.io/v1 messages: Ingress, IngressClass, NetworkPolicy', names: [] },
  'policy-v1': { exportName: 'policyV1Messages', about: 'policy/v1 messages: PodDisruptionBudget', names: [] },
  'discovery-v1': { exportName: 'discoveryV1Messages', about: 'discovery.k8s.io/v1 messages: EndpointSlice', names: [] },
  'storage-v1': { exportName: 'storageV1Messages', about: 'storage.k8s.io/v1 messages: StorageClass', names: [] },
  'scheduling-v1': { exportName: 'schedulingV1Messages', about: 'scheduling.k8s.io/v1 messages: PriorityClass', names: [] },
  'admissionregistration-v1': {
    exportName: 'admissionregistrationV1Messages',
    about: 'admissionregistration.k8s.io/v1 messages: webhook configurations, admission policies and their bindings',
    names: [],
  },
  'apidiscovery-v2': {
    exportName: 'apidiscoveryV2Messages',
    about: 'apidiscovery.k8s.io/v2 messages: APIGroupDiscoveryList, the aggregated discovery document',
    names: [],
  },
};
const fileOf = (name: string): string => {
  if (name.startsWith('core.v1.')) return podClosure.has(name) ? 'core-v1-pod' : olderCoreClosure.has(name) ? 'core-v1' : 'core-v1-cluster';
  return name.slice(0, name.lastIndexOf('.')).replace('.', '-');
};

const rendered = new Map<string, string>();
for (const name of [...needed].sort()) {
  if (special.has(name) || name.startsWith('runtime.')) continue;
  const go = goFields.get(name);
  if (!go && protos.get(name)!.length > 0) throw new Error(`no Go struct for ${name}`);
  const parts: string[] = [];
  for (const f of protos.get(name)!) {
    const g = go!.get(f.number);
    if (!g) throw new Error(`no Go field ${name}#${f.number}`);
    let type = f.mapKey ? `map<${f.mapKey},${f.type}>` : f.repeated ? `[]${f.type}` : f.type;
    if (!f.mapKey && !f.repeated && scalarZero.has(f.type) && (g.pointer || !g.omitempty)) type = `*${type}`;
    if (g.inline) type = `...${type}`;
    const key = g.inline ? f.name : g.json || f.name;
    parts.push(`${/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`}: '${f.number} ${type}'`);
  }
  const head = `  '${name}': {`;
  let text: string;
  if (parts.length === 0) text = `${head}},`;
  else if (head.length + parts.join(', ').length + 4 <= 160) text = `${head} ${parts.join(', ')} },`;
  else {
    const lines: string[] = [head];
    let line = '   ';
    for (const p of parts) {
      if (line.length + p.length + 2 > 150) {
        lines.push(line.trimEnd());
        line = '   ';
      }
      line += ` ${p},`;
    }
    lines.push(line.trimEnd(), '  },');
    text = lines.join('\n');
  }
  rendered.set(name, text);
  files[fileOf(name)]!.names.push(name);
}
const outDir = fileURLToPath(new URL('../src/http/protobuf/schema', import.meta.url));
for (const [file, spec] of Object.entries(files)) {
  if (onlyFiles && !onlyFiles.has(file)) continue;
  const body = spec.names.map((n) => rendered.get(n)).join('\n');
  const text = `/**
 * ${spec.about}.
 * Wire facts as of Kubernetes ${args.ref.replace(/^v0\./, '1.')}: each field's JSON name, protobuf field number and type, in
 * the notation of ../message-table.ts. Generated by packages/apiserver/scripts/protobuf-facts.ts
 * from the Kubernetes sources; regenerate rather than edit.
 */
import type { MessageTable } from '../message-table.ts';

export const ${spec.exportName} = {
${body}
} as const satisfies MessageTable;
`;
  writeFileSync(`${outDir}/${file}.ts`, text);
}
