/**
 * The reconcile loop for an external Discord object (seed 004: operators for non-clustered
 * resources), one write per pass:
 *
 *   deleting      -> delete the Discord object (404 = already gone), then drop the finalizer
 *   no finalizer  -> add it (before anything exists in Discord, so nothing can leak)
 *   Degraded for this generation -> nothing until the spec changes
 *   parent not Ready -> status Progressing (no requeue: the parent's watch event brings it back)
 *   otherwise     -> fetch by recorded id; else find (by marker or name) before creating, so a
 *                    crash between create and the status write never yields a duplicate;
 *                    correct drift; status Ready; requeueAfter(resync) to check drift again.
 *
 * Discord failures are classified once (discord-failures.ts): 429 -> requeueAfter retry_after,
 * 5xx -> throw (rate-limited retry), other 4xx -> Degraded.
 */
import { formatTime, jsonEqual } from '@dojo/kube-api';
import type { DiscordClient } from '@dojo/discord';
import { isNotFound as isDiscordNotFound } from '@dojo/discord';
import type { Client, EventRecorder, ReconcileContext, Reconciler, Request, Result } from '@dojo/runtime';
import type { DiscordConditionType, DiscordObjectStatus, DiscordResource } from '../api/discord-resources.ts';
import { readIfExists } from '../read-if-exists.ts';
import { withConditions, type DesiredCondition } from '../status-conditions.ts';
import { classifyDiscordFailure } from './discord-failures.ts';
import type { DiscordKindStrategy } from './discord-kind-strategy.ts';

export const discordFinalizer = 'core.jutsu.com/discord-cleanup';

export interface DiscordObjectReconcilerDeps {
  client: Client;
  discord: DiscordClient;
  clock: { now(): number };
  events: EventRecorder;
  /** How often a Ready object is compared with Discord again (drift correction). */
  resyncMs: number;
}

type Conditions = DesiredCondition<DiscordConditionType>[];

const readyConditions = (message: string): Conditions => [
  { type: 'Ready', status: 'True', reason: 'Synced', message },
  { type: 'Progressing', status: 'False', reason: 'Synced', message },
  { type: 'Degraded', status: 'False', reason: 'AsExpected', message: 'No unrecoverable errors' },
];

const waitingConditions = (reason: string, message: string): Conditions => [
  { type: 'Ready', status: 'False', reason, message },
  { type: 'Progressing', status: 'True', reason, message },
  { type: 'Degraded', status: 'False', reason: 'AsExpected', message: 'No unrecoverable errors' },
];

const degradedConditions = (reason: string, message: string): Conditions => [
  { type: 'Ready', status: 'False', reason, message },
  { type: 'Progressing', status: 'False', reason, message },
  { type: 'Degraded', status: 'True', reason, message },
];

export class DiscordObjectReconciler<T extends DiscordResource, P, X extends { id: string }> implements Reconciler {
  readonly #strategy: DiscordKindStrategy<T, P, X>;
  readonly #deps: DiscordObjectReconcilerDeps;

  constructor(strategy: DiscordKindStrategy<T, P, X>, deps: DiscordObjectReconcilerDeps) {
    this.#strategy = strategy;
    this.#deps = deps;
  }

