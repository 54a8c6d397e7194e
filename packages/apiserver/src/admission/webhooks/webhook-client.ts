/**
 * Posts an AdmissionReview to a webhook over HTTPS, as kube-apiserver's webhook REST client
 * does: the endpoint is `clientConfig.url`, or a `service` reference resolved through the
 * user's map (the embedded cluster has no Service network: `dojo-console webhook map NS/SVC
 * URL`); the server's certificate is verified against `caBundle` (the system roots without
 * one); the call gives up after `timeoutSeconds`, and kube's client appends `?timeout=Ns`.
 * Failures are described with the Go client's words (`Post "URL": context deadline exceeded`),
 * since they end up in the message kube answers: `failed calling webhook "x": failed to call
 * webhook: …`.
 */
import { request } from 'node:https';
import { goQuote, newStatusError, type StatusError, type StatusReason } from '@dojo/kube-api';
import type { WebhookClientConfig } from './webhook-configurations.ts';

/**
 * A Service → the base URL it is reachable at on this machine (`https://host:port`), asked by
 * `namespace/name:port` first, then `namespace/name` (webhook-service-map.ts keeps the user's).
 */
export interface ServiceUrls {
  get(service: string): string | undefined;
}

/** A failure to talk to the webhook (kube's ErrCallingWebhook): failurePolicy decides what it means. */
export class WebhookCallError extends Error {
  constructor(
    /** The reason after `failed calling webhook "x": `. */
    readonly reason: string,
    /** The status a non-2xx answer carried, when it was one. */
    readonly status?: StatusError,
  ) {
    super(reason);
  }
}

/** Larger answers are refused: a webhook must not exhaust the server's memory. */
const maxResponseBytes = 16 * 1024 * 1024;

/** The URL kube posts to, with the `timeout` parameter its client adds. */
export function webhookUrl(config: WebhookClientConfig, timeoutSeconds: number, serviceUrls: ServiceUrls): string {
  let base: string;
  if (config.url) base = config.url;
  else if (config.service) {
    // kube dials https://NAME.NAMESPACE.svc:PORT (443 by default) + path: the mapped URL stands for all but the path.
    const { namespace, name, path, port = 443 } = config.service;
    const mapped = serviceUrls.get(`${namespace}/${name}:${port}`) ?? serviceUrls.get(`${namespace}/${name}`);
    if (!mapped) {
      throw new WebhookCallError(
        `failed to call webhook: service "${namespace}/${name}" has no address on this machine (map it: dojo-console webhook map ${namespace}/${name} https://127.0.0.1:PORT)`,
      );
    }
    base = mapped.replace(/\/$/, '') + (path ?? '');
  } else throw new WebhookCallError('could not get REST client: neither url nor service given in clientConfig');
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new WebhookCallError(`could not get REST client: parse ${JSON.stringify(base)}: invalid URL`);
  }
  // kube's configuration validation allows only https; a server given another scheme still never sends in clear.
  if (url.protocol !== 'https:') throw new WebhookCallError(`could not get REST client: ${JSON.stringify(base)}: 'https' is the only allowed URL scheme`);
  url.searchParams.set('timeout', `${timeoutSeconds}s`);
  return url.toString();
}

function caOf(config: WebhookClientConfig): string | undefined {
  return config.caBundle ? Buffer.from(config.caBundle, 'base64').toString('utf8') : undefined;
}

/** Go's net/http and crypto/tls words for what Node reports. */
function goTransportError(url: string, err: NodeJS.ErrnoException, timedOut: boolean): string {
  const post = `Post "${url}"`;
  if (timedOut) return `${post}: context deadline exceeded`;
  switch (err.code) {
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'CERT_SIGNATURE_FAILURE':
      return `${post}: tls: failed to verify certificate: x509: certificate signed by unknown authority`;
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `${post}: tls: failed to verify certificate: x509: certificate is not valid for ${new URL(url).hostname}`;
    case 'CERT_HAS_EXPIRED':
      return `${post}: tls: failed to verify certificate: x509: certificate has expired or is not yet valid`;
    case 'ECONNRESET':
      // The webhook closed the connection without answering: Go's transport reads EOF.
      return `${post}: EOF`;
    case 'ECONNREFUSED':
      return `${post}: dial tcp ${new URL(url).host}: connect: connection refused`;
    default:
      return `${post}: ${err.message}`;
  }
}

