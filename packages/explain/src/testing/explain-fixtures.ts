/** Objects, subjects and contexts for the explainer's unit tests. */
import type { ControllerState } from '@dojo/console-protocol';
import { identityOf, objectKeyOf, type Condition, type KubeObject } from '@dojo/kube-api';
import type { ExplainContext, ExplainSubject } from '../blocker-source.ts';
import { controllerDirectory, type ControllerDirectory } from '../controller-directory.ts';
import type { ObjectGraph } from '../object-graph.ts';
import { assessObject } from '../readiness/assess-object.ts';

export const now = Date.parse('2026-01-01T12:00:00Z');
export const at = (secondsAgo: number): string => new Date(now - secondsAgo * 1000).toISOString().replace(/\.\d+Z$/, 'Z');

export const dojoKind = { group: 'core.jutsu.com', kind: 'Dojo' };

export function dojo(
  options: {
    generation?: number;
    observedGeneration?: number;
    conditions?: Partial<Condition>[];
    deletion?: { finalizers: string[]; secondsAgo: number };
  } = {},
): KubeObject {
  return {
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: {
      name: 'web',
      namespace: 'default',
      uid: 'dojo-uid',
      resourceVersion: '10',
      generation: options.generation ?? 1,
      ...(options.deletion ? { deletionTimestamp: at(options.deletion.secondsAgo), finalizers: options.deletion.finalizers } : {}),
    },
    spec: { replicas: 1 },
    status: {
      ...(options.observedGeneration === undefined ? {} : { observedGeneration: options.observedGeneration }),
      conditions: (options.conditions ?? []).map((c) => ({ reason: '', message: '', lastTransitionTime: at(60), ...c }) as Condition),
    },
  };
}

/** `controller: null` for a kind no controller of the console reconciles. */
export function subject(object: KubeObject, type = dojoKind, controller: string | null = 'dojo'): ExplainSubject {
  return {
    identity: identityOf(object, type),
    object,
    assessment: assessObject(type, object),
    key: objectKeyOf(object),
    now,
    ...(controller ? { controller } : {}),
  };
}

export function queueState(parts: Partial<ControllerState['queue']> = {}, more: Partial<ControllerState> = {}): ControllerState {
  return {
    name: 'dojo',
    running: true,
    paused: false,
    breakpoints: [],
    heldAtBreakpoint: [],
    continuedPastBreakpoint: [],
    blockedByBreakpoint: [],
    pendingSteps: 0,
    workers: { busy: 0, running: 1, max: 1 },
    queue: {
      name: 'dojo',
      depth: 0,
      queued: [],
      processing: [],
      dirty: [],
      delayed: [],
      counters: { adds: 0, merged: 0, gets: 0, dones: 0 },
      shuttingDown: false,
      ...parts,
    },
    counts: { success: 0, error: 0, requeue: 0, requeueAfter: 0, conflict: 0, total: 0, terminal: 0, panics: 0, timeouts: 0 },
    faults: { throwNext: 0, latencyMs: 0, conflictNextWrites: 0, injected: { throws: 0, conflicts: 0 } },
    ...more,
  };
}

export function directory(state?: ControllerState): ControllerDirectory {
  return controllerDirectory(state ? [{ name: 'dojo', forKind: dojoKind, state: () => state }] : []);
}

export const emptyGraph: ObjectGraph = { get: () => undefined, ownedBy: () => [], list: () => [], watches: () => true };

export function context(parts: Partial<ExplainContext> = {}): ExplainContext {
  return { graph: emptyGraph, controllers: directory(), ...parts };
}
