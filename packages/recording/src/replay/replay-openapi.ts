/**
 * OpenAPI v3 documents for a recording's kinds, as the embedded API server publishes them
 * (`/openapi/v3`, `/openapi/v3/apis/<group>/<version>`, `/openapi/v3/api/v1`): each kind's
 * schema tagged with its group, version and kind — a custom kind's from its CRD as of the
 * instant asked about, a built-in's open (a recording keeps no OpenAPI documents; the live
 * embedded server serves kube's own, packages/apiserver/src/http/openapi-builtin.ts). The
 * console's forms and "why is this not ready?" read a kind's schema from here.
 */
import { definitionName } from '@dojo/apiserver';
import type { ServedResource } from '@dojo/console-protocol';
import type { DiscoveryAnswer } from './replay-discovery.ts';
import type { ReplayKinds } from './replay-kinds.ts';

const openSchema = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };

function groupVersions(types: readonly ServedResource[]): string[] {
  const found = new Set<string>();
  for (const t of types) for (const v of t.versions ?? [t.version]) found.add(t.group ? `apis/${t.group}/${v}` : `api/${v}`);
  return [...found].sort();
}

function document(kinds: ReplayKinds, group: string, version: string, at: number): DiscoveryAnswer {
  const served = kinds.types().filter((t) => t.group === group && (t.versions ?? [t.version]).includes(version));
  if (served.length === 0) return undefined;
  const schemas: Record<string, unknown> = {};
  for (const type of served) {
    const schema = kinds.schema(type, version, at) ?? openSchema;
    schemas[definitionName({ group, version, kind: type.kind })] = { ...schema, 'x-kubernetes-group-version-kind': [{ group, version, kind: type.kind }] };
  }
  return { code: 200, body: { openapi: '3.0.0', info: { title: 'Kubernetes', version: 'recording' }, paths: {}, components: { schemas } } };
}

/** The document at `path` (under `/openapi`), or undefined when there is none. */
export function openApiDocument(kinds: ReplayKinds, path: string, at: number): DiscoveryAnswer {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] !== 'openapi' || segments[1] !== 'v3') return undefined;
  const rest = segments.slice(2);
  if (rest.length === 0) {
    return { code: 200, body: { paths: Object.fromEntries(groupVersions(kinds.types()).map((gv) => [gv, { serverRelativeURL: `/openapi/v3/${gv}` }])) } };
  }
  if (rest.length === 2 && rest[0] === 'api') return document(kinds, '', rest[1]!, at);
  if (rest.length === 3 && rest[0] === 'apis') return document(kinds, rest[1]!, rest[2]!, at);
  return undefined;
}
