/**
 * Streaming watch over HTTP: newline-delimited JSON events or length-prefixed protobuf frames,
 * in revision order, filtered by namespace and selectors (an object leaving a selector is
 * DELETED for that watcher, one entering it ADDED), with bookmarks and timeouts. A client that stops reading is cut off
 * once its buffer passes a bound, never silently skipped: it resumes from its last
 * resourceVersion or relists.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestClient, WatchCloseReason } from '@dojo/console-protocol';
import { FieldSelector, LabelSelector, newBadRequest, type KubeObject, type WatchEventType } from '@dojo/kube-api';
import type { RequestJournal } from '../journal/request-journal.ts';
import { WatchRecorder } from '../journal/watch-recorder.ts';
import { selectableFieldsOf } from '../registry/list.ts';
import { apiVersionOfInfo, servesStoredJson, type ResourceInfo } from '../registry/resource-info.ts';
import type { ChangeEvent, RevisionedStore } from '../storage/revisioned-store.ts';
import type { WatchCache } from '../storage/watch-cache.ts';
import { isParamTrue } from './boolean-param.ts';
import { intParam } from './query.ts';
import { contentTypeOf, mediaOf, type Rendering } from './negotiation.ts';
import { watchFrame } from './protobuf/watch-frames.ts';
import { decodedChange, storedEventLine } from './watch-event-cache.ts';
import { toStatusError } from './responses.ts';
import { partialObjectMetadata, toTable, type IncludeObject } from './table.ts';

/** The reason the watch cache gives when it drops a watcher for reading too slowly. */
const slowWatcher = 'watcher could not keep up';

export interface WatchSettings {
  /** Bytes a watcher may have buffered before it is closed as too slow. */
  maxBufferedBytes: number;
  bookmarkIntervalMs: number;
  /** Default timeout when the client gives none (kube-apiserver: 30-60 min, randomized). */
  defaultTimeoutSeconds: () => number;
}

export const defaultWatchSettings: WatchSettings = {
  maxBufferedBytes: 16 * 1024 * 1024,
  bookmarkIntervalMs: 5_000,
  defaultTimeoutSeconds: () => 1800 + Math.floor(Math.random() * 1800),
};

export interface WatchRequest {
  info: ResourceInfo;
  namespace?: string;
  name?: string;
  query: URLSearchParams;
  rendering: Rendering;
}

function selectorsOf(query: URLSearchParams, name: string | undefined): { labels?: LabelSelector; fields?: FieldSelector } {
  try {
    const out: { labels?: LabelSelector; fields?: FieldSelector } = {};
    const l = query.get('labelSelector');
    if (l) out.labels = LabelSelector.parse(l);
    let f = query.get('fieldSelector') ?? '';
    if (name) f = f ? `${f},metadata.name=${name}` : `metadata.name=${name}`;
    if (f) out.fields = FieldSelector.parse(f);
    return out;
  } catch (err) {
    throw newBadRequest((err as Error).message);
  }
}

