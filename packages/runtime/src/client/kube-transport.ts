/**
 * HTTP(S) to one API server, configured from a kubeconfig. `@kubernetes/client-node`'s
 * KubeConfig does what is hard to get right (contexts, CA and client certificates, tokens,
 * exec and auth-provider plugins); the requests themselves go through node:https so that each
 * one can be counted, timed and streamed.
 *
 * - Connections are kept alive: a controller's writes and its watches share a few sockets.
 * - A 401 refreshes the credentials from the kubeconfig once and retries (exec plugins and
 *   bound tokens rotate), like client-go's transport does.
 * - Every response (and every request that got none) is counted in rest_client_requests_total.
 * - `Warning` headers (deprecated API versions, ratcheted validation) come back as texts, the
 *   way client-go hands them to its WarningHandler; they never fail a request.
 * - A request made inside a reconcile says which controller made it: its User-Agent is the
 *   transport's followed by `/<controller>` (client-go's `rest.AddUserAgent` convention, as
 *   kube-controller-manager's controllers do), so the API server's request journal attributes
 *   it to that controller and not to the process.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type RequestOptions } from 'node:http';
import { request as httpsRequest, type RequestOptions as HttpsRequestOptions } from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';
import { parseWarningHeader, StatusError } from '@dojo/kube-api';
import type { RestClientMetrics } from '../metrics/rest-client-metrics.ts';
import { reconcileContext } from '../telemetry/reconcile-context.ts';
import { FixedTlsAgent } from './fixed-tls-agent.ts';
import { requestPath } from './request-path.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TransportRequest {
  readonly method: HttpMethod;
  /** Path and query, below the server URL's own path. */
  readonly path: string;
  readonly body?: string | undefined;
  readonly contentType?: string | undefined;
  /** The media type asked for; `application/json` when absent (e.g. `application/json;as=Table;v=v1;g=meta.k8s.io`). */
  readonly accept?: string | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface TransportResponse {
  readonly code: number;
  /** Parsed JSON, or the raw text when the body is not JSON; undefined when empty. */
  readonly body: unknown;
  /** The texts of the response's `Warning: 299 - "text"` headers, in order; absent when none. */
  readonly warnings?: string[];
}

export interface TransportOptions {
  metrics?: RestClientMetrics;
  /** The server derives the default field manager from it ("dojo-runtime"). */
  userAgent?: string;
}

type Send = (options: RequestOptions, callback: (res: IncomingMessage) => void) => ReturnType<typeof httpRequest>;

/** Where every request goes: the server URL taken apart once, not parsed again per request. */
interface Target {
  readonly protocol: string;
  readonly hostname: string;
  readonly port: string;
  /** The server URL's path without its trailing slash; each request's path follows it. */
  readonly basePath: string;
  readonly auth?: string;
}

export class KubeTransport {
  /** The server's URL (its path, if any, prefixes every request). */
  readonly server: URL;
  /** host:port, the label of rest_client_requests_total. */
  readonly host: string;
  /** The kubeconfig context's namespace, else "default". */
  readonly defaultNamespace: string;
  readonly #kubeConfig: KubeConfig;
  readonly #agent: RequestOptions['agent'];
  readonly #send: Send;
  readonly #target: Target;
  readonly #metrics: RestClientMetrics | undefined;
  readonly #userAgent: string;
  #authHeaders: OutgoingHttpHeaders;

  private constructor(kubeConfig: KubeConfig, server: URL, tls: HttpsRequestOptions, options: TransportOptions) {
    this.#kubeConfig = kubeConfig;
    this.server = server;
    this.host = server.host;
    const context = kubeConfig.getContextObject(kubeConfig.getCurrentContext());
    this.defaultNamespace = context?.namespace || 'default';
    this.#metrics = options.metrics;
    this.#userAgent = options.userAgent ?? 'dojo-runtime';
    this.#authHeaders = authHeadersOf(tls);
    this.#target = targetOf(server);
    const viaProxy = Boolean(kubeConfig.getCurrentCluster()?.proxyUrl);
    if (server.protocol === 'http:') {
      this.#send = httpRequest;
      this.#agent = viaProxy ? tls.agent : new HttpAgent({ keepAlive: true });
    } else {
      this.#send = httpsRequest;
      // KubeConfig's own agent does not keep connections alive; build one with the same TLS
      // material unless a proxy agent is needed.
      this.#agent = viaProxy
        ? tls.agent
        : new FixedTlsAgent({
            keepAlive: true,
            ca: tls.ca,
            cert: tls.cert,
            key: tls.key,
            servername: tls.servername,
            ...(tls.rejectUnauthorized === undefined ? {} : { rejectUnauthorized: tls.rejectUnauthorized }),
          });
    }
  }

