/** Served kinds and their OpenAPI schemas, read from the cluster (embedded or real). */
import type { KindSchema, ServedResource } from '@dojo/console-protocol';
import { newNotFound, StatusError } from '@dojo/kube-api';
import type { ClusterTransport } from '../cluster-transport.ts';

/** A `ServedResource` as discovery builds it: every optional list filled, `versions` still growing. */
interface DiscoveredResource extends ServedResource {
  versions: string[];
  shortNames: string[];
  categories: string[];
  subresources: string[];
}

interface ApiResource {
  name: string;
  kind: string;
  namespaced: boolean;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
}

async function getJson<T>(transport: ClusterTransport, path: string): Promise<T> {
  const res = await transport.request({ method: 'GET', path });
  if (res.code !== 200) throw StatusError.fromResponse(res.code, res.body);
  return res.body as T;
}

interface ApiGroup {
  name: string;
  versions: { version: string }[];
  preferredVersion?: { version: string };
}

function fromList(group: string, version: string, list: { resources: ApiResource[] }): DiscoveredResource[] {
  const subresources = new Map<string, string[]>();
  for (const r of list.resources) {
    const [main, sub] = r.name.split('/');
    if (sub) subresources.set(main!, [...(subresources.get(main!) ?? []), sub]);
  }
  return list.resources
    .filter((r) => !r.name.includes('/'))
    .map((r) => ({
      group,
      version,
      versions: [version],
      resource: r.name,
      kind: r.kind,
      namespaced: r.namespaced,
      verbs: r.verbs,
      shortNames: r.shortNames ?? [],
      categories: r.categories ?? [],
      subresources: subresources.get(r.name) ?? [],
    }));
}

/**
 * One group's resources, each once, described by the first version that serves it (the
 * preferred version first, as client-go's ServerPreferredResources picks), and listing every
 * version that serves it. A version whose discovery fails (an aggregated API that is down) is
 * left out, like kubectl does.
 */
async function groupResources(transport: ClusterTransport, group: ApiGroup): Promise<DiscoveredResource[]> {
  const preferred = group.preferredVersion?.version;
  const order = [...(preferred ? [preferred] : []), ...group.versions.map((v) => v.version).filter((v) => v !== preferred)];
  const lists = await Promise.all(
    order.map(async (version) => {
      try {
        return fromList(group.name, version, await getJson(transport, `/apis/${group.name}/${version}`));
      } catch {
        return [];
      }
    }),
  );
  const byResource = new Map<string, DiscoveredResource>();
  for (const served of lists.flat()) {
    const first = byResource.get(served.resource);
    if (first) first.versions.push(served.version);
    else byResource.set(served.resource, served);
  }
  return [...byResource.values()];
}

/** Every served resource with all the versions that serve it, at its group's preferred version. */
export async function discoverResources(transport: ClusterTransport): Promise<ServedResource[]> {
  const core = fromList('', 'v1', await getJson(transport, '/api/v1'));
  const groups = await getJson<{ groups: ApiGroup[] }>(transport, '/apis');
  const lists = await Promise.all(groups.groups.map((g) => groupResources(transport, g)));
  return [...core, ...lists.flat()];
}

const refPrefix = '#/components/schemas/';

/** The names of the definitions `root` reaches through `$ref`s, transitively (kube's schemas refer to each other, some in cycles). */
function reachableDefinitions(root: unknown, schemas: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  const reached: Record<string, Record<string, unknown>> = {};
  const pending: unknown[] = [root];
  while (pending.length) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith(refPrefix)) {
          const name = value.slice(refPrefix.length);
          const schema = schemas[name];
          if (schema && !(name in reached)) {
            reached[name] = schema;
            pending.push(schema);
          }
        } else pending.push(value);
      }
    }
  }
  return reached;
}

/**
 * The OpenAPI v3 schema of one kind, with its metadata $ref inlined as a plain object (the form
 * asks for name and namespace itself), and the definitions the rest of it refers to.
 */
export async function schemaOf(transport: ClusterTransport, group: string, version: string, kind: string): Promise<KindSchema> {
  const path = group ? `/openapi/v3/apis/${group}/${version}` : `/openapi/v3/api/${version}`;
  const doc = await getJson<{ components?: { schemas?: Record<string, Record<string, unknown>> } }>(transport, path);
  const schemas = doc.components?.schemas ?? {};
  for (const schema of Object.values(schemas)) {
    const gvks = schema['x-kubernetes-group-version-kind'] as { group: string; version: string; kind: string }[] | undefined;
    if (gvks?.some((g) => g.group === group && g.version === version && g.kind === kind)) {
      const properties = { ...(schema.properties as Record<string, unknown> | undefined) };
      properties.metadata = {
        type: 'object',
        description: 'Standard object metadata.',
        properties: { name: { type: 'string' }, namespace: { type: 'string' }, labels: { type: 'object', additionalProperties: { type: 'string' } } },
      };
      const kindSchema = { ...schema, properties };
      return { schema: kindSchema, definitions: reachableDefinitions(kindSchema, schemas) };
    }
  }
  throw newNotFound({ group, resource: 'schemas' }, `${version}/${kind}`);
}
