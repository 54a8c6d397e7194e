/**
 * Every version of every object the console watches, recorded server-side as the watch
 * delivers it: the console's receive time, the event, resourceVersion, generation, which field
 * manager wrote it (the managedFields entry that changed), and whether the spec changed or only
 * status or metadata churned. Secret values are never stored (keys are, as `<redacted>`), nor
 * managedFields (the writer is kept instead). After a restart, the first list does not record
 * again a version the store already has.
 *
 * The redaction is the console's own (the one its proxy applies to every Secret it answers
 * with), given by whoever constructs the recorder, so stored and served Secrets match.
 */
import { createHash } from 'node:crypto';
import type { ObjectVersionRecord, VersionChange } from '@dojo/console-protocol';
import type { HistoryStream } from '@dojo/history';
import { identityKey, identityOf, jsonEqual, type KubeObject, type ManagedFieldsEntry, type WatchEventType } from '@dojo/kube-api';
import type { ResourceEventHandler } from '@dojo/runtime';

interface Kind {
  readonly group: string;
  readonly kind: string;
}

/** What is remembered of an object's last recorded version, to classify the next one. */
interface Seen {
  readonly resourceVersion: string;
  readonly generation: number | undefined;
  /** Only for a version without a generation: with one, the generation says whether the spec moved. */
  readonly spec?: string | undefined;
  readonly status: string;
}

export class VersionRecorder {
  readonly #stream: HistoryStream<ObjectVersionRecord>;
  readonly #now: () => number;
  readonly #seen = new Map<string, Seen>();
  readonly #onSecret: ((secret: KubeObject) => void) | undefined;
  readonly #redactSecret: (secret: KubeObject) => KubeObject;

  /**
   * `redactSecret` replaces a Secret's values before it is stored; `onSecret` hears every version
   * of a Secret before its values are redacted (recording/secret-value-ledger.ts keeps their hashes).
   */
  constructor(
    stream: HistoryStream<ObjectVersionRecord>,
    redactSecret: (secret: KubeObject) => KubeObject,
    now: () => number = Date.now,
    onSecret?: (secret: KubeObject) => void,
  ) {
    this.#stream = stream;
    this.#redactSecret = redactSecret;
    this.#now = now;
    this.#onSecret = onSecret;
  }

  /** An informer handler that records the versions of one kind. */
  handlerFor(kind: Kind): ResourceEventHandler {
    return {
      // Only the informer's first list can hold versions an earlier run stored: an object added
      // later is new to the store (1 query per created object was ~3% of the convergence CPU).
      onAdd: (object, { initialList }) => this.record(kind, 'ADDED', undefined, object, { mayBeStored: initialList }),
      onUpdate: (old, object, { resync }) => {
        if (!resync) this.record(kind, 'MODIFIED', old, object);
      },
      onDelete: (object) => this.record(kind, 'DELETED', object, object),
    };
  }

  /** `mayBeStored: false` skips asking the store for the object's last version (it has none). */
  record(kind: Kind, event: WatchEventType, old: KubeObject | undefined, object: KubeObject, { mayBeStored = true } = {}): void {
    if (this.#onSecret && kind.group === '' && kind.kind === 'Secret') this.#onSecret(object);
    const identity = identityOf(object, kind);
    const resourceVersion = object.metadata.resourceVersion ?? '';
    const key = `${identityKey(identity)}#${identity.uid ?? ''}`;
    const before = this.#seen.get(key) ?? (mayBeStored ? this.#lastStored(identity, key) : undefined);
    if (event !== 'DELETED' && before?.resourceVersion === resourceVersion) return;
    const now = seenOf(resourceVersion, object.metadata.generation, object, before);
    if (event === 'DELETED') this.#seen.delete(key);
    else this.#seen.set(key, now);
    const writer = writerOf(old, object);
    this.#stream.append({
      seq: this.#stream.lastSeq + 1,
      time: this.#now(),
      object: identity,
      event,
      resourceVersion,
      ...(object.metadata.generation === undefined ? {} : { generation: object.metadata.generation }),
      change: changeOf(event, before, now),
      ...(writer ? { writer } : {}),
      body: stored(kind, object, this.#redactSecret),
    });
  }

