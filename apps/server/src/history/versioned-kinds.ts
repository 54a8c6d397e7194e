/**
 * Which kinds have their versions recorded: every kind the cluster serves that can be listed
 * and watched (the console shows them all), through the manager's shared informers (a kind a
 * controller already watches costs no second watch). Events and Leases are left out: they are
 * records and heartbeats themselves, and their churn would crowd out the history of everything
 * else. Kinds served later (a CRD installed after start) join on the next discovery, once a minute.
 */
import type { ResourceType } from '@dojo/console-protocol';
import type { InformerFactory } from '@dojo/runtime';
import type { VersionRecorder } from './version-recorder.ts';

const skipped = new Set(['events', 'leases']);

export function versionedKind(type: ResourceType): boolean {
  return type.verbs.includes('list') && type.verbs.includes('watch') && !skipped.has(type.resource);
}

export interface VersionedKinds {
  close(): void;
}

export function recordVersionsOfServedKinds(
  informers: InformerFactory,
  recorder: VersionRecorder,
  discover: () => Promise<readonly ResourceType[]>,
  options: { rediscoverEveryMs?: number; onError?: (error: unknown) => void } = {},
): VersionedKinds {
  const watched = new Set<string>();
  const removers: (() => void)[] = [];
  const onError = options.onError ?? ((error) => process.emitWarning(`history: could not discover kinds: ${error instanceof Error ? error.message : String(error)}`));
  const refresh = async (): Promise<void> => {
    for (const type of await discover()) {
      const id = `${type.group}/${type.resource}`;
      if (watched.has(id) || !versionedKind(type)) continue;
      watched.add(id);
      const informer = informers.informerFor({ group: type.group, version: type.version, resource: type.resource, kind: type.kind, namespaced: type.namespaced });
      removers.push(informer.addEventHandler(recorder.handlerFor(type)));
    }
  };
  void refresh().catch(onError);
  const timer = setInterval(() => void refresh().catch(onError), options.rediscoverEveryMs ?? 60_000);
  timer.unref();
  return {
    close() {
      clearInterval(timer);
      for (const remove of removers) remove();
    },
  };
}
