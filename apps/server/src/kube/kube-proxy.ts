/**
 * `/api/kube/*`: the Kubernetes API for the browser, through the console's own connection
 * (the kubeconfig's identity, never widened). Answers and errors pass through as the cluster
 * gave them (Status objects included), with Secret values redacted, and so do the API server's
 * warnings (deprecated versions, ratcheted validation) as `Warning` headers.
 *
 * `Accept` passes through when it asks for JSON: the object itself, a meta.k8s.io Table (what
 * `kubectl get` prints) or PartialObjectMetadata(List). Anything else (protobuf, YAML) is
 * answered as JSON, because the answer is parsed and redacted on its way.
 */
import type { Request, Response } from 'express';
import { newBadRequest, newMethodNotSupported, type StatusError } from '@dojo/kube-api';
import { viewTimeOf } from '../routes/view-time.ts';
import type { TransportAt } from './cluster-transport.ts';
import { redactSecrets } from './secret-redaction.ts';

const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const maxBodyBytes = 3 * 1024 * 1024;

type Rendering = 'Table' | 'PartialObjectMetadata' | 'PartialObjectMetadataList';
const renderings = new Set<string>(['Table', 'PartialObjectMetadata', 'PartialObjectMetadataList']);

/** `application/json`, optionally `;as=Table` or `;as=PartialObjectMetadataList` of meta.k8s.io (parameters in any order). */
function jsonAccept(header: string | undefined): { accept: string; as?: Rendering } | undefined {
  if (!header) return undefined;
  for (const candidate of header.split(',')) {
    const [type, ...params] = candidate.split(';').map((p) => p.trim());
    if (type !== 'application/json') continue;
    const values = new Map(params.map((p) => p.split('=').map((s) => s.trim()) as [string, string]));
    const as = values.get('as');
    const version = values.get('v');
    if (as && renderings.has(as) && values.get('g') === 'meta.k8s.io' && (version === 'v1' || version === 'v1beta1')) {
      return { accept: `application/json;as=${as};v=${version};g=meta.k8s.io`, as: as as Rendering };
    }
    if (!as) return { accept: 'application/json' };
  }
  return undefined;
}

/**
 * A Secret's metadata can hold its values (kubectl apply's last-applied annotation), and once
 * it is a PartialObjectMetadata nothing says it was a Secret: Secrets go as whole objects,
 * which are redacted.
 */
function refuseSecretMetadata(path: string, as: Rendering | undefined): void {
  if (!as || !/^\/api\/v1\/(namespaces\/[^/]+\/)?secrets(\/|\?|$)/.test(path)) return;
  const includeObject = new URL(path, 'http://proxy.local').searchParams.get('includeObject');
  if (as === 'Table' && includeObject === 'Object') return;
  throw newBadRequest('Secrets pass the console proxy as whole objects only, so that their values can be redacted: ask for a Table with includeObject=Object, or for JSON');
}

export interface KubeProxyOptions {
  /** The cluster at the instant a request asks about (`X-Dojo-At`: a recording's). */
  transport: TransportAt;
  allowSecretData: boolean;
}

async function readBody(req: Request): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) throw newBadRequest(`request body larger than ${maxBodyBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function kubeProxy(options: KubeProxyOptions) {
  return async (req: Request, res: Response): Promise<void> => {
    const method = req.method.toUpperCase();
    if (!methods.has(method)) throw newMethodNotSupported({ group: '', resource: 'proxy' }, method.toLowerCase()) as StatusError;
    const path = req.originalUrl.replace(/^\/api\/kube/, '') || '/';
    if (!path.startsWith('/api') && !path.startsWith('/apis') && !path.startsWith('/openapi') && path !== '/version') {
      throw newBadRequest(`only Kubernetes API paths can be proxied, not ${path}`);
    }
    if (/[?&]watch=(true|1)(&|$)/.test(path)) throw newBadRequest('watch over the HTTP proxy is not supported; subscribe over the WebSocket');
    const body = method === 'GET' || method === 'DELETE' ? await readBody(req).then((b) => b || undefined) : await readBody(req);
    const contentType = req.headers['content-type'];
    const rendering = jsonAccept(req.headers.accept);
    if (!options.allowSecretData) refuseSecretMetadata(path, rendering?.as);
    const answer = await options.transport(viewTimeOf(req)).request({
      method: method as 'GET',
      path,
      ...(body !== undefined ? { body } : {}),
      ...(contentType ? { contentType } : {}),
      ...(rendering ? { accept: rendering.accept } : {}),
    });
    const payload = options.allowSecretData ? answer.body : redactSecrets(answer.body);
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
