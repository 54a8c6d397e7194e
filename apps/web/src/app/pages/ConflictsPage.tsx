import { PageHeader } from '../../components/PageHeader.tsx';
import { ConflictsTable } from '../../features/telemetry/components/ConflictsTable.tsx';
import { useObjectPageLink } from '../object-links.ts';

export function ConflictsPage() {
  const objectLink = useObjectPageLink();
  return (
    <>
      <PageHeader
        title="Conflicts"
        description="Every 409: a write that carried a resourceVersion someone else had already replaced. In a level-based controller the retry should simply succeed."
      />
      <ConflictsTable objectLink={objectLink} />
    </>
  );
}
