/**
 * Which kinds have their versions recorded, through the manager's shared informers (a kind a
 * controller already watches costs no second watch):
 * - `served` (the embedded cluster): every kind the cluster serves that can be listed and
 *   watched — the console shows them all;
 * - `watched` (a real cluster): only the kinds the console's controllers already watch. The
 *   console's identity there is least-privilege (deploy/*-role.yaml): recording more would mean
 *   list/watch on every kind in the cluster, and one informer (and cache) per kind.
 * Leases are left out (heartbeats), and so are Events, which are records themselves: their
 * churn would crowd out the history of everything else. Given an `events` recorder, core/v1
 * Events go to a stream of their own instead (what a recording shows as each object's Events).
 * Kinds served later (a CRD installed after start) join on the next discovery, once a minute.
 */
import type { ServedResource } from '@dojo/console-protocol';
import type { InformerFactory } from '@dojo/runtime';
import type { VersionRecorder } from './version-recorder.ts';

const skipped = new Set(['events', 'leases']);

export function versionedKind(type: ServedResource): boolean {
  return type.verbs.includes('list') && type.verbs.includes('watch') && !skipped.has(type.resource);
}

export type VersionedScope = 'served' | 'watched';

export interface VersionedKinds {
  /** Whether versions of this kind are recorded, so a view can say so instead of showing none. */
  records(group: string, kind: string): boolean;
  close(): void;
}

export function recordVersionsOfServedKinds(
  informers: InformerFactory,
  recorder: VersionRecorder,
  discover: () => Promise<readonly ServedResource[]>,
  options: { scope?: VersionedScope; rediscoverEveryMs?: number; onError?: (error: unknown) => void; events?: VersionRecorder } = {},
): VersionedKinds {
  const watched = new Set<string>();
  const recordedKinds = new Set<string>();
  const scope = options.scope ?? 'served';
  const hasInformer = (type: ServedResource): boolean => informers.informers().some((i) => i.type.group === type.group && i.type.resource === type.resource);
  const removers: (() => void)[] = [];
  const onError =
    options.onError ?? ((error) => process.emitWarning(`history: could not discover kinds: ${error instanceof Error ? error.message : String(error)}`));
  const refresh = async (): Promise<void> => {
    for (const type of await discover()) {
      const id = `${type.group}/${type.resource}`;
      const isEvents = type.group === '' && type.resource === 'events' && type.verbs.includes('watch');
      if (watched.has(id) || !(versionedKind(type) || (isEvents && options.events))) continue;
      if (scope === 'watched' && !hasInformer(type)) continue;
      watched.add(id);
      if (!isEvents) recordedKinds.add(`${type.group}/${type.kind}`);
      const informer = informers.informerFor({
        group: type.group,
        version: type.version,
        resource: type.resource,
        kind: type.kind,
        namespaced: type.namespaced,
      });
      removers.push(informer.addEventHandler((isEvents ? options.events! : recorder).handlerFor(type)));
    }
  };
  void refresh().catch(onError);
  const timer = setInterval(() => void refresh().catch(onError), options.rediscoverEveryMs ?? 60_000);
  timer.unref();
  return {
    records: (group, kind) => recordedKinds.has(`${group}/${kind}`),
    close() {
      clearInterval(timer);
      for (const remove of removers) remove();
    },
  };
}
