/**
 * `/api/kube/*`: the Kubernetes API for the browser, through the console's own connection
 * (the kubeconfig's identity, never widened). What a request asks is decided once, from the
 * parsed URL (kube-request.ts), and the canonical path built from it is what goes upstream.
 * Answers and errors pass through as the cluster gave them (Status objects included), with
 * Secret values redacted by resource (secret-redaction.ts), and so do the API server's warnings
 * (deprecated versions, ratcheted validation) as `Warning` headers.
 *
 * `Accept` passes through when it asks for JSON (kube-accept.ts): the object, a Table (what
 * `kubectl get` prints) or PartialObjectMetadata(List); Secrets only as whole objects, so a
 * Table of Secrets carries them in its rows and is redacted like any other answer about them.
 *
 * Watches are refused: they live on `/ws`, which streams them with backpressure. A Pod's log
 * (`pods/log`, `follow=true` included) passes through as text as it arrives (log-stream.ts).
 * Every upstream request is cancelled when the browser goes away.
 */
import type { Request, Response } from 'express';
import { newBadRequest, newMethodNotSupported, newRequestEntityTooLarge } from '@dojo/kube-api';
import { viewTimeOf } from '../routes/view-time.ts';
import {
  isSecretRequest,
  jsonAccept,
  type KubeRequest,
  parseKubeRequest,
  prepareSecretWrite,
  redactSecretAnswer,
  redactSecrets,
  refuseSecretMetadata,
  type TransportAt,
} from '@dojo/console-live';
import { isPodLogRequest, streamPodLog } from './log-stream.ts';

const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
export const maxProxiedBodyBytes = 3 * 1024 * 1024;

export interface KubeProxyOptions {
  /** The cluster at the instant a request asks about (`X-Dojo-At`: a recording's). */
  transport: TransportAt;
  allowSecretData: boolean;
}

async function readBody(req: Request): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxProxiedBodyBytes) throw newRequestEntityTooLarge(`limit is ${maxProxiedBodyBytes}`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxProxiedBodyBytes) throw newRequestEntityTooLarge(`limit is ${maxProxiedBodyBytes}`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The path of the object a write addresses, for reading what is stored. */
function objectPath(request: KubeRequest): string {
  return request.path.split('?')[0]!;
}

export function kubeProxy(options: KubeProxyOptions) {
  return async (req: Request, res: Response): Promise<void> => {
    const method = req.method.toUpperCase();
    if (!methods.has(method)) throw newMethodNotSupported({ group: '', resource: 'proxy' }, method.toLowerCase());
    const request = parseKubeRequest(method, req.url);
    if (request.kind === 'resource' && request.verb === 'watch') {
      throw newBadRequest('watch over the HTTP proxy is not supported: subscribe over the WebSocket (/ws, docs/protocol.md)');
    }
    const secrets = !options.allowSecretData && isSecretRequest(request);
    const rendering = jsonAccept(req.headers.accept);
    if (secrets) refuseSecretMetadata(request, rendering);
    // The upstream request ends with the browser's: a client that leaves frees what it asked for.
    const upstream = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) upstream.abort();
    });
    const transport = options.transport(viewTimeOf(req));
    if (isPodLogRequest(request)) return streamPodLog(res, transport, request.path, upstream.signal);
    let body = method === 'GET' ? undefined : await readBody(req);
    if (body === '' && method === 'DELETE') body = undefined;
    const contentType = req.headers['content-type'];
    if (secrets && body !== undefined) {
      body = await prepareSecretWrite({
        method: method as 'PUT',
        mediaType: (contentType ?? '').split(';')[0]!.trim().toLowerCase(),
        body,
        readStored: async () => {
          const stored = await transport.request({ method: 'GET', path: objectPath(request), signal: upstream.signal });
          return stored.code === 200 ? (stored.body as Record<string, unknown>) : undefined;
        },
      });
    }
    const answer = await transport.request({
      method: method as 'GET',
      path: request.path,
      signal: upstream.signal,
      ...(body !== undefined ? { body } : {}),
      ...(contentType ? { contentType } : {}),
      ...(rendering ? { accept: rendering.accept } : {}),
    });
    const payload = options.allowSecretData ? answer.body : secrets ? redactSecretAnswer(answer.code, answer.body) : redactSecrets(answer.body);
    if (answer.warnings?.length) res.setHeader('Warning', answer.warnings.map(warningHeader));
    res.status(answer.code);
    if (typeof payload === 'string') res.type('text/plain').send(payload);
    else if (payload === undefined) res.end();
    else res.json(payload);
  };
}

/**
 * One warning as kube-apiserver writes it: `299 - "text"`, with `"` and `\` escaped. A text
 * outside printable ASCII goes as an RFC 2047 encoded-word (which apimachinery's parser
 * accepts), because Node writes header strings in whatever encoding the body is sent with.
 */
function warningHeader(text: string): string {
  const value = /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
  return `299 - "${value.replace(/["\\]/g, '\\$&')}"`;
}
