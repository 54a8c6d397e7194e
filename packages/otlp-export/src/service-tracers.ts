/**
 * A tracer per service a span speaks for. The console's own reconciles are the service
 * `dojo-console`; an operator the console only watched gets its own service, named as the
 * console names the client, so Jaeger and Tempo list it beside the console and not inside it.
 * In the SDK a resource belongs to a tracer provider, so each service has a provider; they all
 * share one batch processor (one queue, one exporter, one connection).
 */
import { randomUUID } from 'node:crypto';
import type { Tracer } from '@opentelemetry/api';
import { defaultResource, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import { AlwaysOnSampler, BasicTracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_K8S_CLUSTER_NAME, ATTR_SERVICE_INSTANCE_ID, ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { ReconcileIdGenerator } from './reconcile-ids.ts';

export interface ServiceTracersOptions {
  processor: SpanProcessor;
  ids: ReconcileIdGenerator;
  /** The console's own service version. */
  version: string;
  /** `k8s.cluster.name`: the kubeconfig's cluster, when there is a meaningful one. */
  clusterName?: string;
  /** Read for `OTEL_SERVICE_NAME` and `OTEL_RESOURCE_ATTRIBUTES`, as every OpenTelemetry SDK does. */
  env?: NodeJS.ProcessEnv;
  /** Services other than the console's, at most (each client the console sees could be one). */
  maxServices?: number;
}

export class ServiceTracers {
  readonly #options: ServiceTracersOptions;
  readonly #console: Tracer;
  readonly #shared: Record<string, string>;
  readonly #operators = new Map<string, Tracer>();

  constructor(options: ServiceTracersOptions) {
    this.#options = options;
    const env = fromEnv(options.env);
    this.#shared = {
      ...(options.clusterName ? { [ATTR_K8S_CLUSTER_NAME]: options.clusterName } : {}),
      // Only what describes the cluster carries over to the operators' services.
      ...Object.fromEntries(Object.entries(env).filter(([key]) => key.startsWith('k8s.cluster.'))),
    };
    this.#console = this.#tracer(
      resourceFromAttributes({
        ...this.#shared,
        [ATTR_SERVICE_VERSION]: options.version,
        [ATTR_SERVICE_INSTANCE_ID]: randomUUID(),
        ...env,
        [ATTR_SERVICE_NAME]: options.env?.OTEL_SERVICE_NAME?.trim() || (env[ATTR_SERVICE_NAME] ?? 'dojo-console'),
      }),
    );
  }

  /** The tracer of the console's own reconciles. */
  console(): Tracer {
    return this.#console;
  }

  /** The tracer of an operator the console watched: its service is the client's name. */
  operator(client: string): Tracer {
    let tracer = this.#operators.get(client);
    if (tracer) return tracer;
    // A cluster full of kubectl-like clients must not grow one provider each without end.
    const overflow = this.#operators.size >= (this.#options.maxServices ?? 64);
    const name = overflow ? 'dojo-console-other-clients' : client;
    tracer =
      this.#operators.get(name) ?? this.#tracer(resourceFromAttributes({ ...this.#shared, [ATTR_SERVICE_NAME]: name, 'dojo.reported_by': 'dojo-console' }));
    this.#operators.set(name, tracer);
    return tracer;
  }

  #tracer(resource: Resource): Tracer {
    // Every reconcile is sent (export-ledger.ts accounts for each span, so none may vanish in a sampler).
    const provider = new BasicTracerProvider({
      resource: defaultResource().merge(resource),
      sampler: new AlwaysOnSampler(),
      idGenerator: this.#options.ids,
      spanProcessors: [this.#options.processor],
    });
    return provider.getTracer('dojo-console', this.#options.version);
  }
}

/** `OTEL_RESOURCE_ATTRIBUTES`: `key=value` pairs, comma-separated, values percent-encoded (the SDK specification's format). */
function fromEnv(env: NodeJS.ProcessEnv | undefined): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const entry of (env?.OTEL_RESOURCE_ATTRIBUTES ?? '').split(',')) {
    const at = entry.indexOf('=');
    if (at <= 0) continue;
    try {
      attributes[entry.slice(0, at).trim()] = decodeURIComponent(entry.slice(at + 1).trim());
    } catch {
      // The specification says to discard a value that cannot be decoded.
    }
  }
  return attributes;
}
