/**
 * Shared informers, one per type (client-go's SharedInformerFactory): every controller that
 * watches ConfigMaps shares one watch and one cache of them. The factory is also the
 * `ObjectCache` a CachedReader reads through.
 *
 * Informers asked for after `start()` start at once; `waitForCacheSync()` waits for every
 * informer that exists when it is called.
 */
import { setMaxListeners } from 'node:events';
import type { KubeObject } from '@dojo/kube-api';
import type { Clock } from '../clock/clock.ts';
import type { CachedType, ObjectCache } from '../client/cached-reader.ts';
import type { ResourceType } from '../client/resource-type.ts';
import type { Journal } from '../telemetry/journal.ts';
import { listerWatcherFor, type ListWatchClient } from '../watcher/lister-watcher.ts';
import type { WatcherOptions } from '../watcher/watcher.ts';
import { SharedInformer, type InformerState } from './shared-informer.ts';

export interface InformerFactoryOptions {
  clock?: Clock;
  journal?: Journal;
  /** Watch namespaced types in this namespace only; all namespaces by default. */
  namespace?: string;
  resyncPeriodMs?: number;
  watcher?: WatcherOptions;
  transform?: (object: KubeObject) => KubeObject;
}

export class InformerFactory implements ObjectCache {
  readonly #client: ListWatchClient;
  readonly #options: InformerFactoryOptions;
  readonly #informers = new Map<string, SharedInformer>();
  #started = false;

  constructor(client: ListWatchClient, options: InformerFactoryOptions = {}) {
    this.#client = client;
    this.#options = options;
  }

  /** The one informer for this type, created on first use. */
  informerFor<T extends KubeObject = KubeObject>(type: ResourceType): SharedInformer<T> {
    const id = typeId(type);
    let informer = this.#informers.get(id);
    if (!informer) {
      const { namespace, watcher, transform, ...shared } = this.#options;
      const scope = type.namespaced && namespace ? { namespace } : {};
      informer = new SharedInformer(type, listerWatcherFor(this.#client, type, scope), {
        ...shared,
        ...(watcher ? { watcher } : {}),
        ...(transform ? { transform } : {}),
      });
      this.#informers.set(id, informer);
      if (this.#started) informer.start();
    }
    return informer as unknown as SharedInformer<T>;
  }

  informers(): SharedInformer[] {
    return [...this.#informers.values()];
  }

  start(): void {
    this.#started = true;
    for (const informer of this.#informers.values()) informer.start();
  }

  async waitForCacheSync(signal?: AbortSignal): Promise<void> {
    // One abort listener per informer on the same signal is expected, not a leak: a manager
    // with a dozen informers would otherwise trip Node's 10-listener warning on every start.
    if (signal) setMaxListeners(Math.max(10, this.#informers.size + 10), signal);
    await Promise.all([...this.#informers.values()].map((i) => i.waitForSync(signal)));
  }

  hasSynced(): boolean {
    return [...this.#informers.values()].every((i) => i.hasSynced());
  }

  async stop(): Promise<void> {
    this.#started = false;
    await Promise.all([...this.#informers.values()].map((i) => i.stop()));
  }

  state(): InformerState[] {
    return [...this.#informers.values()].map((i) => i.state());
  }

  cacheFor(type: ResourceType): CachedType | undefined {
    return this.#informers.get(typeId(type));
  }

  /** The cached object, if this type has an informer (for conflict records). */
  cachedObject(type: ResourceType, key: string): KubeObject | undefined {
    return this.#informers.get(typeId(type))?.store.get(key);
  }
}

function typeId(type: ResourceType): string {
  return `${type.group}/${type.version}/${type.resource}`;
}
