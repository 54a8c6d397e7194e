/**
 * KafkaTopicReconciler (seed 004): a Kafka topic on a broker outside the cluster, kept equal to
 * a KafkaTopic. One pass:
 *
 *   deleting        -> delete the topic on the broker (404 = already gone), unless another
 *                      KafkaTopic still names it; then remove the finalizer
 *   no finalizer    -> add it, before anything exists on the broker, so nothing can leak
 *   another KafkaTopic manages the topic -> Degraded TopicConflict (topic-claims.ts)
 *   otherwise       -> describe the topic; create it, add partitions, set configs (topic-plan.ts);
 *                      report what cannot be fixed; write status; requeueAfter(resync)
 *
 * There is no watch on a broker: nothing tells the operator that someone deleted the topic or
 * added partitions with kafka-topics.sh. So every pass ends with requeueAfter(resyncMs) — 30 s by
 * default — and drift is found by looking again (the timeline shows these as periodic requeues).
 *
 * Broker failures are classified once (kafka-failures.ts): 429 -> requeueAfter Retry-After;
 * unavailable/5xx -> Degraded BrokerUnavailable (Ready stays what the last look found), then
 * throw (rate-limited retry); a refusal -> Degraded and not Ready, with the broker's reason. Every admin call is bounded by the client's timeout and the
 * reconcile's signal, so a slow broker never holds a worker for long.
 *
 * Never writes spec; status goes through the status subresource; a 409 Conflict from the API
 * server is not caught (the controller requeues it quietly).
 */
import { jsonEqual } from '@dojo/kube-api';
import type { Client, Clock, EventRecorder, ReconcileContext, Reconciler, Request, Result } from '@dojo/runtime';
import { readIfExists } from '../../read-if-exists.ts';
import { conditionStatus } from '../../status-conditions.ts';
import type { KafkaAdminClient, TopicDescription } from './broker/kafka-admin-client.ts';
import { isUnknownTopic } from './broker/kafka-admin-error.ts';
import { classifyKafkaFailure } from './kafka-failures.ts';
import { kafkaTopicFinalizer, kafkaTopicType, topicNameOf, type KafkaTopic } from './kafkatopic.ts';
import { desiredKafkaTopicStatus, type StatusProblem } from './kafkatopic-status.ts';
import { keyOf, managerOf } from './topic-claims.ts';
import { describeChange, planTopic, type Problem, type TopicChange } from './topic-plan.ts';

export interface KafkaTopicReconcilerDeps {
  client: Client;
  admin: KafkaAdminClient;
  clock: Clock;
  events: EventRecorder;
  /** How soon a reconciled KafkaTopic is compared with the broker again. */
  resyncMs: number;
}

interface Synced {
  observed: TopicDescription;
  drift?: Problem;
  events: { reason: string; message: string }[];
}

export class KafkaTopicReconciler implements Reconciler {
  readonly #deps: KafkaTopicReconcilerDeps;

  constructor(deps: KafkaTopicReconcilerDeps) {
    this.#deps = deps;
  }

