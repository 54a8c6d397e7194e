/**
 * The namespace controller (kube's namespace_controller.go): a Namespace being deleted keeps
 * the `kubernetes` finalizer in spec.finalizers until everything in it is gone; this controller
 * deletes that content and, once none is left, finalizes the Namespace so the API server
 * removes it. While finalizers hold content back, the Namespace's conditions say which.
 */
import { formatTime, isNotFound, type KubeObject, semanticEqual } from '@dojo/kube-api';
import {
  builtinTypes,
  type Client,
  type Clock,
  type EventRecorder,
  type KubeClient,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
} from '@dojo/runtime';
import type { ResourceCatalog } from '../discovery/resource-catalog.ts';
import { deleteNamespaceContent, type RemainingContent } from './namespace-content.ts';
import { kubernetesFinalizer, type NamespaceFinalizer } from './namespace-finalizer.ts';

const { namespaces } = builtinTypes;

// kube requeues a namespace with content left after (estimate / 2 + 1) seconds; with nothing
// to estimate from here, that is one second.
const recheckAfterMs = 1000;

export interface NamespaceDeps {
  readonly client: Client;
  readonly api: KubeClient;
  readonly clock: Clock;
  readonly catalog: ResourceCatalog;
  readonly finalizer: NamespaceFinalizer;
  readonly recorder: EventRecorder;
}

interface NamespaceCondition {
  type: string;
  status: 'True' | 'False';
  lastTransitionTime: string;
  reason: string;
  message: string;
}

export class NamespaceReconciler implements Reconciler {
  readonly #deps: NamespaceDeps;

  constructor(deps: NamespaceDeps) {
    this.#deps = deps;
  }

  async reconcile(request: Request, context: ReconcileContext): Promise<Result | void> {
    let namespace: KubeObject;
    try {
      namespace = await this.#deps.client.get(namespaces, request);
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    const finalizers = (namespace.spec as { finalizers?: string[] } | undefined)?.finalizers ?? [];
    if (!namespace.metadata.deletionTimestamp || !finalizers.includes(kubernetesFinalizer)) return;
    // Discovery is re-read for every pass: a CRD created a moment ago has instances to delete too.
    await this.#deps.catalog.refresh();
    const name = namespace.metadata.name ?? '';
    const remaining = await deleteNamespaceContent(name, this.#deps.catalog.namespacedDeletable(), this.#deps.api, this.#deps.client, context.signal);
    if (remaining.total > 0) {
      await this.#reportRemaining(namespace, remaining);
      return { requeueAfter: recheckAfterMs };
    }
    await this.#deps.finalizer.finalize(namespace, context.signal);
    this.#deps.recorder.record(namespace, 'Normal', 'NamespaceFinalized', `All content of namespace ${name} was deleted; the namespace is finalized`, {
      resource: namespaces,
    });
  }

  async #reportRemaining(namespace: KubeObject, remaining: RemainingContent): Promise<void> {
    const now = formatTime(this.#deps.clock.now());
    const status = (namespace.status ?? {}) as { phase?: string; conditions?: NamespaceCondition[] };
    const previous = status.conditions ?? [];
    const condition = (type: string, on: boolean, reason: string, message: string): NamespaceCondition => {
      const old = previous.find((c) => c.type === type);
      const value = on ? 'True' : 'False';
      return { type, status: value, lastTransitionTime: old?.status === value ? old.lastTransitionTime : now, reason, message };
    };
    const resources = [...remaining.byResource].sort().map(([resource, n]) => `${resource} has ${n} resource instances`);
    const finalizers = [...remaining.byFinalizer].sort().map(([finalizer, n]) => `${finalizer} in ${n} resource instances`);
    const conditions = [
      condition('NamespaceContentRemaining', true, 'SomeResourcesRemain', `Some resources are remaining: ${resources.join(', ')}`),
      finalizers.length > 0
        ? condition(
            'NamespaceFinalizersRemaining',
            true,
            'SomeFinalizersRemain',
            `Some content in the namespace has finalizers remaining: ${finalizers.join(', ')}`,
          )
        : condition('NamespaceFinalizersRemaining', false, 'ContentHasNoFinalizers', 'All content-preserving finalizers finished'),
    ];
    if (
      semanticEqual(
        conditions,
        previous.filter((c) => conditions.some((n) => n.type === c.type)),
      )
    )
      return;
    const kept = previous.filter((c) => !conditions.some((n) => n.type === c.type));
    await this.#deps.client.updateStatus(namespaces, { ...namespace, status: { ...status, conditions: [...kept, ...conditions] } });
    this.#deps.recorder.record(namespace, 'Normal', 'NamespaceContentRemaining', conditions[0]!.message, { resource: namespaces });
  }
}
