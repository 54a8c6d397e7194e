/**
 * The REST client: Kubernetes' verbs over HTTPS for any `ResourceType`, with the API's one
 * error type (every non-2xx answer is a `StatusError` decoded from the Status body, so
 * `isNotFound`, `isConflict`, `isGone` ... work on it).
 *
 * Promises:
 * - Every request is counted in rest_client_requests_total; inside a reconcile it is also
 *   journaled (client-telemetry.ts), and a 409 on a stale write names the version that won.
 * - A write inside a reconcile whose controller has an injected conflict pending fails with
 *   409 Conflict without being sent.
 * - A write without an explicit field manager is attributed to the reconciling controller
 *   (its name), else to the client's field manager, so "who wrote this" has an answer.
 *
 * Reads here always go to the API server; reconcilers get a `CachedReader` in front of it.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { StatusError, type KubeList, type KubeObject, type ObjectKey, type Status, type WatchEvent } from '@dojo/kube-api';
import { realClock, type Clock } from '../clock/clock.ts';
import type { RestClientMetrics } from '../metrics/rest-client-metrics.ts';
import type { Journal } from '../telemetry/journal.ts';
import { reconcileContext } from '../telemetry/reconcile-context.ts';
import type { Client, DeleteOptions, GetOptions, ListOptions, Patch, PatchOptions, WatchOptions, WriteOptions } from './client.ts';
import { ClientTelemetry, type ApiCall, type CachedObjectLookup, type WriteFaultLookup } from './client-telemetry.ts';
import { KubeTransport, type TransportRequest } from './kube-transport.ts';
import { apiVersionOfType, resourcePath, ResourceTypeRegistry, type ResourceType } from './resource-type.ts';
import { decodeWatchEvents } from './watch-stream.ts';

export interface KubeClientOptions {
  kubeConfig: KubeConfig;
  types?: ResourceTypeRegistry;
  journal?: Journal;
  metrics?: RestClientMetrics;
  clock?: Clock;
  /** The field manager of writes made outside any reconcile (default "dojo-runtime"). */
  fieldManager?: string;
  userAgent?: string;
  /** Where injected write conflicts come from (the manager answers with its controllers). */
  writeFaults?: WriteFaultLookup;
  /** Where a conflict record looks first for the version that won (the informer cache). */
  cachedObject?: CachedObjectLookup;
}

const patchContentTypes: Record<Patch['type'], string> = {
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  json: 'application/json-patch+json',
  apply: 'application/apply-patch+yaml',
};

type Query = Record<string, string | number | boolean | undefined>;

export class KubeClient implements Client {
  readonly types: ResourceTypeRegistry;
  /** Where objects without a namespace are created: the kubeconfig context's namespace. */
  readonly defaultNamespace: string;
  /** host:port of the API server. */
  readonly host: string;
  readonly #transport: KubeTransport;
  readonly #telemetry: ClientTelemetry;
  readonly #fieldManager: string;

