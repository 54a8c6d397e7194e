/**
 * A real SharedInformer whose API server is a script: it lists the objects it was given, then
 * watches what the test sends (`send`), so that a test or a benchmark can hold a cluster's
 * caches in memory and change them event by event, the way a watch would.
 */
import type { KubeList, KubeObject, WatchEvent } from '@dojo/kube-api';
import { SharedInformer, type ListerWatcher, type ResourceType } from '@dojo/runtime';

export interface ScriptedInformer {
  readonly informer: SharedInformer;
  /** Sends watch events and resolves once the informer has applied them. */
  send(...events: WatchEvent[]): Promise<void>;
  stop(): Promise<void>;
}

const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function scriptedInformer(type: ResourceType, objects: readonly KubeObject[] = []): Promise<ScriptedInformer> {
  const pending: WatchEvent[] = [];
  let wake: (() => void) | undefined;
  let rv = 1;
  const source: ListerWatcher = {
    list: async (): Promise<KubeList> => ({ apiVersion: 'v1', kind: `${type.kind}List`, metadata: { resourceVersion: String(rv) }, items: [...objects] }),
    async *watch(request) {
      const aborted = new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve(), { once: true }));
      while (!request.signal.aborted) {
        const event = pending.shift();
        if (event) {
          yield event;
          continue;
        }
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
      }
    },
  };
  const informer = new SharedInformer(type, source, { watcher: { backoff: { initialMs: 10, maxMs: 50 } } });
  informer.start();
  await informer.waitForSync();
  return {
    informer,
    async send(...events) {
      for (const event of events) {
        rv++;
        pending.push({
          ...event,
          object: { ...event.object, metadata: { ...event.object.metadata, resourceVersion: event.object.metadata.resourceVersion ?? String(rv) } },
        });
      }
      wake?.();
      while (pending.length > 0) await settled();
      await settled();
    },
    stop: () => informer.stop(),
  };
}
