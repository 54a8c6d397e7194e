/**
 * The spans the SDK holds before any encoder touches them (its InMemorySpanExporter), checked
 * attribute by attribute: what the console promises a trace backend, whatever the wire format.
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from '@dojo/runtime';
import { TracedReconciles, receivedFromTrace } from '@dojo/telemetry-sources';
import { OtlpExport } from './otlp-export.ts';
import { appendReconcile, deploymentWeb, dojoWeb, t0, type JournalReconcile } from './testing/journal-reconciles.ts';

const uuid = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';

/** A Dojo reconcile the console ran: triggered by a spec edit and its Deployment, read one object, wrote status. */
const ran: JournalReconcile = {
  controller: 'dojo',
  reconcileId: uuid,
  object: dojoWeb,
  worker: 2,
  start: {
    time: t0,
    triggers: [
      { reason: 'watch', event: 'MODIFIED', kind: 'Dojo', key: 'default/web', object: dojoWeb, resourceVersion: '41', specChanged: true },
      { reason: 'owned', event: 'MODIFIED', kind: 'Deployment', key: 'default/web', object: deploymentWeb, resourceVersion: '43' },
    ],
  },
  calls: [
    { time: t0 + 3.5, durationMs: 2.5, verb: 'get', resource: 'deployments.apps', namespace: 'default', name: 'web', code: 200, rvReturned: '43' },
    {
      time: t0 + 9,
      durationMs: 4,
      verb: 'update',
      resource: 'dojos.core.jutsu.com/status',
      namespace: 'default',
      name: 'web',
      code: 200,
      rvSent: '41',
      rvReturned: '44',
      fieldManager: 'dojo-console',
    },
  ],
  end: { time: t0 + 10, result: 'success', durationMs: 10 },
};

let running: OtlpExport[] = [];
afterEach(async () => {
  await Promise.all(running.map((e) => e.shutdown()));
  running = [];
});

/** `before`: more that reaches the journal first (e.g. the receiver's reconciles). */
async function exported(
  reconciles: JournalReconcile[],
  env: NodeJS.ProcessEnv = {},
  before?: (journal: Journal) => void,
): Promise<{ spans: ReadableSpan[]; registry: Registry; journal: Journal }> {
  const journal = new Journal({ capacity: 1000 });
  const memory = new InMemorySpanExporter();
  const registry = new Registry();
  const otlp = new OtlpExport({
    journal,
    options: { url: 'http://unused/v1/traces', protocol: 'http/protobuf', headers: {} },
    exporter: memory,
    registry,
    version: '1.2.3',
    clusterName: 'kind-dev',
    env,
  });
  running.push(otlp);
  otlp.start();
  before?.(journal);
  for (const r of reconciles) appendReconcile(journal, r);
  await otlp.flush();
  return { spans: memory.getFinishedSpans(), registry, journal };
}

const rootOf = (spans: ReadableSpan[]) => spans.find((s) => s.parentSpanContext === undefined)!;
const childrenOf = (spans: ReadableSpan[], root: ReadableSpan) => spans.filter((s) => s.parentSpanContext?.spanId === root.spanContext().spanId);
/** The SDK's [seconds, nanoseconds] for an epoch-ms time. */
const hr = (ms: number): [number, number] => [Math.trunc(ms / 1000), Math.round((ms % 1000) * 1e6)];

