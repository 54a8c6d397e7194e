/**
 * What one watch subscription asks of the cluster, shared by its own stream and the hub that
 * may serve it (watch-hub.ts): the paths, the redaction of Secret values, and the stream of
 * events from a resourceVersion that resumes where the last one ended.
 */
import { isGone, StatusError, type GroupVersionResource, type KubeObject, type Status, type WatchEvent } from '@dojo/kube-api';
import { decodeWatchEvents } from '@dojo/runtime';
import type { ClusterTransport } from '../cluster-transport.ts';
import { redactSecretResource, redactSecrets, redactSecretStatus } from '../secret-redaction.ts';

export interface WatchQuery {
  resource: GroupVersionResource;
  namespace?: string;
  labelSelector?: string;
  transport: ClusterTransport;
  allowSecretData: boolean;
}

export interface WatchTarget {
  transport: ClusterTransport;
  /** Equal for two queries exactly when their event sequences are equal (same transport aside). */
  key: string;
  listPath: string;
  /** The object as the browser may see it (Secret values redacted unless allowed). */
  clean(obj: KubeObject): KubeObject;
  statusOf(code: number, body: unknown): Status;
  /** The `relist` reason for a watch that failed with `err`. */
  failureReason(err: unknown): string;
}

function collectionPath(r: GroupVersionResource, namespace: string | undefined): string {
  const base = r.group ? `/apis/${r.group}/${r.version}` : `/api/${r.version}`;
  return namespace ? `${base}/namespaces/${encodeURIComponent(namespace)}/${r.resource}` : `${base}/${r.resource}`;
}

export function watchTargetOf(query: WatchQuery): WatchTarget {
  const path = collectionPath(query.resource, query.namespace);
  const selector = query.labelSelector ? `labelSelector=${encodeURIComponent(query.labelSelector)}` : '';
  // Redacted by resource: whatever kind the objects of `secrets` claim, their values stay hidden.
  const secrets = !query.allowSecretData && query.resource.group === '' && query.resource.resource === 'secrets';
  const statusOf = (code: number, body: unknown): Status => {
    const status = StatusError.fromResponse(code, body).status;
    return secrets ? redactSecretStatus(status) : status;
  };
  return {
    transport: query.transport,
    key: `${path}?${selector}`,
    listPath: `${path}?${selector}`,
    clean: (obj) => (query.allowSecretData ? obj : ((secrets ? redactSecretResource(obj) : redactSecrets(obj)) as KubeObject)),
    statusOf,
    failureReason: (err) =>
      isGone(err)
        ? 'resourceVersion too old (410 Gone)'
        : `watch failed: ${err instanceof StatusError ? statusOf(err.code, err.status).message : (err as Error).message}`,
  };
}

async function* lines(stream: AsyncIterable<Buffer>): AsyncIterable<string> {
  for await (const chunk of stream) yield chunk.toString('utf8');
}

/**
 * Every event after `resourceVersion`, bookmarks included, across the server's stream ends
 * (each new stream starts from the last version seen); ends when `signal` aborts, throws on
 * a failure (a 410 as a StatusError).
 */
export async function* watchFrom(target: WatchTarget, resourceVersion: string, signal: AbortSignal): AsyncGenerator<WatchEvent<KubeObject>> {
  const [path, selector] = target.listPath.split('?') as [string, string];
  let rv = resourceVersion;
  while (!signal.aborted) {
    const stream = await target.transport.openStream({
      method: 'GET',
      path: `${path}?watch=1&allowWatchBookmarks=true&resourceVersion=${encodeURIComponent(rv)}${selector ? `&${selector}` : ''}`,
      signal,
    });
    for await (const event of decodeWatchEvents(lines(stream)) as AsyncIterable<WatchEvent<KubeObject>>) {
      const seen = event.object.metadata?.resourceVersion;
      if (seen) rv = seen;
      yield event;
    }
  }
}
