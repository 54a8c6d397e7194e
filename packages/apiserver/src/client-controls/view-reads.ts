/**
 * A paused or stale client's GETs and LISTs, answered as of its view's revision: a LIST is an
 * Exact list at that revision (its pages pin it through their continue tokens), a GET the
 * object as it was then. Both answer 410 Expired once history no longer reaches back.
 */
import { newNotFound, type KubeObject } from '@dojo/kube-api';
import { storageName } from '../registry/list.ts';
import type { ListOptions } from '../registry/request-options.ts';
import { groupResourceOf, type ResourceInfo } from '../registry/resource-info.ts';
import type { RevisionedStore } from '../storage/revisioned-store.ts';
import type { WatchCache } from '../storage/watch-cache.ts';
import type { ReadRevision } from './client-view.ts';
import { storedObjectAt } from './snapshot-read.ts';

/**
 * The list options that read the view's revision. A continue token already pins the revision of
 * its first page, and an Exact list its own, so those stay as the client sent them.
 */
export function viewListOptions(options: ListOptions, view: ReadRevision): ListOptions {
  if (options.continue || options.resourceVersionMatch === 'Exact') return options;
  return { ...options, resourceVersion: String(view.rev), resourceVersionMatch: 'Exact' };
}

export function viewObject(
  deps: { revisioned: RevisionedStore; watchCache: WatchCache },
  info: ResourceInfo,
  namespace: string | undefined,
  name: string,
  view: ReadRevision,
): KubeObject {
  const stored = storedObjectAt(deps.revisioned, deps.watchCache, info.bucket, storageName(namespace, name), view.rev);
  if (!stored) throw newNotFound(groupResourceOf(info), name);
  return info.fromStorage(JSON.parse(stored.json) as KubeObject);
}
