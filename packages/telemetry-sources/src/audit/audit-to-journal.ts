/**
 * kube-apiserver audit events as request journal records, so the activity inference reads a
 * real cluster the way it reads the embedded server.
 *
 * What audit can tell, and what it cannot:
 * - One record per request, from its `ResponseComplete` (or `Panic`) stage; `RequestReceived`
 *   says nothing of the answer. A watch is long-running: its `ResponseStarted` stage (when the
 *   policy keeps it) opens it, else its `ResponseComplete` when it ended; `AuditJournal` keeps
 *   only the first. The events delivered on a watch are never audited.
 * - The client is `user.username` with the `userAgent`.
 * - Latency is `stageTimestamp - requestReceivedTimestamp` (microseconds in, ms out).
 * - `rvReturned`, generation, owner and list sizes come from `responseObject`, present only
 *   at the RequestResponse level; `rvSent` from `requestObject` (Request level and up), from
 *   `objectRef.resourceVersion` (the object sent, at every level) or the URL.
 * - `changedPaths`: audit holds what the client sent, never the object before, so for patches
 *   these are the paths the patch *writes* (see written-paths.ts), which may include fields it
 *   set to the value they had; for updates (a whole object) nothing honest can be said: absent.
 * - A 409's winner is not in an audit event (the response is a Status): `conflict` stays unset
 *   here; AuditFeed looks it up from the object's managedFields (conflict-winner.ts).
 */
import type { ControllerOwner, RequestRecord, RequestVerb, WatchOpenRecord } from '@dojo/console-protocol';
import { defaultFieldManager } from '@dojo/apiserver';
import type { AuditEvent } from './audit-event.ts';
import { writtenPaths } from './written-paths.ts';

export type AuditJournalRecord = RequestRecord | WatchOpenRecord;

/** A record before `AuditJournal` numbers it. */
export type UnnumberedAuditRecord = Omit<RequestRecord, 'seq'> | Omit<WatchOpenRecord, 'seq'>;

/** Audit verbs: Kubernetes' for resource requests, lowercase HTTP methods for other paths. */
/** The writes of one object the embedded journal names a field manager for (resource-handler.ts noteWrite). */
const writeVerbs: ReadonlySet<RequestVerb> = new Set(['create', 'update', 'patch', 'delete']);

const verbs: Record<string, RequestVerb> = {
  get: 'get',
  list: 'list',
  create: 'create',
  update: 'update',
  patch: 'patch',
  delete: 'delete',
  deletecollection: 'deletecollection',
  head: 'get',
  post: 'create',
  put: 'update',
};

type Json = Record<string, unknown>;

function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function metadataOf(object: unknown): Json | undefined {
  return asObject(asObject(object)?.metadata);
}

