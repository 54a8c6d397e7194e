/**
 * The only way watch events reach a cached list (Headlamp's `KubeList.applyUpdate`). Pure:
 * returns a new list and never mutates its input, so TanStack Query sees a new reference.
 *
 * - ADDED and MODIFIED replace the object with the same identity, or append it.
 * - DELETED removes it.
 * - BOOKMARK only moves the list's resourceVersion; ERROR leaves the list as it is (the socket
 *   reports the failure separately).
 * The list's resourceVersion becomes the event's: resourceVersion is opaque, so the last one
 * received is the newest one, never the "largest".
 */
import type { KubeList, KubeObject, WatchEvent } from '@dojo/kube-api';

/** uid when the server set one, else namespace/name. */
export function objectIdentity(obj: KubeObject): string {
  return obj.metadata.uid ?? `${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;
}

function withResourceVersion<T extends KubeObject>(list: KubeList<T>, resourceVersion: string | undefined): KubeList<T>['metadata'] {
  return resourceVersion === undefined ? list.metadata : { ...list.metadata, resourceVersion };
}

export function applyWatchEvent<T extends KubeObject>(list: KubeList<T>, event: WatchEvent<T>): KubeList<T> {
  return applyWatchEvents(list, [event]);
}

/** Applies events in order with one copy of the list, however many events there are. */
export function applyWatchEvents<T extends KubeObject>(list: KubeList<T>, events: readonly WatchEvent<T>[]): KubeList<T> {
  if (events.length === 0) return list;
  let items: T[] | undefined;
  let index: Map<string, number> | undefined;
  let resourceVersion: string | undefined;
  const draft = (): { items: T[]; index: Map<string, number> } => {
    if (!items || !index) {
      items = [...list.items];
      index = new Map(items.map((item, i) => [objectIdentity(item), i]));
    }
    return { items, index };
  };
  for (const event of events) {
    if (event.type === 'ERROR') continue;
    const rv = event.object.metadata?.resourceVersion;
    if (rv !== undefined) resourceVersion = rv;
    if (event.type === 'BOOKMARK') continue;
    const d = draft();
    const id = objectIdentity(event.object);
    const at = d.index.get(id);
    if (event.type === 'DELETED') {
      if (at === undefined) continue;
      d.items.splice(at, 1);
      d.index.delete(id);
      for (let i = at; i < d.items.length; i++) d.index.set(objectIdentity(d.items[i]!), i);
    } else if (at === undefined) {
      d.index.set(id, d.items.length);
      d.items.push(event.object);
    } else {
      d.items[at] = event.object;
    }
  }
  if (!items && resourceVersion === undefined) return list;
  return { ...list, metadata: withResourceVersion(list, resourceVersion), items: items ?? list.items };
}
