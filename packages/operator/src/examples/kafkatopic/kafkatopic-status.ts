/**
 * A KafkaTopic's status: what the broker reported at the last reconcile, and two conditions.
 *
 * - Ready=True (Synced) iff the topic exists on the broker and matches the spec.
 * - Degraded=True with a reason when something stands in the way: the broker refuses the spec
 *   (InvalidReplicationFactor, InvalidConfig, ...), has drifted in a way that cannot be undone
 *   (ReplicationFactorDrift, PartitionsDrift), another KafkaTopic manages the topic
 *   (TopicConflict), or the broker does not answer (BrokerUnavailable). Ready is then False with
 *   the same reason, except that a broker that does not answer says nothing about the topic: a
 *   Ready=True from the last look stays (its observedGeneration tells how old it is).
 *
 * Pure: the reconciler writes what it returns.
 */
import { formatTime } from '@dojo/kube-api';
import type { TopicDescription } from './broker/kafka-admin-client.ts';
import { conditionStatus, withConditions, type DesiredCondition } from '../../status-conditions.ts';
import type { KafkaTopic, KafkaTopicConditionType, KafkaTopicStatus } from './kafkatopic.ts';
import type { Problem } from './topic-plan.ts';

type Desired = DesiredCondition<KafkaTopicConditionType>;

/** `unseen`: the broker did not answer, so nothing new is known about the topic. */
export interface StatusProblem extends Problem {
  unseen?: boolean;
}

export function desiredKafkaTopicStatus(
  topic: KafkaTopic,
  observed: TopicDescription | undefined,
  problem: StatusProblem | undefined,
  now: number,
): KafkaTopicStatus {
  const generation = topic.metadata.generation;
  const keepReady = problem?.unseen === true && conditionStatus(topic.status?.conditions, 'Ready') === 'True';
  const conditions: Desired[] = problem
    ? [
        ...(keepReady ? [] : [{ type: 'Ready', status: 'False', reason: problem.reason, message: problem.message } satisfies Desired]),
        { type: 'Degraded', status: 'True', reason: problem.reason, message: problem.message },
      ]
    : [
        {
          type: 'Ready',
          status: 'True',
          reason: 'Synced',
          message: `Topic ${observed?.name} has ${observed?.partitions} partitions and replication factor ${observed?.replicationFactor}, as the spec says`,
        },
        { type: 'Degraded', status: 'False', reason: 'AsExpected', message: 'No problems' },
      ];
  return {
    ...topic.status,
    ...(generation === undefined ? {} : { observedGeneration: generation }),
    ...(observed ? { topicName: observed.name, partitions: observed.partitions, replicationFactor: observed.replicationFactor } : {}),
    conditions: withConditions(topic.status?.conditions, conditions, generation, formatTime(now)),
  };
}
