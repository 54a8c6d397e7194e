/**
 * Wires the KafkaTopic example (seed 004) into a Manager: one controller, named "kafkatopic",
 * For KafkaTopic. Nothing else is watched: the topics live on a broker outside the cluster, so
 * the reconciler requeues itself every `resyncMs` to notice drift there.
 *
 * kafkaTopicCrd() must be installed (and Established) before `manager.start()`: the KafkaTopic
 * informer has to list for the caches to sync.
 */
import { type Controller, ControllerBuilder, type EventRecorder, type Manager } from '@dojo/runtime';
import { KafkaAdminClient } from './broker/kafka-admin-client.ts';
import { kafkaTopicType } from './kafkatopic.ts';
import { KafkaTopicReconciler } from './kafkatopic-reconciler.ts';

/** Where the broker's admin API is: a client, or the URL of a REST proxy (the simulator's `url`). */
export type KafkaBrokerTarget = { admin: KafkaAdminClient; brokerUrl?: never } | { brokerUrl: string; admin?: never };

export type KafkaTopicOperatorOptions = KafkaBrokerTarget & {
  /** Where Events go; by default the manager's recorder (core/v1 Events, off the reconcile path). */
  events?: EventRecorder;
  /** How often a KafkaTopic is compared with the broker again. Default 30 s. */
  resyncMs?: number;
  /** Workers. Default 1. */
  maxConcurrentReconciles?: number;
};

export const defaultKafkaTopicResyncMs = 30_000;

export function registerKafkaTopicOperator(manager: Manager, options: KafkaTopicOperatorOptions): Controller {
  manager.apiClient.types.register(kafkaTopicType);
  const admin = options.admin ?? new KafkaAdminClient({ baseUrl: options.brokerUrl! });
  const events = options.events ?? manager.eventRecorderFor('kafkatopic-operator');
  return ControllerBuilder.create(manager)
    .for(kafkaTopicType)
    .named('kafkatopic')
    .withOptions(options.maxConcurrentReconciles ? { maxConcurrentReconciles: options.maxConcurrentReconciles } : {})
    .complete(new KafkaTopicReconciler({ client: manager.client, admin, clock: manager.clock, events, resyncMs: options.resyncMs ?? defaultKafkaTopicResyncMs }));
}
