/**
 * Which KafkaTopic manages a Kafka topic when several name it (the same name in two namespaces,
 * or two spec.topicName values alike). The broker is one, shared by every namespace, and a Kafka
 * topic carries no owner to tell them apart, so the rule lives here: the oldest KafkaTopic not
 * being deleted manages the topic; the others are Degraded TopicConflict and touch nothing.
 * The topic is deleted only when the last KafkaTopic naming it goes.
 */
import { objectKeyOf } from '@dojo/kube-api';
import { topicNameOf, type KafkaTopic } from './kafkatopic.ts';

/** The KafkaTopic that manages `name`, among `topics` (deleting ones do not count). */
export function managerOf(topics: readonly KafkaTopic[], name: string): KafkaTopic | undefined {
  return topics
    .filter((t) => !t.metadata.deletionTimestamp && topicNameOf(t) === name)
    .sort((a, b) => (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') || keyOf(a).localeCompare(keyOf(b)))[0];
}

export function keyOf(topic: KafkaTopic): string {
  return objectKeyOf(topic);
}
