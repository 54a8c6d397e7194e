/**
 * DojoReconciler: reads the Dojo and what it owns from the caches, asks planDojo for the one
 * write this pass makes, makes it, records an Event, and returns. The write's watch event
 * brings the next pass; the Dojo converges over several short passes (seed 000, "one write per
 * iteration"). It never writes the Dojo's spec, only its status subresource.
 *
 * A 409 Conflict is not caught: the controller counts it as a conflict and requeues quietly.
 * Waiting is never done inside a reconcile: it returns requeueAfter, or nothing when a watch
 * will bring the Dojo back (an owned object, the credentials Secret, the alarm channel).
 */
import { formatTime, isAlreadyExists, jsonEqual, StatusError } from '@dojo/kube-api';
import type { DiscordClient } from '@dojo/discord';
import { builtinTypes, type Client, type Clock, type EventRecorder, type ReconcileContext, type Reconciler, type Request, type Result } from '@dojo/runtime';
import type { Dojo, DojoAlarm, DojoStatus } from '../api/dojo.ts';
import { cnpgDatabases, operatorTypes } from '../api/resource-types.ts';
import { classifyDiscordFailure } from '../discord/discord-failures.ts';
import { readIfExists } from '../read-if-exists.ts';
import { conditionStatus } from '../status-conditions.ts';
import { alarmContent, alarmMarker, withAlarm } from './dojo-alarms.ts';
import { observeDojo } from './dojo-observation.ts';
import { planDojo, type DojoAction, type DojoPlanOptions } from './dojo-plan.ts';
import { desiredStatus, type DojoObservation } from './dojo-status.ts';

export interface DojoReconcilerDeps {
  client: Client;
  discord: DiscordClient;
  clock: Clock;
  events: EventRecorder;
  options: DojoPlanOptions;
}

/** How soon to try an alarm again when Discord says its channel is gone (the channel's own controller recreates it). */
const channelGoneRetryMs = 30_000;

export class DojoReconciler implements Reconciler {
  readonly #deps: DojoReconcilerDeps;

  constructor(deps: DojoReconcilerDeps) {
    this.#deps = deps;
  }

  async reconcile(request: Request, context: ReconcileContext): Promise<Result | void> {
    const { client, clock, options } = this.#deps;
    const dojo = await readIfExists<Dojo>(client, operatorTypes.dojos, request, context.signal);
    // Deleted, or being deleted: garbage collection removes what it owns.
    if (!dojo || dojo.metadata.deletionTimestamp) return;
    const observed = await observeDojo(client, dojo, context.signal, options.databaseServed !== false);
    const plan = planDojo(dojo, observed, options, clock.now());
    const result = await this.#carryOut(dojo, observed, plan.action, context.signal);
    if (result) return result;
    return plan.requeueAfterMs ? { requeueAfter: plan.requeueAfterMs } : undefined;
  }