describe('a reconcile the console ran, as the SDK holds it', () => {
  it('is a root span "reconcile Dojo" from its own start to its own end, with a client span per API call', async () => {
    const { spans } = await exported([ran]);
    expect(spans).toHaveLength(3);
    const root = rootOf(spans);
    expect(root.name).toBe('reconcile Dojo');
    expect(root.kind).toBe(SpanKind.INTERNAL);
    expect(root.startTime).toEqual(hr(t0));
    expect(root.endTime).toEqual(hr(t0 + 10));
    const [get, update] = childrenOf(spans, root).sort((a, b) => a.startTime[1] - b.startTime[1]);
    expect(get!.name).toBe('get deployments.apps');
    expect(get!.kind).toBe(SpanKind.CLIENT);
    expect(get!.startTime).toEqual(hr(t0 + 1));
    expect(get!.endTime).toEqual(hr(t0 + 3.5));
    expect(update!.name).toBe('update dojos.core.jutsu.com/status');
    expect(update!.startTime).toEqual(hr(t0 + 5));
    expect(update!.endTime).toEqual(hr(t0 + 9));
    expect(update!.attributes).toEqual({
      'dojo.api.verb': 'update',
      'dojo.api.resource': 'dojos.core.jutsu.com/status',
      'http.response.status_code': 200,
      'dojo.api.conflict': false,
      'k8s.namespace.name': 'default',
      'dojo.api.name': 'web',
      'dojo.api.resource_version.sent': '41',
      'dojo.api.resource_version.returned': '44',
      'dojo.api.field_manager': 'dojo-console',
    });
    expect(update!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('names the controller, the object, what triggered it, its resourceVersion before and after, and how it ended', async () => {
    const root = rootOf((await exported([ran])).spans);
    expect(root.attributes).toEqual({
      'dojo.controller': 'dojo',
      'dojo.reconcile.id': uuid,
      'dojo.reconcile.worker': 2,
      'dojo.reconcile.result': 'success',
      'dojo.reconcile.inferred': false,
      'dojo.api.calls': 2,
      'dojo.object.group': 'core.jutsu.com',
      'dojo.object.kind': 'Dojo',
      'dojo.object.name': 'web',
      'dojo.object.uid': dojoWeb.uid,
      'dojo.object.key': 'default/web',
      'k8s.namespace.name': 'default',
      'dojo.trigger.count': 2,
      'dojo.trigger.reason': 'watch',
      'dojo.trigger.event': 'MODIFIED',
      'dojo.trigger.kind': 'Dojo',
      'dojo.trigger.key': 'default/web',
      'dojo.trigger.resource_version': '41',
      'dojo.trigger.spec_changed': true,
      'dojo.trigger.reasons': ['watch', 'owned'],
      'dojo.triggers': ['watch MODIFIED Dojo default/web @ 41', 'owned MODIFIED Deployment default/web @ 43'],
      'dojo.object.resource_version.before': '41',
      'dojo.object.resource_version.after': '44',
      'dojo.object.written': true,
    });
    expect(root.status).toEqual({ code: SpanStatusCode.UNSET });
  });

  it("speaks for the service dojo-console, with its version and the cluster's name", async () => {
    const root = rootOf((await exported([ran], { OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=staging,k8s.cluster.uid=9f1c' })).spans);
    expect(root.resource.attributes).toMatchObject({
      'service.name': 'dojo-console',
      'service.version': '1.2.3',
      'k8s.cluster.name': 'kind-dev',
      'k8s.cluster.uid': '9f1c',
      'deployment.environment.name': 'staging',
      'telemetry.sdk.language': 'nodejs',
      'telemetry.sdk.name': 'opentelemetry',
    });
    expect(root.resource.attributes['service.instance.id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(root.instrumentationScope).toMatchObject({ name: 'dojo-console', version: '1.2.3' });
  });

  it("takes its trace id from the reconcile's id, so the console's reconcile and the backend's trace are the same one", async () => {
    const first = await exported([ran]);
    const again = await exported([ran]);
    expect(rootOf(first.spans).spanContext().traceId).toBe(uuid.replaceAll('-', ''));
    expect(first.spans.every((s) => s.spanContext().traceId === uuid.replaceAll('-', ''))).toBe(true);
    expect(again.spans.map((s) => s.spanContext().spanId).sort()).toEqual(first.spans.map((s) => s.spanContext().spanId).sort());
    expect(new Set(first.spans.map((s) => s.spanContext().spanId)).size).toBe(3);
  });

  it('ends an error with status ERROR and its message; the failed call is an error too', async () => {
    const failed: JournalReconcile = {
      ...ran,
      reconcileId: '0b5b7f3e-8f0e-4a8b-9a61-5d0c2c1f7e22',
      calls: [{ time: t0 + 4, durationMs: 3, verb: 'create', resource: 'databases.postgresql.cnpg.io', namespace: 'default', name: 'web', code: 500 }],
      end: { time: t0 + 5, result: 'error', durationMs: 5, error: 'creating the Database: 500 Internal Server Error' },
    };
    const { spans } = await exported([failed]);
    const root = rootOf(spans);
    expect(root.status).toEqual({ code: SpanStatusCode.ERROR, message: 'creating the Database: 500 Internal Server Error' });
    expect(root.attributes['dojo.reconcile.result']).toBe('error');
    expect(root.attributes['error.type']).toBe('reconcile_error');
    expect(root.attributes['dojo.object.resource_version.after']).toBe('41');
    expect(root.attributes['dojo.object.written']).toBeUndefined();
    const [create] = childrenOf(spans, root);
    expect(create!.status).toEqual({ code: SpanStatusCode.ERROR, message: '500 on create databases.postgresql.cnpg.io web' });
    expect(create!.attributes['error.type']).toBe('500');
  });

  it('shows a 409 as a conflict event naming the version and writer that won, not as an error', async () => {
    const conflicted: JournalReconcile = {
      ...ran,
      reconcileId: '5e3f2a10-7c4d-4e8f-b1a2-c3d4e5f6a7b8',
      calls: [
        { time: t0 + 6, durationMs: 2, verb: 'update', resource: 'dojos.core.jutsu.com/status', namespace: 'default', name: 'web', code: 409, rvSent: '41' },
      ],
      conflicts: [{ time: t0 + 6, resource: 'dojos.core.jutsu.com/status', staleRV: '41', currentRV: '42', currentManager: 'kubectl-edit' }],
      end: { time: t0 + 7, result: 'conflict', durationMs: 7 },
    };
    const { spans } = await exported([conflicted]);
    const root = rootOf(spans);
    expect(root.status.code).toBe(SpanStatusCode.UNSET);
    expect(root.attributes).toMatchObject({ 'dojo.reconcile.result': 'conflict', 'dojo.reconcile.conflicts': 1 });
    expect(root.events).toEqual([
      {
        name: 'conflict',
        time: hr(t0 + 6),
        attributes: {
          'dojo.conflict.resource': 'dojos.core.jutsu.com/status',
          'dojo.conflict.key': 'default/web',
          'dojo.conflict.stale_resource_version': '41',
          'dojo.conflict.current_resource_version': '42',
          'dojo.conflict.current_manager': 'kubectl-edit',
        },
        droppedAttributesCount: 0,
      },
    ]);
    const [update] = childrenOf(spans, root);
    expect(update!.status.code).toBe(SpanStatusCode.UNSET);
    expect(update!.attributes).toMatchObject({ 'dojo.api.conflict': true, 'http.response.status_code': 409 });
  });

  it('says when a reconcile asked to come back, and still sends one whose start it did not see', async () => {
    const { spans } = await exported([
      { ...ran, start: undefined, calls: [], end: { time: t0 + 30, result: 'requeueAfter', durationMs: 12, requeueAfter: 5000 } },
    ]);
    const root = rootOf(spans);
    expect(root.startTime).toEqual(hr(t0 + 18));
    expect(root.attributes).toMatchObject({ 'dojo.reconcile.result': 'requeueAfter', 'dojo.reconcile.requeue_after_ms': 5000 });
    expect(root.attributes['dojo.trigger.count']).toBeUndefined();
  });
});

describe('a reconcile inferred for an operator the console only watched', () => {
  const inferred: JournalReconcile = {
    controller: 'my-operator',
    reconcileId: 'inferred-my-operator-1',
    object: dojoWeb,
    start: {
      time: t0,
      triggers: [{ reason: 'watch', event: 'MODIFIED', kind: 'Dojo', key: 'default/web', object: dojoWeb, resourceVersion: '41' }],
      inferred: {
        client: 'my-operator',
        rule: 'same-object-event',
        confidence: 0.9,
        explanation: 'MODIFIED Dojo default/web @ RV 41, 12 ms before',
        object: dojoWeb,
      },
    },
    calls: [
      {
        time: t0 + 20,
        durationMs: 3,
        verb: 'patch',
        resource: 'dojos/status',
        namespace: 'default',
        name: 'web',
        code: 200,
        rvSent: '41',
        rvReturned: '45',
        worker: 0,
      },
    ],
    end: { time: t0 + 20, result: 'success', durationMs: 20 },
  };

  it('speaks for the operator as its own service, and says it was inferred, by which rule and how surely', async () => {
    const { spans } = await exported([inferred], { OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=staging,k8s.cluster.uid=9f1c' });
    const root = rootOf(spans);
    expect(root.resource.attributes).toMatchObject({
      'service.name': 'my-operator',
      'k8s.cluster.name': 'kind-dev',
      'k8s.cluster.uid': '9f1c',
      'dojo.reported_by': 'dojo-console',
    });
    expect(root.resource.attributes['service.version']).toBeUndefined();
    expect(root.resource.attributes['deployment.environment.name']).toBeUndefined();
    expect(root.attributes).toMatchObject({
      'dojo.controller': 'my-operator',
      'dojo.reconcile.inferred': true,
      'dojo.inference.client': 'my-operator',
      'dojo.inference.rule': 'same-object-event',
      'dojo.inference.confidence': 0.9,
      'dojo.inference.explanation': 'MODIFIED Dojo default/web @ RV 41, 12 ms before',
      'dojo.object.resource_version.before': '41',
      'dojo.object.resource_version.after': '45',
    });
    expect(root.startTime).toEqual(hr(t0));
    expect(root.endTime).toEqual(hr(t0 + 20));
    expect(childrenOf(spans, root).map((s) => s.name)).toEqual(['patch dojos/status']);
  });

  it('gets a trace id of its own that stays the same when the same pass is sent again', async () => {
    const first = rootOf((await exported([inferred])).spans).spanContext().traceId;
    const again = rootOf((await exported([inferred])).spans).spanContext().traceId;
    const later = rootOf((await exported([{ ...inferred, start: { ...inferred.start!, time: t0 + 1 } }])).spans).spanContext().traceId;
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(again).toBe(first);
    expect(later).not.toBe(first);
  });
});

describe('a reconcile the console received over OTLP', () => {
  it('is not sent on: it came from a trace already, and could come back again', async () => {
    // The receiver's own assembly makes the reconcile, with its API calls, in the journal the export reads.
    const received = (journal: Journal) => {
      const receiver = new TracedReconciles({ clock: { now: () => t0 }, emit: (record) => void journal.append(record) });
      const resource = { 'service.name': 'my-operator' };
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      receiver.ingest([
        {
          traceId,
          spanId: '00f067aa0ba902b7',
          name: 'reconciling object',
          kind: 1,
          startMs: t0,
          endMs: t0 + 5,
          attributes: { 'object.ref': 'Dojo.v1.core.jutsu.com/web.default', 'object.reason': 'object updated' },
          status: { code: 0 },
          resource,
        },
        {
          traceId,
          spanId: '00f067aa0ba902b8',
          parentSpanId: '00f067aa0ba902b7',
          name: 'GET',
          kind: 3,
          startMs: t0 + 1,
          endMs: t0 + 2,
          attributes: { 'http.method': 'GET', 'http.url': 'https://k/apis/core.jutsu.com/v1/namespaces/default/dojos/web', 'http.status_code': 200 },
          status: { code: 0 },
          resource,
        },
      ]);
    };
    const { spans, journal } = await exported([ran], {}, received);
    expect(journal.query({ limit: 1000 }).records.filter((r) => r.type === 'reconcile-start' && receivedFromTrace(r))).toHaveLength(1);
    expect(journal.query({ limit: 1000 }).records.filter((r) => r.type === 'api-call' && r.reconcileId?.startsWith('traced-'))).toHaveLength(1);
    expect(spans.filter((s) => s.parentSpanContext === undefined).map((s) => s.attributes['dojo.reconcile.id'])).toEqual([uuid]);
    expect(spans).toHaveLength(3);
  });
});

describe('the account on /metrics', () => {
  it('counts the spans the exporter took', async () => {
    const { registry } = await exported([ran]);
    const text = await registry.metrics();
    expect(text).toContain('dojo_console_otlp_spans_exported_total 3');
    expect(text).toContain('dojo_console_otlp_spans_dropped_total{reason="queue_full"} 0');
    expect(text).toContain('dojo_console_otlp_spans_queued 0');
  });
});
