/**
 * What the client tells the journal about a request made inside a reconcile: one `api-call`
 * record per request (attributed through `reconcileContext`, so reconcilers pass nothing
 * along), a `conflict` record for each 409 on a stale resourceVersion naming the version and
 * writer that won, and the controller's injected write conflicts, answered without a request.
 *
 * Requests made outside any reconcile (informers, leader election, the console) are counted in
 * the metrics only: the timeline shows reconciles, and a watch would drown it.
 *
 * Naming the winner of a real 409 reads the informer cache, or costs one extra GET (counted,
 * not journaled) when the cache still holds the stale version; the failed write waits for it,
 * so the conflict record lands before the reconcile's end.
 */
import { formatObjectKey, isConflict, newConflict, objectKeyOf, type KubeObject, type ObjectIdentity, type StatusError } from '@dojo/kube-api';
import type { Clock } from '../clock/clock.ts';
import type { WriteFaultSource } from '../controller/faults.ts';
import type { Journal } from '../telemetry/journal.ts';
import { reconcileContext, type ReconcileScope } from '../telemetry/reconcile-context.ts';
import type { ApiCallRecord } from '../telemetry/records.ts';
import { groupResourceOf, resourceName, type ResourceType } from './resource-type.ts';

/** The fault switches of the controller with this name, if the process runs one. */
export type WriteFaultLookup = (controller: string) => WriteFaultSource | undefined;

/** The cached copy of an object ("namespace/name"), if an informer holds this type. */
export type CachedObjectLookup = (type: ResourceType, key: string) => KubeObject | undefined;

/** One request, described before it is sent. */
export interface ApiCall {
  readonly verb: 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete';
  readonly type: ResourceType;
  readonly subresource?: string | undefined;
  readonly namespace?: string | undefined;
  readonly name?: string | undefined;
  readonly rvSent?: string | undefined;
  readonly fieldManager?: string | undefined;
}

export interface ClientTelemetryOptions {
  journal?: Journal;
  clock: Clock;
  writeFaults?: WriteFaultLookup;
  cachedObject?: CachedObjectLookup;
  /** Reads the current version of an object for a conflict record, unjournaled. */
  fetchCurrent: (type: ResourceType, namespace: string | undefined, name: string) => Promise<KubeObject | undefined>;
}

/** A request in flight inside a reconcile. */
export interface CallSpan {
  readonly call: ApiCall;
  readonly scope: ReconcileScope;
  readonly started: number;
}

export class ClientTelemetry {
  readonly #journal: Journal | undefined;
  readonly #clock: Clock;
  readonly #options: ClientTelemetryOptions;

  constructor(options: ClientTelemetryOptions) {
    this.#journal = options.journal;
    this.#clock = options.clock;
    this.#options = options;
  }

