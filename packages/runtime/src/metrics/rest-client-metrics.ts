/**
 * client-go's REST client request counter, for the HTTP client that talks to the API server.
 */
import { Counter, type Registry } from 'prom-client';

export interface RestClientMetrics {
  /** One finished request: HTTP status code (or "<error>" when none came back), method, host. */
  request(code: number | '<error>', method: string, host: string): void;
}

export class PromRestClientMetrics implements RestClientMetrics {
  readonly #requests: Counter<'code' | 'method' | 'host'>;

  constructor(registry: Registry) {
    this.#requests = new Counter({
      name: 'rest_client_requests_total',
      help: 'Number of HTTP requests, partitioned by status code, method, and host.',
      labelNames: ['code', 'method', 'host'] as const,
      registers: [registry],
    });
  }

  request(code: number | '<error>', method: string, host: string): void {
    this.#requests.labels(String(code), method.toUpperCase(), host).inc();
  }
}
