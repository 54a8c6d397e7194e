/**
 * The console's pages, one entry each: URL pattern and search params, sidebar entry, and the
 * component, loaded on first visit. Routing (App), the sidebar and every link (`paths`) read
 * this table; adding a page is a page file plus one entry here.
 *
 * Why our own small router (lib/router.tsx, lib/route.ts) and not TanStack Router: a dozen
 * pages need typed params and search params, which ~150 lines give us; TanStack Router would
 * add a route tree (generated, or spelled out in code), its own Link and history in place of
 * lib/router's real anchors, and a large dependency, for features (loaders, nested layouts,
 * pending states) the console does not use. Revisit if pages start to nest or load data per route.
 */
import type { ComponentType } from 'react';
import { lazyPage, page, type Page } from '../lib/page.ts';
import { intParam, pathRoute, pathSegments, textParam } from '../lib/route.ts';
import { kindCreateRoute, kindListRoute, objectDetailRoute, objectEditRoute } from './resource-routes.ts';

export const pages = {
  overview: page({ route: pathRoute('/'), component: lazyPage(() => import('./pages/OverviewPage.tsx'), 'OverviewPage'), nav: { label: 'Overview', icon: 'M3 3h6v6H3zM11 3h6v6h-6zM3 11h6v6H3zM11 11h6v6h-6z', order: 10 } }),
  resources: page({ route: pathRoute('/resources'), component: lazyPage(() => import('./pages/ResourcesPage.tsx'), 'ResourcesPage'), nav: { label: 'Resources', icon: 'M10 2l8 4-8 4-8-4zM2 9.5l2-1 6 3 6-3 2 1-8 4zM2 13.5l2-1 6 3 6-3 2 1-8 4z', order: 20 } }),
  resourceList: page({ route: kindListRoute, component: lazyPage(() => import('./pages/ResourceListPage.tsx'), 'ResourceListPage') }),
  resourceCreate: page({ route: kindCreateRoute, component: lazyPage(() => import('./pages/ResourceFormPage.tsx'), 'ResourceCreatePage') }),
  resourceDetail: page({ route: objectDetailRoute, component: lazyPage(() => import('./pages/ResourceDetailPage.tsx'), 'ResourceDetailPage') }),
  resourceEdit: page({ route: objectEditRoute, component: lazyPage(() => import('./pages/ResourceFormPage.tsx'), 'ResourceEditPage') }),
  workqueue: page({ route: pathRoute('/workqueue/:controller?'), component: lazyPage(() => import('./pages/WorkqueuePage.tsx'), 'WorkqueuePage'), nav: { label: 'Workqueue', icon: 'M3 4h14v2H3zM3 9h14v2H3zM3 14h9v2H3z', order: 30 } }),
  timeline: page({
    // Filters, the selected reconcile and the time window (epoch ms; absent while following live): a shareable view.
    route: pathRoute('/timeline', { controller: textParam, object: textParam, trigger: textParam, reconcile: textParam, from: intParam, to: intParam }),
    component: lazyPage(() => import('./pages/TimelinePage.tsx'), 'TimelinePage'),
    nav: { label: 'Timeline', icon: 'M2 4h9v3H2zM6 9h11v3H6zM4 14h7v3H4z', order: 40 },
  }),
  // The selected conflict (its sequence number), so a reload or a shared link opens it.
  conflicts: page({ route: pathRoute('/conflicts', { conflict: intParam }), component: lazyPage(() => import('./pages/ConflictsPage.tsx'), 'ConflictsPage'), nav: { label: 'Conflicts', icon: 'M10 2l9 16H1zM9 8v5h2V8zM9 14v2h2v-2z', order: 50 } }),
  watches: page({ route: pathRoute('/watches', { client: textParam }), component: lazyPage(() => import('./pages/WatchesPage.tsx'), 'WatchesPage'), nav: { label: 'Watches', icon: 'M10 4C5 4 2 10 2 10s3 6 8 6 8-6 8-6-3-6-8-6zm0 9a3 3 0 110-6 3 3 0 010 6z', order: 55 } }),
  // A connected client (an operator the console did not start) by its name, and the tab shown.
  client: page({ route: pathRoute('/clients/:client', { tab: textParam }), component: lazyPage(() => import('./pages/ClientPage.tsx'), 'ClientPage') }),
  debug: page({ route: pathRoute('/debug/:controller?'), component: lazyPage(() => import('./pages/DebugPage.tsx'), 'DebugPage'), nav: { label: 'Debug', icon: 'M4 4h3v12H4zM9 4l8 6-8 6z', order: 60 } }),
  discord: page({ route: pathRoute('/discord'), component: lazyPage(() => import('./pages/DiscordPage.tsx'), 'DiscordPage'), nav: { label: 'Discord', icon: 'M3 4h14v9H8l-4 3v-3H3z', order: 70 } }),
};

type Pages = typeof pages;
type PageKey = keyof Pages;
type ParamsOf<K extends PageKey> = Pages[K] extends Page<infer P, never> ? P : never;
type LinkOf<K extends PageKey> = Parameters<Pages[K]['route']['build']>[0];

/** The URL of every page, from its params: `paths.debug({ controller: 'dojo' })`. */
export const paths = Object.fromEntries(Object.entries(pages).map(([key, p]) => [key, (link: never) => p.route.build(link)])) as {
  [K in PageKey]: (link: LinkOf<K>) => string;
};

type Kebab<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}` : S;
const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The page at a location and its params; `name` is its key in kebab case ("resource-detail"). */
export type RouteMatch = { [K in PageKey]: { name: Kebab<K> } & ParamsOf<K> }[PageKey] | { name: 'not-found' };

export function parseRoute(pathname: string, search: URLSearchParams = new URLSearchParams()): RouteMatch {
  const segments = pathSegments(pathname);
  for (const [key, p] of Object.entries(pages)) {
    const params = (p.route as Page<object, never>['route']).parse(segments, search);
    if (params) return { name: kebab(key), ...params } as RouteMatch;
  }
  return { name: 'not-found' };
}

/** The component of the page a route names; it takes the route's params as props. */
export function pageComponent(name: RouteMatch['name']): ComponentType<object> | undefined {
  const entry = Object.entries(pages).find(([key]) => kebab(key) === name)?.[1];
  return entry?.component as ComponentType<object> | undefined;
}

/** The sidebar: every page with a nav entry, in order, with its URL. */
export const navItems = Object.values(pages as Record<string, Page<unknown, Record<never, never>>>)
  .flatMap((p) => (p.nav ? [{ ...p.nav, to: p.route.build({}) }] : []))
  .sort((a, b) => a.order - b.order);
