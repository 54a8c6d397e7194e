/**
 * Audit events generated from the embedded API server's own request journal, in the shape
 * kube-apiserver writes them (k8s.io/apiserver/pkg/apis/audit/v1/types.go, and
 * pkg/audit/request.go for how each field is filled): for every request a `RequestReceived`
 * and a `ResponseComplete` event sharing one auditID; for a watch `RequestReceived` and
 * `ResponseStarted` when it opens and `ResponseComplete` when it closes. `user.username` is the
 * journal's user, `userAgent` and `sourceIPs` as sent, `objectRef` from the URL (name, and the
 * object's uid once answered), `responseStatus` with the code (and a failure's reason),
 * `authorization.k8s.io/decision` and `/reason` annotations, timestamps with microseconds.
 *
 * The level (as an audit policy would pick it per request) decides the bodies. The journal
 * keeps no bodies, so a `RequestResponse` event's `responseObject` holds only what the journal
 * knows of the object (kind, name, namespace, uid, resourceVersion, generation, controller
 * owner) or the failure's Status, and no `requestObject` is invented; lists get none. Delivered
 * watch events are never audited, as upstream.
 */
import type { RequestJournalRecord, RequestRecord, WatchCloseRecord, WatchOpenRecord } from '@dojo/console-protocol';
import type { AuditEvent, AuditLevel } from '../audit-event.ts';

export type AuditPolicy = (record: RequestRecord | WatchOpenRecord) => AuditLevel;

/** Every request at the Metadata level: no bodies at all. */
export const metadataPolicy: AuditPolicy = () => 'Metadata';

/** The policy docs/audit.md recommends: RequestResponse for the operator's own groups, Metadata for the rest. */
export function operatorPolicy(groups: readonly string[]): AuditPolicy {
  return (record) => (record.type === 'request' && groups.includes(record.group ?? '') ? 'RequestResponse' : 'Metadata');
}

/** `2026-11-24T14:00:00.120000Z`: kube-apiserver's metav1.MicroTime. */
export function microTime(ms: number): string {
  const whole = Math.floor(ms);
  const micros = Math.round((ms - whole) * 1000);
  return new Date(whole).toISOString().replace(/\.(\d{3})Z$/, (_m, millis: string) => `.${millis}${String(micros).padStart(3, '0')}Z`);
}

/** A stable auditID (a UUID) per journal record, as kube-apiserver gives each request one. */
function auditId(seq: number): string {
  return `00000000-0000-4000-8000-${seq.toString(16).padStart(12, '0')}`;
}

function basePath(r: { group?: string | undefined; version?: string | undefined }): string {
  return r.group ? `/apis/${r.group}/${r.version ?? ''}` : `/api/${r.version ?? 'v1'}`;
}

function resourcePath(r: RequestRecord | WatchOpenRecord, withName: boolean): string {
  const ns = r.namespace ? `/namespaces/${r.namespace}` : '';
  const name = withName && r.name ? `/${r.name}` : '';
  const sub = r.type === 'request' && r.subresource ? `/${r.subresource}` : '';
  return `${basePath(r)}${ns}/${r.resource}${name}${sub}`;
}

function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  return q ? `?${q}` : '';
}

function requestURI(r: RequestRecord): string {
  if (!r.resource) return r.path ?? '/';
  const named = r.verb !== 'list' && r.verb !== 'deletecollection' && (r.verb !== 'create' || r.subresource !== undefined);
  return `${resourcePath(r, named)}${query({ ...(r.verb === 'list' ? { resourceVersion: r.rvSent } : {}), dryRun: r.dryRun ? 'All' : undefined, fieldManager: r.fieldManager })}`;
}

function watchURI(w: WatchOpenRecord): string {
  return `${resourcePath(w, false)}${query({
    allowWatchBookmarks: w.bookmarks ? 'true' : undefined,
    fieldSelector: w.fieldSelector ?? (w.name ? `metadata.name=${w.name}` : undefined),
    labelSelector: w.labelSelector,
    resourceVersion: w.resourceVersion,
    timeoutSeconds: w.timeoutSeconds === undefined ? undefined : String(w.timeoutSeconds),
    watch: 'true',
  })}`;
}

function objectRef(r: RequestRecord | WatchOpenRecord, answered: boolean): AuditEvent['objectRef'] {
  if (!r.resource) return undefined;
  return {
    resource: r.resource,
    ...(r.namespace ? { namespace: r.namespace } : {}),
    ...(r.type === 'request' && r.name ? { name: r.name } : {}),
    ...(answered && r.type === 'request' && r.uid ? { uid: r.uid } : {}),
    // LogRequestObject fills the ref from the object sent: an update's resourceVersion is the one it read.
    ...(answered && r.type === 'request' && r.rvSent && r.verb !== 'list' ? { resourceVersion: r.rvSent } : {}),
    apiGroup: r.group ?? '',
    apiVersion: r.version ?? 'v1',
    ...(r.type === 'request' && r.subresource ? { subresource: r.subresource } : {}),
  };
}

