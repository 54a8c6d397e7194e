/**
 * A watch, over HTTP or a WebSocket (watch-transport.ts): JSON events or protobuf messages in
 * revision order, filtered by namespace and selectors (an object leaving a selector is DELETED
 * for that watcher, one entering it ADDED), with bookmarks and timeouts; first, when asked
 * (watch-options.ts), the current state as ADDED events closed by the initial-events-end
 * bookmark — client-go's streaming list. A client that stops reading is cut off once its
 * buffer passes a bound, never silently skipped: it resumes from its last resourceVersion or
 * relists.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InjectedFault, RequestClient, WatchCloseReason } from '@dojo/console-protocol';
import {
  FieldSelector,
  LabelSelector,
  newBadRequest,
  newResourceExpired,
  type KubeObject,
  type WatchEventType,
  partialObjectMetadata,
  toTable,
  type IncludeObject,
} from '@dojo/kube-api';
import type { ClientControls } from '../client-controls/client-controls.ts';
import { faultWatchExpired } from '../client-controls/request-faults-answers.ts';
import type { WatchGate } from '../client-controls/watch-gate.ts';
import type { RequestJournal } from '../journal/request-journal.ts';
import { WatchRecorder } from '../journal/watch-recorder.ts';
import { selectableFieldsOf } from '../registry/list.ts';
import { apiVersionOfInfo, servesStoredJson, type ResourceInfo } from '../registry/resource-info.ts';
import type { ChangeEvent, RevisionedStore } from '../storage/revisioned-store.ts';
import { listSnapshots } from '../storage/list-snapshot.ts';
import type { WatchCache } from '../storage/watch-cache.ts';
import { awaitResourceVersion } from './fresh-read.ts';
import { intParam } from './query.ts';
import { contentTypeOf, mediaOf, type Rendering } from './negotiation.ts';
import { watchEventMessage } from './protobuf/watch-frames.ts';
import { decodedChange, storedEventLine } from './watch-event-cache.ts';
import { toStatusError } from './responses.ts';
import { watchOptionsOf, type WatchOptions } from './watch-options.ts';
import { httpWatchTransport, webSocketWatchTransport, type WatchTransport } from './watch-transport.ts';
import { acceptWatchWebSocket, isWebSocketUpgrade } from './watch-websocket.ts';

/** How often a watch past its timeout looks again whether it still holds events back. */
const heldTimeoutRecheckMs = 1000;

/** The reason the watch cache gives when it drops a watcher for reading too slowly. */
const slowWatcher = 'watcher could not keep up';

export interface WatchSettings {
  /** Bytes a watcher may have buffered before it is closed as too slow. */
  maxBufferedBytes: number;
  /**
   * How long a streaming list's client may take to drain a full buffer of initial events before
   * it is closed as too slow: the state is sent as fast as the client reads, never all at once.
   */
  drainTimeoutMs: number;
  bookmarkIntervalMs: number;
  /** Default timeout when the client gives none (kube-apiserver: 30-60 min, randomized). */
  defaultTimeoutSeconds: () => number;
}

export const defaultWatchSettings: WatchSettings = {
  maxBufferedBytes: 16 * 1024 * 1024,
  drainTimeoutMs: 60_000,
  bookmarkIntervalMs: 5_000,
  defaultTimeoutSeconds: () => 1800 + Math.floor(Math.random() * 1800),
};

export interface WatchRequest {
  info: ResourceInfo;
  namespace?: string | undefined;
  name?: string | undefined;
  query: URLSearchParams;
  rendering: Rendering;
}

function selectorsOf(query: URLSearchParams, name: string | undefined): { labels?: LabelSelector; fields?: FieldSelector } {
  const out: { labels?: LabelSelector; fields?: FieldSelector } = {};
  try {
    const l = query.get('labelSelector');
    if (l) out.labels = LabelSelector.parse(l);
    const f = query.get('fieldSelector') ?? '';
    if (f) out.fields = FieldSelector.parse(f);
  } catch (err) {
    throw newBadRequest((err as Error).message);
  }
  // A watch of one object is a watch filtered by its name (apiserver's listOpts).
  if (name !== undefined) {
    if (out.fields && !out.fields.isEmpty()) {
      if (out.fields.exactValue('metadata.name') !== name) throw newBadRequest("fieldSelector metadata.name doesn't match requested name");
    } else out.fields = FieldSelector.parse(`metadata.name=${name}`);
  }
  return out;
}

