/**
 * A recording's Kubernetes read path: the REST protocol the console's proxy, discovery and
 * watches speak, answered from the recorded object versions as they were at one instant.
 * Lists (namespaced or not, by label and field selector), gets, Tables (the API server's
 * columns, ages as of the instant), PartialObjectMetadata, discovery, OpenAPI v3 (the kinds'
 * schemas as of the instant); every write is refused.
 *
 * A list's resourceVersion names its instant. A watch from the list's instant stays open and
 * quiet (nothing changes in a recording while one looks at one instant); a watch from anything
 * else is told 410 Expired, so the watcher lists again at the instant it now asks about.
 */
import {
  FieldSelector,
  LabelSelector,
  newBadRequest,
  newNotFound,
  newResourceExpired,
  newStatusError,
  StatusError,
  type KubeObject,
  type Table,
  partialObjectMetadata,
  toTable,
  type IncludeObject,
} from '@dojo/kube-api';
import type { ServedResource } from '@dojo/console-protocol';
import type { TransportRequest, TransportResponse } from '@dojo/runtime';
import type { ClusterTransport } from '@dojo/console-live';
import { readOnlyRecording } from '../read-only.ts';
import type { RecordedObjects } from './recorded-objects.ts';
import { discoveryDocument } from './replay-discovery.ts';
import type { ReplayKinds } from './replay-kinds.ts';
import { openApiDocument } from './replay-openapi.ts';

interface Target {
  readonly type: ServedResource;
  readonly version: string;
  readonly namespace?: string;
  readonly name?: string;
  readonly subresource?: string;
}

type Rendering = { as: 'Table' | 'PartialObjectMetadata' | 'PartialObjectMetadataList'; version: string } | undefined;

/** The resourceVersion of a list at `at`: watching from it is watching that instant. */
export function instantVersion(at: number): string {
  return `recording@${at}`;
}

const failure = (error: StatusError): TransportResponse => ({ code: error.code, body: error.status });

function renderingOf(accept: string | undefined): Rendering {
  for (const candidate of (accept ?? '').split(',')) {
    const params = new Map(
      candidate
        .split(';')
        .slice(1)
        .map((p) => p.split('=').map((s) => s.trim()) as [string, string]),
    );
    const as = params.get('as');
    if (as === 'Table' || as === 'PartialObjectMetadata' || as === 'PartialObjectMetadataList') return { as, version: params.get('v') ?? 'v1' };
  }
  return undefined;
}

