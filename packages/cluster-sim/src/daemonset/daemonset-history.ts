/**
 * A DaemonSet's ControllerRevisions (update.go constructHistory, snapshot, cleanupHistory): the
 * current one saves the template as it is now, named `<ds>-<hash>` and labelled
 * `controller-revision-hash: <hash>`, the hash being the template's (controller.ComputeHash,
 * as for a Deployment's ReplicaSets); it always carries the highest revision number, so a
 * rollback renumbers an old one. Old revisions no Pod uses are kept up to revisionHistoryLimit.
 */
import { isNotFound } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import type { ControllerRevision, DaemonSet } from '../core/apps-types.ts';
import { createRevision, renumberRevision, revisionDataOf, sameRevisionData, sortRevisions, type RevisionWriter } from '../core/controller-history.ts';
import type { Pod } from '../core/workload-types.ts';
import { podTemplateHash } from '../deployment/pod-template-hash.ts';
import { daemonRevisionLabel } from './daemon-pod.ts';

export interface DaemonHistory {
  readonly current: ControllerRevision;
  readonly hash: string;
  readonly old: ControllerRevision[];
  readonly collisionCount: number;
}

export async function constructHistory(writer: RevisionWriter, ds: DaemonSet, owned: readonly ControllerRevision[]): Promise<DaemonHistory> {
  const data = revisionDataOf(ds.spec.template);
  const sorted = sortRevisions(owned);
  const matching = sorted.filter((r) => sameRevisionData(r, data));
  const old = sorted.filter((r) => !matching.includes(r));
  const next = (old.at(-1)?.revision ?? 0) + 1;
  let collisionCount = ds.status?.collisionCount ?? 0;
  let current = matching.at(-1);
  if (!current) {
    ({ revision: current, collisionCount } = await createRevision(
      writer,
      {
        owner: ds,
        ownerType: builtinTypes.daemonSets,
        data,
        revision: next,
        labels: { ...ds.spec.template.metadata?.labels },
        hashLabel: daemonRevisionLabel,
        hash: (c) => podTemplateHash(ds.spec.template, c || undefined),
      },
      collisionCount,
    ));
  } else {
    // dedupCurHistories: one current revision is enough.
    for (const duplicate of matching.slice(0, -1)) await deleteRevision(writer, duplicate);
    if (current.revision < next) current = await renumberRevision(writer, current, next);
  }
  const hash = current.metadata.labels?.[daemonRevisionLabel] ?? current.metadata.name?.slice((ds.metadata.name ?? '').length + 1) ?? '';
  return { current, hash, old, collisionCount };
}

export async function cleanupHistory(writer: RevisionWriter, ds: DaemonSet, pods: readonly Pod[], old: readonly ControllerRevision[]): Promise<void> {
  const limit = ds.spec.revisionHistoryLimit ?? 10;
  const inUse = new Set(pods.map((p) => p.metadata.labels?.[daemonRevisionLabel]));
  const unused = old.filter((r) => !inUse.has(r.metadata.labels?.[daemonRevisionLabel]));
  for (const revision of unused.slice(0, Math.max(0, unused.length - limit))) await deleteRevision(writer, revision);
}

async function deleteRevision(writer: RevisionWriter, revision: ControllerRevision): Promise<void> {
  try {
    await writer.client.delete(builtinTypes.controllerRevisions, { namespace: revision.metadata.namespace, name: revision.metadata.name ?? '' });
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}
