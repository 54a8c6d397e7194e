/**
 * The request journal: what every client asked the API server, what it answered, every watch
 * and every event delivered on it. The embedded API server writes these records
 * (packages/apiserver/src/journal) and serves them at `GET /debug/requests` as JSON lines; on a
 * real cluster, audit events map onto the same records. packages/activity reads them to infer
 * what each client does.
 *
 * Records are plain JSON with a `seq` (global to the journal, strictly increasing) and a `time`
 * (epoch ms when the server received the request, or delivered the event). A reader keeps and
 * ignores record types it does not know.
 *
 * Names: `resource` is the URL's (plural, lowercase), `kind` the served kind when the server
 * knows it. Field paths name list items by their keys, the way people read them:
 * `status.conditions[type=Ready].lastTransitionTime`, `spec.template.spec.containers[name=web].image`.
 */
import type { WatchEventType } from '@dojo/kube-api';
import type { InjectedFault } from './client-faults.ts';
import type { FieldManagerConflict } from './telemetry.ts';
import type { ViewMark } from './client-view.ts';
import type { AdmissionRecord } from './admission.ts';

/** Who made a request, as the server authenticated it. */
export interface RequestClient {
  /**
   * "admin" for the admin token; a connected client's name for a token from
   * `dojo-console connect NAME`; "system:anonymous" when no valid token came.
   */
  user: string;
  /** The user the request ran as when its sender impersonated someone (kube's Impersonate-User headers). */
  impersonatedUser?: string;
  userAgent?: string;
}

export type RequestVerb = 'get' | 'list' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

/** The object that controls another (its ownerReference with `controller: true`). */
export interface ControllerOwner {
  /** The owner's API group ("" for the core group), from its apiVersion. */
  readonly group: string;
  readonly kind: string;
  readonly name: string;
}

/** Who wrote a version of an object. */
export interface VersionWriter {
  /** Absent when only managedFields tell (they name the manager, not the user). */
  readonly user?: string;
  readonly userAgent?: string;
  readonly fieldManager?: string;
  /**
   * "journal": the server recorded the request that wrote it, exactly. "managedFields": inferred,
   * the manager of the object's newest managedFields entry — for a version written before the
   * journal knew of it, and for every 409 read from audit events (kube-apiserver's answer names
   * no winner; the console looks the object up).
   */
  readonly source: 'journal' | 'managedFields';
}

interface JournalRecordBase {
  seq: number;
  time: number;
}

/** One request that is not a watch (a watch is a `watch-open` record, then its events). */
export interface RequestRecord extends JournalRecordBase, RequestClient {
  type: 'request';
  /** Kubernetes' verb for resource requests; "get" for discovery, OpenAPI and /version. */
  verb: RequestVerb;
  group?: string;
  version?: string;
  resource?: string;
  subresource?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  /** Requests outside any resource (discovery, OpenAPI, /version): the path asked for. */
  path?: string;
  /** The resourceVersion the client sent (the object's, a precondition's, or a list's). */
  rvSent?: string | undefined;
  /** The resourceVersion of what the server answered (the object written or read, the list). */
  rvReturned?: string | undefined;
  code: number;
  /** The Status reason of an error ("Conflict", "NotFound", "Invalid"...). */
  reason?: string | undefined;
  latencyMs: number;
  dryRun?: true;
  fieldManager?: string;
  /** PATCH: "merge", "json", "strategic" or "apply". */
  patchType?: string;
  /**
   * Successful updates and patches: the field paths this write changed, old version against
   * new (at most 50; managedFields and resourceVersion left out). Empty when nothing changed
   * and no new version was written.
   */
  changedPaths?: string[] | undefined;
  /** The object's generation after the write (or of the object read). */
  generation?: number;
  /** The controller owner of the object written or read. */
  owner?: ControllerOwner;
  uid?: string;
  /** Lists: how many items the answer held. */
  items?: number;
  /**
   * A write answered 409 Conflict: the object's current version and who wrote it; for a
   * server-side apply's field-manager conflict, the fields and their managers (the Status
   * causes of type FieldManagerConflict), when the server records them.
   */
  conflict?: { readonly currentRV?: string; readonly writer?: VersionWriter; readonly fieldManagers?: readonly FieldManagerConflict[] } | undefined;
  /** The answer (or its delay) was injected by a fault rule (`dojo-console client NAME fault`), not the server's own. */
  fault?: InjectedFault;
  /** The request was refused by authorization (403): as whom, and the rule that would allow it. */
  forbidden?: ForbiddenRequest;
  /** A GET or LIST answered from an older view of the cluster (the client is paused, or given a stale view). */
  view?: ViewMark;
  /** A write: every admission webhook called and policy evaluated for it, in the order they ran (admission.ts). */
  admission?: readonly AdmissionRecord[];
  /** Admission records past the per-request limit (a deletecollection over many items): not kept, but counted. */
  admissionDropped?: number;
}

