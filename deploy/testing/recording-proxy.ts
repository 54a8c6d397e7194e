/**
 * An audit log for tests: a plain-HTTP proxy on loopback in front of an API server. It records
 * every request as the authorizer sees it (request-attributes.ts), with the caller's
 * User-Agent and the answer's status code, and forwards it with the server's own credentials
 * (from its kubeconfig). Clients get a kubeconfig of their own that points at the proxy.
 *
 * Unlike the telemetry journal, which holds only what reconciles send, this sees everything:
 * informers' lists and watches, leader election, Events, the console's own requests.
 * Watches stream through unbuffered; closing the proxy cuts them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { stringify } from 'yaml';
import { requestAttributes, type RequestAttributes } from './request-attributes.ts';

export type RecordedRequest = RequestAttributes & { readonly userAgent: string; readonly code: number };

export interface RecordingProxy {
  readonly url: string;
  /** A kubeconfig for the proxy: no credentials, the context's namespace as given. */
  readonly kubeconfigPath: string;
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 section 7.6.1) and the caller's credentials stay behind.
const dropped = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade', 'authorization']);

/**
 * Starts a proxy in front of the API server in `upstreamKubeconfig`; its own kubeconfig is
 * written into `dir`, with `namespace` as the context's namespace (as in-cluster config has).
 */
/**
 * kube-apiserver's RBAC refusal, word for word (forbidden.go): what a client sees when its
 * ServiceAccount lacks a verb on a resource.
 */
export function forbiddenStatus(call: Extract<RequestAttributes, { kind: 'resource' }>, user: string): Record<string, unknown> {
  const resource = call.subresource ? `${call.resource}/${call.subresource}` : call.resource;
  const qualified = call.group ? `${call.resource}.${call.group}` : call.resource;
  const scope = call.namespace ? `in the namespace "${call.namespace}"` : 'at the cluster scope';
  const target = call.name ? `${qualified} "${call.name}"` : qualified;
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `${target} is forbidden: User "${user}" cannot ${call.verb} resource "${resource}" in API group "${call.group}" ${scope}`,
    reason: 'Forbidden',
    details: { ...(call.name ? { name: call.name } : {}), group: call.group, kind: call.resource },
    code: 403,
  };
}

export async function startRecordingProxy(options: {
  upstreamKubeconfig: string;
  dir: string;
  namespace?: string;
  /** Refuses matching resource requests with RBAC's 403, as a cluster missing a grant would. */
  deny?: (call: Extract<RequestAttributes, { kind: 'resource' }>) => boolean;
  /** The identity named in refusals. */
  user?: string;
}): Promise<RecordingProxy> {
  const upstream = new KubeConfig();
  upstream.loadFromFile(options.upstreamKubeconfig);
  const tls: RequestOptions = {};
  await upstream.applyToHTTPSOptions(tls);
  const server = new URL(upstream.getCurrentCluster()!.server);
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    const attributes = requestAttributes(req.method ?? 'GET', req.url ?? '/');
    if (attributes.kind === 'resource' && options.deny?.(attributes)) {
      requests.push({ ...attributes, userAgent: req.headers['user-agent'] ?? '', code: 403 });
      const body = JSON.stringify(forbiddenStatus(attributes, options.user ?? 'system:serviceaccount:dojo-console:dojo-console'));
      req.resume();
      res.writeHead(403, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
      return;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([key]) => !dropped.has(key)));
    const upstreamRequest = httpsRequest(
      new URL(req.url ?? '/', server),
      { method: req.method, headers: { ...headers, ...(tls.headers as Record<string, string>) }, ca: tls.ca, cert: tls.cert, key: tls.key },
      (answer) => {
        requests.push({ ...attributes, userAgent: req.headers['user-agent'] ?? '', code: answer.statusCode ?? 0 });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstreamRequest.on('error', () => {
      requests.push({ ...attributes, userAgent: req.headers['user-agent'] ?? '', code: 0 });
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    res.on('close', () => upstreamRequest.destroy());
    req.pipe(upstreamRequest);
  };

  const http = createServer(forward);
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const kubeconfigPath = join(options.dir, 'recording-proxy.kubeconfig');
  writeFileSync(
    kubeconfigPath,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      // client-node refuses plain HTTP unless TLS verification is explicitly off: there is no TLS here.
      clusters: [{ name: 'recorded', cluster: { server: url, 'insecure-skip-tls-verify': true } }],
      users: [{ name: 'recorded', user: {} }],
      contexts: [{ name: 'recorded', context: { cluster: 'recorded', user: 'recorded', ...(options.namespace ? { namespace: options.namespace } : {}) } }],
      'current-context': 'recorded',
    }),
  );

  return {
    url,
    kubeconfigPath,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        http.close(() => resolve());
      }),
  };
}
