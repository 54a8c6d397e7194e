import { formatTime, type KubeObject } from '@dojo/kube-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { realClock } from '../clock/clock.ts';
import { KubeClient } from '../client/kube-client.ts';
import { builtinTypes } from '../client/resource-type.ts';
import { Journal } from '../telemetry/journal.ts';
import { reconcileContext } from '../telemetry/reconcile-context.ts';
import type { ApiCallRecord } from '../telemetry/records.ts';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { EventBroadcaster, reconcileIdAnnotation } from './event-broadcaster.ts';

type Event = KubeObject & {
  reason?: string;
  type?: string;
  count?: number;
  message?: string;
  involvedObject?: Record<string, unknown>;
  firstTimestamp?: string;
  lastTimestamp?: string;
};

const ns = 'events';
const eventually = { timeout: 10_000, interval: 25 };
const journal = new Journal();
let server: TestApiServer;
let api: KubeClient;
let broadcaster: EventBroadcaster;

beforeAll(async () => {
  server = await startTestApiServer();
  api = await KubeClient.create({ kubeConfig: server.kubeConfig(), journal });
  await api.create(builtinTypes.namespaces, { metadata: { name: ns } });
  broadcaster = new EventBroadcaster(api, { clock: realClock });
});

afterAll(async () => {
  broadcaster?.close();
  api?.close();
  await server?.stop();
});

const subject = (name: string): KubeObject => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: { namespace: ns, name, uid: `uid-${name}`, resourceVersion: '7' },
});
const eventsOf = async (name: string, namespace = ns): Promise<Event[]> =>
  (await api.list<Event>(builtinTypes.events, { namespace, fieldSelector: `involvedObject.name=${name}` })).items;

async function onlyEventOf(name: string, namespace = ns): Promise<Event> {
  let found: Event | undefined;
  await vi.waitFor(async () => {
    const events = await eventsOf(name, namespace);
    expect(events).toHaveLength(1);
    found = events[0];
  }, eventually);
  return found!;
}

