/**
 * The one error type of the broker admin API, on both sides of the wire: the simulator throws
 * it and writes `body`; the client decodes a response into it with `fromResponse`.
 *
 * The body is Confluent REST Proxy v3's `{error_code, message}` (error codes from its
 * KafkaExceptionMapper), with the message text Kafka's own exception carries. One addition,
 * `kafka_exception`, names that exception (e.g. `InvalidReplicationFactorException`) so a
 * client can tell one 400 from another without parsing messages; a real proxy omits it.
 */

export interface KafkaErrorBody {
  error_code: number;
  message: string;
  kafka_exception?: string;
}

export interface KafkaAdminErrorInit {
  /** HTTP status; 0 when no response arrived (refused, reset, timed out, aborted). */
  status: number;
  errorCode: number;
  message: string;
  exception?: string;
  retryAfterSeconds?: number;
  method?: string;
  path?: string;
  cause?: unknown;
}

export class KafkaAdminError extends Error {
  override readonly name = 'KafkaAdminError';
  readonly status: number;
  readonly errorCode: number;
  readonly exception: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly method: string | undefined;
  readonly path: string | undefined;

  constructor(init: KafkaAdminErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.exception = init.exception;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.method = init.method;
    this.path = init.path;
  }

  get body(): KafkaErrorBody {
    return { error_code: this.errorCode, message: this.message, ...(this.exception ? { kafka_exception: this.exception } : {}) };
  }

  /** Any response: bodies that are not the proxy's shape still keep the HTTP status. */
  static fromResponse(status: number, body: unknown, context: { retryAfterHeader?: string | null; method: string; path: string }): KafkaAdminError {
    const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const retryAfter = context.retryAfterHeader ? Number(context.retryAfterHeader) : Number.NaN;
    return new KafkaAdminError({
      status,
      errorCode: typeof record.error_code === 'number' ? record.error_code : status,
      message: typeof record.message === 'string' ? record.message : `HTTP ${status}`,
      ...(typeof record.kafka_exception === 'string' ? { exception: record.kafka_exception } : {}),
      ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
      method: context.method,
      path: context.path,
    });
  }
}

export function isKafkaAdminError(error: unknown): error is KafkaAdminError {
  return error instanceof KafkaAdminError;
}

/** The topic (or the cluster) is not there: a 404 from the proxy. */
export function isUnknownTopic(error: unknown): boolean {
  return error instanceof KafkaAdminError && error.status === 404;
}

const error = (status: number, errorCode: number, exception: string | undefined, message: string, extra: Partial<KafkaAdminErrorInit> = {}) =>
  new KafkaAdminError({ status, errorCode, message, ...(exception ? { exception } : {}), ...extra });

/** What the simulated broker answers, with Kafka's own wording. */
export const kafkaErrors = {
  topicExists: (topic: string) => error(409, 40902, 'TopicExistsException', `Topic '${topic}' already exists.`),
  unknownTopic: () => error(404, 40403, 'UnknownTopicOrPartitionException', 'This server does not host this topic-partition.'),
  unknownCluster: (cluster: string) => error(404, 404, undefined, `Cluster ${cluster} cannot be found.`),
  invalidReplicationFactor: (replicationFactor: number, brokers: number) =>
    error(400, 40002, 'InvalidReplicationFactorException', `Replication factor: ${replicationFactor} larger than available brokers: ${brokers}.`),
  replicationFactorTooSmall: () => error(400, 40002, 'InvalidReplicationFactorException', 'Replication factor must be larger than 0.'),
  partitionsTooFew: () => error(400, 40002, 'InvalidPartitionsException', 'Number of partitions must be larger than 0.'),
  partitionsNotIncreased: (current: number, requested: number) =>
    requested === current
      ? error(400, 40002, 'InvalidPartitionsException', `Topic already has ${current} partitions.`)
      : error(400, 40002, 'InvalidPartitionsException', `Topic currently has ${current} partitions, which is higher than the requested ${requested}.`),
  invalidTopic: (message: string) => error(400, 40002, 'InvalidTopicException', message),
  invalidConfig: (message: string) => error(400, 40002, 'InvalidConfigurationException', message),
  badRequest: (message: string) => error(400, 400, undefined, message),
  routeNotFound: () => error(404, 404, undefined, 'HTTP 404 Not Found'),
  unauthorized: () => error(401, 401, undefined, 'HTTP 401 Unauthorized'),
  /** The simulator's answer to a Host it does not serve (DNS rebinding protection). */
  misdirected: () => error(421, 421, undefined, 'HTTP 421 Misdirected Request'),
  methodNotAllowed: () => error(405, 405, undefined, 'HTTP 405 Method Not Allowed'),
  throttled: (retryAfterSeconds: number) =>
    error(429, 42901, 'ThrottlingQuotaExceededException', 'The throttling quota has been exceeded.', { retryAfterSeconds }),
  timedOut: () => error(500, 50003, 'TimeoutException', 'Timed out waiting for a node assignment.'),
  brokerNotAvailable: () => error(503, 50302, 'BrokerNotAvailableException', 'The broker is not available.'),
};
