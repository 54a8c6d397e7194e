/**
 * The admin API the simulator serves, in Confluent REST Proxy v3's paths and shapes, each
 * route one Kafka admin operation:
 *
 *   GET    /v3/clusters                                     list clusters (one)
 *   GET    /v3/clusters/{c}/topics                          ListTopics
 *   POST   /v3/clusters/{c}/topics                          CreateTopics      201 | 409 exists
 *   GET    /v3/clusters/{c}/topics/{t}                      DescribeTopics    200 | 404
 *   PATCH  /v3/clusters/{c}/topics/{t}  {partitions_count}  CreatePartitions  200 | 400 not an increase
 *   DELETE /v3/clusters/{c}/topics/{t}                      DeleteTopics      204 | 404
 *   GET    /v3/clusters/{c}/topics/{t}/configs              DescribeConfigs
 *   POST   /v3/clusters/{c}/topics/{t}/configs:alter        IncrementalAlterConfigs 204
 *
 * Pure request -> answer: decoding and faults are the server's business.
 */
import type { JsonAnswer } from '@dojo/simulator-kit';
import { KafkaAdminError, kafkaErrors } from './kafka-admin-error.ts';
import type { BrokerState, NewTopic, Topic, TopicConfigEntry } from './broker-state.ts';

export interface AdminRequest {
  method: string;
  /** Percent-decoded path segments after the leading slash, e.g. ['v3', 'clusters', 'c1']. */
  segments: string[];
  body: unknown;
  /** `http://host:port`, for the `self` links. */
  origin: string;
}

export type Answer = JsonAnswer;

export function answerAdminRequest(state: BrokerState, request: AdminRequest): Answer {
  const { method, segments } = request;
  if (segments[0] !== 'v3' || segments[1] !== 'clusters') throw kafkaErrors.routeNotFound();
  const links = new Links(request.origin, state.clusterId);
  if (segments.length === 2) {
    if (method !== 'GET') throw kafkaErrors.methodNotAllowed();
    return ok({ kind: 'KafkaClusterList', metadata: { self: `${request.origin}/v3/clusters`, next: null }, data: [links.cluster()] });
  }
  const cluster = segments[2]!;
  if (cluster !== state.clusterId) throw kafkaErrors.unknownCluster(cluster);
  if (segments.length === 3) {
    if (method !== 'GET') throw kafkaErrors.methodNotAllowed();
    return ok(links.cluster());
  }
  if (segments[3] !== 'topics' || segments.length > 6) throw kafkaErrors.routeNotFound();
  const topic = segments[4];

  if (topic === undefined) {
    if (method === 'GET') return ok({ kind: 'KafkaTopicList', metadata: { self: links.topics(), next: null }, data: state.list().map((t) => links.topic(t)) });
    if (method === 'POST') return { status: 201, body: links.topic(state.create(newTopic(request.body))) };
    throw kafkaErrors.methodNotAllowed();
  }
  const sub = segments[5];
  if (sub === undefined) {
    if (method === 'GET') return ok(links.topic(state.describe(topic)));
    if (method === 'PATCH') return ok(links.topic(state.createPartitions(topic, partitionsCount(request.body))));
    if (method === 'DELETE') {
      state.delete(topic);
      return { status: 204 };
    }
    throw kafkaErrors.methodNotAllowed();
  }
  if (sub === 'configs' && method === 'GET') {
    return ok({
      kind: 'KafkaTopicConfigList',
      metadata: { self: `${links.topicUrl(topic)}/configs`, next: null },
      data: state.configs(topic).map((c) => links.config(topic, c)),
    });
  }
  if (sub === 'configs:alter' && method === 'POST') {
    state.alterConfigs(topic, configChanges(request.body));
    return { status: 204 };
  }
  if (sub === 'configs' || sub === 'configs:alter') throw kafkaErrors.methodNotAllowed();
  throw kafkaErrors.routeNotFound();
}

const ok = (body: unknown): Answer => ({ status: 200, body });

class Links {
  constructor(
    readonly origin: string,
    readonly clusterId: string,
  ) {}

