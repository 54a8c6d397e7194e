import { describe, expect, it } from 'vitest';
import type { TelemetryRecord } from '@dojo/console-protocol';
import { TelemetryStore } from './telemetry-store.ts';

const inferred = { client: 'my-operator', rule: 'same-object-event' as const, confidence: 0.9, explanation: 'ADDED Guestbook default/hello @ RV 12, 8 ms before reached my-operator', object: { group: 'webapp.example.com', kind: 'Guestbook', namespace: 'default', name: 'hello' } };

const records: TelemetryRecord[] = [
  { type: 'reconcile-start', seq: 1, time: 1000, controller: 'my-operator', key: 'default/hello', worker: 0, reconcileId: 'inferred-my-operator-1', triggers: [{ reason: 'watch', event: 'ADDED', kind: 'Guestbook', key: 'default/hello', resourceVersion: '12' }], droppedTriggers: 0, inferred },
  { type: 'api-call', seq: 2, time: 1002, controller: 'my-operator', key: 'default/hello', verb: 'patch', resource: 'guestbooks/status', code: 200, durationMs: 3, reconcileId: 'inferred-my-operator-1', worker: 0 },
  { type: 'reconcile-end', seq: 3, time: 1005, controller: 'my-operator', key: 'default/hello', worker: 0, reconcileId: 'inferred-my-operator-1', result: 'success', durationMs: 5 },
];

describe('inferred reconciles in the telemetry store', () => {
  it('draws them in a lane of their client like any reconcile, marked inferred with the rule and how sure', () => {
    const store = new TelemetryStore();
    store.ingest(records);
    const span = store.span('inferred-my-operator-1')!;
    expect(span).toMatchObject({ controller: 'my-operator', worker: 0, result: 'success', inferred });
    expect(span.apiCalls.map((c) => c.resource)).toEqual(['guestbooks/status']);
    expect(store.lanes.map((l) => l.id)).toEqual(['my-operator#0']);
  });

  it('keeps the mark when the end arrives before the start', () => {
    const store = new TelemetryStore();
    store.ingest([records[2]!, records[1]!]);
    store.ingest([records[0]!]);
    expect(store.span('inferred-my-operator-1')!.inferred).toEqual(inferred);
  });
});
