/**
 * The console's pages by URL, one entry each: URL pattern and search params, and the sidebar
 * entry. The sidebar, routing (App) and every link (`paths`) read this table; the components
 * are in app/pages.ts, which pages never import, so linking to a page never imports the page
 * table (no import cycle). Adding a page is a page file plus one entry here and one in pages.ts
 * (the compiler asks for the second).
 *
 * Why our own small router (lib/router.tsx, lib/route.ts) and not TanStack Router: a dozen
 * pages need typed params and search params, which ~150 lines give us; TanStack Router would
 * add a route tree (generated, or spelled out in code), its own Link and history in place of
 * lib/router's real anchors, and a large dependency, for features (loaders, nested layouts,
 * pending states) the console does not use. Revisit if pages start to nest or load data per route.
 */
import { pageRoute, type NavEntry, type PageRoute } from '../lib/page.ts';
import { intParam, pathRoute, pathSegments, textParam } from '../lib/route.ts';
import { kindCreateRoute, kindListRoute, objectDetailRoute, objectEditRoute } from './resource-routes.ts';

export const pageRoutes = {
  overview: pageRoute({ route: pathRoute('/'), nav: { label: 'Overview', icon: 'M3 3h6v6H3zM11 3h6v6h-6zM3 11h6v6H3zM11 11h6v6h-6z', order: 10 } }),
  resources: pageRoute({
    route: pathRoute('/resources'),
    nav: { label: 'Resources', icon: 'M10 2l8 4-8 4-8-4zM2 9.5l2-1 6 3 6-3 2 1-8 4zM2 13.5l2-1 6 3 6-3 2 1-8 4z', order: 20 },
  }),
  resourceList: pageRoute({ route: kindListRoute }),
  resourceCreate: pageRoute({ route: kindCreateRoute }),
  resourceDetail: pageRoute({ route: objectDetailRoute }),
  resourceEdit: pageRoute({ route: objectEditRoute }),
  workqueue: pageRoute({ route: pathRoute('/workqueue/:controller?'), nav: { label: 'Workqueue', icon: 'M3 4h14v2H3zM3 9h14v2H3zM3 14h9v2H3z', order: 30 } }),
  timeline: pageRoute({
    // Filters, the selected reconcile and the time window (epoch ms; absent while following live): a shareable view.
    route: pathRoute('/timeline', { controller: textParam, object: textParam, trigger: textParam, reconcile: textParam, from: intParam, to: intParam }),
    nav: { label: 'Timeline', icon: 'M2 4h9v3H2zM6 9h11v3H6zM4 14h7v3H4z', order: 40 },
  }),
  // The selected conflict (its sequence number), so a reload or a shared link opens it.
  conflicts: pageRoute({
    route: pathRoute('/conflicts', { conflict: intParam }),
    nav: { label: 'Conflicts', icon: 'M10 2l9 16H1zM9 8v5h2V8zM9 14v2h2v-2z', order: 50 },
  }),
  watches: pageRoute({
    route: pathRoute('/watches', { client: textParam }),
    nav: { label: 'Watches', icon: 'M10 4C5 4 2 10 2 10s3 6 8 6 8-6 8-6-3-6-8-6zm0 9a3 3 0 110-6 3 3 0 010 6z', order: 55 },
  }),
  // A connected client (an operator the console did not start) by its name, and the tab shown.
  client: pageRoute({ route: pathRoute('/clients/:client', { tab: textParam }) }),
  debug: pageRoute({ route: pathRoute('/debug/:controller?'), nav: { label: 'Debug', icon: 'M4 4h3v12H4zM9 4l8 6-8 6z', order: 60 } }),
  // The external systems the running operator modules simulate (Discord, a Kafka broker...), each with its module's panel.
  simulators: pageRoute({ route: pathRoute('/simulators'), nav: { label: 'Simulators', icon: 'M3 3h14v6H3zM3 11h14v6H3zM5 5h2v2H5zM5 13h2v2H5z', order: 70 } }),
  // The Discord page became the Discord simulator's panel on Simulators; old links and bookmarks land there.
  discord: pageRoute({ route: pathRoute('/discord') }),
};

export type PageKey = keyof typeof pageRoutes;
/** The params a page's component receives, as its route parses them. */
export type PageParams<K extends PageKey> = (typeof pageRoutes)[K] extends PageRoute<infer P, never> ? P : never;
type LinkOf<K extends PageKey> = Parameters<(typeof pageRoutes)[K]['route']['build']>[0];

/** The URL of every page, from its params: `paths.debug({ controller: 'dojo' })`. */
export const paths = Object.fromEntries(Object.entries(pageRoutes).map(([key, p]) => [key, (link: never) => p.route.build(link)])) as {
  [K in PageKey]: (link: LinkOf<K>) => string;
};

type Kebab<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}` : S;
/** A page's key as a route name: "resourceDetail" is "resource-detail". */
export const routeName = <K extends PageKey>(key: K) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) as Kebab<K>;

/** The page at a location and its params; `name` is its key in kebab case ("resource-detail"). */
export type RouteMatch = { [K in PageKey]: { name: Kebab<K> } & PageParams<K> }[PageKey] | { name: 'not-found' };

export function parseRoute(pathname: string, search: URLSearchParams = new URLSearchParams()): RouteMatch {
  const segments = pathSegments(pathname);
  for (const [key, p] of Object.entries(pageRoutes)) {
    const params = (p.route as PageRoute<object, never>['route']).parse(segments, search);
    if (params) return { name: routeName(key as PageKey), ...params } as RouteMatch;
  }
  return { name: 'not-found' };
}

/** The sidebar: every page with a nav entry, in order, with its URL. */
export const navItems = Object.values(pageRoutes as Record<string, PageRoute<unknown, Record<never, never>>>)
  .flatMap((p): (NavEntry & { to: string })[] => (p.nav ? [{ ...p.nav, to: p.route.build({}) }] : []))
  .sort((a, b) => a.order - b.order);