  cluster() {
    const self = `${this.origin}/v3/clusters/${this.clusterId}`;
    return {
      kind: 'KafkaCluster',
      metadata: { self, resource_name: `crn:///kafka=${this.clusterId}` },
      cluster_id: this.clusterId,
      topics: { related: `${self}/topics` },
    };
  }

  topics(): string {
    return `${this.origin}/v3/clusters/${this.clusterId}/topics`;
  }

  topicUrl(name: string): string {
    return `${this.topics()}/${encodeURIComponent(name)}`;
  }

  topic(topic: Topic) {
    const self = this.topicUrl(topic.name);
    return {
      kind: 'KafkaTopic',
      metadata: { self, resource_name: `crn:///kafka=${this.clusterId}/topic=${topic.name}` },
      cluster_id: this.clusterId,
      topic_name: topic.name,
      is_internal: false,
      replication_factor: topic.replicationFactor,
      partitions_count: topic.partitions,
      partitions: { related: `${self}/partitions` },
      configs: { related: `${self}/configs` },
      partition_reassignments: { related: `${self}/partitions/-/reassignment` },
    };
  }

  config(topic: string, entry: TopicConfigEntry) {
    return {
      kind: 'KafkaTopicConfig',
      metadata: { self: `${this.topicUrl(topic)}/configs/${entry.name}`, resource_name: `crn:///kafka=${this.clusterId}/topic=${topic}/config=${entry.name}` },
      cluster_id: this.clusterId,
      topic_name: topic,
      name: entry.name,
      value: entry.value,
      is_default: entry.isDefault,
      is_read_only: false,
      is_sensitive: false,
      source: entry.isDefault ? 'DEFAULT_CONFIG' : 'DYNAMIC_TOPIC_CONFIG',
      synonyms: [],
    };
  }
}

function record(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw kafkaErrors.badRequest('the request body must be a JSON object');
  return body as Record<string, unknown>;
}

function integer(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw kafkaErrors.badRequest(`${field} must be an integer`);
  return value;
}

function newTopic(body: unknown): NewTopic {
  const fields = record(body);
  if (typeof fields.topic_name !== 'string') throw kafkaErrors.badRequest('topic_name is required');
  const partitions = integer(fields.partitions_count, 'partitions_count');
  const replicationFactor = integer(fields.replication_factor, 'replication_factor');
  const configs: Record<string, string> = {};
  for (const [name, value] of configEntries(fields.configs)) {
    if (value === null) throw kafkaErrors.badRequest(`configs[${name}] needs a value`);
    configs[name] = value;
  }
  return {
    name: fields.topic_name,
    ...(partitions === undefined ? {} : { partitions }),
    ...(replicationFactor === undefined ? {} : { replicationFactor }),
    configs,
  };
}

function partitionsCount(body: unknown): number {
  const count = integer(record(body).partitions_count, 'partitions_count');
  if (count === undefined) throw kafkaErrors.badRequest('partitions_count is required');
  return count;
}

/** `{data: [{name, value, operation?: 'SET' | 'DELETE'}]}`; a DELETE maps to null. */
function configChanges(body: unknown): Record<string, string | null> {
  return Object.fromEntries(configEntries(record(body).data));
}

function configEntries(list: unknown): [string, string | null][] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw kafkaErrors.badRequest('configs must be a list of {name, value}');
  return list.map((entry: unknown) => {
    const { name, value, operation } = record(entry);
    if (typeof name !== 'string') throw kafkaErrors.badRequest('a config needs a name');
    if (operation !== undefined && operation !== 'SET' && operation !== 'DELETE') throw kafkaErrors.badRequest(`unknown config operation ${String(operation)}`);
    if (operation === 'DELETE') return [name, null];
    if (typeof value !== 'string') throw kafkaErrors.badRequest(`config ${name} needs a string value`);
    return [name, value];
  });
}

/** Anything thrown while answering becomes the proxy's error body. */
export function errorAnswer(error: unknown): Answer {
  const failure = error instanceof KafkaAdminError ? error : new KafkaAdminError({ status: 500, errorCode: 500, message: String(error) });
  const headers: Record<string, string> = {};
  if (failure.retryAfterSeconds !== undefined) headers['Retry-After'] = String(failure.retryAfterSeconds);
  return { status: failure.status, body: failure.body, headers };
}
