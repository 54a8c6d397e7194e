/**
 * A Kubernetes watch relayed to one browser subscription: the current objects first (when no
 * resourceVersion is given), then every change, resuming from the last resourceVersion when the
 * stream ends. A 410 or a client that cannot keep up gets an explicit `relist`, never a gap.
 */
import { isGone, StatusError, type GroupVersionResource, type KubeObject, type WatchEvent } from '@dojo/kube-api';
import type { KubeTransport } from '@dojo/runtime';
import { decodeWatchEvents } from '@dojo/runtime/client/watch-stream';
import { redactSecretResource, redactSecrets, redactSecretStatus } from '../kube/secret-redaction.ts';
import type { Outbox, Subscription } from './subscription.ts';

export interface WatchSubscriptionOptions {
  id: string;
  resource: GroupVersionResource;
  namespace?: string;
  labelSelector?: string;
  resourceVersion?: string;
  transport: KubeTransport;
  outbox: Outbox;
  allowSecretData: boolean;
}

function collectionPath(r: GroupVersionResource, namespace: string | undefined): string {
  const base = r.group ? `/apis/${r.group}/${r.version}` : `/api/${r.version}`;
  return namespace ? `${base}/namespaces/${encodeURIComponent(namespace)}/${r.resource}` : `${base}/${r.resource}`;
}

async function* lines(stream: AsyncIterable<Buffer>): AsyncIterable<string> {
  for await (const chunk of stream) yield chunk.toString('utf8');
}

export function startWatchSubscription(options: WatchSubscriptionOptions): Subscription {
  const abort = new AbortController();
  const { id, outbox } = options;
  const path = collectionPath(options.resource, options.namespace);
  const selector = options.labelSelector ? `&labelSelector=${encodeURIComponent(options.labelSelector)}` : '';
  // Redacted by resource: whatever kind the objects of `secrets` claim, their values stay hidden.
  const secrets = !options.allowSecretData && options.resource.group === '' && options.resource.resource === 'secrets';
  const clean = (obj: KubeObject): KubeObject => (options.allowSecretData ? obj : ((secrets ? redactSecretResource(obj) : redactSecrets(obj)) as KubeObject));
  const statusOf = (code: number, body: unknown) => {
    const status = StatusError.fromResponse(code, body).status;
    return secrets ? redactSecretStatus(status) : status;
  };
  let resourceVersion = options.resourceVersion;

  const relist = (reason: string): void => {
    outbox.sendControl({ id, type: 'relist', reason });
    abort.abort();
  };

  const run = async (): Promise<void> => {
    if (!resourceVersion) {
      const list = await options.transport.request({ method: 'GET', path: `${path}?${selector.slice(1)}`, signal: abort.signal });
      if (list.code !== 200) {
        outbox.sendControl({ id, type: 'error', status: statusOf(list.code, list.body) });
        return;
      }
      const body = list.body as { items: KubeObject[]; metadata: { resourceVersion: string } };
      for (const item of body.items) {
        if (!outbox.send({ id, type: 'watch-event', event: { type: 'ADDED', object: clean(item) } })) return relist('client fell behind');
      }
      resourceVersion = body.metadata.resourceVersion;
      outbox.send({ id, type: 'synced', resourceVersion });
    }
    while (!abort.signal.aborted) {
      const stream = await options.transport.openStream({
        method: 'GET',
        path: `${path}?watch=1&allowWatchBookmarks=true&resourceVersion=${encodeURIComponent(resourceVersion!)}${selector}`,
        signal: abort.signal,
      });
      for await (const event of decodeWatchEvents(lines(stream)) as AsyncIterable<WatchEvent>) {
        const rv = event.object.metadata?.resourceVersion;
        if (rv) resourceVersion = rv;
        if (event.type === 'BOOKMARK') continue;
        if (!outbox.send({ id, type: 'watch-event', event: { type: event.type, object: clean(event.object) } })) return relist('client fell behind');
      }
    }
  };

  run().catch((err: unknown) => {
    if (abort.signal.aborted) return;
    if (isGone(err)) relist('resourceVersion too old (410 Gone)');
    else outbox.sendControl({ id, type: 'relist', reason: `watch failed: ${err instanceof StatusError ? statusOf(err.code, err.status).message : (err as Error).message}` });
    abort.abort();
  });
  return { close: () => abort.abort() };
}
