/** Cluster and leader, in the header: which cluster this console is looking at, and who reconciles (or, for a recording, which cluster it was made on). */
import { Link } from '../../../lib/router.tsx';
import { useSession } from '../api/session.ts';

/** `ownLogsPath`: the console's own Pod's Logs tab, linked when it runs in the cluster. */
export function SessionSummary({ ownLogsPath }: { ownLogsPath?: (pod: { namespace: string; name: string }) => string }) {
  const { data: session, isError } = useSession();
  if (isError) return <span className="text-sm text-slate-500">Cluster unknown</span>;
  if (!session) return <span className="text-sm text-slate-500">…</span>;
  const { cluster, leader } = session;
  if (session.recording) {
    return (
      <span className="hidden max-w-64 truncate text-sm text-slate-700 md:block dark:text-slate-200" title={session.recording.name}>
        Recording of {cluster.mode === 'embedded' ? 'the embedded cluster' : (cluster.context ?? cluster.server)}
      </span>
    );
  }
  const clusterText = cluster.mode === 'embedded' ? 'Embedded cluster' : `Cluster ${cluster.context ?? cluster.server}`;
  const leaderText = leader.isLeader ? 'Leader: this replica' : `Leader: ${leader.holder ?? 'unknown'}`;
  return (
    <dl className="hidden items-center gap-4 text-sm md:flex">
      <div className="flex gap-1.5">
        <dt className="sr-only">Cluster</dt>
        <dd title={cluster.server} className="max-w-64 truncate text-slate-700 dark:text-slate-200">
          {clusterText}
        </dd>
      </div>
      <div className="flex gap-1.5">
        <dt className="sr-only">Leader election</dt>
        <dd
          title={`This replica: ${leader.identity}`}
          className={leader.isLeader ? 'text-emerald-700 dark:text-emerald-300' : 'text-amber-700 dark:text-amber-300'}
        >
          {leaderText}
        </dd>
      </div>
      {cluster.pod && ownLogsPath ? (
        <div className="flex gap-1.5">
          <dt className="sr-only">The console's own Pod</dt>
          <dd>
            <Link
              to={ownLogsPath(cluster.pod)}
              title={`Pod ${cluster.pod.namespace}/${cluster.pod.name}`}
              className="text-indigo-700 underline dark:text-indigo-300"
            >
              Console logs
            </Link>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
