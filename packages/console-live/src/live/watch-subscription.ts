/**
 * A Kubernetes watch relayed to one browser subscription: the current objects first (when no
 * resourceVersion is given), then every change. Changes come from the hub shared by every
 * subscription on the same query (watch-hub.ts) once this one can join it at a resourceVersion
 * it has seen; until then from its own watch, which resumes from the last resourceVersion when
 * the server ends a stream. A 410 or a client that cannot keep up gets an explicit `relist`,
 * never a gap.
 */
import type { GroupVersionResource, KubeObject } from '@dojo/kube-api';
import type { ClusterTransport } from '../cluster-transport.ts';
import type { Outbox, Subscription } from './subscription.ts';
import { EncodedWatchEvent } from './watch-frames.ts';
import type { HubMember, WatchHubs } from './watch-hub.ts';
import { watchFrom, watchTargetOf } from './watch-target.ts';

export interface WatchSubscriptionOptions {
  id: string;
  resource: GroupVersionResource;
  namespace?: string;
  labelSelector?: string;
  resourceVersion?: string;
  transport: ClusterTransport;
  outbox: Outbox;
  allowSecretData: boolean;
  hubs: WatchHubs;
}

export function startWatchSubscription(options: WatchSubscriptionOptions): Subscription {
  const abort = new AbortController();
  const { id, outbox, hubs } = options;
  const target = watchTargetOf(options);
  let leaveHub: (() => void) | undefined;

  const relist = (reason: string): void => {
    if (abort.signal.aborted) return;
    outbox.sendControl({ id, type: 'relist', reason });
    close();
  };
  const close = (): void => {
    abort.abort();
    leaveHub?.();
  };
  const member: HubMember = { deliver: (event) => outbox.sendFrame(event.frameFor(id)), relist };

  /** Moves onto the hub at `rv` when it passed there; never once this subscription is closed. */
  const joinAt = (rv: string): boolean => {
    if (abort.signal.aborted) return true;
    leaveHub = hubs.join(target, rv, member);
    return leaveHub !== undefined;
  };

  /** From `rv` on: the hub when it passed `rv`, else this subscription's own watch until it meets the hub. */
  const follow = async (rv: string): Promise<void> => {
    if (joinAt(rv)) return;
    for await (const event of watchFrom(target, rv, abort.signal)) {
      if (abort.signal.aborted) return;
      if (event.type !== 'BOOKMARK' && !member.deliver(new EncodedWatchEvent({ type: event.type, object: target.clean(event.object) }))) {
        return relist('client fell behind');
      }
      const seen = event.object.metadata?.resourceVersion;
      if (seen && joinAt(seen)) return;
    }
  };

  const run = async (): Promise<void> => {
    let resourceVersion = options.resourceVersion;
    if (!resourceVersion) {
      const list = await options.transport.request({ method: 'GET', path: target.listPath, signal: abort.signal });
      if (list.code !== 200) {
        outbox.sendControl({ id, type: 'error', status: target.statusOf(list.code, list.body) });
        return;
      }
      const body = list.body as { items: KubeObject[]; metadata: { resourceVersion: string } };
      for (const item of body.items) {
        if (!outbox.send({ id, type: 'watch-event', event: { type: 'ADDED', object: target.clean(item) } })) return relist('client fell behind');
      }
      resourceVersion = body.metadata.resourceVersion;
      outbox.send({ id, type: 'synced', resourceVersion });
    }
    await follow(resourceVersion);
  };

  run().catch((err: unknown) => {
    if (!abort.signal.aborted) relist(target.failureReason(err));
  });
  return {
    close: () => {
      // Closing ends this subscription's own watch and its place in the hub, never the hub's
      // watch while others use it.
      if (abort.signal.aborted) return;
      close();
    },
  };
}