/** `a.b.c` of an object, as a field selector compares it (absent fields are ""). */
function fieldValue(object: KubeObject, path: string): string {
  let value: unknown = object;
  for (const part of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value === undefined || value === null ? '' : String(value);
}

export class ReplayTransport {
  readonly #index: RecordedObjects;
  readonly #kinds: ReplayKinds;
  readonly #end: number;

  /** `end`: the instant asked about when a request names none (the moment of the export). */
  constructor(index: RecordedObjects, kinds: ReplayKinds, end: number) {
    this.#index = index;
    this.#kinds = kinds;
    this.#end = end;
  }

  /** The recording's cluster as it was at `at`. */
  at(at: number = this.#end): ClusterTransport {
    return {
      request: async (req) => this.#request(req, at),
      openStream: async (req) => this.#watch(req, at),
    };
  }

  #request(req: TransportRequest, at: number): TransportResponse {
    try {
      if (req.method !== 'GET') throw readOnlyRecording('its objects');
      const url = new URL(req.path, 'http://recording.local');
      if (url.pathname === '/version') return { code: 200, body: { major: '1', minor: '33', gitVersion: 'v1.33.0+dojo-recording', platform: 'recording' } };
      if (url.pathname.startsWith('/openapi'))
        return openApiDocument(this.#kinds, url.pathname, at) ?? failure(newNotFound({ group: '', resource: 'openapi' }, url.pathname));
      const discovery = discoveryDocument(this.#kinds.types(), url.pathname);
      if (discovery) return discovery;
      const target = this.#target(url.pathname);
      const rendering = renderingOf(req.accept);
      if (target.name !== undefined) return { code: 200, body: this.#get(target, at, rendering, url.searchParams) };
      return { code: 200, body: this.#list(target, at, rendering, url.searchParams) };
    } catch (error) {
      if (error instanceof StatusError) return failure(error);
      throw error;
    }
  }

  #target(pathname: string): Target {
    const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const notFound = newStatusError(404, 'NotFound', 'the server could not find the requested resource');
    let group: string;
    let version: string;
    let rest: string[];
    if (segments[0] === 'api' && segments.length >= 3) [group, version, rest] = ['', segments[1]!, segments.slice(2)];
    else if (segments[0] === 'apis' && segments.length >= 4) [group, version, rest] = [segments[1]!, segments[2]!, segments.slice(3)];
    else throw notFound;
    let namespace: string | undefined;
    if (rest[0] === 'namespaces' && rest.length >= 3) {
      namespace = rest[1];
      rest = rest.slice(2);
    }
    const type = this.#kinds.find(group, version, rest[0]!);
    if (!type || rest.length > 3) throw notFound;
    return {
      type,
      version,
      ...(namespace !== undefined ? { namespace } : {}),
      ...(rest[1] !== undefined ? { name: rest[1] } : {}),
      ...(rest[2] !== undefined ? { subresource: rest[2] } : {}),
    };
  }

  #stamp(object: KubeObject, target: Target): KubeObject {
    const apiVersion = target.type.group ? `${target.type.group}/${target.version}` : target.version;
    return { ...object, apiVersion, kind: target.type.kind };
  }

  #get(target: Target, at: number, rendering: Rendering, query: URLSearchParams): unknown {
    if (target.subresource !== undefined && target.subresource !== 'status')
      throw newNotFound({ group: target.type.group, resource: `${target.type.resource}/${target.subresource}` }, target.name!);
    const found = this.#index.objectAt(target.type.group, target.type.kind, target.type.namespaced ? target.namespace : undefined, target.name!, at);
    if (!found) throw newNotFound({ group: target.type.group, resource: target.type.resource }, target.name!);
    const object = this.#stamp(found.object, target);
    if (rendering?.as === 'Table') return this.#table([object], target, at, rendering.version, query, {});
    if (rendering?.as === 'PartialObjectMetadata') return partialObjectMetadata(object, rendering.version);
    return object;
  }

  #list(target: Target, at: number, rendering: Rendering, query: URLSearchParams): unknown {
    let labels: LabelSelector;
    let fields: FieldSelector;
    try {
      labels = LabelSelector.parse(query.get('labelSelector') ?? '');
      fields = FieldSelector.parse(query.get('fieldSelector') ?? '');
    } catch (error) {
      throw newBadRequest((error as Error).message);
    }
    const objects = this.#index
      .objectsAt(target.type.group, target.type.kind, at, target.type.namespaced ? target.namespace : undefined)
      .map((v) => this.#stamp(v.object, target))
      .filter(
        (o) => labels.matches(o.metadata.labels) && fields.matches(Object.fromEntries(fields.requirements.map((r) => [r.field, fieldValue(o, r.field)]))),
      );
    const metadata = { resourceVersion: instantVersion(at) };
    if (rendering?.as === 'Table') return this.#table(objects, target, at, rendering.version, query, metadata);
    if (rendering?.as === 'PartialObjectMetadataList') {
      return {
        kind: 'PartialObjectMetadataList',
        apiVersion: `meta.k8s.io/${rendering.version}`,
        metadata,
        items: objects.map((o) => partialObjectMetadata(o, rendering.version)),
      };
    }
    return {
      apiVersion: target.type.group ? `${target.type.group}/${target.version}` : target.version,
      kind: `${target.type.kind}List`,
      metadata,
      items: objects,
    };
  }

  #table(objects: KubeObject[], target: Target, at: number, version: string, query: URLSearchParams, listMeta: Table['metadata']): Table {
    const include = (query.get('includeObject') ?? 'Metadata') as IncludeObject;
    const columns = this.#kinds.columns(target.type, target.version, at);
    return toTable({ columns }, objects, {
      version,
      includeObject: ['None', 'Metadata', 'Object'].includes(include) ? include : 'Metadata',
      listMeta,
      withColumns: true,
      now: at,
    });
  }

  async #watch(req: TransportRequest, at: number): Promise<AsyncIterable<Buffer>> {
    const url = new URL(req.path, 'http://recording.local');
    // A Pod's log (the proxy streams pods/log) lives on its node, and a recording holds objects only.
    if (url.pathname.endsWith('/log'))
      throw newStatusError(404, 'NotFound', 'a recording holds no container logs: they live on the nodes, not in the objects it recorded');
    const from = url.searchParams.get('resourceVersion');
    const signal = req.signal;
    if (from === instantVersion(at)) {
      // Nothing changes at one instant of a recording: quiet until the watcher goes.
      return (async function* quiet(): AsyncGenerator<Buffer> {
        if (signal && !signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        yield* [];
      })();
    }
    const gone = newResourceExpired(`the watch started at ${from ?? 'no resourceVersion'}, not at the instant asked about (${instantVersion(at)}): list again`);
    return (async function* () {
      yield Buffer.from(`${JSON.stringify({ type: 'ERROR', object: gone.status })}\n`);
    })();
  }
}
