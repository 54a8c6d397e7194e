/**
 * The KafkaTopic example end to end: the example test env (embedded API server, real kubectl),
 * the KafkaTopic CRD, a broker simulator, and the operator pointed at it with a short resync.
 */
import type { Condition, KubeObject } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import { startExampleTestEnv, type ExampleTestEnv, type KubectlResult } from '../../testing/example-test-env.ts';
import { KafkaAdminClient } from '../broker/kafka-admin-client.ts';
import type { BrokerFaultSettings } from '../broker/broker-faults.ts';
import { startKafkaBrokerSimulator, type KafkaBrokerSimulator } from '../broker/kafka-broker-simulator.ts';
import { kafkaTopicCrd, kafkaTopicType, type KafkaTopic, type KafkaTopicSpec } from '../kafkatopic.ts';
import { registerKafkaTopicOperator } from '../register-kafkatopic-operator.ts';

export interface KafkaTopicTestEnv {
  env: ExampleTestEnv;
  broker: KafkaBrokerSimulator;
  /** Straight to the broker, outside the operator: plays someone running kafka-topics.sh. */
  admin: KafkaAdminClient;
  read(namespace: string, name: string): Promise<KafkaTopic>;
  /** `kubectl apply -f -` of a KafkaTopic manifest in the given apiVersion. */
  apply(version: 'v1' | 'v1alpha1', namespace: string, name: string, spec: Partial<KafkaTopicSpec>): Promise<KubectlResult>;
  events(namespace: string): Promise<{ reason: string; type: string; message: string }[]>;
  stop(): Promise<void>;
}

export function condition(topic: KafkaTopic, type: string): Condition | undefined {
  return topic.status?.conditions?.find((c) => c.type === type);
}

export function manifest(version: 'v1' | 'v1alpha1', namespace: string, name: string, spec: Partial<KafkaTopicSpec>): string {
  // JSON is YAML: kubectl reads it as a manifest.
  return JSON.stringify({
    apiVersion: `kafka.example.com/${version}`,
    kind: 'KafkaTopic',
    metadata: { name, namespace },
    spec: { numPartitions: 3, replicationFactor: 2, ...spec },
  });
}

export async function startKafkaTopicTestEnv(
  options: { resyncMs?: number; seed?: number; faults?: Partial<BrokerFaultSettings> } = {},
): Promise<KafkaTopicTestEnv> {
  const [env, broker] = await Promise.all([
    startExampleTestEnv(),
    startKafkaBrokerSimulator({ seed: options.seed ?? 7, ...(options.faults ? { faults: options.faults } : {}) }),
  ]);
  await env.installCrd(kafkaTopicCrd());
  await env.startManager(
    (manager) => void registerKafkaTopicOperator(manager, { brokerUrl: broker.url, resyncMs: options.resyncMs ?? 500, maxConcurrentReconciles: 2 }),
  );
  return {
    env,
    broker,
    admin: new KafkaAdminClient({ baseUrl: broker.url, clusterId: broker.clusterId }),
    read: (namespace, name) => env.api.get<KafkaTopic>(kafkaTopicType, { namespace, name }),
    apply: (version, namespace, name, spec) => env.kubectl(['apply', '-f', '-'], manifest(version, namespace, name, spec)),
    async events(namespace) {
      const list = await env.api.list<KubeObject & { reason: string; type: string; message: string }>(builtinTypes.events, { namespace });
      return list.items.map(({ reason, type, message }) => ({ reason, type, message }));
    },
    async stop() {
      await env.stop();
      await broker.close();
    },
  };
}
