/**
 * Wires the KafkaTopic example (seed 004) into a Manager: one controller, named "kafkatopic",
 * For KafkaTopic. Nothing else is watched: the topics live on a broker outside the cluster, so
 * the reconciler requeues itself every `resyncMs` to notice drift there.
 *
 * kafkaTopicCrd() must be installed (and Established) before `manager.start()`: the KafkaTopic
 * informer has to list for the caches to sync.
 */
import { type Controller, ControllerBuilder, type EventRecorder, type Manager } from '@dojo/runtime';
import { listedUnder, type OperatorModule } from '../../operator-module.ts';
import { ServiceSlot } from '../../operator-services.ts';
import { simulatorControl } from '../../simulator-control.ts';
import { KafkaAdminClient } from './broker/kafka-admin-client.ts';
import { startKafkaBrokerSimulator, type KafkaBrokerSimulator } from './broker/kafka-broker-simulator.ts';
import { kafkaTopicCrd, kafkaTopicType } from './kafkatopic.ts';
import { KafkaTopicReconciler } from './kafkatopic-reconciler.ts';

/** Where the broker's admin API is: a client, or the URL of a REST proxy (the simulator's `url`). */
export type KafkaBrokerTarget = { admin: KafkaAdminClient; brokerUrl?: never } | { brokerUrl: string; brokerToken?: string; admin?: never };

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
  const admin = options.admin ?? new KafkaAdminClient({ baseUrl: options.brokerUrl!, ...(options.brokerToken ? { token: options.brokerToken } : {}) });
  const events = options.events ?? manager.eventRecorderFor('kafkatopic-operator');
  return ControllerBuilder.create(manager)
    .for(kafkaTopicType)
    .named('kafkatopic')
    .withOptions(options.maxConcurrentReconciles ? { maxConcurrentReconciles: options.maxConcurrentReconciles } : {})
    .complete(
      new KafkaTopicReconciler({ client: manager.client, admin, clock: manager.clock, events, resyncMs: options.resyncMs ?? defaultKafkaTopicResyncMs }),
    );
}

/** The broker simulator the KafkaTopic example starts when no `--kafka-url` is given. */
export const kafkaBrokerService = new ServiceSlot<KafkaBrokerSimulator>('kafka-broker');

/** Seed 004's KafkaTopic as operators.ts lists it: topics on a broker outside the cluster (a simulator unless `--kafka-url`). */
export const kafkaTopicOperator = {
  name: 'kafkatopic',
  seed: '004',
  description: 'a resource outside the cluster (a broker simulator with faults), CEL `oldSelf` rules, two served CRD versions',
  docs: 'docs/examples/kafkatopic.md',
  options: [
    { flag: 'kafka-url', key: 'kafkaUrl', value: 'URL', help: 'Kafka admin REST API the topics are managed on', default: 'the built-in broker simulator' },
  ],
  crds: () => [kafkaTopicCrd()],
  async register(manager, { settings, services, token: keptToken }) {
    if (settings.kafkaUrl) return [listedUnder(registerKafkaTopicOperator(manager, { brokerUrl: settings.kafkaUrl }), kafkaTopicType)];
    // Kept beside the console's token, so other processes on the machine cannot change the topics
    // or the fault knobs, and a test on the same data dir can reach them.
    const token = keptToken('kafka-broker-token');
    const broker = await startKafkaBrokerSimulator({ token });
    services.add(kafkaBrokerService, broker, {
      label: 'Kafka',
      url: broker.url,
      note: `broker simulator; faults: PUT ${broker.url}/_sim/faults with "Authorization: Bearer ${token}"`,
      control: simulatorControl('Kafka broker', broker.url, `Bearer ${token}`),
    });
    return [listedUnder(registerKafkaTopicOperator(manager, { brokerUrl: broker.url, brokerToken: token }), kafkaTopicType)];
  },
} satisfies OperatorModule;
