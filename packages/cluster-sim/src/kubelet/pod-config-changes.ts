/**
 * Which Pod updates make the simulated kubelet sync a Pod, as kube's kubelet decides it
 * (pkg/kubelet/config/config.go, `checkAndUpdatePod` / `podsDifferSemantically`): a change of
 * the spec, labels, annotations, deletionTimestamp or deletionGracePeriodSeconds is an update
 * the Pod's worker syncs; a change of the status alone is only a "reconcile" — the kubelet is
 * the source of truth of a Pod's status, and it does not sync a Pod again because a status
 * (its own write, most of the time) came back from the API server.
 *
 * Without this filter every status write of the kubelet brought the Pod back as one more pass
 * that found nothing to do, and with a thousand Pods starting at once those passes queued
 * ahead of the Pods whose start delay was up.
 */
import { jsonEqual } from '@dojo/kube-api';
import { predicateFuncs, type Predicate } from '@dojo/runtime';
import type { Pod } from '../core/workload-types.ts';

/** Passes creates, deletes and generic events; passes an update only if it changed what the kubelet runs. */
export const podConfigChangedPredicate: Predicate<Pod> = predicateFuncs<Pod>({
  update: ({ old, new: current }) => podsDifferSemantically(old, current),
});

function podsDifferSemantically(a: Pod, b: Pod): boolean {
  return (
    !jsonEqual(a.spec, b.spec) ||
    !jsonEqual(a.metadata.labels ?? {}, b.metadata.labels ?? {}) ||
    !jsonEqual(a.metadata.annotations ?? {}, b.metadata.annotations ?? {}) ||
    a.metadata.deletionTimestamp !== b.metadata.deletionTimestamp ||
    a.metadata.deletionGracePeriodSeconds !== b.metadata.deletionGracePeriodSeconds
  );
}
