/**
 * `pods/{name}/log` through the console's proxy: the answer is text, passed through as it
 * arrives rather than parsed, so `follow=true` streams each line to the browser as the kubelet
 * (or the embedded cluster's log store) writes it, until the container stops or the browser
 * goes. The one long-lived answer the HTTP proxy gives: a log has no resourceVersion to resume
 * from, so it is not a watch for `/ws`. Errors (a container to choose, one still waiting) are
 * the cluster's Status, thrown before anything is written.
 */
import type { Response } from 'express';
import type { ClusterTransport, KubeRequest } from '@dojo/console-live';

/** A read of a Pod's container log (any options): answered by `streamPodLog`. */
export function isPodLogRequest(request: KubeRequest): boolean {
  if (request.kind !== 'resource' || request.verb !== 'get') return false;
  const { group, resource, subresource } = request.target;
  return group === '' && resource === 'pods' && subresource === 'log';
}

export async function streamPodLog(res: Response, transport: ClusterTransport, path: string, signal: AbortSignal): Promise<void> {
  const upstream = await transport.openStream({ method: 'GET', path, signal, accept: 'text/plain' });
  res.status(200);
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  // Each line leaves as it comes: nothing between may hold or re-encode it.
  res.setHeader('Cache-Control', 'no-store, no-transform');
  res.flushHeaders();
  try {
    for await (const chunk of upstream) {
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    }
  } catch (error) {
    // The browser left (the abort ends the upstream) or the cluster cut the stream: end what was sent.
    if (!signal.aborted) res.destroy(error as Error);
    return;
  }
  res.end();
}
