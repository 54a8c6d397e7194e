import { PageHeader } from '../../components/PageHeader.tsx';
import { ConflictsTable } from '../../features/telemetry/components/ConflictsTable.tsx';
import { navigate } from '../../lib/router.tsx';
import { useObjectPageLink } from '../object-links.ts';
import { paths } from '../routes.ts';

/** The selected conflict lives in the URL, so a reload or a shared link opens it. */
export function ConflictsPage({ conflict }: { conflict?: number }) {
  const objectLink = useObjectPageLink();
  return (
    <>
      <PageHeader
        title="Conflicts"
        description="Every 409: a write that carried a resourceVersion someone else had already replaced (in a level-based controller the retry should simply succeed), or a server-side apply refused because other field managers own fields it sets."
      />
      <ConflictsTable objectLink={objectLink} selected={conflict} onSelect={(seq) => navigate(paths.conflicts({ conflict: seq }), { replace: true })} />
    </>
  );
}
