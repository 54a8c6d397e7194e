/**
 * The routes of resource pages, for the path table (paths.ts). Resource URLs carry the API
 * group ("core" for the core group), version and plural resource; a cluster-scoped object uses
 * "_" as its namespace segment ("_" is never a valid namespace name). Pages get a
 * GroupVersionResource and the object's namespace and name, never the URL's spelling.
 */
import type { ObjectPageTab } from '@dojo/console-protocol';
import type { GroupVersionResource } from '@dojo/kube-api';
import type { ListView } from '../features/resources/model/list-rows.ts';
import { groupFromUrl, urlGroup } from '../lib/kube-paths.ts';
import { mapRoute, oneOfParam, pathRoute, textParam } from '../lib/route.ts';

/** The tabs of an object's page: the ones the backend's links may name (console-protocol). */
export type DetailTab = ObjectPageTab;
export const detailTabs: readonly DetailTab[] = ['overview', 'yaml', 'versions', 'events', 'reconciles', 'fields', 'admission', 'logs'];

const clusterScoped = '_';

interface KindSegments {
  group: string;
  version: string;
  resource: string;
}

interface ObjectSegments extends KindSegments {
  namespace: string;
  name: string;
}

export interface KindLink {
  gvr: GroupVersionResource;
  /** The namespace chosen in a kind's page (its `?namespace=`). */
  namespace?: string | undefined;
}

export interface ObjectLink {
  gvr: GroupVersionResource;
  /** Absent for a cluster-scoped object. */
  namespace?: string | undefined;
  objectName: string;
}

const kindOf = (s: KindSegments): { gvr: GroupVersionResource } => ({ gvr: { group: groupFromUrl(s.group), version: s.version, resource: s.resource } });
const kindSegments = (gvr: GroupVersionResource): KindSegments => ({ group: urlGroup(gvr.group), version: gvr.version, resource: gvr.resource });
const objectOf = (s: ObjectSegments) => ({ ...kindOf(s), ...(s.namespace === clusterScoped ? {} : { namespace: s.namespace }), objectName: s.name });
const objectSegments = (link: ObjectLink): ObjectSegments => ({ ...kindSegments(link.gvr), namespace: link.namespace || clusterScoped, name: link.objectName });

/** A kind's objects: `/resources/<group>/<version>/<resource>?namespace=&labelSelector=&q=&sort=`. */
export const kindListRoute = mapRoute(
  pathRoute('/resources/:group/:version/:resource', { namespace: textParam, labelSelector: textParam, q: textParam, sort: textParam }),
  {
    parse: ({ group, version, resource, ...search }) => ({ ...kindOf({ group, version, resource }), ...withoutEmpty(search) }),
    build: ({ gvr, ...search }: KindLink & ListView) => ({ ...kindSegments(gvr), ...search }),
  },
);

/** A new object of a kind: `/resources/<group>/<version>/<resource>/new?namespace=`. */
export const kindCreateRoute = mapRoute(pathRoute('/resources/:group/:version/:resource/new', { namespace: textParam }), {
  parse: ({ namespace, ...segments }) => ({ ...kindOf(segments), ...(namespace ? { namespace } : {}) }),
  build: (link: KindLink) => ({ ...kindSegments(link.gvr), namespace: link.namespace }),
});

function withoutEmpty<T extends Record<string, string | undefined>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as Partial<T>;
}

/**
 * Where an object's page points within its tabs: a version (`rv`), a reconcile and a trigger
 * filter; and, for a name whose object is gone, which deleted incarnation (`uid`) to show.
 */
export interface DetailFocus {
  rv?: string | undefined;
  uid?: string | undefined;
  reconcile?: string | undefined;
  trigger?: string | undefined;
}

/** One object's page, on the tab in its `?tab=` (the overview when absent or unknown), focused per `DetailFocus`. */
export const objectDetailRoute = mapRoute(
  pathRoute('/resources/:group/:version/:resource/:namespace/:name', {
    tab: oneOfParam(detailTabs, 'overview'),
    rv: textParam,
    reconcile: textParam,
    trigger: textParam,
    uid: textParam,
  }),
  {
    parse: ({ tab, rv, reconcile, trigger, uid, ...segments }) => ({
      ...objectOf(segments),
      tab,
      ...(rv ? { rv } : {}),
      ...(reconcile ? { reconcile } : {}),
      ...(trigger ? { trigger } : {}),
      ...(uid ? { uid } : {}),
    }),
    build: ({ tab, rv, reconcile, trigger, uid, ...link }: ObjectLink & DetailFocus & { tab?: DetailTab | undefined }) => ({
      ...objectSegments(link),
      tab,
      rv,
      reconcile,
      trigger,
      uid,
    }),
  },
);

export const objectEditRoute = mapRoute(pathRoute('/resources/:group/:version/:resource/:namespace/:name/edit'), { parse: objectOf, build: objectSegments });
