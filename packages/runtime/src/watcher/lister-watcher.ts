/**
 * The two calls a watcher needs (client-go's ListerWatcher), bound to one type and scope.
 * Tests wrap it to cut connections; nothing else needs to know.
 */
import type { KubeList, KubeObject, LabelSelector, WatchEvent } from '@dojo/kube-api';
import type { ObjectReader, WatchOptions } from '../client/client.ts';
import type { ResourceType } from '../client/resource-type.ts';

export interface PageRequest {
  limit?: number;
  continue?: string;
  signal: AbortSignal;
}

export interface WatchRequest {
  resourceVersion: string;
  allowWatchBookmarks: boolean;
  timeoutSeconds: number;
  signal: AbortSignal;
}

export interface ListerWatcher<T extends KubeObject = KubeObject> {
  list(request: PageRequest): Promise<KubeList<T>>;
  watch(request: WatchRequest): AsyncIterable<WatchEvent<T>>;
}

/** Which objects of a type: all of them, one namespace's, or those matching selectors. */
export interface WatchScope {
  namespace?: string;
  labelSelector?: string | LabelSelector;
  fieldSelector?: string;
}

export interface ListWatchClient extends Pick<ObjectReader, 'list'> {
  watch<T extends KubeObject = KubeObject>(type: ResourceType, options?: WatchOptions): AsyncIterable<WatchEvent<T>>;
}

export function listerWatcherFor<T extends KubeObject = KubeObject>(client: ListWatchClient, type: ResourceType, scope: WatchScope = {}): ListerWatcher<T> {
  return {
    list: (request) => client.list<T>(type, { ...scope, ...request }),
    watch: (request) => client.watch<T>(type, { ...scope, ...request }),
  };
}
