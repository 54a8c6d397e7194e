/**
 * SecSynchReconciler: reads the SecSynch, its source Secret, each destination (its Namespace
 * and the Secret of that name in it) and every copy it labelled, all from the caches; makes the
 * one write planSecSynch chooses; records an Event; and returns. It never writes the
 * SecSynch's spec: only its finalizers, and its status through the status subresource.
 *
 * Nothing here waits or polls: a source change, a copy edited or deleted by hand, a namespace
 * created, each comes back as a watch event mapped to this SecSynch.
 *
 * A 409 Conflict is not caught: the controller counts it as a conflict and requeues quietly.
 */
import { isAlreadyExists, isNotFound } from '@dojo/kube-api';
import { builtinTypes, type Client, type Clock, type EventRecorder, type ReconcileContext, type Reconciler, type Request, type Result } from '@dojo/runtime';
import { readIfExists } from '../../read-if-exists.ts';
import { conditionStatus } from '../../status-conditions.ts';
import { canLabelCopies, copyLabel, copyLabelValue, type Secret } from './secret-copy.ts';
import { secSynchType, type SecSynch, type SecSynchStatus } from './secsynch.ts';
import {
  namespacePhase,
  planSecSynch,
  secretCopiesFinalizer,
  type DestinationObservation,
  type SecSynchAction,
  type SecSynchObservation,
} from './secsynch-plan.ts';

export interface SecSynchReconcilerDeps {
  client: Client;
  clock: Clock;
  events: EventRecorder;
}

export class SecSynchReconciler implements Reconciler {
  readonly #deps: SecSynchReconcilerDeps;

  constructor(deps: SecSynchReconcilerDeps) {
    this.#deps = deps;
  }

  async reconcile(request: Request, context: ReconcileContext): Promise<Result | void> {
    const secSynch = await readIfExists<SecSynch>(this.#deps.client, secSynchType, request, context.signal);
    if (!secSynch) return;
    const observed = await this.#observe(secSynch, context.signal);
    return this.#carryOut(secSynch, planSecSynch(secSynch, observed, this.#deps.clock.now()), context.signal);
  }

  async #observe(secSynch: SecSynch, signal: AbortSignal): Promise<SecSynchObservation> {
    const { sourceNamespace, secretName, destinationNamespaces } = secSynch.spec;
    const [source, copies, destinations] = await Promise.all([
      readIfExists<Secret>(this.#deps.client, builtinTypes.secrets, { namespace: sourceNamespace, name: secretName }, signal),
      this.#copiesOf(secSynch, signal),
      Promise.all(destinationNamespaces.map((namespace) => this.#destination(namespace, secretName, signal))),
    ]);
    return { ...(source ? { source } : {}), destinations, copies };
  }

  async #copiesOf(secSynch: SecSynch, signal: AbortSignal): Promise<Secret[]> {
    // A name too long for the label cannot have been given to any copy.
    if (!canLabelCopies(secSynch)) return [];
    const list = await this.#deps.client.list<Secret>(builtinTypes.secrets, { labelSelector: `${copyLabel}=${copyLabelValue(secSynch)}`, signal });
    return list.items;
  }

  async #destination(namespace: string, secretName: string, signal: AbortSignal): Promise<DestinationObservation> {
    const { client } = this.#deps;
    const [ns, secret] = await Promise.all([
      readIfExists(client, builtinTypes.namespaces, { name: namespace }, signal),
      readIfExists<Secret>(client, builtinTypes.secrets, { namespace, name: secretName }, signal),
    ]);
    return { namespace, phase: namespacePhase(ns), ...(secret ? { secret } : {}) };
  }

  async #carryOut(secSynch: SecSynch, action: SecSynchAction, signal: AbortSignal): Promise<Result | void> {
    const { client, events } = this.#deps;
    const source = `${secSynch.spec.sourceNamespace}/${secSynch.spec.secretName}`;
    switch (action.type) {
      case 'addFinalizer':
        await client.update(secSynchType, withFinalizers(secSynch, [...(secSynch.metadata.finalizers ?? []), secretCopiesFinalizer]), { signal });
        return;
      case 'removeFinalizer':
        await client.update(
          secSynchType,
          withFinalizers(
            secSynch,
            (secSynch.metadata.finalizers ?? []).filter((f) => f !== secretCopiesFinalizer),
          ),
          { signal },
        );
        return;
      case 'create':
        try {
          await client.create(builtinTypes.secrets, action.copy, { signal });
        } catch (error) {
          // Our own create the cache has not seen yet, or a namespace gone since the cache saw
          // it: look again soon.
          if (isAlreadyExists(error) || isNotFound(error)) return { requeue: true };
          throw error;
        }
        events.record(secSynch, 'Normal', 'CopyCreated', `Copied Secret ${source} to namespace ${action.copy.metadata.namespace}`);
        return;
      case 'update':
        await client.update(builtinTypes.secrets, action.copy, { signal });
        events.record(secSynch, 'Normal', 'CopyUpdated', `Updated the copy in namespace ${action.copy.metadata.namespace} to match Secret ${source}`);
        return;
      case 'delete':
        return this.#deleteCopy(secSynch, action.copy, action.why, signal);
      case 'status':
        return this.#writeStatus(secSynch, action.status, signal);
      case 'none':
        return;
    }
  }

  async #deleteCopy(secSynch: SecSynch, copy: Secret, why: string, signal: AbortSignal): Promise<void> {
    const { namespace, name, uid } = copy.metadata;
    try {
      // The uid precondition: if the cached copy was replaced by someone else's Secret of the
      // same name, the delete fails (409) instead of removing a Secret this SecSynch did not make.
      await this.#deps.client.delete(builtinTypes.secrets, { namespace, name: name! }, { ...(uid ? { preconditions: { uid } } : {}), signal });
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    this.#deps.events.record(secSynch, 'Normal', 'CopyDeleted', `Deleted the copy in namespace ${namespace}: ${why}`);
  }

  async #writeStatus(secSynch: SecSynch, status: SecSynchStatus, signal: AbortSignal): Promise<void> {
    await this.#deps.client.updateStatus(secSynchType, { ...secSynch, status }, { signal });
    const before = secSynch.status?.conditions;
    for (const condition of status.conditions ?? []) {
      if (conditionStatus(before, condition.type) === condition.status) continue;
      if (condition.type === 'Degraded' && condition.status === 'True') this.#deps.events.record(secSynch, 'Warning', condition.reason, condition.message);
      if (condition.type === 'Ready' && condition.status === 'True') this.#deps.events.record(secSynch, 'Normal', 'Synced', condition.message);
    }
  }
}

function withFinalizers(secSynch: SecSynch, finalizers: string[]): SecSynch {
  return { ...secSynch, metadata: { ...secSynch.metadata, finalizers } };
}
