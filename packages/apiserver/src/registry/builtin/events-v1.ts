/**
 * events.k8s.io/v1 Events share storage with core/v1 Events, as in Kubernetes: the same object
 * seen through renamed fields (involvedObject <-> regarding, message <-> note, ...).
 */
import type { KubeObject } from '@dojo/kube-api';
import { coreEvents } from './core-kinds.ts';
import { defineBuiltin } from './define-builtin.ts';
import { strictEventStrategy } from './event-strategy.ts';
import { record } from './unstructured.ts';

const renames: [core: string, v1: string][] = [
  ['involvedObject', 'regarding'],
  ['message', 'note'],
  ['firstTimestamp', 'deprecatedFirstTimestamp'],
  ['lastTimestamp', 'deprecatedLastTimestamp'],
  ['count', 'deprecatedCount'],
  ['source', 'deprecatedSource'],
  ['reportingComponent', 'reportingController'],
];

function rename(obj: KubeObject, pairs: [from: string, to: string][], apiVersion: string): KubeObject {
  const out: KubeObject = { ...obj, apiVersion, metadata: obj.metadata };
  for (const [from, to] of pairs) {
    if (from in out) {
      out[to] = out[from];
      delete out[from];
    }
  }
  return out;
}

/**
 * events.k8s.io/v1's JSON as Go writes it: omitempty leaves structs in, so the deprecated
 * timestamps are null (a zero metav1.Time) and deprecatedSource `{}` when never set.
 */
function fromCore(obj: KubeObject): KubeObject {
  const out = rename(obj, renames, 'events.k8s.io/v1');
  out.deprecatedSource ??= {};
  out.deprecatedFirstTimestamp ??= null;
  out.deprecatedLastTimestamp ??= null;
  return out;
}

function toCore(obj: KubeObject): KubeObject {
  const core = rename(
    obj,
    renames.map(([a, b]) => [b, a]),
    'v1',
  );
  const regarding = record(core.involvedObject);
  if (Object.keys(regarding).length) core.involvedObject = regarding;
  return core;
}

export const eventsV1 = defineBuiltin({
  group: 'events.k8s.io',
  version: 'v1',
  resource: 'events',
  kind: 'Event',
  namespaced: true,
  shortNames: ['ev'],
  bucket: coreEvents.bucket,
  kubeStorage: { group: '', version: 'v1' },
  columns: [
    { name: 'Type', type: 'string', description: 'Type', priority: 0, cell: (o) => o.type ?? '' },
    { name: 'Reason', type: 'string', description: 'Reason', priority: 0, cell: (o) => o.reason ?? '' },
    { name: 'Note', type: 'string', description: 'Note', priority: 0, cell: (o) => o.note ?? '' },
  ],
  // Validated strictly, on the core shape (kube validates the internal type).
  strategy: strictEventStrategy(toCore),
  conversion: { fromStorage: fromCore, toStorage: toCore },
});
eventsV1.wireEqualsStorage = false;
eventsV1.invalidAs = { group: coreEvents.group, kind: coreEvents.kind };