function controllerOwner(metadata: Json | undefined): ControllerOwner | undefined {
  const refs = metadata?.ownerReferences;
  if (!Array.isArray(refs)) return undefined;
  const ref = refs.map(asObject).find((r) => r?.controller === true);
  if (!ref || typeof ref.kind !== 'string' || typeof ref.name !== 'string' || typeof ref.apiVersion !== 'string') return undefined;
  const slash = ref.apiVersion.indexOf('/');
  return { group: slash < 0 ? '' : ref.apiVersion.slice(0, slash), kind: ref.kind, name: ref.name };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Epoch ms of an RFC 3339 timestamp, keeping the microseconds kube-apiserver writes (Date.parse drops them). */
function timeOf(timestamp: string): number | undefined {
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return undefined;
  const beyondMs = /\.\d{3}(\d+)/.exec(timestamp)?.[1];
  return beyondMs ? ms + Number(`0.${beyondMs}`) : ms;
}

/**
 * The path and query of a request target as kube-apiserver audits it (`req.URL.RequestURI()`),
 * which a client chooses: `//a%20b/` or `http://[::` are audited as sent, and `new URL` throws on
 * them. Split, never parsed as a URL: a target that is no URL is still a request that was made.
 */
function parseURI(requestURI: string): { path: string; query: URLSearchParams } {
  const question = requestURI.indexOf('?');
  if (question < 0) return { path: requestURI, query: new URLSearchParams() };
  return { path: requestURI.slice(0, question), query: new URLSearchParams(requestURI.slice(question + 1)) };
}

/** Whether an audit event ends a request the journal should show. */
function counts(event: AuditEvent): boolean {
  if (event.verb === 'watch') return event.stage === 'ResponseStarted' || event.stage === 'ResponseComplete' || event.stage === 'Panic';
  return event.stage === 'ResponseComplete' || event.stage === 'Panic';
}

/** The journal record for an audit event (without `seq`), or undefined for stages and verbs the journal does not show. */
export function auditEventToRecord(event: AuditEvent): UnnumberedAuditRecord | undefined {
  if (!counts(event)) return undefined;
  const received = timeOf(event.requestReceivedTimestamp);
  if (received === undefined) return undefined;
  const time = Math.floor(received);
  const { path, query } = parseURI(event.requestURI);
  const client = { user: event.user.username ?? 'system:anonymous', ...(event.userAgent ? { userAgent: event.userAgent } : {}) };
  const ref = event.objectRef;

  if (event.verb === 'watch') {
    if (!ref?.resource) return undefined;
    const fieldSelector = query.get('fieldSelector') ?? undefined;
    const named = ref.name ?? /^metadata\.name=([^,]+)$/.exec(fieldSelector ?? '')?.[1];
    const watch: Omit<WatchOpenRecord, 'seq'> = {
      type: 'watch-open',
      time,
      ...client,
      watchId: `audit-${event.auditID}`,
      group: ref.apiGroup ?? '',
      version: ref.apiVersion ?? '',
      resource: ref.resource,
      bookmarks: query.get('allowWatchBookmarks') === 'true',
    };
    if (ref.namespace) watch.namespace = ref.namespace;
    if (named) watch.name = named;
    const labelSelector = query.get('labelSelector');
    if (labelSelector) watch.labelSelector = labelSelector;
    if (fieldSelector) watch.fieldSelector = fieldSelector;
    const rv = query.get('resourceVersion');
    if (rv) watch.resourceVersion = rv;
    const timeout = Number(query.get('timeoutSeconds'));
    if (query.has('timeoutSeconds') && Number.isFinite(timeout)) watch.timeoutSeconds = timeout;
    return watch;
  }

  const verb = verbs[event.verb];
  if (!verb) return undefined;
  const end = timeOf(event.stageTimestamp) ?? received;
  const code = event.stage === 'Panic' ? 500 : (event.responseStatus?.code ?? 200);
  const record: Omit<RequestRecord, 'seq'> = {
    type: 'request',
    time,
    ...client,
    verb,
    code,
    latencyMs: Math.max(0, Math.round((end - received) * 1000) / 1000),
  };
  if (ref?.resource) {
    record.group = ref.apiGroup ?? '';
    if (ref.apiVersion) record.version = ref.apiVersion;
    record.resource = ref.resource;
    if (ref.subresource) record.subresource = ref.subresource;
    if (ref.namespace) record.namespace = ref.namespace;
    if (ref.name) record.name = ref.name;
    if (ref.uid) record.uid = ref.uid;
  } else {
    record.path = path;
  }
  const reason = text(event.responseStatus?.reason);
  if (reason) record.reason = reason;
  if (query.has('dryRun')) record.dryRun = true;
  // A write without ?fieldManager is recorded by kube-apiserver under the User-Agent's first word
  // (prefixFromUserAgent); the embedded server's journal names that manager, and so does this.
  const fieldManager = query.get('fieldManager') ?? (writeVerbs.has(verb) && ref?.resource ? defaultFieldManager(event.userAgent) : undefined);
  if (fieldManager) record.fieldManager = fieldManager;

  // kube-apiserver fills objectRef.resourceVersion from the object sent, at every level.
  const sentRV = text(metadataOf(event.requestObject)?.resourceVersion) ?? text(ref?.resourceVersion) ?? text(query.get('resourceVersion'));
  if (sentRV) record.rvSent = sentRV;
  const answer = asObject(event.responseObject);
  if (answer && answer.kind !== 'Status') {
    const metadata = metadataOf(answer);
    const rv = text(metadata?.resourceVersion);
    if (rv) record.rvReturned = rv;
    if (Array.isArray(answer.items)) record.items = answer.items.length;
    else {
      if (typeof answer.kind === 'string') record.kind = answer.kind;
      if (typeof metadata?.generation === 'number') record.generation = metadata.generation;
      const uid = text(metadata?.uid);
      if (uid) record.uid = uid;
      const owner = controllerOwner(metadata);
      if (owner) record.owner = owner;
    }
  }
  if (verb === 'patch' && code < 300 && event.requestObject !== undefined) record.changedPaths = writtenPaths(event.requestObject);
  return record;
}
