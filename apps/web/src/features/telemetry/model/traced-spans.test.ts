import { describe, expect, it } from 'vitest';
import { reconcileRecords } from '../testing/reconcile-records.ts';
import { spanSource } from './span.ts';
import { TelemetryStore } from './telemetry-store.ts';

const traced = { service: 'dojo-operator-rs', traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', spanName: 'reconciling object' };
const object = { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web' };

const records = reconcileRecords({
  controller: 'dojo-operator-rs/dojo',
  key: 'default/web',
  reconcileId: 'traced-00f067aa0ba902b7',
  triggers: [{ reason: 'watch', otelReason: 'object updated' }],
  start: { object, traced },
  calls: [{ verb: 'update', resource: 'dojos/status', code: 409 }],
  result: 'conflict',
});

describe('reconciles received as OpenTelemetry spans in the telemetry store', () => {
  it('draws them in a lane of their controller, marked from traces and not inferred', () => {
    const store = new TelemetryStore();
    store.ingest(records);
    const span = store.span('traced-00f067aa0ba902b7')!;
    expect(span).toMatchObject({ controller: 'dojo-operator-rs/dojo', objectKey: 'core.jutsu.com/Dojo/default/web', result: 'conflict', traced });
    expect(span.inferred).toBeUndefined();
    expect(spanSource(span)).toBe(' (from traces)');
    expect(span.apiCalls.map((c) => `${c.verb} ${c.resource} ${c.code}`)).toEqual(['update dojos/status 409']);
  });

  it('says inferred for inferred reconciles and nothing for the console’s own', () => {
    expect(spanSource({ inferred: { client: 'x', rule: 'periodic', confidence: 0.5, explanation: '', object } })).toBe(' (inferred)');
    expect(spanSource({})).toBe('');
  });
});