  // After a restart the informer lists every object again: the store knows which versions it has.
  #lastStored(identity: ReturnType<typeof identityOf>, key: string): Seen | undefined {
    if (!identity.uid) return undefined;
    const [last] = this.#stream.query({ where: { object: identityKey(identity), uid: identity.uid }, newest: true, limit: 1 });
    if (!last || last.event === 'DELETED') return undefined;
    const seen = seenOf(last.resourceVersion, last.generation, last.body);
    this.#seen.set(key, seen);
    return seen;
  }
}

/**
 * Spec changes move metadata.generation; kinds without one (ConfigMap, Secret) change outside
 * metadata and status. (A version that has a generation keeps no spec digest: a successor without
 * one, which the API server never sends, counts as a spec change.)
 */
export function changeOf(event: WatchEventType, before: Seen | undefined, now: Seen): VersionChange {
  if (event === 'DELETED') return 'deleted';
  if (!before) return 'created';
  if (now.generation !== undefined && before.generation !== undefined) {
    if (now.generation !== before.generation) return 'spec';
  } else if (now.spec !== before.spec) return 'spec';
  return now.status !== before.status ? 'status' : 'metadata';
}

/**
 * The manager whose managedFields entry this version added or changed; when there is no
 * earlier version to compare with, the entry with the newest time.
 */
export function writerOf(old: KubeObject | undefined, object: KubeObject): string | undefined {
  const entries = object.metadata.managedFields ?? [];
  const id = (e: ManagedFieldsEntry) => `${e.manager ?? ''}|${e.operation ?? ''}|${e.subresource ?? ''}`;
  const previous = new Map((old?.metadata.managedFields ?? []).map((e) => [id(e), e]));
  const compared = old && old !== object;
  // The writer's entry is new or newly stamped; an entry whose fields merely shrank lost them to the writer
  // (a /scale write takes the replicas from their owner and records its own entry without a time, as kube does).
  const stamped = compared
    ? entries.filter((e) => {
        const p = previous.get(id(e));
        return !p || p.time !== e.time;
      })
    : [];
  // Only when no entry was stamped are the entries' fields compared (most writes stamp theirs).
  const changed = compared && stamped.length === 0 ? entries.filter((e) => !jsonEqual(previous.get(id(e))?.fieldsV1, e.fieldsV1)) : [];
  const candidates = stamped.length ? stamped : changed.length ? changed : entries;
  let best: ManagedFieldsEntry | undefined;
  for (const entry of candidates) if (!best || (entry.time ?? '') >= (best.time ?? '')) best = entry;
  return best?.manager;
}

// Hashing a Pod's spec on every status write was a third of the recorder's time: a version with a
// generation (the API server bumps it on every spec change) needs no spec digest, unless the
// version it follows had none (changeOf then compares digests).
function seenOf(resourceVersion: string, generation: number | undefined, object: KubeObject, before?: Seen): Seen {
  const spec = generation === undefined || (before !== undefined && before.generation === undefined) ? digest(specOf(object)) : undefined;
  return { resourceVersion, generation, ...(spec === undefined ? {} : { spec }), status: digest(object.status) };
}

function specOf(object: KubeObject): unknown {
  const { metadata: _metadata, status: _status, ...rest } = object;
  return rest;
}

function digest(value: unknown): string {
  return createHash('sha1')
    .update(JSON.stringify(value ?? null))
    .digest('base64');
}

/** What is kept of a version: no managedFields, and never a Secret's values. */
function stored(kind: Kind, object: KubeObject, redactSecret: (secret: KubeObject) => KubeObject): KubeObject {
  const { managedFields: _managedFields, ...metadata } = object.metadata;
  const body: KubeObject = { ...object, metadata };
  // By the kind it was watched as, as the proxy redacts by resource: what the object says is not asked.
  if (kind.group === '' && kind.kind === 'Secret') return redactSecret(body);
  return body;
}