  /** Starts a span when the call is made inside a reconcile and there is a journal to tell. */
  begin(call: ApiCall): CallSpan | undefined {
    const scope = reconcileContext.current();
    if (!scope || !this.#journal) return undefined;
    return { call, scope, started: this.#clock.now() };
  }

  /**
   * If the reconciling controller was told to fail its next write, consumes that fault and
   * returns the Conflict to throw instead of sending; both records say it was injected.
   */
  injectedConflict(call: ApiCall): StatusError | undefined {
    const scope = reconcileContext.current();
    if (!scope || !this.#options.writeFaults?.(scope.controller)?.takeWriteConflict()) return undefined;
    const error = newConflict(groupResourceOf(call.type), call.name ?? '');
    const span = { call, scope, started: this.#clock.now() };
    this.#appendCall(span, 409, undefined, true);
    this.#journal?.append({
      type: 'conflict',
      controller: scope.controller,
      key: keyOf(call),
      object: targetOf(call),
      resource: resourceOf(call),
      reconcileId: scope.reconcileId,
      injected: true,
      ...(call.rvSent === undefined ? {} : { staleRV: call.rvSent }),
    });
    return error;
  }

  /** Records the finished request; `code` 0 when no response came back. */
  end(span: CallSpan | undefined, code: number, returned?: unknown): void {
    if (span) this.#appendCall(span, code, resourceVersionOf(returned), false);
  }

  /** Records a 409 on a stale version with what won: the current version and its last writer. */
  async conflict(span: CallSpan | undefined, error: StatusError): Promise<void> {
    if (!span || !this.#journal || !isConflict(error) || span.call.name === undefined) return;
    const { call, scope } = span;
    const current = await this.#currentVersion(call);
    const currentRV = current?.metadata.resourceVersion;
    const currentManager = current ? lastWriter(current) : undefined;
    this.#journal.append({
      type: 'conflict',
      controller: scope.controller,
      key: current ? objectKeyOf(current) : keyOf(call),
      object: targetOf(call, current?.metadata.uid),
      resource: resourceOf(call),
      reconcileId: scope.reconcileId,
      ...(call.rvSent === undefined ? {} : { staleRV: call.rvSent }),
      ...(currentRV === undefined ? {} : { currentRV }),
      ...(currentManager === undefined ? {} : { currentManager }),
    });
  }

  // The cache is the cheap answer, but it is useless when it still holds the very version the
  // writer sent (the writer most likely read it there); then ask the server.
  async #currentVersion(call: ApiCall): Promise<KubeObject | undefined> {
    const cached = this.#options.cachedObject?.(call.type, keyOf(call));
    if (cached && cached.metadata.resourceVersion !== call.rvSent) return cached;
    try {
      return (await this.#options.fetchCurrent(call.type, call.namespace, call.name ?? '')) ?? cached;
    } catch {
      return cached;
    }
  }

  #appendCall(span: CallSpan, code: number, rvReturned: string | undefined, injected: boolean): void {
    const { call, scope } = span;
    const record: Omit<ApiCallRecord, 'seq' | 'time'> = {
      type: 'api-call',
      controller: scope.controller,
      // Filed under the object being reconciled, so filtering by it shows its reconciles' calls.
      key: scope.key,
      ...(scope.object ? { object: scope.object } : {}),
      verb: call.verb,
      resource: resourceOf(call),
      code,
      durationMs: this.#clock.now() - span.started,
      reconcileId: scope.reconcileId,
      worker: scope.worker,
    };
    if (call.namespace !== undefined) record.namespace = call.namespace;
    if (call.name !== undefined) record.name = call.name;
    if (call.rvSent !== undefined) record.rvSent = call.rvSent;
    if (rvReturned !== undefined) record.rvReturned = rvReturned;
    if (call.fieldManager !== undefined) record.fieldManager = call.fieldManager;
    if (injected) record.injected = true;
    this.#journal?.append(record);
  }
}

/**
 * The manager whose write produced this version: the managedFields entry with the latest time
 * (ties go to the later entry). Entries carry second-precision times, so this is a best guess
 * when two managers wrote within the same second.
 */
export function lastWriter(object: KubeObject): string | undefined {
  let best: { manager?: string; time?: string } | undefined;
  for (const entry of object.metadata.managedFields ?? []) {
    if (!best || (entry.time ?? '') >= (best.time ?? '')) best = entry;
  }
  return best?.manager;
}

function keyOf(call: ApiCall): string {
  return formatObjectKey({ namespace: call.type.namespaced ? call.namespace : undefined, name: call.name ?? '' });
}

/** The object a call wrote to (not the one being reconciled): a conflict is about it. */
function targetOf(call: ApiCall, uid?: string): ObjectIdentity {
  const namespace = call.type.namespaced ? call.namespace : undefined;
  return { group: call.type.group, kind: call.type.kind, ...(namespace ? { namespace } : {}), name: call.name ?? '', ...(uid ? { uid } : {}) };
}

function resourceOf(call: ApiCall): string {
  const name = resourceName(call.type);
  return call.subresource ? `${name}/${call.subresource}` : name;
}

function resourceVersionOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const rv = (body as { metadata?: { resourceVersion?: unknown } }).metadata?.resourceVersion;
  return typeof rv === 'string' && rv !== '' ? rv : undefined;
}
