/**
 * The console: layout, sign-in gate and the page for the current URL, from the page table
 * (app/routes.ts). Every page is its own chunk, fetched when first opened.
 */
import { Suspense } from 'react';
import { Layout } from './app/Layout.tsx';
import { NotFoundPage } from './app/pages/NotFoundPage.tsx';
import { pageComponent, parseRoute } from './app/routes.ts';
import { Loading } from './components/EmptyState.tsx';
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
        <Suspense fallback={<Loading />}>
          <Page key={name} {...params} />
        </Suspense>
      )}
    </Layout>
  );
}
