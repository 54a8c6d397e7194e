/**
 * What leaves the console: the SDK's real OTLP/HTTP exporters (protobuf and JSON) POST to a
 * local collector that decodes each body with decoders we did not write (protobufjs over the
 * opentelemetry-proto files, JSON.parse), checked attribute by attribute.
 */
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from '@dojo/runtime';
import type { OtlpProtocol } from './otlp-export-config.ts';
import { OtlpExport } from './otlp-export.ts';
import { appendReconcile, dojoWeb, t0 } from './testing/journal-reconciles.ts';
import { OtlpCollector, type ReceivedSpan } from './testing/otlp-collector.ts';

const uuid = '3d6f4e2a-1b7c-4d8e-9f0a-b1c2d3e4f5a6';
const nanos = (ms: number): bigint => BigInt(Math.round(ms * 1000)) * 1000n;

let collector: OtlpCollector;
let otlp: OtlpExport;
afterEach(async () => {
  await otlp?.shutdown();
  await collector?.close();
});

describe.each(['http/protobuf', 'http/json'] satisfies OtlpProtocol[])('the OTLP exporter speaking %s', (protocol) => {
  it('sends each reconcile as a trace any OTLP receiver reads: ids, times, resource, attributes, status, child spans', async () => {
    collector = await OtlpCollector.start();
    const journal = new Journal({ capacity: 1000 });
    otlp = new OtlpExport({
      journal,
      options: { url: `${collector.url}/v1/traces`, protocol, headers: { 'x-scope-orgid': 'dojo' } },
      registry: new Registry(),
      version: '1.2.3',
      clusterName: 'kind-dev',
    });
    otlp.start();
    appendReconcile(journal, {
      controller: 'dojo',
      reconcileId: uuid,
      object: dojoWeb,
      worker: 1,
      start: {
        time: t0 + 0.25,
        triggers: [{ reason: 'watch', event: 'ADDED', kind: 'Dojo', key: 'default/web', object: dojoWeb, resourceVersion: '40', specChanged: true }],
      },
      calls: [{ time: t0 + 4, durationMs: 3, verb: 'create', resource: 'databases.postgresql.cnpg.io', namespace: 'default', name: 'web', code: 500 }],
      end: { time: t0 + 5.5, result: 'error', durationMs: 5.25, error: 'creating the Database: 500' },
    });
    await otlp.flush();

    expect(collector.requests).toHaveLength(1);
    const [request] = collector.requests;
    expect(request!.contentType).toBe(protocol === 'http/json' ? 'application/json' : 'application/x-protobuf');
    expect(request!.headers['x-scope-orgid']).toBe('dojo');
    expect(request!.headers['user-agent']).toMatch(/^dojo-console OTel-OTLP-Exporter-JavaScript\//);
    const spans = request!.spans;
    expect(spans).toHaveLength(2);
    const root = spans.find((s) => s.parentSpanId === '')!;
    const call = spans.find((s) => s.parentSpanId !== '')!;

    expect(root.traceId).toBe(uuid.replaceAll('-', ''));
    expect(call.traceId).toBe(root.traceId);
    expect(call.parentSpanId).toBe(root.spanId);
    expect(root.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(call.spanId).not.toBe(root.spanId);

    expect(root).toMatchObject<Partial<ReceivedSpan>>({
      name: 'reconcile Dojo',
      kind: 1,
      startTimeUnixNano: nanos(t0 + 0.25),
      endTimeUnixNano: nanos(t0 + 5.5),
      status: { code: 2, message: 'creating the Database: 500' },
      scope: { name: 'dojo-console', version: '1.2.3' },
      events: [],
    });
    expect(root.resource).toMatchObject({
      'service.name': 'dojo-console',
      'service.version': '1.2.3',
      'k8s.cluster.name': 'kind-dev',
      'telemetry.sdk.language': 'nodejs',
    });
    expect(root.attributes).toEqual({
      'dojo.controller': 'dojo',
      'dojo.reconcile.id': uuid,
      'dojo.reconcile.worker': 1,
      'dojo.reconcile.result': 'error',
      'dojo.reconcile.inferred': false,
      'dojo.api.calls': 1,
      'error.type': 'reconcile_error',
      'dojo.object.group': 'core.jutsu.com',
      'dojo.object.kind': 'Dojo',
      'dojo.object.name': 'web',
      'dojo.object.uid': dojoWeb.uid,
      'dojo.object.key': 'default/web',
      'k8s.namespace.name': 'default',
      'dojo.trigger.count': 1,
      'dojo.trigger.reason': 'watch',
      'dojo.trigger.event': 'ADDED',
      'dojo.trigger.kind': 'Dojo',
      'dojo.trigger.key': 'default/web',
      'dojo.trigger.resource_version': '40',
      'dojo.trigger.spec_changed': true,
      'dojo.trigger.reasons': ['watch'],
      'dojo.triggers': ['watch ADDED Dojo default/web @ 40'],
      'dojo.object.resource_version.before': '40',
      'dojo.object.resource_version.after': '40',
    });
    expect(call).toMatchObject<Partial<ReceivedSpan>>({
      name: 'create databases.postgresql.cnpg.io',
      kind: 3,
      startTimeUnixNano: nanos(t0 + 1),
      endTimeUnixNano: nanos(t0 + 4),
      status: { code: 2, message: '500 on create databases.postgresql.cnpg.io web' },
      attributes: {
        'dojo.api.verb': 'create',
        'dojo.api.resource': 'databases.postgresql.cnpg.io',
        'http.response.status_code': 500,
        'dojo.api.conflict': false,
        'k8s.namespace.name': 'default',
        'dojo.api.name': 'web',
        'error.type': '500',
      },
    });
  });

  it('sends a conflict as an event with its time and the winning version', async () => {
    collector = await OtlpCollector.start();
    const journal = new Journal({ capacity: 1000 });
    otlp = new OtlpExport({ journal, options: { url: `${collector.url}/v1/traces`, protocol, headers: {} }, registry: new Registry(), version: '1.2.3' });
    otlp.start();
    appendReconcile(journal, {
      controller: 'dojo',
      reconcileId: uuid,
      object: dojoWeb,
      start: { time: t0, triggers: [] },
      calls: [
        { time: t0 + 2, durationMs: 1, verb: 'update', resource: 'dojos.core.jutsu.com/status', namespace: 'default', name: 'web', code: 409, rvSent: '40' },
      ],
      conflicts: [
        { time: t0 + 2, resource: 'dojos.core.jutsu.com/status', staleRV: '40', currentRV: '42', currentManager: 'kubectl-edit', currentClient: 'kubectl' },
      ],
      end: { time: t0 + 3, result: 'conflict', durationMs: 3 },
    });
    await otlp.flush();
    const root = collector.spans.find((s) => s.parentSpanId === '')!;
    expect(root.status.code).toBe(0);
    expect(root.events).toEqual([
      {
        name: 'conflict',
        timeUnixNano: nanos(t0 + 2),
        attributes: {
          'dojo.conflict.resource': 'dojos.core.jutsu.com/status',
          'dojo.conflict.key': 'default/web',
          'dojo.conflict.stale_resource_version': '40',
          'dojo.conflict.current_resource_version': '42',
          'dojo.conflict.current_manager': 'kubectl-edit',
          'dojo.conflict.current_client': 'kubectl',
        },
      },
    ]);
    expect(root.resource['k8s.cluster.name']).toBeUndefined();
  });
});