/** An RBAC rule (rbac.authorization.k8s.io/v1 PolicyRule). */
export interface RbacPolicyRule {
  readonly verbs: readonly string[];
  readonly apiGroups?: readonly string[];
  readonly resources?: readonly string[];
  readonly resourceNames?: readonly string[];
  readonly nonResourceURLs?: readonly string[];
}

/** What a 403 from the authorizer needs to be understood and fixed. */
export interface ForbiddenRequest {
  /** The user it was authorized as (`system:serviceaccount:NS:SA` for a client connected with --service-account). */
  readonly authorizedAs: string;
  /** The verb as RBAC names it (`watch`, `list`, `deletecollection`...); the record's `verb` is the HTTP one's. */
  readonly verb: string;
  /** The one rule that would allow this request: held by a Role in `namespace`, or by a ClusterRole without one. */
  readonly rule: RbacPolicyRule;
  /** Absent: only a ClusterRole can grant it (a cluster-scoped resource, every namespace, a non-resource URL). */
  readonly namespace?: string;
}

/** A watch opened: what it watches and from which resourceVersion. */
export interface WatchOpenRecord extends JournalRecordBase, RequestClient {
  type: 'watch-open';
  /** Unique within the journal; the watch's `watch-event` and `watch-close` records carry it. */
  watchId: string;
  group: string;
  version: string;
  resource: string;
  kind?: string;
  namespace?: string;
  /** A watch of one object (`fieldSelector=metadata.name=...` or a named URL). */
  name?: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** The resourceVersion to start after; absent or "0": now, with every current object first as ADDED. */
  resourceVersion?: string;
  bookmarks: boolean;
  /**
   * A streaming list (client-go's WatchList: `sendInitialEvents=true` with bookmarks): the
   * current state as ADDED events, closed by a BOOKMARK annotated `k8s.io/initial-events-end`.
   */
  streamingList?: boolean;
  timeoutSeconds?: number;
  /** A fault rule chose this watch: it is cut at once, or answered 410 Expired (see `InjectedFault.watch`). */
  fault?: InjectedFault;
}

/** One event delivered on a watch (after its selectors: what that client actually received). */
export interface WatchDeliveryRecord extends JournalRecordBase {
  type: 'watch-event';
  watchId: string;
  event: WatchEventType | 'BOOKMARK' | 'ERROR';
  namespace?: string;
  name?: string;
  resourceVersion?: string;
  owner?: ControllerOwner;
  /** One of the current objects a watch without resourceVersion receives first. */
  initial?: true;
  /** ERROR events: the Status code (410 when the resourceVersion was too old). */
  code?: number;
  /** An event the server held back from this client (pause, breakpoint) and then released. */
  view?: ViewMark;
}

/**
 * Why a watch ended: the client went away, its timeout passed, its resourceVersion was too old
 * (410, an ERROR event was sent), it read too slowly (the server cut it off), or the server stopped.
 */
export type WatchCloseReason = 'client' | 'timeout' | 'expired' | 'too-slow' | 'server';

export interface WatchCloseRecord extends JournalRecordBase {
  type: 'watch-close';
  watchId: string;
  reason: WatchCloseReason;
  /** Events delivered on this watch, bookmarks included. */
  events: number;
  /** It ended because a fault rule cut it or answered it 410 (the same fault as its `watch-open`). */
  fault?: InjectedFault;
}

export type RequestJournalRecord = RequestRecord | WatchOpenRecord | WatchDeliveryRecord | WatchCloseRecord;

export type RequestJournalRecordType = RequestJournalRecord['type'];

/**
 * `GET /debug/requests?sinceSeq=N`: the first line. `openWatches` are the watches open right
 * now (their `watch-open` records), so a reader that starts late still knows whose events it
 * will see. `resync`: records after `sinceSeq` were already dropped; the stream goes on from
 * `oldestSeq`, and the reader must rebuild what it derived from the lost ones.
 */
export interface RequestJournalHello {
  type: 'hello';
  oldestSeq: number;
  lastSeq: number;
  resync: boolean;
  openWatches: WatchOpenRecord[];
}

/** One line of `GET /debug/requests`: the hello first, then records in `seq` order. */
export type RequestJournalLine = RequestJournalHello | RequestJournalRecord;

/** `GET /api/requests`: the journal records the console has read (a bounded window), oldest first. */
export interface RequestLogPage {
  readonly records: RequestJournalRecord[];
  readonly oldestSeq: number;
  readonly lastSeq: number;
  /**
   * A search back through the history (`newest`, one object) that stopped before it filled the
   * page or reached the oldest record: the seq it searched back to. Older records may match;
   * ask again with `beforeSeq` set to it. Absent when nothing older is left unsearched.
   */
  readonly searchedBackTo?: number;
}
