/**
 * One watch in the journal: a `watch-open` record with what it watches and from where, a
 * `watch-event` record per event the client actually received (after its selectors), and a
 * `watch-close` record saying why it ended. An event's object is read once however many
 * watchers it reaches.
 */
import type { RequestClient, WatchCloseReason, WatchDeliveryRecord, WatchOpenRecord } from '@dojo/console-protocol';
import type { KubeObject, WatchEventType } from '@dojo/kube-api';
import type { ResourceInfo } from '../registry/resource-info.ts';
import type { ChangeEvent } from '../storage/revisioned-store.ts';
import { factsOf, type ObjectFacts } from './request-note.ts';
import type { RequestJournal } from './request-journal.ts';

const factsOfChange = new WeakMap<ChangeEvent, ObjectFacts>();

function changeFacts(e: ChangeEvent): ObjectFacts {
  let facts = factsOfChange.get(e);
  if (!facts) {
    try {
      facts = factsOf(JSON.parse(e.json) as KubeObject);
    } catch {
      facts = {};
    }
    facts.rv = String(e.rev);
    factsOfChange.set(e, facts);
  }
  return facts;
}

export interface WatchTarget {
  info: ResourceInfo;
  namespace?: string;
  name?: string;
  query: URLSearchParams;
}

export class WatchRecorder {
  readonly #journal: RequestJournal;
  readonly #watchId: string;
  #events = 0;
  #closed = false;

  constructor(journal: RequestJournal, client: RequestClient, target: WatchTarget, time: number) {
    this.#journal = journal;
    this.#watchId = journal.nextWatchId();
    const { info, namespace, name, query } = target;
    const open: Omit<WatchOpenRecord, 'seq'> = {
      type: 'watch-open',
      time,
      user: client.user,
      watchId: this.#watchId,
      group: info.group,
      version: info.version,
      resource: info.resource,
      kind: info.kind,
      bookmarks: query.get('allowWatchBookmarks') === 'true',
    };
    if (client.userAgent) open.userAgent = client.userAgent;
    if (namespace) open.namespace = namespace;
    if (name) open.name = name;
    const labels = query.get('labelSelector');
    const fields = query.get('fieldSelector');
    const rv = query.get('resourceVersion');
    const timeout = Number(query.get('timeoutSeconds') ?? NaN);
    if (labels) open.labelSelector = labels;
    if (fields) open.fieldSelector = fields;
    if (rv) open.resourceVersion = rv;
    if (Number.isFinite(timeout)) open.timeoutSeconds = timeout;
    journal.append(open);
  }

  /** An event delivered straight from the store's change feed. */
  change(type: WatchEventType, e: ChangeEvent): void {
    this.#event(type, changeFacts(e));
  }

  /** An event about a decoded object (selector transitions, initial state, other renderings). */
  object(type: WatchEventType, obj: KubeObject, initial: boolean): void {
    this.#event(type, factsOf(obj), initial);
  }

  bookmark(resourceVersion: string): void {
    this.#append({ event: 'BOOKMARK', resourceVersion });
  }

  error(code: number): void {
    this.#append({ event: 'ERROR', code });
  }

  close(reason: WatchCloseReason): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#journal.append({ type: 'watch-close', time: Date.now(), watchId: this.#watchId, reason, events: this.#events });
  }

  #event(type: WatchEventType, facts: ObjectFacts, initial = false): void {
    const record: Partial<WatchDeliveryRecord> = { event: type };
    if (facts.namespace) record.namespace = facts.namespace;
    if (facts.name) record.name = facts.name;
    if (facts.rv) record.resourceVersion = facts.rv;
    if (facts.generation !== undefined) record.generation = facts.generation;
    if (facts.owner) record.owner = facts.owner;
    if (initial) record.initial = true;
    this.#append(record);
  }

  #append(fields: Partial<WatchDeliveryRecord>): void {
    if (this.#closed) return;
    this.#events++;
    this.#journal.append({ type: 'watch-event', time: Date.now(), watchId: this.#watchId, event: 'BOOKMARK', ...fields });
  }
}