  async reconcile(request: Request, context: ReconcileContext): Promise<Result | void> {
    const { client, resyncMs } = this.#deps;
    const { signal } = context;
    const topic = await readIfExists<KafkaTopic>(client, kafkaTopicType, request, signal);
    if (!topic) return;
    if (topic.metadata.deletionTimestamp) return this.#finalize(topic, signal);
    if (!topic.metadata.finalizers?.includes(kafkaTopicFinalizer)) {
      const finalizers = [...(topic.metadata.finalizers ?? []), kafkaTopicFinalizer];
      await client.update(kafkaTopicType, { ...topic, metadata: { ...topic.metadata, finalizers } }, { signal });
      return;
    }
    const name = topicNameOf(topic);
    const manager = managerOf(await this.#allTopics(signal), name);
    if (manager && manager.metadata.uid !== topic.metadata.uid) {
      const problem = { reason: 'TopicConflict', message: `Topic ${name} is managed by KafkaTopic ${keyOf(manager)}, which is older` };
      await this.#writeStatus(topic, undefined, problem, signal);
      // The manager's deletion is not an event of ours: look again on the resync.
      return { requeueAfter: resyncMs };
    }

    let synced: Synced;
    try {
      synced = await this.#sync(topic, name, signal);
    } catch (error) {
      const failure = classifyKafkaFailure(error);
      if (!failure || failure.kind === 'notFound') throw error;
      if (failure.kind === 'throttled') return { requeueAfter: failure.retryAfterMs };
      // Created by someone else between our describe and our create: the next pass adopts it.
      if (failure.kind === 'exists') return { requeue: true };
      if (failure.kind === 'unavailable') {
        await this.#writeStatus(topic, undefined, { ...failure, unseen: true }, signal);
        throw error;
      }
      await this.#writeStatus(topic, undefined, failure, signal);
      // The broker refused the spec. Only a spec change or a change on the broker (more brokers)
      // can help, and the broker's changes are only seen by looking again.
      return { requeueAfter: resyncMs };
    }
    await this.#writeStatus(topic, synced.observed, synced.drift, signal);
    for (const event of synced.events) this.#deps.events.record(topic, 'Normal', event.reason, event.message);
    return { requeueAfter: resyncMs };
  }

  /** Makes the broker match the spec as far as Kafka allows; throws the admin API's errors. */
  async #sync(topic: KafkaTopic, name: string, signal: AbortSignal): Promise<Synced> {
    const { admin } = this.#deps;
    let observed: TopicDescription | undefined;
    try {
      observed = await admin.describeTopic(name, signal);
    } catch (error) {
      if (!isUnknownTopic(error)) throw error;
    }
    const events: Synced['events'] = [];
    // status.topicName is written after every successful look, so it tells "ours, and gone" from
    // "there before us" (or ours, when the status write after creating it was lost).
    const managedBefore = topic.status?.topicName === name;
    if (!observed && managedBefore)
      events.push({ reason: 'TopicRecreated', message: `Topic ${name} was deleted on the broker outside Kubernetes; creating it again` });
    if (observed && !managedBefore)
      events.push({ reason: 'TopicAdopted', message: `Topic ${name} already existed on the broker; this KafkaTopic manages it now` });

    const plan = planTopic(topic, observed);
    for (const change of plan.changes) {
      await this.#apply(name, change, signal);
      events.push(describeChange(name, change));
    }
    return { observed: plan.expected, ...(plan.drift ? { drift: plan.drift } : {}), events };
  }

  async #apply(name: string, change: TopicChange, signal: AbortSignal): Promise<void> {
    const { admin } = this.#deps;
    switch (change.type) {
      case 'create':
        await admin.createTopic(change.topic, signal);
        return;
      case 'createPartitions':
        await admin.createPartitions(name, change.total, signal);
        return;
      case 'setConfigs':
        await admin.setConfigs(name, change.configs, signal);
        return;
    }
  }

  async #finalize(topic: KafkaTopic, signal: AbortSignal): Promise<Result | void> {
    const { client, admin, events } = this.#deps;
    if (!topic.metadata.finalizers?.includes(kafkaTopicFinalizer)) return;
    const name = topicNameOf(topic);
    const heir = managerOf(await this.#allTopics(signal), name);
    if (heir) {
      events.record(topic, 'Normal', 'TopicKept', `Kept topic ${name}: KafkaTopic ${keyOf(heir)} names it too`);
    } else {
      try {
        await admin.deleteTopic(name, signal);
        events.record(topic, 'Normal', 'TopicDeleted', `Deleted topic ${name} on the broker`);
      } catch (error) {
        const failure = classifyKafkaFailure(error);
        if (failure?.kind === 'throttled') return { requeueAfter: failure.retryAfterMs };
        if (failure?.kind !== 'notFound') throw error;
      }
    }
    const finalizers = (topic.metadata.finalizers ?? []).filter((f) => f !== kafkaTopicFinalizer);
    await client.update(kafkaTopicType, { ...topic, metadata: { ...topic.metadata, finalizers } }, { signal });
  }

  /** Every KafkaTopic in every namespace, from the informer cache (one broker serves them all). */
  async #allTopics(signal: AbortSignal): Promise<KafkaTopic[]> {
    return (await this.#deps.client.list<KafkaTopic>(kafkaTopicType, { signal })).items;
  }

  async #writeStatus(topic: KafkaTopic, observed: TopicDescription | undefined, problem: StatusProblem | undefined, signal: AbortSignal): Promise<void> {
    const status = desiredKafkaTopicStatus(topic, observed, problem, this.#deps.clock.now());
    if (jsonEqual(status, topic.status ?? {})) return;
    await this.#deps.client.updateStatus(kafkaTopicType, { ...topic, status }, { signal });
    // One Warning per transition into Degraded (or to another reason), not one per pass.
    const degraded = status.conditions?.find((c) => c.type === 'Degraded');
    const before = topic.status?.conditions?.find((c) => c.type === 'Degraded');
    if (degraded?.status === 'True' && (conditionStatus(topic.status?.conditions, 'Degraded') !== 'True' || before?.reason !== degraded.reason)) {
      this.#deps.events.record(topic, 'Warning', degraded.reason, degraded.message);
    }
  }
}