  private constructor(transport: KubeTransport, options: KubeClientOptions) {
    this.#transport = transport;
    this.types = options.types ?? new ResourceTypeRegistry();
    this.defaultNamespace = transport.defaultNamespace;
    this.host = transport.host;
    this.#fieldManager = options.fieldManager ?? 'dojo-runtime';
    this.#telemetry = new ClientTelemetry({
      clock: options.clock ?? realClock,
      ...(options.journal ? { journal: options.journal } : {}),
      ...(options.writeFaults ? { writeFaults: options.writeFaults } : {}),
      ...(options.cachedObject ? { cachedObject: options.cachedObject } : {}),
      fetchCurrent: (type, namespace, name) => this.#fetchQuietly(type, namespace, name),
    });
  }

  static async create(options: KubeClientOptions): Promise<KubeClient> {
    const transport = await KubeTransport.fromKubeConfig(options.kubeConfig, {
      ...(options.metrics ? { metrics: options.metrics } : {}),
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    });
    return new KubeClient(transport, options);
  }

  async get<T extends KubeObject = KubeObject>(type: ResourceType, key: ObjectKey, options: GetOptions = {}): Promise<T> {
    const namespace = this.#namespaceOf(type, key.namespace);
    const call: ApiCall = { verb: 'get', type, namespace, name: key.name };
    return (await this.#call(call, { method: 'GET', path: resourcePath(type, { namespace, name: key.name }), signal: options.signal })) as T;
  }

  async list<T extends KubeObject = KubeObject>(type: ResourceType, options: ListOptions = {}): Promise<KubeList<T>> {
    const namespace = type.namespaced ? options.namespace : undefined;
    const query: Query = {
      labelSelector: options.labelSelector?.toString() || undefined,
      fieldSelector: options.fieldSelector || undefined,
      limit: options.limit,
      continue: options.continue || undefined,
      resourceVersion: options.resourceVersion || undefined,
      resourceVersionMatch: options.resourceVersionMatch,
    };
    const path = resourcePath(type, { namespace }) + queryString(query);
    const list = (await this.#call({ verb: 'list', type, namespace }, { method: 'GET', path, signal: options.signal })) as KubeList<T>;
    // A built-in kind's list items come without apiVersion/kind (a typed Go list); like
    // controller-runtime, give each item its type so callers never see the difference.
    return { ...list, items: list.items.map((item) => withTypeMeta(type, item)) };
  }

  create<T extends KubeObject>(type: ResourceType, object: T, options: WriteOptions = {}): Promise<T & KubeObject> {
    const namespace = this.#namespaceOf(type, object.metadata.namespace);
    const body = withTypeMeta(type, object);
    return this.#write(type, 'create', { namespace, name: object.metadata.name }, undefined, options, (fieldManager) => ({
      method: 'POST',
      path: resourcePath(type, { namespace }) + writeQuery(options, fieldManager),
      body: JSON.stringify(body),
    }));
  }

  update<T extends KubeObject>(type: ResourceType, object: T, options: WriteOptions = {}): Promise<T & KubeObject> {
    return this.#replace(type, object, undefined, options);
  }

  updateStatus<T extends KubeObject>(type: ResourceType, object: T, options: WriteOptions = {}): Promise<T & KubeObject> {
    return this.#replace(type, object, 'status', options);
  }

  patch<T extends KubeObject = KubeObject>(type: ResourceType, key: ObjectKey, patch: Patch, options: PatchOptions = {}): Promise<T> {
    const namespace = this.#namespaceOf(type, key.namespace);
    const body = patch.type === 'json' ? patch.operations : patch.type === 'apply' ? withTypeMeta(type, patch.body) : patch.body;
    const rvSent = patch.type === 'json' ? undefined : resourceVersionIn(patch.body);
    return this.#write(type, 'patch', { namespace, name: key.name, subresource: options.subresource }, rvSent, options, (fieldManager) => ({
      method: 'PATCH',
      path:
        resourcePath(type, { namespace, name: key.name, subresource: options.subresource }) +
        writeQuery(options, fieldManager, patch.type === 'apply' && options.force ? { force: true } : {}),
      body: JSON.stringify(body),
      contentType: patchContentTypes[patch.type],
    }));
  }

  async delete(type: ResourceType, key: ObjectKey, options: DeleteOptions = {}): Promise<KubeObject | Status> {
    const namespace = this.#namespaceOf(type, key.namespace);
    const body = {
      kind: 'DeleteOptions',
      apiVersion: 'v1',
      ...(options.preconditions ? { preconditions: options.preconditions } : {}),
      ...(options.propagationPolicy ? { propagationPolicy: options.propagationPolicy } : {}),
      ...(options.gracePeriodSeconds === undefined ? {} : { gracePeriodSeconds: options.gracePeriodSeconds }),
      ...(options.dryRun ? { dryRun: ['All'] } : {}),
    };
    const call: ApiCall = { verb: 'delete', type, namespace, name: key.name, rvSent: options.preconditions?.resourceVersion };
    const request: TransportRequest = {
      method: 'DELETE',
      path: resourcePath(type, { namespace, name: key.name }),
      body: JSON.stringify(body),
      signal: options.signal,
    };
    return (await this.#call(call, request, true)) as KubeObject | Status;
  }

  /**
   * Streams changes after `resourceVersion`. The request is sent when iteration starts; it
   * ends when the server closes the stream (timeout), on an ERROR event (thrown as a
   * StatusError), or when `signal` aborts (thrown as an AbortError).
   */
  watch<T extends KubeObject = KubeObject>(type: ResourceType, options: WatchOptions = {}): AsyncIterable<WatchEvent<T>> {
    return this.#watch<T>(type, options);
  }

  /** GETs a path outside the resource API (discovery, /version); not journaled. */
  async getPath(path: string, signal?: AbortSignal): Promise<unknown> {
    const response = await this.#transport.request({ method: 'GET', path, signal });
    if (response.code >= 200 && response.code < 300) return response.body;
    throw StatusError.fromResponse(response.code, response.body);
  }

  /** Closes idle connections. */
  close(): void {
    this.#transport.close();
  }

  async *#watch<T extends KubeObject>(type: ResourceType, options: WatchOptions): AsyncGenerator<WatchEvent<T>> {
    const namespace = type.namespaced ? options.namespace : undefined;
    const query: Query = {
      watch: true,
      resourceVersion: options.resourceVersion || undefined,
      allowWatchBookmarks: options.allowWatchBookmarks || undefined,
      timeoutSeconds: options.timeoutSeconds,
      labelSelector: options.labelSelector?.toString() || undefined,
      fieldSelector: options.fieldSelector || undefined,
    };
    const span = this.#telemetry.begin({ verb: 'watch', type, namespace, rvSent: options.resourceVersion });
    const request: TransportRequest = { method: 'GET', path: resourcePath(type, { namespace }) + queryString(query), signal: options.signal };
    let body;
    try {
      body = await this.#transport.openStream(request);
    } catch (error) {
      this.#telemetry.end(span, error instanceof StatusError ? error.code : 0);
      throw error;
    }
    this.#telemetry.end(span, body.statusCode ?? 0);
    body.setEncoding('utf8');
    try {
      yield* decodeWatchEvents<T>(body as AsyncIterable<string>);
    } finally {
      body.destroy();
    }
  }

  #replace<T extends KubeObject>(type: ResourceType, object: T, subresource: 'status' | undefined, options: WriteOptions): Promise<T & KubeObject> {
    const namespace = this.#namespaceOf(type, object.metadata.namespace);
    const name = object.metadata.name ?? '';
    const body = withTypeMeta(type, object);
    return this.#write(type, 'update', { namespace, name, subresource }, object.metadata.resourceVersion, options, (fieldManager) => ({
      method: 'PUT',
      path: resourcePath(type, { namespace, name, subresource }) + writeQuery(options, fieldManager),
      body: JSON.stringify(body),
    }));
  }

  async #write<T>(
    type: ResourceType,
    verb: 'create' | 'update' | 'patch',
    target: { namespace: string | undefined; name: string | undefined; subresource?: string | undefined },
    rvSent: string | undefined,
    options: WriteOptions,
    build: (fieldManager: string) => Omit<TransportRequest, 'signal'>,
  ): Promise<T> {
    const fieldManager = options.fieldManager ?? reconcileContext.current()?.controller ?? this.#fieldManager;
    const call: ApiCall = { verb, type, ...target, rvSent, fieldManager };
    return (await this.#call(call, { ...build(fieldManager), signal: options.signal }, true)) as T;
  }

  async #call(call: ApiCall, request: TransportRequest, write = false): Promise<unknown> {
    if (write) {
      const injected = this.#telemetry.injectedConflict(call);
      if (injected) throw injected;
    }
    const span = this.#telemetry.begin(call);
    let response;
    try {
      response = await this.#transport.request(request);
    } catch (error) {
      this.#telemetry.end(span, 0);
      throw error;
    }
    this.#telemetry.end(span, response.code, response.body);
    if (response.code >= 200 && response.code < 300) return response.body;
    const error = StatusError.fromResponse(response.code, response.body);
    await this.#telemetry.conflict(span, error);
    throw error;
  }

  async #fetchQuietly(type: ResourceType, namespace: string | undefined, name: string): Promise<KubeObject | undefined> {
    const response = await this.#transport.request({ method: 'GET', path: resourcePath(type, { namespace, name }) });
    return response.code === 200 ? (response.body as KubeObject) : undefined;
  }

  #namespaceOf(type: ResourceType, namespace: string | undefined): string | undefined {
    return type.namespaced ? namespace || this.defaultNamespace : undefined;
  }
}

function withTypeMeta<T extends KubeObject>(type: ResourceType, object: T): T {
  return { ...object, apiVersion: object.apiVersion ?? apiVersionOfType(type), kind: object.kind ?? type.kind };
}

function resourceVersionIn(body: Record<string, unknown>): string | undefined {
  const rv = (body.metadata as { resourceVersion?: unknown } | undefined)?.resourceVersion;
  return typeof rv === 'string' ? rv : undefined;
}

function writeQuery(options: WriteOptions, fieldManager: string, extra: Query = {}): string {
  return queryString({
    fieldManager,
    dryRun: options.dryRun ? 'All' : undefined,
    fieldValidation: options.fieldValidation,
    ...extra,
  });
}

function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