describe('EventBroadcaster', () => {
  it('writes a core/v1 Event about the object, in its namespace, named <object>.<hex>', async () => {
    broadcaster.recorderFor('dojo-operator').record(subject('first'), 'Warning', 'CrashLoopBackOff', 'pod first-1 keeps crashing');
    const event = await onlyEventOf('first');
    expect(event).toMatchObject({
      type: 'Warning',
      reason: 'CrashLoopBackOff',
      message: 'pod first-1 keeps crashing',
      count: 1,
      involvedObject: { apiVersion: 'core.jutsu.com/v1', kind: 'Dojo', name: 'first', namespace: ns, uid: 'uid-first', resourceVersion: '7' },
      source: { component: 'dojo-operator' },
      reportingComponent: 'dojo-operator',
      reportingInstance: 'dojo-operator',
    });
    expect(event.metadata.name).toMatch(/^first\.[0-9a-f]+$/);
  });

  it('counts a repeat of the same event instead of writing another', async () => {
    const recorder = broadcaster.recorderFor('dojo-operator');
    for (let i = 0; i < 3; i++) recorder.record(subject('repeat'), 'Normal', 'AlarmSent', 'posted');
    recorder.record(subject('repeat'), 'Normal', 'AlarmSent', 'posted again, differently');
    await vi.waitFor(async () => {
      const events = await eventsOf('repeat');
      expect(Object.fromEntries(events.map((e) => [e.message, e.count]))).toEqual({ posted: 3, 'posted again, differently': 1 });
    }, eventually);
  });

  it('tells the same reason from two sources, or two parts of one object, apart', async () => {
    const pod = { metadata: { namespace: ns, name: 'parts', uid: 'uid-parts' } };
    const kubelet = broadcaster.recorderFor({ component: 'kubelet', host: 'node-1' });
    kubelet.record(pod, 'Normal', 'Pulled', 'pulled', { resource: builtinTypes.pods, fieldPath: 'spec.containers{app}' });
    kubelet.record(pod, 'Normal', 'Pulled', 'pulled', { resource: builtinTypes.pods, fieldPath: 'spec.containers{sidecar}' });
    broadcaster.recorderFor('default-scheduler').record(pod, 'Normal', 'Pulled', 'pulled', { resource: builtinTypes.pods });
    await vi.waitFor(async () => expect(await eventsOf('parts')).toHaveLength(3), eventually);
    const fromKubelet = (await eventsOf('parts')).filter((e) => (e.source as { component?: string }).component === 'kubelet');
    expect(fromKubelet.map((e) => e.involvedObject?.fieldPath).sort()).toEqual(['spec.containers{app}', 'spec.containers{sidecar}']);
    expect(fromKubelet[0]).toMatchObject({
      involvedObject: { apiVersion: 'v1', kind: 'Pod' },
      source: { host: 'node-1' },
      reportingInstance: 'node-1',
      count: 1,
    });
  });

  it('files the Event of a cluster-scoped object in the default namespace', async () => {
    broadcaster
      .recorderFor('namespace-controller')
      .record({ metadata: { name: 'cluster-wide', uid: 'uid-cw' } }, 'Normal', 'NamespaceFinalized', 'done', { resource: builtinTypes.namespaces });
    const event = await onlyEventOf('cluster-wide', 'default');
    expect(event.involvedObject).toMatchObject({ kind: 'Namespace', name: 'cluster-wide' });
    expect(event.involvedObject).not.toHaveProperty('namespace');
  });

  it('takes its timestamps from the injected clock and starts a new Event after the correlation window', async () => {
    const clock = new FakeClock(Date.UTC(2030, 0, 1, 12));
    const own = new EventBroadcaster(api, { clock, correlationWindowMs: 60_000 });
    try {
      const recorder = own.recorderFor('clocked');
      recorder.record(subject('clocked'), 'Normal', 'Tick', 'tick');
      const first = await onlyEventOf('clocked');
      expect(first).toMatchObject({ firstTimestamp: '2030-01-01T12:00:00Z', lastTimestamp: '2030-01-01T12:00:00Z' });
      expect(first.metadata.name).toBe(`clocked.${(BigInt(Date.UTC(2030, 0, 1, 12)) * 1_000_000n).toString(16)}`);
      clock.step(30_000);
      recorder.record(subject('clocked'), 'Normal', 'Tick', 'tick');
      await vi.waitFor(async () => expect((await onlyEventOf('clocked')).count).toBe(2), eventually);
      expect(await onlyEventOf('clocked')).toMatchObject({ firstTimestamp: '2030-01-01T12:00:00Z', lastTimestamp: formatTime(clock.now()) });
      clock.step(61_000);
      recorder.record(subject('clocked'), 'Normal', 'Tick', 'tick');
      await vi.waitFor(async () => expect((await eventsOf('clocked')).map((e) => e.count).sort()).toEqual([1, 2]), eventually);
    } finally {
      own.close();
    }
  });

  it('starts a new Event when the one it was counting is gone', async () => {
    const recorder = broadcaster.recorderFor('dojo-operator');
    recorder.record(subject('gone'), 'Normal', 'Again', 'and again');
    const first = await onlyEventOf('gone');
    await api.delete(builtinTypes.events, { namespace: ns, name: first.metadata.name! });
    recorder.record(subject('gone'), 'Normal', 'Again', 'and again');
    const second = await onlyEventOf('gone');
    expect(second.metadata.name).not.toBe(first.metadata.name);
    expect(second.count).toBe(1);
  });

  it('drops an Event it cannot write, counts it, and goes on with the next', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const before = broadcaster.dropped;
      const recorder = broadcaster.recorderFor('dojo-operator');
      recorder.record({ ...subject('lost'), metadata: { ...subject('lost').metadata, namespace: 'no-such-namespace' } }, 'Normal', 'Lost', 'nowhere to go');
      recorder.record(subject('after'), 'Normal', 'Kept', 'still written');
      await onlyEventOf('after');
      await vi.waitFor(() => expect(warnings.some((w) => w.includes('event Lost'))).toBe(true), eventually);
      expect(broadcaster.dropped).toBe(before + 1);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('never throws, whatever it is handed', () => {
    const recorder = broadcaster.recorderFor('careless');
    expect(() => recorder.record(undefined as unknown as KubeObject, 'Normal', 'Nothing', 'no object')).not.toThrow();
    expect(() => recorder.record({ metadata: {} }, 'Normal', 'Nameless', 'no name')).not.toThrow();
  });

  it('keeps at most maxQueued Events waiting and drops the rest', async () => {
    const bounded = new EventBroadcaster(api, { clock: realClock, maxQueued: 2 });
    const onWarning = (): void => {};
    process.on('warning', onWarning);
    try {
      const recorder = bounded.recorderFor('burst');
      for (let i = 0; i < 5; i++) recorder.record(subject(`burst-${i}`), 'Normal', 'Burst', `burst ${i}`);
      expect(bounded.dropped).toBe(3);
      await onlyEventOf('burst-1');
      expect(await eventsOf('burst-0')).toHaveLength(1);
      expect(await eventsOf('burst-2')).toHaveLength(0);
    } finally {
      process.off('warning', onWarning);
      bounded.close();
    }
  });

  it('writes outside the reconcile that recorded the Event, even one that made the broadcaster, so no write is attributed to it', async () => {
    let inner: EventBroadcaster | undefined;
    try {
      await reconcileContext.run({ controller: 'dojo', reconcileId: 'r-events', worker: 0, key: `${ns}/attributed` }, async () => {
        inner = new EventBroadcaster(api, { clock: realClock });
        inner.recorderFor('dojo-operator').record(subject('attributed'), 'Normal', 'Reconciled', 'inside a reconcile');
        broadcaster.recorderFor('dojo-operator').record(subject('attributed'), 'Normal', 'Reconciled', 'from the shared broadcaster');
        await api.get(builtinTypes.namespaces, { name: ns });
      });
      await vi.waitFor(async () => expect(await eventsOf('attributed')).toHaveLength(2), eventually);
      const calls = journal.query({ types: ['api-call'] }).records.filter((r) => 'reconcileId' in r && r.reconcileId === 'r-events') as ApiCallRecord[];
      expect(calls.map((c) => `${c.verb} ${c.resource}`)).toEqual(['get namespaces']);
    } finally {
      inner?.close();
    }
  });

  it('names the reconcile that recorded an Event in its annotation, and moves it to the latest one on a repeat', async () => {
    const record = (reconcileId: string) =>
      reconcileContext.run({ controller: 'dojo', reconcileId, worker: 0, key: `${ns}/annotated` }, () =>
        broadcaster.recorderFor('dojo-operator').record(subject('annotated'), 'Normal', 'Synced', 'same message'),
      );
    record('r-first');
    expect((await onlyEventOf('annotated')).metadata.annotations?.[reconcileIdAnnotation]).toBe('r-first');
    record('r-second');
    await vi.waitFor(async () => expect((await onlyEventOf('annotated')).metadata.annotations?.[reconcileIdAnnotation]).toBe('r-second'), eventually);
  });
});