/** apimachinery's NewGenericServerResponse: the words client-go gives a non-2xx answer that is not a Status. */
const genericMessages: Record<number, [StatusReason, string]> = {
  400: ['BadRequest', 'the server rejected our request for an unknown reason'],
  401: ['Unauthorized', 'the server has asked for the client to provide credentials'],
  404: ['NotFound', 'the server could not find the requested resource'],
  405: ['MethodNotAllowed', 'the server does not allow this method on the requested resource'],
  409: ['AlreadyExists', 'the server reported a conflict'],
  422: ['Invalid', 'the server rejected our request due to an error in our request'],
  429: ['TooManyRequests', 'the server has received too many requests and has asked us to try again later'],
  503: ['ServiceUnavailable', 'the server is currently unable to handle the request'],
  504: ['Timeout', 'the server was unable to return a response in the time allotted, but may still be processing the request'],
};

function genericServerResponse(code: number, serverMessage: string): StatusError {
  const known = genericMessages[code];
  if (known) return newStatusError(code, known[0], known[1]);
  if (code === 403 || code === 415) return newStatusError(code, code === 403 ? 'Forbidden' : 'UnsupportedMediaType', serverMessage);
  if (code >= 500) return newStatusError(code, 'InternalError', `an error on the server (${goQuote(serverMessage)}) has prevented the request from succeeding`);
  return newStatusError(code, '', `the server responded with the status code ${code} but did not return more information`);
}

/** client-go's error for a non-2xx answer: the Status it carries, else a generic one (text bodies are quoted, others are "unknown"). */
function errorAnswer(code: number, contentType: string, body: string): WebhookCallError {
  try {
    const parsed = JSON.parse(body) as { kind?: string; message?: string; reason?: string; code?: number };
    if (parsed.kind === 'Status') {
      const status = newStatusError(
        typeof parsed.code === 'number' ? parsed.code : code,
        (parsed.reason as StatusReason | undefined) ?? '',
        parsed.message ?? '',
      );
      return new WebhookCallError(parsed.message ?? '', status);
    }
  } catch {
    // not a Status: described by its code below
  }
  const isText = contentType === '' || contentType.startsWith('text/');
  const status = genericServerResponse(code, isText ? body.trim() : 'unknown');
  return new WebhookCallError(status.message, status);
}

/** Go's json decoder's complaint about a body that is not JSON (client-go: `couldn't get version/kind; json parse error`). */
function undecodable(body: string): WebhookCallError {
  const first = body.trimStart()[0];
  const what = first === undefined ? 'unexpected end of JSON input' : `invalid character '${first}' looking for beginning of value`;
  return new WebhookCallError(`couldn't get version/kind; json parse error: ${what}`);
}

/** POSTs the review; resolves with the decoded answer or rejects with a WebhookCallError. */
export function postAdmissionReview(config: WebhookClientConfig, url: string, review: unknown, timeoutSeconds: number): Promise<unknown> {
  const payload = JSON.stringify(review);
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const fail = (reason: string, status?: StatusError): void => reject(new WebhookCallError(`failed to call webhook: ${reason}`, status));
    const req = request(
      url,
      {
        method: 'POST',
        ca: caOf(config),
        headers: { 'content-type': 'application/json', accept: 'application/json, */*', 'content-length': String(Buffer.byteLength(payload)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxResponseBytes) req.destroy(new Error(`the answer is larger than ${maxResponseBytes} bytes`));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          clearTimeout(timer);
          const body = Buffer.concat(chunks).toString('utf8');
          const code = res.statusCode ?? 0;
          // client-go counts 200 to 206 as success.
          if (code < 200 || code > 206) {
            const err = errorAnswer(code, res.headers['content-type'] ?? '', body);
            return fail(err.reason, err.status);
          }
          if (body === '') return fail(`0-length response with status code: ${code} and content type: ${res.headers['content-type'] ?? ''}`);
          let decoded: unknown;
          try {
            decoded = JSON.parse(body);
          } catch {
            return fail(undecodable(body).reason);
          }
          // client-go's decoder needs the kind before anything else.
          if (
            typeof decoded !== 'object' ||
            decoded === null ||
            typeof (decoded as { kind?: unknown }).kind !== 'string' ||
            (decoded as { kind: string }).kind === ''
          ) {
            return fail(`Object 'Kind' is missing in '${body}'`);
          }
          resolve(decoded);
        });
        res.on('error', (err: NodeJS.ErrnoException) => fail(goTransportError(url, err, timedOut)));
      },
    );
    // The server's own deadline: a webhook that never answers is given up on, never waited for.
    const timer = setTimeout(() => {
      timedOut = true;
      // Settled here, not by the socket's events: a body that stalls midway may end without an 'error'.
      fail(goTransportError(url, new Error('timeout'), true));
      req.destroy(new Error('timeout'));
    }, timeoutSeconds * 1000);
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      fail(goTransportError(url, err, timedOut));
    });
    req.end(payload);
  });
}
