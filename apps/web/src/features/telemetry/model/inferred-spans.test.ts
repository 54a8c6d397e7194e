import { describe, expect, it } from 'vitest';
import { reconcileRecords } from '../testing/reconcile-records.ts';
import { TelemetryStore } from './telemetry-store.ts';

const inferred = {
  client: 'my-operator',
  rule: 'same-object-event' as const,
  confidence: 0.9,
  explanation: 'ADDED Guestbook default/hello @ RV 12, 8 ms before reached my-operator',
  object: { group: 'webapp.example.com', kind: 'Guestbook', namespace: 'default', name: 'hello' },
};

const records = reconcileRecords({
  controller: 'my-operator',
  key: 'default/hello',
  reconcileId: 'inferred-my-operator-1',
  triggers: [{ reason: 'watch', event: 'ADDED', kind: 'Guestbook', key: 'default/hello', resourceVersion: '12' }],
  start: { inferred },
  calls: [{ verb: 'patch', resource: 'guestbooks/status', code: 200 }],
  result: 'success',
});

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
