import type { ControllerState } from '@dojo/console-protocol';
import type { Condition, KubeObject, WatchEvent } from '@dojo/kube-api';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunnableSource } from './blocker-source.ts';
import { controllerDirectory } from './controller-directory.ts';
import { readinessHints } from './explain-object.ts';
import { ReadinessHintsCache } from './readiness-hints-cache.ts';
import { informerGraph } from './object-graph.ts';
import { blockerSources } from './sources/blocker-sources.ts';
import { now, queueState } from './testing/explain-fixtures.ts';
import { scriptedInformer, type ScriptedInformer } from './testing/scripted-informer.ts';

const kinds = [
  { group: 'core.jutsu.com', version: 'v1', kind: 'Dojo', resource: 'dojos', namespaced: true },
  { group: 'apps', version: 'v1', kind: 'Deployment', resource: 'deployments', namespaced: true },
  { group: '', version: 'v1', kind: 'Pod', resource: 'pods', namespaced: true },
] as const;
const names = ['a', 'b', 'c', 'd'];

/** One object of the little cluster the properties play with. */
interface Shape {
  kind: number;
  name: number;
  /** Recreated objects get a new uid. */
  incarnation: number;
  owner?: { kind: number; name: number; incarnation: number };
  ready: boolean;
  crashing: boolean;
  deleting: boolean;
  generation: number;
  observed: number;
}

const uidOf = (kind: number, name: number, incarnation: number) => `${kinds[kind]!.kind}-${names[name]}-${incarnation}`;
const condition = (type: string, ready: boolean): Condition => ({
  type,
  status: ready ? 'True' : 'False',
  reason: ready ? 'Ready' : 'NotYet',
  message: '',
  lastTransitionTime: '2026-01-01T11:00:00Z',
});

function objectOf(s: Shape): KubeObject {
  const type = kinds[s.kind]!;
  const owner = s.owner ? kinds[s.owner.kind]! : undefined;
  return {
    apiVersion: type.group ? `${type.group}/v1` : 'v1',
    kind: type.kind,
    metadata: {
      name: names[s.name]!,
      namespace: 'default',
      uid: uidOf(s.kind, s.name, s.incarnation),
      generation: s.generation,
      ...(s.owner && owner
        ? {
            ownerReferences: [
              { apiVersion: 'v1', kind: owner.kind, name: names[s.owner.name]!, uid: uidOf(s.owner.kind, s.owner.name, s.owner.incarnation), controller: true },
            ],
          }
        : {}),
      ...(s.deleting ? { deletionTimestamp: '2026-01-01T11:59:00Z', finalizers: ['core.jutsu.com/cleanup'] } : {}),
    },
    status:
      type.kind === 'Pod'
        ? {
            phase: 'Running',
            conditions: [condition('Ready', s.ready)],
            containerStatuses: [
              {
                name: 'app',
                ready: s.ready,
                restartCount: s.crashing ? 4 : 0,
                state: s.crashing ? { waiting: { reason: 'CrashLoopBackOff' } } : { running: {} },
              },
            ],
          }
        : type.kind === 'Deployment'
          ? {
              observedGeneration: s.observed,
              replicas: 1,
              readyReplicas: s.ready ? 1 : 0,
              availableReplicas: s.ready ? 1 : 0,
              updatedReplicas: 1,
              conditions: [condition('Available', s.ready)],
            }
          : { observedGeneration: s.observed, conditions: [condition('Available', s.ready), condition('Degraded', s.crashing)] },
  };
}

const ref = fc.record({ kind: fc.nat(2), name: fc.nat(names.length - 1), incarnation: fc.nat(1) });
const shape = fc.record(
  {
    kind: fc.nat(2),
    name: fc.nat(names.length - 1),
    incarnation: fc.nat(1),
    owner: ref,
    ready: fc.boolean(),
    crashing: fc.boolean(),
    deleting: fc.boolean(),
    generation: fc.integer({ min: 1, max: 3 }),
    observed: fc.integer({ min: 1, max: 3 }),
  },
  { requiredKeys: ['kind', 'name', 'incarnation', 'ready', 'crashing', 'deleting', 'generation', 'observed'] },
);
const change = fc.oneof(
  fc.record({ put: shape }),
  fc.record({ remove: fc.record({ kind: fc.nat(2), name: fc.nat(names.length - 1) }) }),
  fc.record({ queue: fc.subarray(names) }),
);

type Change = { put?: Shape; remove?: { kind: number; name: number }; queue?: string[] };

let running: ScriptedInformer[] = [];
afterEach(async () => {
  await Promise.all(running.map((s) => s.stop()));
  running = [];
});

