/**
 * Deletion held by finalizers: which ones, and who owns each — the writer of the version in
 * which it appeared (a controller and its reconcile when the telemetry links the write), else
 * the controller that reconciles the kind, which is who normally adds a kind's finalizers.
 * `foregroundDeletion` and `orphan` belong to the garbage collector: it removes them once the
 * dependents are gone (or orphaned); the children source names the dependents still there.
 */
import type { Blocker, BlockerLink, FieldWriter } from '@dojo/console-protocol';
import type { BlockerSource, ExplainSubject } from '../blocker-source.ts';
import { objectLink, reconcileLink, workqueueLink } from '../links.ts';
import { ranks, timeOf } from '../readiness/finding.ts';

export interface FinalizerOwner {
  readonly finalizer: string;
  /** The version it appeared in, when the console recorded it. */
  readonly addedIn?: { readonly resourceVersion: string; readonly time: number; readonly writer: FieldWriter };
}

export interface DeletionEvidence {
  readonly owners: readonly FinalizerOwner[];
}

const garbageCollectorFinalizers = new Set(['foregroundDeletion', 'orphan']);

export const deletionSource: BlockerSource<DeletionEvidence> = {
  name: 'deletion',
  cost: 'cheap',
  dependsOn: 'owner-tree',
  gather(subject, context) {
    const finalizers = subject.object.metadata.finalizers ?? [];
    if (!subject.object.metadata.deletionTimestamp || finalizers.length === 0) return { owners: [] };
    const versions = context.history?.versions() ?? [];
    return {
      owners: finalizers.map((finalizer) => {
        // The version it last appeared in: a finalizer removed and added again belongs to the second writer.
        let added: (typeof versions)[number] | undefined;
        let had = false;
        for (const version of versions) {
          const has = (version.body.metadata.finalizers ?? []).includes(finalizer);
          if (has && !had) added = version;
          had = has;
        }
        return added && context.history
          ? { finalizer, addedIn: { resourceVersion: added.resourceVersion, time: added.time, writer: context.history.writerOf(added) } }
          : { finalizer };
      }),
    };
  },
  blockers(subject, { owners }): Blocker[] {
    if (owners.length === 0) return [];
    const requested = timeOf(subject.object.metadata.deletionTimestamp);
    const links: BlockerLink[] = [];
    const evidence = owners.map((owner) => {
      const text = ownerText(subject, owner);
      const writer = owner.addedIn?.writer;
      const controller = writer?.controller ?? (garbageCollectorFinalizers.has(owner.finalizer) ? undefined : subject.controller);
      if (controller && !links.some((l) => l.target.page === 'workqueue' && l.target.controller === controller)) links.push(workqueueLink(controller));
      if (writer?.reconcileId) links.push(reconcileLink(writer.reconcileId, `reconcile that added ${owner.finalizer}`));
      return { label: owner.finalizer, value: text, ...(owner.addedIn ? { time: owner.addedIn.time } : {}) };
    });
    const names = owners.map((o) => o.finalizer).join(', ');
    return [
      {
        id: 'deletion/finalizers',
        source: 'deletion',
        severity: 'blocked',
        rank: ranks.deletion,
        title: `Deletion waits for ${owners.length === 1 ? 'finalizer' : 'finalizers'} ${names}`,
        detail: 'The object is gone once every finalizer is removed, by the controller that added it after its cleanup.',
        ...(requested === undefined ? {} : { since: requested }),
        evidence,
        links: [...links, objectLink('Versions', subject.identity, 'versions', owners[0]?.addedIn ? { rv: owners[0].addedIn.resourceVersion } : {})],
      },
    ];
  },
};

function ownerText(subject: ExplainSubject, owner: FinalizerOwner): string {
  if (garbageCollectorFinalizers.has(owner.finalizer)) return 'the garbage collector removes it once the dependents are gone';
  const added = owner.addedIn;
  if (added) {
    const w = added.writer;
    const who = w.controller
      ? `controller ${w.controller}${w.reconcileId ? ` (reconcile ${w.reconcileId.slice(0, 8)})` : ''}`
      : w.manager
        ? `field manager ${w.manager}`
        : 'an unknown writer';
    return `added by ${who} in version ${added.resourceVersion}`;
  }
  if (subject.controller) return `added before the recorded history; ${subject.controller} reconciles this kind and so most likely owns it`;
  return 'added before the recorded history, by a controller the console does not run';
}
