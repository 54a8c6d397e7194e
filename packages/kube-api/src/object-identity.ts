/**
 * Which object a record is about: API group, kind, namespace, name — and the UID that tells one
 * incarnation from the next when an object is deleted and created again under the same name.
 *
 * Two kinds may share a namespace/name (a Dojo, its Deployment and its Database are all
 * "default/web"), so anything recorded or shown about an object is keyed by `identityKey`, never
 * by namespace/name alone. The key leaves the UID out on purpose: it names the object across
 * re-creations; compare `uid` as well (`sameIncarnation`) to tell them apart.
 */
import { parseApiVersion, type KubeObject } from './types.ts';

export interface ObjectIdentity {
  /** "" for the core group. */
  readonly group: string;
  readonly kind: string;
  /** Absent for cluster-scoped objects. */
  readonly namespace?: string;
  readonly name: string;
  /** Known when the emitter saw the object itself; absent when it only knew its key. */
  readonly uid?: string;
}

/**
 * `group/kind/namespace/name`, with empty segments for the core group and for cluster-scoped
 * objects ("apps/Deployment/default/web", "/Pod/default/web-1", "/Namespace//team-a"). Group,
 * kind, namespace and name never contain "/", so the key parses back (`parseIdentityKey`).
 */
export function identityKey(id: Omit<ObjectIdentity, 'uid'>): string {
  return `${id.group}/${id.kind}/${id.namespace ?? ''}/${id.name}`;
}

export function parseIdentityKey(key: string): ObjectIdentity | undefined {
  const parts = key.split('/');
  if (parts.length !== 4 || !parts[1] || !parts[3]) return undefined;
  const [group, kind, namespace, name] = parts as [string, string, string, string];
  return namespace ? { group, kind, namespace, name } : { group, kind, name };
}

/** The identity of an object that carries its apiVersion and kind (as the API server returns it). */
export function identityOf(object: KubeObject, type?: { readonly group: string; readonly kind: string }): ObjectIdentity {
  const group = type?.group ?? parseApiVersion(object.apiVersion ?? 'v1').group;
  const kind = type?.kind ?? object.kind ?? '';
  const { namespace, name = '', uid } = object.metadata;
  return { group, kind, ...(namespace ? { namespace } : {}), name, ...(uid ? { uid } : {}) };
}

/** Same object, same incarnation: equal keys, and equal UIDs when both sides know theirs. */
export function sameIncarnation(a: ObjectIdentity, b: ObjectIdentity): boolean {
  return identityKey(a) === identityKey(b) && (a.uid === undefined || b.uid === undefined || a.uid === b.uid);
}
