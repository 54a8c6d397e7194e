/**
 * getStatefulSetRevisions and truncateHistory: the update revision is the set's template as it
 * is now, found among the saved revisions (the newest, or an older one renumbered when rolled
 * back to) or saved as a new one; the current revision is the one status names, else the
 * update revision. Revisions that no Pod, neither current nor update, uses are kept up to
 * revisionHistoryLimit, oldest removed first.
 */
import { isNotFound } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import type { ControllerRevision, StatefulSet } from '../core/apps-types.ts';
import { createRevision, nextRevisionNumber, renumberRevision, revisionDataOf, sameRevisionData, type RevisionWriter } from '../core/controller-history.ts';
import type { Pod } from '../core/workload-types.ts';
import { revisionOf } from './stateful-identity.ts';

export interface SetRevisions {
  readonly current: ControllerRevision;
  readonly update: ControllerRevision;
  readonly collisionCount: number;
}

export async function statefulSetRevisions(writer: RevisionWriter, set: StatefulSet, sorted: readonly ControllerRevision[]): Promise<SetRevisions> {
  const data = revisionDataOf(set.spec.template);
  let collisionCount = set.status?.collisionCount ?? 0;
  const equal = sorted.filter((r) => sameRevisionData(r, data));
  const latest = sorted.at(-1);
  let update: ControllerRevision;
  if (equal.length > 0 && equal.at(-1) === latest && latest) update = latest;
  else if (equal.length > 0) update = await renumberRevision(writer, equal.at(-1) as ControllerRevision, nextRevisionNumber(sorted));
  else {
    const labels = { ...set.spec.template.metadata?.labels };
    ({ revision: update, collisionCount } = await createRevision(
      writer,
      { owner: set, ownerType: builtinTypes.statefulSets, data, revision: nextRevisionNumber(sorted), labels },
      collisionCount,
    ));
  }
  const current = sorted.find((r) => r.metadata.name === set.status?.currentRevision) ?? update;
  return { current, update, collisionCount };
}

export async function truncateHistory(
  writer: RevisionWriter,
  set: StatefulSet,
  pods: readonly Pod[],
  sorted: readonly ControllerRevision[],
  live: SetRevisions,
): Promise<void> {
  const inUse = new Set([live.current.metadata.name, live.update.metadata.name, ...pods.map(revisionOf)]);
  const history = sorted.filter((r) => !inUse.has(r.metadata.name));
  const limit = set.spec.revisionHistoryLimit ?? 10;
  if (limit < 0 || history.length <= limit) return;
  for (const revision of history.slice(0, history.length - limit)) {
    try {
      await writer.client.delete(builtinTypes.controllerRevisions, { namespace: revision.metadata.namespace, name: revision.metadata.name ?? '' });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
}
