import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { builtinTypes, KubeClient, realClock } from '@dojo/runtime';
import { startTestApiServer, type TestApiServer } from '@dojo/runtime/testing/test-api-server';
import { KubeEventRecorder } from './event-recorder.ts';
import { eventually } from '../testing/eventually.ts';

type Event = KubeObject & { reason?: string; type?: string; count?: number; message?: string; involvedObject?: Record<string, unknown> };

let server: TestApiServer;
let api: KubeClient;
let recorder: KubeEventRecorder;

beforeAll(async () => {
  server = await startTestApiServer();
  api = await KubeClient.create({ kubeConfig: server.kubeConfig() });
  await api.create(builtinTypes.namespaces, { metadata: { name: 'events' } });
  recorder = new KubeEventRecorder(api, { clock: realClock, component: 'dojo-operator' });
});

afterAll(async () => {
  recorder?.close();
  api?.close();
  await server?.stop();
});

const subject = (name: string): KubeObject => ({ apiVersion: 'core.jutsu.com/v1', kind: 'Dojo', metadata: { namespace: 'events', name, uid: `uid-${name}`, resourceVersion: '7' } });
const eventsOf = async (name: string): Promise<Event[]> => (await api.list<Event>(builtinTypes.events, { namespace: 'events', fieldSelector: `involvedObject.name=${name}` })).items;

describe('KubeEventRecorder', () => {
  it('writes a core/v1 Event about the object, in its namespace', async () => {
    recorder.record(subject('first'), 'Warning', 'CrashLoopBackOff', 'pod first-1 keeps crashing');
    const [event] = await eventually(async () => {
      const events = await eventsOf('first');
      expect(events).toHaveLength(1);
      return events;
    });
    expect(event).toMatchObject({
      type: 'Warning',
      reason: 'CrashLoopBackOff',
      message: 'pod first-1 keeps crashing',
      count: 1,
      involvedObject: { apiVersion: 'core.jutsu.com/v1', kind: 'Dojo', name: 'first', namespace: 'events', uid: 'uid-first' },
      source: { component: 'dojo-operator' },
    });
  });

  it('counts a repeat of the same event instead of writing another', async () => {
    for (let i = 0; i < 3; i++) recorder.record(subject('repeat'), 'Normal', 'AlarmSent', 'posted');
    recorder.record(subject('repeat'), 'Normal', 'AlarmSent', 'posted again, differently');
    await eventually(async () => {
      const events = await eventsOf('repeat');
      expect(Object.fromEntries(events.map((e) => [e.message, e.count]))).toEqual({ posted: 3, 'posted again, differently': 1 });
    });
  });

  it('drops an Event it cannot write and goes on with the next', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      recorder.record({ ...subject('lost'), metadata: { ...subject('lost').metadata, namespace: 'no-such-namespace' } }, 'Normal', 'Lost', 'nowhere to go');
      recorder.record(subject('after'), 'Normal', 'Kept', 'still written');
      await eventually(async () => expect(await eventsOf('after')).toHaveLength(1));
      await eventually(() => expect(warnings.some((w) => w.includes('event Lost'))).toBe(true));
    } finally {
      process.off('warning', onWarning);
    }
  });
});
