/**
 * Keeps cached lists current: one socket watch per cached list, shared by every component that
 * shows it (reference counted), started from the list's resourceVersion. Events are batched
 * per animation frame and folded in with `applyWatchEvents` + `setQueryData`, the only path by
 * which watch events reach the cache. On `relist` the list is fetched again and the watch
 * starts over from the new resourceVersion (client-go's reflector on 410 Gone).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { GroupVersionResource, KubeList, WatchEvent } from '@dojo/kube-api';
import { applyWatchEvents } from '../../../lib/apply-watch-event.ts';
import { browserFrameScheduler, createFrameBatcher, type FrameScheduler } from '../../../lib/frame-batcher.ts';
import type { LiveSocket } from '../../../lib/live-socket.ts';

interface Entry {
  refs: number;
  stop: () => void;
  linger?: ReturnType<typeof setTimeout> | undefined;
}

const entries = new WeakMap<QueryClient, Map<string, Entry>>();
const lingerMs = 5_000;

/** Which objects of a kind a list holds: one namespace or all, and those a label selector picks. */
export interface ListScope {
  namespace?: string | undefined;
  labelSelector?: string | undefined;
}

function startWatch(socket: LiveSocket, queryClient: QueryClient, queryKey: QueryKey, gvr: GroupVersionResource, scope: ListScope, scheduler: FrameScheduler) {
  const { namespace, labelSelector } = scope;
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  const batcher = createFrameBatcher<WatchEvent>((events) => {
    queryClient.setQueryData<KubeList>(queryKey, (list) => (list ? applyWatchEvents(list, events) : list));
  }, scheduler);
  const subscribe = () => {
    const list = queryClient.getQueryData<KubeList>(queryKey);
    if (!list || stopped) return;
    unsubscribe = socket.watch(
      {
        resource: gvr,
        ...(namespace ? { namespace } : {}),
        ...(labelSelector ? { labelSelector } : {}),
        ...(list.metadata.resourceVersion ? { resourceVersion: list.metadata.resourceVersion } : {}),
      },
      {
        onEvent: (event) => batcher.push(event),
        onRelist: () => {
          batcher.cancel();
          unsubscribe = undefined;
          void queryClient.refetchQueries({ queryKey, exact: true }).then(subscribe);
        },
        onError: () => {
          unsubscribe = undefined;
        },
      },
    );
  };
  subscribe();
  return () => {
    stopped = true;
    batcher.flush();
    unsubscribe?.();
  };
}

/** Holds the watch for `queryKey` while the returned release function has not been called. */
export function retainListWatch(
  socket: LiveSocket,
  queryClient: QueryClient,
  queryKey: QueryKey,
  gvr: GroupVersionResource,
  scope: ListScope,
  scheduler: FrameScheduler = browserFrameScheduler,
): () => void {
  let byKey = entries.get(queryClient);
  if (!byKey) entries.set(queryClient, (byKey = new Map()));
  const id = JSON.stringify(queryKey);
  let entry = byKey.get(id);
  if (entry) {
    entry.refs++;
    if (entry.linger) clearTimeout(entry.linger);
    entry.linger = undefined;
  } else {
    entry = { refs: 1, stop: startWatch(socket, queryClient, queryKey, gvr, scope, scheduler) };
    byKey.set(id, entry);
  }
  const held = entry;
  const map = byKey;
  return () => {
    held.refs--;
    if (held.refs > 0) return;
    // Navigating between views that show the same list should not restart its watch.
    held.linger = setTimeout(() => {
      if (held.refs > 0) return;
      held.stop();
      map.delete(id);
    }, lingerMs);
  };
}
