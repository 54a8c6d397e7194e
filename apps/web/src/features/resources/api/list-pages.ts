/**
 * LIST in pages (`limit` + `continue`), as client-go's pager reads a large list: the first page
 * answers the query, so a kind with 10,000 objects shows its first rows as soon as 500 arrive,
 * and the pages after it are read one at a time and folded into the cache. Every later page is
 * read at the first page's resourceVersion (the continue token carries it), so the pages
 * together are one consistent list, and a watch started from that resourceVersion once the last
 * page is in misses nothing. A list whose `metadata.continue` is set is still being read.
 */
import type { KubeList, ListMeta } from '@dojo/kube-api';
import { objectIdentity } from '../../../lib/apply-watch-event.ts';

/** client-go's pager default: about 1 MB of Dojos a page. */
export const listPageSize = 500;

export interface Paged {
  metadata: ListMeta;
}

/** Whether every page of a list is in. */
export function isComplete(list: Paged | undefined): boolean {
  return list !== undefined && !list.metadata.continue;
}

/**
 * Reads the pages after `first`, one at a time, handing each to `onPage` in order; stops early
 * when `signal` aborts. A page that fails rejects (a 410: the continue token expired, and the
 * caller lists again from the start).
 */
export async function readRemainingPages<P extends Paged>(
  first: P,
  fetchPage: (continueToken: string, signal: AbortSignal) => Promise<P>,
  onPage: (page: P) => void,
  signal: AbortSignal,
): Promise<void> {
  let token = first.metadata.continue;
  while (token && !signal.aborted) {
    const page = await fetchPage(token, signal);
    if (signal.aborted) return;
    onPage(page);
    token = page.metadata.continue;
  }
}

/**
 * The list with the next page's items after its own; the page's `continue` says whether more
 * follow. An object the list already holds keeps the list's version (a watch event brought it,
 * and is newer than the page's snapshot).
 */
export function appendListPage<L extends KubeList>(list: L, page: L): L {
  const { continue: _read, remainingItemCount: _left, ...rest } = list.metadata;
  const metadata: ListMeta = {
    ...rest,
    ...(page.metadata.continue ? { continue: page.metadata.continue } : {}),
    ...(page.metadata.remainingItemCount !== undefined ? { remainingItemCount: page.metadata.remainingItemCount } : {}),
  };
  const held = new Set(list.items.map(objectIdentity));
  return { ...list, metadata, items: [...list.items, ...page.items.filter((item) => !held.has(objectIdentity(item)))] };
}
