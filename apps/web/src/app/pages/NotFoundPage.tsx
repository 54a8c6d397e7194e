import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Link } from '../../lib/router.tsx';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState title="There is no view at this address.">
        <Link to="/" className="text-indigo-700 underline dark:text-indigo-300">
          Back to the overview
        </Link>
      </EmptyState>
    </>
  );
}
