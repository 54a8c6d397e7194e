/**
 * A Kafka admin client over the REST Proxy v3 API (fetch-based): what the KafkaTopic reconciler
 * uses, against the simulator or a Confluent REST Proxy.
 *
 * Promises:
 * - Every failure is a KafkaAdminError: the HTTP status and the proxy's error_code, message
 *   and Retry-After, or status 0 when no answer came (refused, reset, timed out, aborted).
 * - It never retries and never sleeps: a 429 comes back at once with `retryAfterSeconds`, so a
 *   reconciler can requeue instead of holding a worker.
 * - Every call is bounded by `timeoutMs` (default 5 s) and the caller's signal.
 * - Without a `clusterId`, the first call asks the proxy for its (first) cluster and keeps it.
 */
import { KafkaAdminError } from './kafka-admin-error.ts';

export interface TopicDescription {
  name: string;
  partitions: number;
  replicationFactor: number;
  /** The configs set on the topic (not the defaults). */
  configs: Record<string, string>;
}

export interface NewTopicRequest {
  name: string;
  partitions: number;
  replicationFactor: number;
  configs?: Record<string, string>;
}

/** One request, for whoever shows calls on a timeline. */
export interface KafkaAdminCallRecord {
  method: string;
  path: string;
  /** HTTP status; 0 when no answer came. */
  status: number;
  durationMs: number;
  retryAfterSeconds?: number;
}

export interface KafkaAdminClientOptions {
  /** The proxy's origin, e.g. the simulator's `url`. */
  baseUrl: string;
  clusterId?: string;
  /** Sent as `Authorization: Bearer <token>` (the simulator's token). */
  token?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  onCall?: (record: KafkaAdminCallRecord) => void;
}

interface TopicData {
  topic_name: string;
  partitions_count: number;
  replication_factor: number;
}

interface ConfigData {
  name: string;
  value: string | null;
  is_default: boolean;
}

export class KafkaAdminClient {
  readonly #options: KafkaAdminClientOptions;
  readonly #fetch: typeof fetch;
  #clusterId: Promise<string> | undefined;

  constructor(options: KafkaAdminClientOptions) {
    this.#options = options;
    this.#fetch = options.fetch ?? fetch;
    if (options.clusterId) this.#clusterId = Promise.resolve(options.clusterId);
  }

  async listTopics(signal?: AbortSignal): Promise<string[]> {
    const list = await this.#call<{ data: TopicData[] }>('GET', await this.#topicsPath(signal), undefined, signal);
    return list.data.map((t) => t.topic_name);
  }

  /** The topic and its set configs: two requests, DescribeTopics then DescribeConfigs. */
  async describeTopic(name: string, signal?: AbortSignal): Promise<TopicDescription> {
    const path = await this.#topicPath(name, signal);
    const topic = await this.#call<TopicData>('GET', path, undefined, signal);
    const configs = await this.#call<{ data: ConfigData[] }>('GET', `${path}/configs`, undefined, signal);
    return {
      ...describe(topic),
      configs: Object.fromEntries(configs.data.filter((c) => !c.is_default && c.value !== null).map((c) => [c.name, c.value!])),
    };
  }

  async createTopic(topic: NewTopicRequest, signal?: AbortSignal): Promise<TopicDescription> {
    const configs = Object.entries(topic.configs ?? {}).map(([name, value]) => ({ name, value }));
    const body = { topic_name: topic.name, partitions_count: topic.partitions, replication_factor: topic.replicationFactor, configs };
    const created = await this.#call<TopicData>('POST', await this.#topicsPath(signal), body, signal);
    return { ...describe(created), configs: { ...topic.configs } };
  }

  /** Kafka's CreatePartitions: `total` is the new count and must be more than the current one. */
  async createPartitions(name: string, total: number, signal?: AbortSignal): Promise<void> {
    await this.#call('PATCH', await this.#topicPath(name, signal), { partitions_count: total }, signal);
  }

  /** IncrementalAlterConfigs with SET for each entry; other configs keep their values. */
  async setConfigs(name: string, configs: Record<string, string>, signal?: AbortSignal): Promise<void> {
    const data = Object.entries(configs).map(([config, value]) => ({ name: config, value, operation: 'SET' }));
    await this.#call('POST', `${await this.#topicPath(name, signal)}/configs:alter`, { data }, signal);
  }

  async deleteTopic(name: string, signal?: AbortSignal): Promise<void> {
    await this.#call('DELETE', await this.#topicPath(name, signal), undefined, signal);
  }

  async #topicsPath(signal: AbortSignal | undefined): Promise<string> {
    return `/v3/clusters/${encodeURIComponent(await this.#cluster(signal))}/topics`;
  }

  async #topicPath(name: string, signal: AbortSignal | undefined): Promise<string> {
    return `${await this.#topicsPath(signal)}/${encodeURIComponent(name)}`;
  }

  #cluster(signal: AbortSignal | undefined): Promise<string> {
    if (this.#clusterId) return this.#clusterId;
    const lookup = this.#call<{ data: { cluster_id: string }[] }>('GET', '/v3/clusters', undefined, signal).then((list) => {
      const id = list.data[0]?.cluster_id;
      if (!id)
        throw new KafkaAdminError({ status: 404, errorCode: 404, message: 'the REST proxy lists no Kafka cluster', method: 'GET', path: '/v3/clusters' });
      return id;
    });
    // A failed lookup is asked again next time, not remembered.
    lookup.catch(() => {
      if (this.#clusterId === lookup) this.#clusterId = undefined;
    });
    this.#clusterId = lookup;
    return lookup;
  }

  async #call<T>(method: string, path: string, body: unknown, signal: AbortSignal | undefined): Promise<T> {
    const timeoutMs = this.#options.timeoutMs ?? 5000;
    const timeout = AbortSignal.timeout(timeoutMs);
    const started = performance.now();
    const record = (status: number, retryAfterSeconds?: number) =>
      this.#options.onCall?.({
        method,
        path,
        status,
        durationMs: Math.round(performance.now() - started),
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      });
    let response: Response;
    let text: string;
    try {
      response = await this.#fetch(`${this.#options.baseUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(this.#options.token ? { Authorization: `Bearer ${this.#options.token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await response.text();
    } catch (cause) {
      record(0);
      const message = timeout.aborted
        ? `no answer within ${timeoutMs} ms`
        : signal?.aborted
          ? 'the request was aborted'
          : `the Kafka REST proxy could not be reached: ${describeCause(cause)}`;
      throw new KafkaAdminError({ status: 0, errorCode: 0, message, method, path, cause });
    }
    const parsed = parse(text);
    if (response.ok) {
      record(response.status);
      return parsed as T;
    }
    const error = KafkaAdminError.fromResponse(response.status, parsed, { retryAfterHeader: response.headers.get('retry-after'), method, path });
    record(response.status, error.retryAfterSeconds);
    throw error;
  }
}

function describe(topic: TopicData): Omit<TopicDescription, 'configs'> {
  return { name: topic.topic_name, partitions: topic.partitions_count, replicationFactor: topic.replication_factor };
}

function parse(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** fetch's "fetch failed" hides the reason (ECONNREFUSED, ECONNRESET) in its cause. */
function describeCause(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : cause instanceof Error ? cause.message : String(cause);
}