function responseStatus(r: RequestRecord): NonNullable<AuditEvent['responseStatus']> {
  if (r.code < 400) return { metadata: {}, code: r.code } as NonNullable<AuditEvent['responseStatus']>;
  return { metadata: {}, status: 'Failure', ...(r.reason ? { reason: r.reason } : {}), code: r.code } as NonNullable<AuditEvent['responseStatus']>;
}

/** What the journal knows of the object answered, as a responseObject. */
function responseObject(r: RequestRecord): unknown {
  if (r.code >= 400) return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', ...(r.reason ? { reason: r.reason } : {}), code: r.code };
  if (r.verb === 'list' || !r.kind || !r.name) return undefined;
  const owner = r.owner && { apiVersion: r.owner.group ? `${r.owner.group}/v1` : 'v1', kind: r.owner.kind, name: r.owner.name, uid: '', controller: true };
  return {
    kind: r.kind,
    apiVersion: r.group ? `${r.group}/${r.version}` : r.version,
    metadata: {
      name: r.name,
      ...(r.namespace ? { namespace: r.namespace } : {}),
      ...(r.uid ? { uid: r.uid } : {}),
      ...(r.rvReturned ? { resourceVersion: r.rvReturned } : {}),
      ...(r.generation !== undefined ? { generation: r.generation } : {}),
      ...(owner ? { ownerReferences: [owner] } : {}),
    },
  };
}

function common(r: RequestRecord | WatchOpenRecord, level: AuditLevel, verb: string, uri: string): Omit<AuditEvent, 'stage' | 'stageTimestamp'> {
  return {
    kind: 'Event',
    apiVersion: 'audit.k8s.io/v1',
    level,
    auditID: auditId(r.seq),
    requestURI: uri,
    verb,
    user: { username: r.user, groups: r.user === 'system:anonymous' ? ['system:unauthenticated'] : ['system:authenticated'] },
    sourceIPs: ['127.0.0.1'],
    ...(r.userAgent ? { userAgent: r.userAgent } : {}),
    requestReceivedTimestamp: microTime(r.time),
  };
}

function decision(r: RequestRecord): Record<string, string> {
  if (r.code === 401) return {};
  return r.code === 403
    ? { 'authorization.k8s.io/decision': 'forbid', 'authorization.k8s.io/reason': '' }
    : { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '' };
}

/** The audit events kube-apiserver would have written for one journal record (none for a delivered watch event). */
export class JournalToAudit {
  readonly #policy: AuditPolicy;
  readonly #watches = new Map<string, WatchOpenRecord>();

  constructor(policy: AuditPolicy = metadataPolicy) {
    this.#policy = policy;
  }

  events(record: RequestJournalRecord): AuditEvent[] {
    if (record.type === 'request') return this.#request(record);
    if (record.type === 'watch-open') return this.#watchOpened(record);
    if (record.type === 'watch-close') return this.#watchClosed(record);
    return [];
  }

  #request(r: RequestRecord): AuditEvent[] {
    const level = this.#policy(r);
    const base = common(r, level, r.verb, requestURI(r));
    const received: AuditEvent = {
      ...base,
      stage: 'RequestReceived',
      ...(objectRef(r, false) ? { objectRef: objectRef(r, false) } : {}),
      stageTimestamp: base.requestReceivedTimestamp,
    };
    const body = level === 'RequestResponse' ? responseObject(r) : undefined;
    const complete: AuditEvent = {
      ...base,
      stage: 'ResponseComplete',
      ...(objectRef(r, true) ? { objectRef: objectRef(r, true) } : {}),
      responseStatus: responseStatus(r),
      ...(body ? { responseObject: body } : {}),
      stageTimestamp: microTime(r.time + r.latencyMs),
      annotations: decision(r),
    };
    return [received, complete];
  }

  #watchOpened(w: WatchOpenRecord): AuditEvent[] {
    this.#watches.set(w.watchId, w);
    const base = common(w, this.#policy(w), 'watch', watchURI(w));
    const ref = objectRef(w, false)!;
    return [
      { ...base, stage: 'RequestReceived', objectRef: ref, stageTimestamp: base.requestReceivedTimestamp },
      {
        ...base,
        stage: 'ResponseStarted',
        objectRef: ref,
        responseStatus: { metadata: {}, code: 200 } as NonNullable<AuditEvent['responseStatus']>,
        stageTimestamp: base.requestReceivedTimestamp,
        annotations: { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '' },
      },
    ];
  }

  #watchClosed(c: WatchCloseRecord): AuditEvent[] {
    const w = this.#watches.get(c.watchId);
    if (!w) return [];
    this.#watches.delete(c.watchId);
    const base = common(w, this.#policy(w), 'watch', watchURI(w));
    return [
      {
        ...base,
        stage: 'ResponseComplete',
        objectRef: objectRef(w, false)!,
        responseStatus: { metadata: {}, code: 200 } as NonNullable<AuditEvent['responseStatus']>,
        stageTimestamp: microTime(c.time),
        annotations: { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '' },
      },
    ];
  }
}
