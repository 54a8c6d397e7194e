/**
 * The versions of one object this tab has seen, oldest first, for "diff any two versions".
 * Kubernetes keeps no history of an object, so the history is what the watch delivered while
 * the console was open. An object is followed from the first time its page is opened, and from
 * then on every watch event for it is kept (per uid, at most 50 versions, for the life of the tab).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { KubeObject } from '@dojo/kube-api';

export interface ObjectVersion {
  resourceVersion: string;
  seenAt: number;
  object: KubeObject;
}

const maxVersions = 50;
const versionsByUid = new Map<string, ObjectVersion[]>();
const listeners = new Set<() => void>();
const empty: ObjectVersion[] = [];

const followed = new Set<string>();

/** Called for every watch event; keeps a version only of objects someone has opened. */
export function recordObjectVersion(object: KubeObject): void {
  const uid = object.metadata.uid;
  const rv = object.metadata.resourceVersion;
  if (!uid || !rv || !followed.has(uid)) return;
  const list = versionsByUid.get(uid) ?? [];
  if (list.some((v) => v.resourceVersion === rv)) return;
  const next = [...list, { resourceVersion: rv, seenAt: Date.now(), object }].slice(-maxVersions);
  versionsByUid.set(uid, next);
  for (const listener of listeners) listener();
}

/** Records every version of `object` the page sees and returns the ones seen so far. */
export function useObjectVersions(object: KubeObject | undefined): ObjectVersion[] {
  useEffect(() => {
    if (!object?.metadata.uid) return;
    followed.add(object.metadata.uid);
    recordObjectVersion(object);
  }, [object]);
  const uid = object?.metadata.uid;
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => (uid ? versionsByUid.get(uid) ?? empty : empty),
  );
}
