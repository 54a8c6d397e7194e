/**
 * Wires the SecSynch example (seed 001) into a Manager: one controller, named "secsynch".
 *
 *   For      SecSynch   spec changes, finalizer changes and deletion (not its own status writes)
 *   Watches  Secret     -> the SecSynches it is the source, a copy or in the way of; only
 *                          data, type or label changes
 *   Watches  Namespace  -> the SecSynches listing it, so creating a missing destination copies
 *                          at once instead of on a timer
 *
 * Copies live in other namespaces, so nothing Owns them: they lead back to their SecSynch by
 * label, and a finalizer deletes them. secSynchCrd() must be installed (and Established)
 * before `manager.start()`: the SecSynch informer has to list for the caches to sync.
 */
import { builtinTypes, type Controller, ControllerBuilder, type EventRecorder, type Manager } from '@dojo/runtime';
import type { Secret } from './secret-copy.ts';
import { listedUnder, type OperatorModule } from '../../operator-module.ts';
import { secSynchCrd, secSynchType, type SecSynch } from './secsynch.ts';
import { SecSynchIndex } from './secsynch-indexes.ts';
import { namespaceChangedPredicate, secretChangedPredicate, secSynchChangedPredicate } from './secsynch-predicates.ts';
import { SecSynchReconciler } from './secsynch-reconciler.ts';

export interface SecSynchOperatorOptions {
  /** Where Events go; by default the manager's recorder (core/v1 Events, off the reconcile path). */
  events?: EventRecorder;
  /** Workers. Default 1. */
  maxConcurrentReconciles?: number;
}

export function registerSecSynchOperator(manager: Manager, options: SecSynchOperatorOptions = {}): Controller {
  manager.apiClient.types.register(secSynchType);
  const events = options.events ?? manager.eventRecorderFor('secsynch-operator');
  const index = SecSynchIndex.on(manager.informers.informerFor<SecSynch>(secSynchType));
  return ControllerBuilder.create(manager)
    .for<SecSynch>(secSynchType, { predicates: [secSynchChangedPredicate] })
    .watches<Secret>(builtinTypes.secrets, (secret) => index.forSecret(secret), { predicates: [secretChangedPredicate(index)] })
    .watches(builtinTypes.namespaces, (namespace) => index.forNamespace(namespace), { predicates: [namespaceChangedPredicate(index)] })
    .named('secsynch')
    .withOptions(options.maxConcurrentReconciles ? { maxConcurrentReconciles: options.maxConcurrentReconciles } : {})
    .complete(new SecSynchReconciler({ client: manager.client, clock: manager.clock, events }));
}

/** Seed 001's SecSynch as operators.ts lists it. */
export const secSynchOperator = {
  name: 'secsynch',
  seed: '001',
  description: 'a finalizer across namespaces, mapped Secret watches, predicates and their filtered counts',
  docs: 'docs/examples/secsynch.md',
  crds: () => [secSynchCrd()],
  register: async (manager) => [listedUnder(registerSecSynchOperator(manager), secSynchType)],
} satisfies OperatorModule;
