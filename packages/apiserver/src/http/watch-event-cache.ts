/**
 * What every watcher of one change needs, computed once per change and shared by all of them
 * (kube-apiserver's cacher serialises an event once per encoding the same way): the object
 * decoded for a served version, and an event's JSON line as bytes. Entries live as long as the
 * change itself (the watch cache's history holds it), so nothing here needs bounding.
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

const decodedByChange = new WeakMap<ChangeEvent, Map<ResourceInfo, DecodedChange>>();
const linesByChange = new WeakMap<ChangeEvent, Map<WatchEventType, Buffer>>();

/** The change decoded for `info`'s version, once for every watcher of that version. */
export function decodedChange(e: ChangeEvent, info: ResourceInfo): DecodedChange {
  let byInfo = decodedByChange.get(e);
  if (!byInfo) decodedByChange.set(e, (byInfo = new Map()));
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
  let byType = linesByChange.get(e);
  if (!byType) linesByChange.set(e, (byType = new Map()));
  let line = byType.get(type);
  if (!line) byType.set(type, (line = Buffer.from(`{"type":"${type}","object":${e.json}}\n`)));
  return line;
}
