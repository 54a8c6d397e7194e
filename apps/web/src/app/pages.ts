/**
 * The component of every page in app/paths.ts, each loaded on first visit. Only the app shell
 * (App.tsx) imports this table; pages link through `paths`, so none imports the table that
 * loads it. The compiler checks that every page in paths.ts has a component taking its params.
 */
import type { ComponentType } from 'react';
import { lazyPage } from '../lib/page.ts';
import { pageRoutes, routeName, type PageKey, type PageParams, type RouteMatch } from './paths.ts';

const pageComponents: { [K in PageKey]: ComponentType<PageParams<K>> } = {
  overview: lazyPage(() => import('./pages/OverviewPage.tsx'), 'OverviewPage'),
  resources: lazyPage(() => import('./pages/ResourcesPage.tsx'), 'ResourcesPage'),
  resourceList: lazyPage(() => import('./pages/ResourceListPage.tsx'), 'ResourceListPage'),
  resourceCreate: lazyPage(() => import('./pages/ResourceFormPage.tsx'), 'ResourceCreatePage'),
  resourceDetail: lazyPage(() => import('./pages/ResourceDetailPage.tsx'), 'ResourceDetailPage'),
  resourceEdit: lazyPage(() => import('./pages/ResourceFormPage.tsx'), 'ResourceEditPage'),
  workqueue: lazyPage(() => import('./pages/WorkqueuePage.tsx'), 'WorkqueuePage'),
  timeline: lazyPage(() => import('./pages/TimelinePage.tsx'), 'TimelinePage'),
  conflicts: lazyPage(() => import('./pages/ConflictsPage.tsx'), 'ConflictsPage'),
  watches: lazyPage(() => import('./pages/WatchesPage.tsx'), 'WatchesPage'),
  client: lazyPage(() => import('./pages/ClientPage.tsx'), 'ClientPage'),
  debug: lazyPage(() => import('./pages/DebugPage.tsx'), 'DebugPage'),
  simulators: lazyPage(() => import('./pages/SimulatorsPage.tsx'), 'SimulatorsPage'),
  discord: lazyPage(() => import('./pages/SimulatorsPage.tsx'), 'RedirectToSimulators'),
};

/** The component of the page a route names; it takes the route's params as props. */
export function pageComponent(name: RouteMatch['name']): ComponentType<object> | undefined {
  const key = (Object.keys(pageRoutes) as PageKey[]).find((k) => routeName(k) === name);
  return key && (pageComponents[key] as ComponentType<object>);
}
