/**
 * The page of a name whose object is gone: what the console recorded of it, as for a live one
 * (its last version as YAML, versions, Events, reconciles, condition history), plainly marked
 * deleted — when, and by whom when the request journal says. A re-created object of the same
 * name is another object (another uid): the newest deleted one is shown, and when the name
 * had several, each is one link away (`?uid=`).
 */
import type { ObjectIncarnation, ServedResource } from '@dojo/console-protocol';
import type { KubeObject, ObjectIdentity } from '@dojo/kube-api';
import { EmptyState, Loading } from '../../components/EmptyState.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { shownIncarnation, useObjectIncarnations } from '../../features/resources/api/object-incarnations.ts';
import { useObjectVersions } from '../../features/resources/api/object-versions.ts';
import { Link } from '../../lib/router.tsx';
import { formatClock } from '../../lib/time-format.ts';
import type { DetailFocus, DetailTab } from '../resource-routes.ts';
import { paths } from '../paths.ts';
import { ObjectDetail } from './ObjectDetail.tsx';

export interface DeletedObjectDetailProps extends DetailFocus {
  readonly type: ServedResource;
  readonly namespace?: string | undefined;
  readonly name: string;
  readonly tab: DetailTab;
}

const when = (ms: number) => `${new Date(ms).toLocaleDateString()} ${formatClock(ms)}`;

export function deletionText(incarnation: ObjectIncarnation): string {
  if (!incarnation.deleted) return `Not seen since ${when(incarnation.lastSeen)}`;
  return `Deleted at ${when(incarnation.deleted.time)}${incarnation.deleted.by ? ` by ${incarnation.deleted.by}` : ''}`;
}

export function DeletedObjectDetail({ type, namespace, name, tab, ...focus }: DeletedObjectDetailProps) {
  const named: ObjectIdentity = { group: type.group, kind: type.kind, name, ...(namespace ? { namespace } : {}) };
  const incarnations = useObjectIncarnations(named, true);
  const shown = incarnations.data ? shownIncarnation(incarnations.data.incarnations, focus.uid) : undefined;
  const identity: ObjectIdentity = { ...named, ...(shown?.uid ? { uid: shown.uid } : {}) };
  const versions = useObjectVersions(identity, undefined);
  const gone = `${type.kind} ${namespace ? `${namespace}/` : ''}${name} does not exist (any more)`;
  if (incarnations.isPending || (shown && versions.isPending)) return <Loading label={`${gone}; loading what the console recorded of it…`} />;
  if (incarnations.error) return <ErrorNotice error={incarnations.error} />;
  const last = versions.data?.versions.at(-1)?.body;
  if (!shown || !last) {
    return (
      <EmptyState title={`${gone}, and the console recorded nothing of it.`}>
        <Link to={paths.resourceList({ gvr: type })} className="text-indigo-700 underline dark:text-indigo-300">
          All {type.kind} objects
        </Link>
      </EmptyState>
    );
  }
  const object: KubeObject = {
    ...last,
    apiVersion: last.apiVersion ?? (type.group ? `${type.group}/${type.version}` : type.version),
    kind: last.kind ?? type.kind,
  };
  const others = incarnations.data.incarnations;
  const notice = (
    <section
      aria-label="Deleted object"
      className="mb-4 rounded-md border border-rose-300 bg-rose-50 px-4 py-3 text-sm text-rose-950 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-50"
    >
      <p className="font-medium">{deletionText(shown)}.</p>
      <p className="mt-1">
        {gone}: this is what the console recorded of it (uid <span className="font-mono text-xs break-all">{shown.uid || 'unknown'}</span>), its last version as
        of {when(shown.lastSeen)}.
      </p>
      {others.length > 1 ? (
        <div className="mt-2">
          <p>This name was {others.length} objects, one after the other:</p>
          <ul aria-label="Objects of this name" className="mt-1 list-disc pl-5">
            {others.map((incarnation) => (
              <li key={incarnation.uid}>
                {incarnation.uid === shown.uid ? (
                  <span aria-current="true" className="font-medium">
                    uid <span className="font-mono text-xs">{incarnation.uid}</span> (shown)
                  </span>
                ) : (
                  <Link
                    to={paths.resourceDetail({ gvr: type, namespace, objectName: name, tab, uid: incarnation.uid })}
                    className="text-indigo-700 underline dark:text-indigo-300"
                  >
                    uid <span className="font-mono text-xs">{incarnation.uid}</span>
                  </Link>
                )}
                {`: first seen ${when(incarnation.firstSeen)}, ${deletionText(incarnation).replace(/^D/, 'd').replace(/^N/, 'n')}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
  return <ObjectDetail key={shown.uid} type={type} namespace={namespace} name={name} tab={tab} object={object} deleted={notice} {...focus} uid={shown.uid} />;
}
