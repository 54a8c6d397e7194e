/**
 * What a watch request asks for, decoded, defaulted and validated as kube-apiserver 1.37 does
 * (WatchList on by default since 1.34): apimachinery's SetListOptionsDefaults turns a plain
 * watch from resourceVersion "" or "0" into `sendInitialEvents=true` +
 * `resourceVersionMatch=NotOlderThan`, then ValidateListOptions checks the combination.
 *
 * The plan that follows is the watch cache's (cacher.Watch):
 * - initial events (sendInitialEvents=true): the current state as ADDED events, taken once
 *   the store has reached the requested resourceVersion (waitUntilFreshAndBlock: 3 s, then
 *   "Too large resource version"); with allowWatchBookmarks, a BOOKMARK at the snapshot's
 *   revision annotated `k8s.io/initial-events-end: "true"` ends them — client-go's streaming
 *   list (isListWatchRequest);
 * - sendInitialEvents=false from "" or "0": no state, changes from the current revision;
 * - a resourceVersion N without initial events: the changes after N.
 */
import { booleanParam, isParamTrue } from '@dojo/kube-api';
import { validateListOptions } from './list-options-validation.ts';
import { parseResourceVersion } from './resource-version.ts';

export interface WatchOptions {
  /** The resourceVersion the client named; "" when it named none. */
  resourceVersion: string;
  /** Send the current state first (after defaulting: a plain watch from ""/"0" does). */
  initialEvents: boolean;
  /** The revision the state must have reached before it is sent (0: any). */
  notOlderThan: number;
  allowWatchBookmarks: boolean;
  /** Initial events closed by the initial-events-end bookmark: client-go's WatchList. */
  streamingList: boolean;
  /** Where the change stream starts when there are no initial events. */
  startRevision?: number;
}

export function watchOptionsOf(query: URLSearchParams): WatchOptions {
  const resourceVersion = query.get('resourceVersion') ?? '';
  let sendInitialEvents = booleanParam(query, 'sendInitialEvents');
  let match = query.get('resourceVersionMatch') || undefined;
  const allowWatchBookmarks = isParamTrue(query, 'allowWatchBookmarks');
  const legacyStart = resourceVersion === '' || resourceVersion === '0';
  // SetListOptionsDefaults: only when the client said nothing about either option.
  if (sendInitialEvents === undefined && match === undefined && legacyStart) {
    sendInitialEvents = true;
    match = 'NotOlderThan';
  }
  validateListOptions({ watch: true, resourceVersion, resourceVersionMatch: match, continue: query.get('continue') ?? undefined, sendInitialEvents });
  const revision = Number(parseResourceVersion(resourceVersion));
  const initialEvents = sendInitialEvents === true;
  const options: WatchOptions = {
    resourceVersion,
    initialEvents,
    notOlderThan: initialEvents && !legacyStart ? revision : 0,
    allowWatchBookmarks,
    streamingList: initialEvents && allowWatchBookmarks,
  };
  if (!initialEvents && !legacyStart) options.startRevision = revision;
  return options;
}
