/**
 * How stale each client's view of the cluster is, and the writes it made on a stale view
 * (packages/activity computes these from the request journal; `GET /api/activity` carries them
 * for every client, `GET /api/clients/:name/staleness` for one; docs/client-controls.md,
 * "Staleness", says what is measured and its limits).
 *
 * Vocabulary from KEP-5647 (stale controller detection and mitigation, Kubernetes 1.36): an
 * informer's *store resource version* is the newest resourceVersion its watch brought it
 * (events and bookmarks; client-go's `informer_store_resource_version` gauge); a controller is
 * *stale* while that lags the server's; a write is *read-after-write consistent* only once the
 * store has caught up with it. Seen from the server, what a client's store can hold is at most
 * what was delivered to it, so these figures are a lower bound of its real staleness.
 */
import type { ObjectIdentity } from '@dojo/kube-api';

/** One client's view of one resource, from its open watches of it. */
export interface ResourceStaleness {
  /** `group/resource` ("" group: just the resource), e.g. `apps/deployments`, `configmaps`. */
  readonly resource: string;
  /** The watches this is measured on (the most stale one decides). */
  readonly watchIds: readonly string[];
  /** The newest resourceVersion delivered to it (events and bookmarks): its store resource version, at best. */
  readonly storeResourceVersion?: string;
  /** The newest resourceVersion the server wrote of what those watches cover. */
  readonly serverResourceVersion?: string;
  /** Versions written in their scope and not yet delivered: 0 when it is caught up. */
  readonly versionsBehind: number;
  /** Seconds since the oldest version not yet delivered was written: 0 when it is caught up. */
  readonly secondsBehind: number;
  /**
   * A watch with a label or field selector: the server's writes are counted only for objects
   * already delivered on it (those the console knows match), so the lag may be under-counted.
   */
  readonly selector?: true;
}

export interface ClientStaleness {
  readonly client: string;
  /** The resources it watches now (none: no watch open). */
  readonly resources: readonly ResourceStaleness[];
  /** Writes it made on a stale view, as far back as the journal read goes. */
  readonly staleWriteCount: number;
}

/** A version of an object the writer had not been shown when it wrote. */
export interface UnseenVersion {
  readonly resourceVersion: string;
  /** The client that wrote it, and what it changed (absent: the journal did not record it). */
  readonly writer?: string;
  readonly changedPaths?: readonly string[];
  /** `delete` when this version is the object's deletion. */
  readonly verb?: 'create' | 'update' | 'patch' | 'delete';
  readonly time: number;
  /** The journal record of the write that made it. */
  readonly seq?: number;
}

/**
 * A write (update, patch, delete, create) whose object the client had not been shown in its
 * latest version when it sent the request: the version it had seen (from its watches, GETs,
 * LISTs and its own writes) was older than the server's current one, written by another client.
 * An update whose resourceVersion precondition is stale gets 409 and is not one of these; a
 * patch, or an update without a precondition, goes through on whatever the client believed.
 */
export interface StaleWrite {
  /** `client:object:seq`, unique. */
  readonly id: string;
  readonly client: string;
  readonly object: ObjectIdentity;
  readonly resource: string;
  readonly verb: 'create' | 'update' | 'patch' | 'delete';
  /** What this write changed (updates and patches). */
  readonly changedPaths: readonly string[];
  /** The fields this write changed that an unseen version had changed too: a lost update, likely. */
  readonly overlappingPaths: readonly string[];
  /** The newest version of the object delivered to the client before it wrote; absent: none ever was. */
  readonly seenResourceVersion?: string;
  /** How the client was last shown the object: a watch event, a GET, a LIST or its own write. */
  readonly seenThrough?: 'watch' | 'get' | 'list' | 'write';
  /** The object's version when the write arrived, and who wrote it. */
  readonly currentResourceVersion: string;
  readonly currentWriter?: string;
  /** Every version between the seen one and the current one (oldest first, at most a few). */
  readonly unseen: readonly UnseenVersion[];
  /** The resourceVersion this write made. */
  readonly resourceVersion?: string;
  /** A precondition sent with it (rvSent), if any. */
  readonly rvSent?: string;
  readonly time: number;
  /** The usual cure, in a sentence. */
  readonly cure: string;
  /**
   * The evidence, as journal seqs (`GET /api/requests`): the write's request; the record that
   * showed the client the version it had seen; the writes of the versions it had not seen.
   */
  readonly evidence: { readonly writeSeq: number; readonly seenSeq?: number; readonly unseenSeqs: readonly number[] };
}

/** `GET /api/clients/:name/staleness`. */
export interface ClientStalenessAnswer {
  readonly time: number;
  readonly client: string;
  readonly resources: readonly ResourceStaleness[];
  /** Newest first. */
  readonly staleWrites: readonly StaleWrite[];
  /** Stale writes counted since the console started (the list keeps the newest). */
  readonly staleWriteCount: number;
}