async function littleCluster() {
  running = await Promise.all(kinds.map((type) => scriptedInformer(type)));
  const informers = running.map((s) => s.informer);
  let state: ControllerState = queueState();
  const context = () => ({ graph: informerGraph(informers), controllers: controllerDirectory([{ name: 'dojo', forKind: kinds[0], state: () => state }]) });
  const held = new Map<string, KubeObject>();
  return {
    informers,
    context,
    async apply(c: Change) {
      if (c.queue)
        state = queueState({ queued: c.queue.map((name, i) => ({ key: `default/${name}`, since: now - i * 1000, triggers: [], droppedTriggers: 0 })) });
      const kind = c.put?.kind ?? c.remove?.kind;
      if (kind === undefined) return;
      const key = `${kind}/${c.put?.name ?? c.remove!.name}`;
      const old = held.get(key);
      let event: WatchEvent | undefined;
      if (c.put) {
        const object = objectOf(c.put);
        // A new uid under an old name is a delete and a create, as the API server would send.
        if (old && old.metadata.uid !== object.metadata.uid) await running[kind]!.send({ type: 'DELETED', object: old });
        event = { type: old && old.metadata.uid === object.metadata.uid ? 'MODIFIED' : 'ADDED', object };
        held.set(key, object);
      } else if (old) {
        event = { type: 'DELETED', object: old };
        held.delete(key);
      }
      if (event) await running[kind]!.send(event);
    },
  };
}

describe('readiness hints kept between calls', () => {
  it('answer exactly as the definition does, after any adds, changes, deletes and queue moves', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(change, { maxLength: 4 }), { minLength: 1, maxLength: 6 }), async (rounds) => {
        const cluster = await littleCluster();
        const index = new ReadinessHintsCache();
        try {
          for (const round of rounds) {
            for (const c of round) await cluster.apply(c);
            for (const type of kinds) {
              const context = cluster.context();
              const objects = context.graph.list(type.group, type.kind);
              const indexed = await index.hints(type, objects, cluster.informers, context, now);
              expect(indexed).toEqual(await readinessHints(type, objects, cluster.context(), now));
            }
          }
        } finally {
          index.close();
          await Promise.all(running.map((s) => s.stop()));
          running = [];
        }
      }),
      { numRuns: 60 },
    );
  });

  it('asks the owner-tree sources again only about the objects whose owner tree changed', async () => {
    const cluster = await littleCluster();
    const asked: string[] = [];
    const counted: RunnableSource[] = blockerSources.map((s) => ({
      ...s,
      run: (subject, context) => (asked.push(`${s.name} ${subject.identity.kind}/${subject.identity.name}`), s.run(subject, context)),
    }));
    const index = new ReadinessHintsCache(counted);
    const dojo = (name: number): Shape => ({ kind: 0, name, incarnation: 0, ready: true, crashing: false, deleting: false, generation: 1, observed: 1 });
    await cluster.apply({ put: dojo(0) });
    await cluster.apply({ put: dojo(1) });
    await cluster.apply({ put: { ...dojo(0), kind: 1, owner: { kind: 0, name: 0, incarnation: 0 } } });
    const hints = async () => {
      asked.length = 0;
      const context = cluster.context();
      await index.hints(kinds[0], context.graph.list('core.jutsu.com', 'Dojo'), cluster.informers, context, now);
      return asked.filter((a) => a.startsWith('children'));
    };
    expect(await hints()).toEqual(['children Dojo/a', 'children Dojo/b']);
    expect(await hints()).toEqual([]);
    expect(asked).toEqual(['controller Dojo/a', 'controller Dojo/b']);
    // Dojo a's Deployment stops being ready: only a's answer is asked again.
    await cluster.apply({ put: { ...dojo(0), kind: 1, ready: false, owner: { kind: 0, name: 0, incarnation: 0 } } });
    expect(await hints()).toEqual(['children Dojo/a']);
    expect(index.size).toBe(2);
    index.close();
  });

  it('keeps nothing when a cache cannot tell of its changes', async () => {
    const cluster = await littleCluster();
    await cluster.apply({ put: { kind: 0, name: 0, incarnation: 0, ready: false, crashing: false, deleting: false, generation: 2, observed: 1 } });
    const index = new ReadinessHintsCache();
    const silent = cluster.informers.map((i) => ({ type: i.type, store: i.store }));
    const context = cluster.context();
    const objects = context.graph.list('core.jutsu.com', 'Dojo');
    expect(await index.hints(kinds[0], objects, silent, context, now)).toEqual(await readinessHints(kinds[0], objects, context, now));
    expect(index.size).toBe(0);
  });
});