export function serveWatch(
  req: IncomingMessage,
  res: ServerResponse,
  request: WatchRequest,
  deps: { store: RevisionedStore; watchCache: WatchCache; settings: WatchSettings; journal?: RequestJournal | undefined; client?: RequestClient },
): void {
  const { info, namespace, query, rendering } = request;
  const { labels, fields } = selectorsOf(query, request.name);
  const rvParam = query.get('resourceVersion');
  if (rvParam && !/^\d+$/.test(rvParam)) throw newBadRequest(`invalid resource version: ${rvParam}`);
  const bookmarks = isParamTrue(query, 'allowWatchBookmarks');
  // kube-apiserver: 0 or absent takes the default; a negative timeout ends the watch at once.
  const timeoutSeconds = intParam(query, 'timeoutSeconds') || deps.settings.defaultTimeoutSeconds();
  const includeObject = (query.get('includeObject') ?? 'Metadata') as IncludeObject;
  const prefix = namespace ? `${namespace}/` : '';
  const identityWire = servesStoredJson(info) && rendering.as === 'object';
  const protobuf = mediaOf(rendering) === 'protobuf';
  const recorder = deps.journal && new WatchRecorder(deps.journal, deps.client ?? { user: 'system:anonymous' }, request, Date.now());
  let sentColumns = false;
  let lastRev = 0;
  let closed = false;

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

  // A commit batch reaches every watcher in one synchronous loop: cork until the tick ends, so
  // its events leave as one TLS write instead of one record and one syscall per event.
  let corked = false;
  const uncork = (): void => {
    corked = false;
    res.uncork();
  };
  const write = (chunk: string | Buffer): boolean => {
    if (closed) return false;
    if (!corked) {
      corked = true;
      res.cork();
      process.nextTick(uncork);
    }
    res.write(chunk);
    return res.writableLength <= deps.settings.maxBufferedBytes;
  };

  /** One event: a JSON line, or a length-prefixed protobuf frame (false ends the watch). */
  const sendRaw = (type: string, object: object): boolean => {
    if (!protobuf) return write(`{"type":"${type}","object":${JSON.stringify(object)}}\n`);
    let frame: Buffer;
    try {
      frame = watchFrame(type, object);
    } catch {
      // Never let one object break the fan-out: this watcher ends and relists.
      return false;
    }
    return write(frame);
  };

  const sendEvent = (type: WatchEventType, obj: KubeObject, initial = false): boolean => {
    recorder?.object(type, obj, initial);
    return sendRaw(type, renderObject(obj) as object);
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
    if (before) return sendChange('DELETED', e, obj);
    return true;
  };

  res.statusCode = 200;
  res.setHeader('Content-Type', protobuf ? `${contentTypeOf(rendering)};stream=watch` : contentTypeOf(rendering));
  res.setHeader('Cache-Control', 'no-cache, private');
  res.setHeader('Transfer-Encoding', 'chunked');
  res.flushHeaders();

  let unsubscribe: () => void = () => {};
  let bookmarkTimer: NodeJS.Timeout | undefined;
  let timeoutTimer: NodeJS.Timeout | undefined;
  const finish = (reason: WatchCloseReason): void => {
    if (closed) return;
    closed = true;
    recorder?.close(reason);
    unsubscribe();
    clearInterval(bookmarkTimer);
    clearTimeout(timeoutTimer);
    res.end();
  };
  req.on('close', () => finish('client'));
  res.on('error', () => finish('client'));

  const startRev = rvParam && rvParam !== '0' ? Number(rvParam) : deps.store.revision;
  if (!rvParam || rvParam === '0') {
    // "Get state and start at most recent": synthetic ADDED events for what exists now.
    for (const stored of deps.store.list(info.bucket, prefix)) {
      const obj = info.fromStorage(JSON.parse(stored.json) as KubeObject);
      if (matches(obj) && !sendEvent('ADDED', obj, true)) {
        finish('too-slow');
        return;
      }
    }
  }
  lastRev = startRev;
  try {
    unsubscribe = deps.watchCache.watch(info.bucket, startRev, {
      send: (e) => deliver(e),
      // The cache closes a watcher that cannot keep up, or every watcher when the server stops.
      close: (reason) => finish(reason === slowWatcher ? 'too-slow' : 'server'),
    });
  } catch (err) {
    // Like kube-apiserver: the stream opens, then an ERROR event carries the Status (410 Expired).
    const { status } = toStatusError(err);
    recorder?.error(status.code);
    sendRaw('ERROR', status);
    finish('expired');
    return;
  }
  if (bookmarks) {
    bookmarkTimer = setInterval(() => {
      const rev = Math.max(lastRev, deps.store.revision);
      const bookmark = { kind: info.kind, apiVersion: apiVersionOfInfo(info), metadata: { resourceVersion: String(rev) } };
      recorder?.bookmark(String(rev));
      if (!sendRaw('BOOKMARK', bookmark)) finish('too-slow');
    }, deps.settings.bookmarkIntervalMs);
  }
  // setTimeout fires at once beyond 2^31-1 ms, so longer timeouts are capped (about 24 days).
  if (timeoutSeconds !== 0) timeoutTimer = setTimeout(() => finish('timeout'), Math.min(Math.max(timeoutSeconds, 0) * 1000, 2 ** 31 - 1));
}