  async #carryOut(dojo: Dojo, observed: DojoObservation, action: DojoAction, signal: AbortSignal): Promise<Result | void> {
    const { client, events } = this.#deps;
    switch (action.type) {
      case 'create':
      case 'update': {
        const type = action.kind === 'Database' ? cnpgDatabases : builtinTypes.deployments;
        try {
          if (action.type === 'create') await client.create(type, action.object, { signal });
          else await client.update(type, action.object, { signal });
        } catch (error) {
          // Our own create the cache has not seen yet, or someone else's object: look again soon.
          if (isAlreadyExists(error)) return { requeue: true };
          if (isRejected(error)) return this.#rejected(dojo, observed, action.kind, error, signal);
          throw error;
        }
        const verb = action.type === 'create' ? 'Created' : 'Updated';
        events.record(dojo, 'Normal', `${action.kind}${verb}`, `${verb} ${action.kind} ${action.object.metadata.name}`);
        return;
      }
      case 'status':
        await client.updateStatus(operatorTypes.dojos, { ...dojo, status: action.status }, { signal });
        this.#recordTransitions(dojo, action.status);
        return;
      case 'alarm':
        return this.#deliverAlarm(dojo, action.alarm, action.channelId, action.lookBack, signal);
      case 'none':
        return;
    }
  }

  /** Posts (or, after a long outage, finds) the alarm's message, then marks it Sent: see dojo-alarms.ts. */
  async #deliverAlarm(dojo: Dojo, alarm: DojoAlarm, channelId: string, lookBack: boolean, signal: AbortSignal): Promise<Result | void> {
    const { client, discord, clock, events } = this.#deps;
    let messageId: string | undefined;
    try {
      if (lookBack) {
        const recent = await discord.listMessages(channelId, { limit: 100 }, { signal });
        messageId = recent.find((m) => m.content.includes(alarmMarker(alarm)))?.id;
      }
      messageId ??= (
        await discord.createMessage(channelId, { content: alarmContent(dojo, alarm), nonce: alarm.nonce ?? String(alarm.id), enforce_nonce: true }, { signal })
      ).id;
    } catch (error) {
      const failure = classifyDiscordFailure(error);
      if (!failure || failure.kind === 'transient') throw error;
      if (failure.kind === 'rateLimited') return { requeueAfter: failure.retryAfterMs };
      if (failure.kind === 'notFound') {
        events.record(
          dojo,
          'Warning',
          'AlarmDeliveryFailed',
          `Discord channel ${channelId} is gone; alarm ${alarm.id} waits for the DiscordChannel to be recreated`,
        );
        return { requeueAfter: channelGoneRetryMs };
      }
      const status = withAlarm(dojo.status ?? {}, alarm.id, { state: 'Dropped', droppedReason: failure.message });
      await client.updateStatus(operatorTypes.dojos, { ...dojo, status }, { signal });
      events.record(dojo, 'Warning', 'AlarmDropped', `Alarm ${alarm.id} dropped: ${failure.message}`);
      return;
    }
    const status = withAlarm(dojo.status ?? {}, alarm.id, { state: 'Sent', channelId, messageId, sentAt: formatTime(clock.now()) });
    await client.updateStatus(operatorTypes.dojos, { ...dojo, status }, { signal });
    events.record(dojo, 'Normal', 'AlarmSent', `Alarm ${alarm.id} (${alarm.reason}) posted to Discord channel ${channelId} as message ${messageId}`);
  }

  /**
   * The API server refused an object built from this spec (seed 000: "a Deployment that cannot
   * be created because something is misconfigured" is unrecoverable): Degraded, and no retry —
   * only a spec change can fix it, and its watch event brings the next pass.
   */
  async #rejected(dojo: Dojo, observed: DojoObservation, kind: string, error: StatusError, signal: AbortSignal): Promise<void> {
    const credentials = dojo.status?.credentials;
    const failure = { reason: `Invalid${kind}`, message: `The API server rejected the ${kind}: ${error.message}` };
    const status = desiredStatus(dojo, observed, { failure, ...(credentials ? { credentials } : {}) }, this.#deps.clock.now());
    if (jsonEqual(status, dojo.status ?? {})) return;
    await this.#deps.client.updateStatus(operatorTypes.dojos, { ...dojo, status }, { signal });
    this.#recordTransitions(dojo, status);
  }

  #recordTransitions(dojo: Dojo, next: DojoStatus): void {
    const { events } = this.#deps;
    const before = dojo.status?.conditions;
    for (const condition of next.conditions ?? []) {
      if (conditionStatus(before, condition.type) === condition.status) continue;
      if (condition.type === 'Degraded' && condition.status === 'True') events.record(dojo, 'Warning', condition.reason, condition.message);
      if (condition.type === 'Available')
        events.record(dojo, condition.status === 'True' ? 'Normal' : 'Warning', condition.status === 'True' ? 'Available' : 'Unavailable', condition.message);
    }
    if (next.credentials && dojo.status?.credentials?.name !== next.credentials.name) {
      events.record(dojo, 'Normal', 'CredentialsFound', `Using Secret ${next.credentials.namespace}/${next.credentials.name} for the database`);
    }
    const raised = (next.alarms?.lastId ?? 0) > (dojo.status?.alarms?.lastId ?? 0) ? next.alarms?.history?.at(-1) : undefined;
    if (raised) events.record(dojo, 'Normal', 'AlarmRaised', `Alarm ${raised.id} raised (${raised.reason}); it will be posted to Discord`);
  }
}

/** 422 Invalid or 400 BadRequest: the object itself is wrong, not the moment. */
function isRejected(error: unknown): error is StatusError {
  return error instanceof StatusError && (error.code === 422 || error.code === 400);
}