/** The annotation that marks the bookmark closing a streaming list's initial events. */
export const initialEventsEndAnnotation = 'k8s.io/initial-events-end';

/** Waits, as the watch cache's waitUntilFreshLocked, for the state a streaming list must not be older than. */
async function freshEnough(store: RevisionedStore, options: WatchOptions): Promise<unknown> {
  if (options.notOlderThan === 0) return undefined;
  try {
    // The client's own text: a uint64 past 2^53 is not a safe number.
    await awaitResourceVersion(store, options.resourceVersion, 'NotOlderThan');
    return undefined;
  } catch (err) {
    return err;
  }
}

export async function serveWatch(
  req: IncomingMessage,
  res: ServerResponse,
  request: WatchRequest,
  deps: {
    store: RevisionedStore;
    watchCache: WatchCache;
    settings: WatchSettings;
    journal?: RequestJournal | undefined;
    client?: RequestClient;
    fault?: InjectedFault | undefined;
    controls?: ClientControls | undefined;
  },
): Promise<void> {
  const { info, namespace, query, rendering } = request;
  // Bad options are a plain 4xx answer; nothing of the stream has started.
  const options = watchOptionsOf(query);
  const { labels, fields } = selectorsOf(query, request.name);
  // kube-apiserver: 0 or absent takes the default; a negative timeout ends the watch at once.
  const timeoutSeconds = intParam(query, 'timeoutSeconds') || deps.settings.defaultTimeoutSeconds();
  const includeObject = (query.get('includeObject') ?? 'Metadata') as IncludeObject;
  const prefix = namespace ? `${namespace}/` : '';
  const identityWire = servesStoredJson(info) && rendering.as === 'object';
  const protobuf = mediaOf(rendering) === 'protobuf';
  const contentType = protobuf ? `${contentTypeOf(rendering)};stream=watch` : contentTypeOf(rendering);

  // Errors past this point (the state never reached the asked resourceVersion) travel in the stream.
  const staleError = await freshEnough(deps.store, options);
  let transport: WatchTransport;
  let closeSignal: { on(event: 'close', listener: () => void): unknown };
  if (isWebSocketUpgrade(req)) {
    const socket = await acceptWatchWebSocket(req);
    if (!socket) return;
    transport = webSocketWatchTransport(socket, protobuf, deps.settings.maxBufferedBytes);
    closeSignal = socket;
  } else {
    if (res.destroyed) return;
    transport = httpWatchTransport(res, contentType, protobuf, deps.settings.maxBufferedBytes);
    closeSignal = res;
  }
  const recorder =
    deps.journal && new WatchRecorder(deps.journal, deps.client ?? { user: 'system:anonymous' }, request, Date.now(), options.streamingList, deps.fault);
  let sentColumns = false;
  let sentBookmark = false;
  let lastRev = 0;
  let closed = false;
  let unencodable = false;

  const matches = (obj: KubeObject | undefined): boolean =>
    obj !== undefined && (!labels || labels.matches(obj.metadata.labels)) && (!fields || fields.matches(selectableFieldsOf(info, obj)));

  const renderObject = (obj: KubeObject): unknown => {
    if (rendering.as === 'Table') {
      const table = toTable(info, [obj], { version: rendering.version, includeObject, withColumns: !sentColumns });
      sentColumns = true;
      return table;
    }
    if (rendering.as === 'PartialObjectMetadata') return partialObjectMetadata(obj, rendering.version);
    return obj;
  };

  const write = (event: string | Uint8Array): boolean => !closed && transport.send(event);

  /** One event: a JSON line, or a protobuf WatchEvent message (false ends the watch). */
  const sendRaw = (type: string, object: object): boolean => {
    if (!protobuf) return write(`{"type":"${type}","object":${JSON.stringify(object)}}\n`);
    let message: Uint8Array;
    try {
      message = watchEventMessage(type, object);
    } catch {
      // Never let one object break the fan-out: this watcher ends and relists.
      unencodable = true;
      return false;
    }
    return write(message);
  };

  const sendEvent = (type: WatchEventType, obj: KubeObject, initial = false): boolean => {
    recorder?.object(type, obj, initial);
    return sendRaw(type, renderObject(obj) as object);
  };

  /**
   * A bookmark: an empty object of the kind at `rev`, rendered as the watch renders objects.
   * The first one a watcher sends carries the initial-events-end annotation (the cache
   * watcher's convertToWatchEvent annotates until it has sent one); for a streaming list that
   * first one is the bookmark right after the initial events.
   */
  const sendBookmark = (rev: number): boolean => {
    const metadata: KubeObject['metadata'] = { resourceVersion: String(rev) };
    if (!sentBookmark) metadata.annotations = { [initialEventsEndAnnotation]: 'true' };
    sentBookmark = true;
    recorder?.bookmark(String(rev));
    return sendRaw('BOOKMARK', renderObject({ kind: info.kind, apiVersion: apiVersionOfInfo(info), metadata }) as object);
  };

  /** A change as `type`: its shared stored-JSON line when that is the wire form, else rendered here. */
  const sendChange = (type: WatchEventType, e: ChangeEvent, obj: KubeObject): boolean => {
    if (!identityWire || protobuf) return sendEvent(type, obj);
    recorder?.object(type, obj, false);
    return write(storedEventLine(e, type));
  };

  const deliver = (e: ChangeEvent): boolean => {
    if (prefix && !e.name.startsWith(prefix)) return true;
    lastRev = e.rev;
    const needsObject = labels || fields || !identityWire || protobuf;
    if (!needsObject) {
      recorder?.change(e.type, e);
      return write(storedEventLine(e, e.type));
    }
    const { obj, prev } = decodedChange(e, info);
    const now = e.type !== 'DELETED' && matches(obj);
    const before = e.type !== 'ADDED' && matches(prev);
    if (e.type === 'DELETED') return before || matches(obj) ? sendChange('DELETED', e, obj) : true;
    if (now && before) return sendChange('MODIFIED', e, obj);
    if (now) return sendChange('ADDED', e, obj);
    if (before) return sendEvent('DELETED', leftSelector(prev!, e.rev));
    return true;
  };

  // A connected client's view controls (pause, breakpoints) may hold this watch's events back.
  let gate: WatchGate | undefined;
  let unsubscribe: () => void = () => {};
  let bookmarkTimer: NodeJS.Timeout | undefined;
  let timeoutTimer: NodeJS.Timeout | undefined;
  const finish = (reason: WatchCloseReason): void => {
    if (closed) return;
    closed = true;
    recorder?.close(reason);
    gate?.close();
    unsubscribe();
    clearInterval(bookmarkTimer);
    clearTimeout(timeoutTimer);
    transport.end();
  };
  closeSignal.on('close', () => finish('client'));
  res.on('error', () => finish('client'));

  /** Like kube-apiserver: the stream opens, then an ERROR event carries the Status (410 Expired, 504 Too large). */
  const failInStream = (err: unknown, reason: WatchCloseReason): void => {
    const { status } = toStatusError(err);
    recorder?.error(status.code);
    sendRaw('ERROR', status);
    finish(reason);
  };
  if (staleError) return failInStream(staleError, 'server');
  // A fault rule's watch faults (client-controls/): refused as if compacted, or cut before anything is delivered.
  if (deps.fault?.watch === 'gone') return failInStream(faultWatchExpired(query.get('resourceVersion') ?? '', deps.store.revision), 'expired');
  if (deps.fault?.watch === 'cut') {
    closed = true;
    recorder?.close('server');
    return transport.cut();
  }

  // A paused or stale client's initial state is its view's, and the watch goes on from there.
  const view = deps.client && deps.controls?.readRevision(deps.client.user);
  const startRev = options.startRevision ?? view?.rev ?? deps.store.revision;
  if (options.initialEvents) {
    // The current state as ADDED events, then (streaming list) the bookmark at its revision.
    // Sent with backpressure: a state larger than the buffer bound waits for the client to read it.
    const drained = (): Promise<boolean> => transport.drained(deps.settings.drainTimeoutMs);
    const state = view ? listSnapshots(deps.store, deps.watchCache).listAt(info.bucket, prefix, startRev) : deps.store.list(info.bucket, prefix);
    if (!state) return failInStream(newResourceExpired('The resourceVersion for the provided list is too old.'), 'expired');
    for (const stored of state) {
      const obj = info.fromStorage(JSON.parse(stored.json) as KubeObject);
      if (matches(obj) && !sendEvent('ADDED', obj, true) && (unencodable || !(await drained()))) return finish('too-slow');
    }
    if (options.streamingList && !sendBookmark(startRev) && (unencodable || !(await drained()))) return finish('too-slow');
  }
  lastRev = startRev;
  if (deps.controls && deps.client) {
    gate = deps.controls.openWatch(deps.client.user, {
      resource: info.resource,
      kind: info.kind,
      namespaced: info.namespaced,
      ...(namespace ? { namespace } : {}),
      ...(recorder ? { watchId: recorder.watchId } : {}),
      // What this watch would send nothing for is never held: a step always reaches the client.
      sends: (e) =>
        (!prefix || e.name.startsWith(prefix)) && (!(labels || fields) || matches(decodedChange(e, info).obj) || matches(decodedChange(e, info).prev)),
      deliver: (e, mark) => {
        if (recorder) recorder.view = mark;
        const ok = deliver(e);
        if (recorder) recorder.view = undefined;
        if (!ok) finish('too-slow');
        return ok;
      },
    });
  }
  const sink = gate;
  try {
    unsubscribe = deps.watchCache.watch(info.bucket, startRev, {
      send: sink ? (e) => sink.offer(e) : (e) => deliver(e),
      // The cache closes a watcher that cannot keep up, or every watcher when the server stops.
      close: (reason) => finish(reason === slowWatcher ? 'too-slow' : 'server'),
    });
  } catch (err) {
    return failInStream(err, 'expired');
  }
  if (options.allowWatchBookmarks) {
    bookmarkTimer = setInterval(() => {
      // Never past an event held back from the client: it would resume after it and never see it.
      const ceiling = gate?.bookmarkCeiling();
      const rev = Math.max(lastRev, deps.store.revision);
      if (!sendBookmark(ceiling === undefined ? rev : Math.min(rev, ceiling))) finish('too-slow');
    }, deps.settings.bookmarkIntervalMs);
  }
  // setTimeout fires at once beyond 2^31-1 ms, so longer timeouts are capped (about 24 days).
  // A watch that holds events back from its client (client-controls/) outlives its timeout until
  // they are released: a breakpoint lets later events pass, so the client would resume after
  // the held ones and never get them.
  const timedOut = (): void => {
    if (gate && gate.held.length > 0) timeoutTimer = setTimeout(timedOut, heldTimeoutRecheckMs);
    else finish('timeout');
  };
  if (timeoutSeconds !== 0) timeoutTimer = setTimeout(timedOut, Math.min(Math.max(timeoutSeconds, 0) * 1000, 2 ** 31 - 1));
}

/**
 * What a watcher whose selector an object left is told: DELETED with the object as it last
 * matched, stamped with the change's resourceVersion (the cacher's convertToWatchEvent: "a
 * delete event with the previous object content, but with the event's resource version").
 * A copy: decoded objects are shared between watchers.
 */
function leftSelector(prev: KubeObject, rev: number): KubeObject {
  return { ...prev, metadata: { ...prev.metadata, resourceVersion: String(rev) } };
}