  async reconcile(request: Request, context: ReconcileContext): Promise<Result | void> {
    const { client } = this.#deps;
    const type = this.#strategy.type;
    const object = await readIfExists<T>(client, type, request, context.signal);
    if (!object) return;
    if (object.metadata.deletionTimestamp) return this.#finalize(object, context.signal);
    if (!object.metadata.finalizers?.includes(discordFinalizer)) {
      await client.update(
        type,
        { ...object, metadata: { ...object.metadata, finalizers: [...(object.metadata.finalizers ?? []), discordFinalizer] } },
        { signal: context.signal },
      );
      return;
    }
    const degraded = object.status?.conditions?.find((c) => c.type === 'Degraded');
    if (degraded?.status === 'True' && object.status?.observedGeneration === object.metadata.generation) return;

    const parent = await this.#strategy.parent(object, client, context.signal);
    if (!parent.ready) {
      await this.#writeStatus(object, {}, waitingConditions(parent.reason, parent.message));
      return;
    }
    let synced: { external: X; event?: { reason: string; message: string } };
    try {
      synced = await this.#sync(object, parent.parent, context.signal);
    } catch (error) {
      const failure = classifyDiscordFailure(error);
      if (!failure || failure.kind === 'transient' || failure.kind === 'notFound') throw error;
      if (failure.kind === 'rateLimited') return { requeueAfter: failure.retryAfterMs };
      await this.#writeStatus(object, {}, degradedConditions(failure.reason, failure.message));
      this.#deps.events.record(object, 'Warning', failure.reason, failure.message);
      return;
    }
    const { external, event } = synced;
    await this.#writeStatus(
      object,
      { id: external.id, ...this.#strategy.statusOf(external) },
      readyConditions(`Discord ${this.#strategy.noun} ${external.id} matches the spec`),
    );
    if (event) this.#deps.events.record(object, 'Normal', event.reason, event.message);
    return { requeueAfter: this.#deps.resyncMs };
  }

  /** Makes Discord match the spec; at most one object is ever created per resource. */
  async #sync(object: T, parent: P, signal: AbortSignal): Promise<{ external: X; event?: { reason: string; message: string } }> {
    const { discord } = this.#deps;
    const strategy = this.#strategy;
    const noun = strategy.noun;
    const id = strategy.recordedId(object, parent);
    let external: X | undefined;
    let event: { reason: string; message: string } | undefined;
    if (id) {
      try {
        external = await strategy.fetch(discord, id, signal);
      } catch (error) {
        if (!isDiscordNotFound(error)) throw error;
        event = { reason: 'Recreated', message: `Discord ${noun} ${id} was deleted outside Kubernetes; recreating it` };
      }
    }
    if (!external) {
      external = await strategy.find(discord, object, parent, signal);
      if (external) event = { reason: 'Adopted', message: `Found Discord ${noun} ${external.id} created earlier for this resource` };
    }
    if (!external) {
      external = await strategy.create(discord, object, parent, signal);
      event ??= { reason: 'Created', message: `Created Discord ${noun} ${external.id}` };
      return { external, event };
    }
    const drifted = strategy.drift(object, parent, external);
    if (drifted.length > 0) {
      external = await strategy.correct(discord, object, parent, external, signal);
      event ??= { reason: 'DriftCorrected', message: `Set ${drifted.join(', ')} of Discord ${noun} ${external.id} back to the spec` };
    }
    return event ? { external, event } : { external };
  }

  async #finalize(object: T, signal: AbortSignal): Promise<Result | void> {
    const { client, discord, events } = this.#deps;
    if (!object.metadata.finalizers?.includes(discordFinalizer)) return;
    try {
      const id = object.status?.id ?? (await this.#unrecorded(object, signal));
      if (id) {
        try {
          await this.#strategy.remove(discord, id, signal);
          events.record(object, 'Normal', 'Deleted', `Deleted Discord ${this.#strategy.noun} ${id}`);
        } catch (error) {
          if (!isDiscordNotFound(error)) throw error;
        }
      }
    } catch (error) {
      const failure = classifyDiscordFailure(error);
      if (failure?.kind === 'rateLimited') return { requeueAfter: failure.retryAfterMs };
      throw error;
    }
    const finalizers = (object.metadata.finalizers ?? []).filter((f) => f !== discordFinalizer);
    await client.update(this.#strategy.type, { ...object, metadata: { ...object.metadata, finalizers } }, { signal });
  }

  /** The id of an object created but never recorded, so that deleting the resource leaks nothing. */
  async #unrecorded(object: T, signal: AbortSignal): Promise<string | undefined> {
    const parent = await this.#strategy.parent(object, this.#deps.client, signal);
    if (!parent.ready) return undefined;
    return (await this.#strategy.find(this.#deps.discord, object, parent.parent, signal))?.id;
  }

  async #writeStatus(object: T, fields: Partial<DiscordObjectStatus> & Record<string, string>, conditions: Conditions): Promise<void> {
    const generation = object.metadata.generation;
    const current = (object.status ?? {}) as DiscordObjectStatus;
    const status = {
      ...current,
      ...fields,
      ...(generation === undefined ? {} : { observedGeneration: generation }),
      conditions: withConditions(current.conditions, conditions, generation, formatTime(this.#deps.clock.now())),
    };
    if (jsonEqual(status, current)) return;
    await this.#deps.client.updateStatus(this.#strategy.type, { ...object, status });
  }
}
