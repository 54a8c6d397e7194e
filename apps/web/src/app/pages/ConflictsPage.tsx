import { useMemo } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useActivity } from '../../features/activity/api/activity.ts';
import { clientGone } from '../../features/activity/model/client-liveness.ts';
import { ConflictsTable } from '../../features/telemetry/components/ConflictsTable.tsx';
import { navigate } from '../../lib/router.tsx';
import { useObjectPageLink } from '../object-links.ts';
import { paths } from '../paths.ts';

/** Which writers have stopped, from the clients' activity; stable while the set is the same. */
function useWriterGone(): (controller: string) => boolean {
  const { data: activity } = useActivity();
  const gone = activity
    ? activity.clients
        .filter((client) => clientGone(client, activity.time))
        .map((client) => client.name)
        .sort()
        .join('\n')
    : '';
  return useMemo(() => {
    const names = new Set(gone.split('\n').filter(Boolean));
    return (controller: string) => names.has(controller);
  }, [gone]);
}

/** The selected conflict lives in the URL, so a reload or a shared link opens it. */
export function ConflictsPage({ conflict }: { conflict?: number | undefined }) {
  const objectLink = useObjectPageLink();
  const writerGone = useWriterGone();
  return (
    <>
      <PageHeader
        title="Conflicts"
        description="Every 409: a write that carried a resourceVersion someone else had already replaced (in a level-based controller the retry should simply succeed), or a server-side apply refused because other field managers own fields it sets."
      />
      <ConflictsTable
        objectLink={objectLink}
        writerGone={writerGone}
        selected={conflict}
        onSelect={(seq) => navigate(paths.conflicts({ conflict: seq }), { replace: true })}
      />
    </>
  );
}
