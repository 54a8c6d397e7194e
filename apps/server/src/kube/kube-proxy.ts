/**
 * `/api/kube/*`: the Kubernetes API for the browser, through the console's own connection
 * (the kubeconfig's identity, never widened). Answers and errors pass through as the cluster
 * gave them (Status objects included), with Secret values redacted, and so do the API server's
 * warnings (deprecated versions, ratcheted validation) as `Warning` headers.
 *
 * `Accept` passes through when it asks for JSON: the object itself or a meta.k8s.io Table (what
 * `kubectl get` prints). Anything else (protobuf, YAML) is answered as JSON, because the
 * answer is parsed and redacted on its way.
 */
import type { Request, Response } from 'express';
import { newBadRequest, newMethodNotSupported, type StatusError } from '@dojo/kube-api';
import type { KubeTransport } from '@dojo/runtime';
import { redactSecrets } from './secret-redaction.ts';

const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const maxBodyBytes = 3 * 1024 * 1024;

/** `application/json`, optionally `;as=Table;v=v1;g=meta.k8s.io` (parameters in any order). */
function jsonAccept(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const candidate of header.split(',')) {
    const [type, ...params] = candidate.split(';').map((p) => p.trim());
    if (type !== 'application/json') continue;
    const values = new Map(params.map((p) => p.split('=').map((s) => s.trim()) as [string, string]));
    if (values.get('as') === 'Table' && values.get('g') === 'meta.k8s.io' && (values.get('v') === 'v1' || values.get('v') === 'v1beta1')) {
      return `application/json;as=Table;v=${values.get('v')};g=meta.k8s.io`;
    }
    if (!values.has('as')) return 'application/json';
  }
  return undefined;
}

export interface KubeProxyOptions {
  transport: () => KubeTransport;
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
    const accept = jsonAccept(req.headers.accept);
    const answer = await options.transport().request({
      method: method as 'GET',
      path,
      ...(body !== undefined ? { body } : {}),
      ...(contentType ? { contentType } : {}),
      ...(accept ? { accept } : {}),
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
