/**
 * Reconciles written into a telemetry journal the way their emitters write them: the runtime's
 * reconcile-pass and client telemetry (a UUID id, the triggers merged into the pass, one
 * api-call per request, a conflict after a 409) and packages/activity's inferred passes
 * (`inferred-<client>-<n>`, a client's requests grouped, `inferred` on the start).
 */
import type { ApiCallRecord, ConflictRecord, ReconcileEndRecord, ReconcileStartRecord } from '@dojo/console-protocol';
import type { ObjectIdentity } from '@dojo/kube-api';
import type { Journal } from '@dojo/runtime';

/** A moment on 2025-11-24, in epoch ms: every test's reconciles start from it. */
export const t0 = 1_764_000_000_000;

export const dojoWeb: ObjectIdentity = {
  group: 'core.jutsu.com',
  kind: 'Dojo',
  namespace: 'default',
  name: 'web',
  uid: '6b0e0c43-64e4-4cbe-9b1a-2f5f0f7a9c11',
};
export const deploymentWeb: ObjectIdentity = {
  group: 'apps',
  kind: 'Deployment',
  namespace: 'default',
  name: 'web',
  uid: '0d3c1a7e-2b4f-4d7a-8e6b-91b2c3d4e5f6',
};

type Start = Omit<ReconcileStartRecord, 'seq' | 'type' | 'controller' | 'key' | 'reconcileId' | 'worker' | 'droppedTriggers'> &
  Partial<Pick<ReconcileStartRecord, 'droppedTriggers' | 'worker'>>;
type Call = Omit<ApiCallRecord, 'seq' | 'type' | 'controller' | 'key' | 'reconcileId'>;
type Conflict = Omit<ConflictRecord, 'seq' | 'type' | 'controller' | 'key' | 'reconcileId'>;
type End = Omit<ReconcileEndRecord, 'seq' | 'type' | 'controller' | 'key' | 'reconcileId' | 'worker'>;

export interface JournalReconcile {
  controller: string;
  reconcileId: string;
  key?: string;
  object?: ObjectIdentity;
  worker?: number;
  /** Absent: the journal was followed only after the reconcile began. */
  start?: Start | undefined;
  calls?: Call[];
  conflicts?: Conflict[];
  end: End;
}

/** Appends the reconcile's records in the order its emitters write them. */
export function appendReconcile(journal: Journal, r: JournalReconcile): void {
  const key = r.key ?? (r.object ? `${r.object.namespace ? `${r.object.namespace}/` : ''}${r.object.name}` : '');
  const common = { controller: r.controller, key, reconcileId: r.reconcileId, ...(r.object ? { object: r.object } : {}) };
  const worker = r.worker ?? 0;
  if (r.start) journal.append({ type: 'reconcile-start', ...common, worker, droppedTriggers: 0, ...r.start });
  for (const call of r.calls ?? []) {
    journal.append({ type: 'api-call', ...common, ...call });
    const conflict = r.conflicts?.find((c) => c.time === call.time);
    if (conflict) journal.append({ type: 'conflict', ...common, ...conflict });
  }
  journal.append({ type: 'reconcile-end', ...common, worker, ...r.end });
}
