/**
 * The console: layout, sign-in gate and the page for the current URL. The overview ships with
 * the first load; every other page is its own chunk, fetched when first opened.
 */
import { lazy, Suspense } from 'react';
import { Layout } from './app/Layout.tsx';
import { NotFoundPage } from './app/pages/NotFoundPage.tsx';
import { OverviewPage } from './app/pages/OverviewPage.tsx';
import { parseRoute, type Route } from './app/routes.ts';
import { Loading } from './components/EmptyState.tsx';
import { isUnauthorized, useSession } from './features/session/api/session.ts';
import { SignInPage } from './features/session/components/SignInPage.tsx';
import { useLocation } from './lib/router.tsx';

const ConflictsPage = lazy(() => import('./app/pages/ConflictsPage.tsx').then((m) => ({ default: m.ConflictsPage })));
const DebugPage = lazy(() => import('./app/pages/DebugPage.tsx').then((m) => ({ default: m.DebugPage })));
const DiscordPage = lazy(() => import('./app/pages/DiscordPage.tsx').then((m) => ({ default: m.DiscordPage })));
const ResourceDetailPage = lazy(() => import('./app/pages/ResourceDetailPage.tsx').then((m) => ({ default: m.ResourceDetailPage })));
const ResourceCreatePage = lazy(() => import('./app/pages/ResourceFormPage.tsx').then((m) => ({ default: m.ResourceCreatePage })));
const ResourceEditPage = lazy(() => import('./app/pages/ResourceFormPage.tsx').then((m) => ({ default: m.ResourceEditPage })));
const ResourceListPage = lazy(() => import('./app/pages/ResourceListPage.tsx').then((m) => ({ default: m.ResourceListPage })));
const ResourcesPage = lazy(() => import('./app/pages/ResourcesPage.tsx').then((m) => ({ default: m.ResourcesPage })));
const TimelinePage = lazy(() => import('./app/pages/TimelinePage.tsx').then((m) => ({ default: m.TimelinePage })));
const WorkqueuePage = lazy(() => import('./app/pages/WorkqueuePage.tsx').then((m) => ({ default: m.WorkqueuePage })));

function Page({ route }: { route: Route }) {
  switch (route.name) {
    case 'overview':
      return <OverviewPage />;
    case 'resources':
      return <ResourcesPage />;
    case 'resource-list':
      return <ResourceListPage gvr={route.gvr} />;
    case 'resource-create':
      return <ResourceCreatePage gvr={route.gvr} />;
    case 'resource-detail':
      return <ResourceDetailPage gvr={route.gvr} namespace={route.namespace} name={route.objectName} tab={route.tab} />;
    case 'resource-edit':
      return <ResourceEditPage gvr={route.gvr} namespace={route.namespace} name={route.objectName} />;
    case 'workqueue':
      return <WorkqueuePage controller={route.controller} />;
    case 'timeline':
      return <TimelinePage />;
    case 'conflicts':
      return <ConflictsPage />;
    case 'debug':
      return <DebugPage controller={route.controller} />;
    case 'discord':
      return <DiscordPage />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

export function App() {
  const { pathname, search } = useLocation();
  const session = useSession();
  const route = parseRoute(pathname, search);
  return (
    <Layout>
      {isUnauthorized(session.error) ? (
        <SignInPage />
      ) : (
        <Suspense fallback={<Loading />}>
          <Page key={route.name} route={route} />
        </Suspense>
      )}
    </Layout>
  );
}
