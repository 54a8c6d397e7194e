/**
 * What every watcher of one change needs, computed once per change and shared by all of them
 * (kube-apiserver's cacher serialises an event once per encoding the same way): the object
 * decoded for a served version, and an event's JSON line as bytes.
 *
 * Only the change being delivered is cached. The watch cache hands a change to all of its
 * watchers in one synchronous loop (and a resuming watcher replays history one change at a
 * time), so once the next change is asked for, nobody asks for this one again. Keeping the
 * entries as long as the change stayed in the watch history instead held a parsed object, its
 * previous version and an encoded line for each of the ~20,000 changes there: at 2,000 Dojos
 * 100 MB of Buffers and 60 MB of the API server thread's heap that no watcher read again.
 *
 * Decoded objects are shared: watchers read them (selectors, tables, metadata) and never
 * mutate them.
 */
import type { KubeObject, WatchEventType } from '@dojo/kube-api';
import type { ResourceInfo } from '../registry/resource-info.ts';
import type { ChangeEvent } from '../storage/revisioned-store.ts';

export interface DecodedChange {
  obj: KubeObject;
  /** The object before the change (MODIFIED, DELETED), for selector transitions. */
  prev?: KubeObject;
}

interface Entry {
  readonly change: ChangeEvent;
  readonly decoded: Map<ResourceInfo, DecodedChange>;
  readonly lines: Map<WatchEventType, Buffer>;
}

let current: Entry | undefined;

function entryFor(change: ChangeEvent): Entry {
  if (current?.change !== change) current = { change, decoded: new Map(), lines: new Map() };
  return current;
}

/** The change decoded for `info`'s version, once for every watcher of that version. */
export function decodedChange(e: ChangeEvent, info: ResourceInfo): DecodedChange {
  const { decoded: byInfo } = entryFor(e);
  let decoded = byInfo.get(info);
  if (!decoded) {
    decoded = { obj: info.fromStorage(JSON.parse(e.json) as KubeObject) };
    if (e.prevJson) decoded.prev = info.fromStorage(JSON.parse(e.prevJson) as KubeObject);
    byInfo.set(info, decoded);
  }
  return decoded;
}

/**
 * `{"type":TYPE,"object":<the stored JSON>}\n` as UTF-8, encoded once for every watcher that
 * sends it (only for kinds whose stored JSON is their wire form). A selector watcher may send
 * a change as another type than it happened (entering: ADDED, leaving: DELETED).
 */
export function storedEventLine(e: ChangeEvent, type: WatchEventType): Buffer {
  const { lines } = entryFor(e);
  let line = lines.get(type);
  if (!line) lines.set(type, (line = Buffer.from(`{"type":"${type}","object":${e.json}}\n`)));
  return line;
}