  static async fromKubeConfig(kubeConfig: KubeConfig, options: TransportOptions = {}): Promise<KubeTransport> {
    const cluster = kubeConfig.getCurrentCluster();
    if (!cluster) throw new Error('the kubeconfig has no current cluster');
    const tls: HttpsRequestOptions = {};
    await kubeConfig.applyToHTTPSOptions(tls);
    return new KubeTransport(kubeConfig, new URL(cluster.server), tls, options);
  }

  /** Sends a request and reads the whole response. Rejects only when no response came. */
  async request(req: TransportRequest): Promise<TransportResponse> {
    const res = await this.#exchange(req);
    const text = await readText(res);
    const warnings = warningsOf(res);
    return { code: res.statusCode ?? 0, body: parseBody(text), ...(warnings.length > 0 ? { warnings } : {}) };
  }

  /** Opens a streaming response (a watch); a non-2xx answer is thrown as a StatusError. */
  async openStream(req: TransportRequest): Promise<IncomingMessage> {
    const res = await this.#exchange(req);
    const code = res.statusCode ?? 0;
    if (code >= 200 && code < 300) return res;
    throw StatusError.fromResponse(code, parseBody(await readText(res)));
  }

  /** Closes idle keep-alive sockets; open streams end when their signals abort. */
  close(): void {
    const agent = this.#agent;
    if (agent instanceof HttpAgent) agent.destroy();
  }

  async #exchange(req: TransportRequest): Promise<IncomingMessage> {
    const res = await this.#once(req);
    if (res.statusCode !== 401) return res;
    res.resume();
    await this.#refreshCredentials();
    return this.#once(req);
  }

  #once(req: TransportRequest): Promise<IncomingMessage> {
    const headers: OutgoingHttpHeaders = {
      ...this.#authHeaders,
      accept: req.accept ?? 'application/json',
      'user-agent': userAgentFor(this.#userAgent, reconcileContext.current()?.controller),
    };
    if (req.body !== undefined) {
      headers['content-type'] = req.contentType ?? 'application/json';
      headers['content-length'] = Buffer.byteLength(req.body);
    }
    return new Promise((resolve, reject) => {
      const { basePath, ...target } = this.#target;
      const options: RequestOptions = {
        ...target,
        path: requestPath(this.server, basePath + req.path),
        method: req.method,
        agent: this.#agent,
        headers,
        signal: req.signal,
      };
      const outgoing = this.#send(options, (res) => {
        this.#metrics?.request(res.statusCode ?? 0, req.method, this.host);
        resolve(res);
      });
      outgoing.on('error', (error) => {
        this.#metrics?.request('<error>', req.method, this.host);
        reject(error);
      });
      outgoing.end(req.body);
    });
  }

  async #refreshCredentials(): Promise<void> {
    const tls: HttpsRequestOptions = {};
    await this.#kubeConfig.applyToHTTPSOptions(tls);
    this.#authHeaders = authHeadersOf(tls);
  }
}

// What node:http would take from `new URL(path, server)` on every request (its
// urlToHttpOptions), computed once: the URL parse was ~1% of the console's main thread.
function targetOf(server: URL): Target {
  // An IPv6 literal is bracketed in a URL and bare in a socket address.
  const hostname = server.hostname.startsWith('[') ? server.hostname.slice(1, -1) : server.hostname;
  const auth = server.username || server.password ? `${decodeURIComponent(server.username)}:${decodeURIComponent(server.password)}` : undefined;
  return { protocol: server.protocol, hostname, port: server.port, basePath: server.pathname.replace(/\/$/, ''), ...(auth === undefined ? {} : { auth }) };
}

/** The User-Agent of a request made on behalf of `controller`: client-go's AddUserAgent form. */
function userAgentFor(base: string, controller: string | undefined): string {
  return controller === undefined ? base : `${base}/${controller}`;
}

function authHeadersOf(tls: HttpsRequestOptions): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { ...(tls.headers as OutgoingHttpHeaders | undefined) };
  if (tls.auth) headers.authorization = `Basic ${Buffer.from(tls.auth).toString('base64')}`;
  return headers;
}

// Events rather than `for await`: every write a reconcile makes reads one of these, and the
// async iterator's promise per chunk showed in profiles.
function readText(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    res.setEncoding('utf8');
    let text = '';
    res.on('data', (chunk: string) => (text += chunk));
    res.once('end', () => resolve(text));
    res.once('error', reject);
    // A connection cut mid-body ends the stream without 'end'; a settled promise ignores this.
    res.once('close', () => {
      if (!res.complete) reject(new Error('the connection closed before the response was complete'));
    });
  });
}

function parseBody(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Warning texts of every `Warning` header (parseWarningHeader reads each as apimachinery does). */
function warningsOf(res: IncomingMessage): string[] {
  // headersDistinct builds an array for every header; most responses carry no Warning at all.
  if (res.headers.warning === undefined) return [];
  return (res.headersDistinct.warning ?? []).flatMap((value) => parseWarningHeader(value));
}
