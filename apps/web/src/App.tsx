/**
 * The console: layout, sign-in gate and the page for the current URL, from the page table
 * (app/paths.ts, app/pages.ts). Every page is its own chunk, fetched when first opened (and again until it
 * comes, lib/chunk-retry.ts); a page that fails shows its error in place, never a blank app.
 */
import { Suspense } from 'react';
import { Layout } from './app/Layout.tsx';
import { NotFoundPage } from './app/pages/NotFoundPage.tsx';
import { pageComponent } from './app/pages.ts';
import { parseRoute } from './app/paths.ts';
import { PageErrorBoundary } from './components/PageErrorBoundary.tsx';
import { PageLoading } from './components/PageLoading.tsx';
import { isUnauthorized, useSession } from './features/session/api/session.ts';
import { SignInPage } from './features/session/components/SignInPage.tsx';
import { useLocation } from './lib/router.tsx';

export function App() {
  const { pathname, search } = useLocation();
  const session = useSession();
  const { name, ...params } = parseRoute(pathname, search);
  const Page = pageComponent(name) ?? NotFoundPage;
  return (
    <Layout>
      {isUnauthorized(session.error) ? (
        <SignInPage />
      ) : (
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Page key={name} {...params} />
          </Suspense>
        </PageErrorBoundary>
      )}
    </Layout>
  );
}
