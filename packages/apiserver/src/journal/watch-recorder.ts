/**
 * One watch in the journal: a `watch-open` record with what it watches and from where, a
 * `watch-event` record per event the client actually received (after its selectors), and a
 * `watch-close` record saying why it ended.
 *
 * An event straight from the store is never parsed whole (that would double the cost of a
 * write): its name and resourceVersion come with the change, and its controller owner — the
 * one fact inference needs from inside — from the `ownerReferences` array alone, read once
 * however many watchers the event reaches.
 */
import type { InjectedFault, RequestClient, ViewMark, WatchCloseRecord, WatchCloseReason, WatchDeliveryRecord, WatchOpenRecord } from '@dojo/console-protocol';
import type { KubeObject, WatchEventType } from '@dojo/kube-api';
import type { ResourceInfo } from '../registry/resource-info.ts';
import type { ChangeEvent } from '../storage/revisioned-store.ts';
import { controllerOwnerOf, factsOf, type ObjectFacts } from './request-note.ts';
import type { RequestJournal } from './request-journal.ts';

const factsOfChange = new WeakMap<ChangeEvent, ObjectFacts>();
// Owner references hold only strings and booleans (no brackets), so the array ends at the first "]".
const ownerReferences = /"ownerReferences":(\[[^\]]*\])/;

function changeFacts(e: ChangeEvent, namespaced: boolean): ObjectFacts {
  let facts = factsOfChange.get(e);
  if (!facts) {
    const slash = namespaced ? e.name.indexOf('/') : -1;
    facts = { rv: String(e.rev), name: e.name.slice(slash + 1) };
    if (slash > 0) facts.namespace = e.name.slice(0, slash);
    const refs = ownerReferences.exec(e.json)?.[1];
    if (refs) {
      try {
        const owner = controllerOwnerOf(JSON.parse(refs) as KubeObject['metadata']['ownerReferences']);
        if (owner) facts.owner = owner;
      } catch {
        // Not the array we were looking for: no owner is better than a wrong one.
      }
    }
    factsOfChange.set(e, facts);
  }
  return facts;
}

export interface WatchTarget {
  info: ResourceInfo;
  namespace?: string | undefined;
  name?: string | undefined;
  query: URLSearchParams;
}

export class WatchRecorder {
  readonly #journal: RequestJournal;
  readonly #watchId: string;
  readonly #namespaced: boolean;
  readonly #fault: InjectedFault | undefined;
  #events = 0;
  #closed = false;
  /** How the event being delivered was held back from the client (client-controls/), if it was. */
  view: ViewMark | undefined;

  /** The journal's id of this watch (its records carry it). */
  get watchId(): string {
    return this.#watchId;
  }

  /** `fault`: a fault rule chose this watch; its open record says so, and its close record too when the fault ends it. */
  constructor(journal: RequestJournal, client: RequestClient, target: WatchTarget, time: number, streamingList = false, fault?: InjectedFault) {
    this.#journal = journal;
    this.#watchId = journal.nextWatchId();
    const { info, namespace, name, query } = target;
    this.#namespaced = info.namespaced;
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
    // client-go's WatchList: the state as ADDED events, closed by the initial-events-end bookmark.
    if (streamingList) open.streamingList = true;
    if (client.impersonatedUser) open.impersonatedUser = client.impersonatedUser;
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
    this.#fault = fault;
    if (fault) open.fault = fault;
    journal.append(open);
  }

  /** An event delivered straight from the store's change feed. */
  change(type: WatchEventType, e: ChangeEvent): void {
    this.#event(type, changeFacts(e, this.#namespaced));
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
    const record: Omit<WatchCloseRecord, 'seq'> = { type: 'watch-close', time: Date.now(), watchId: this.#watchId, reason, events: this.#events };
    if (this.#fault?.watch) record.fault = this.#fault;
    this.#journal.append(record);
  }

  #event(type: WatchEventType, facts: ObjectFacts, initial = false): void {
    const record: Partial<WatchDeliveryRecord> = { event: type };
    if (facts.namespace) record.namespace = facts.namespace;
    if (facts.name) record.name = facts.name;
    if (facts.rv) record.resourceVersion = facts.rv;
    if (facts.owner) record.owner = facts.owner;
    if (initial) record.initial = true;
    if (this.view) record.view = this.view;
    this.#append(record);
  }

  #append(fields: Partial<WatchDeliveryRecord>): void {
    if (this.#closed) return;
    this.#events++;
    this.#journal.append({ type: 'watch-event', time: Date.now(), watchId: this.#watchId, event: 'BOOKMARK', ...fields });
  }
}
