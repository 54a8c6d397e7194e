/**
 * `dojo-console up --kubeconfig … --otlp-receiver` against an API server started on its own (as
 * a real cluster would be): the OpenTelemetry JS SDK's own OTLP/HTTP exporters, protobuf and
 * JSON, send kube-rs-shaped and controller-runtime-shaped reconcile spans, and the console's
 * API then shows them as reconciles, API calls and conflicts, attribute by attribute.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCallRecord, ConflictRecord, ReconcileEndRecord, ReconcileStartRecord, TelemetryPage, TraceReceiverSnapshot } from '@dojo/console-protocol';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { runUp, type RunningConsole } from '../up.ts';
import { otlpExporterEnv } from '@dojo/telemetry-sources';
import { otlpSender, traceReconcile } from '@dojo/telemetry-sources/testing';
import { testUpOptions } from '../testing/up-options.ts';

let dir: string;
let cluster: TestApiServer;
let up: RunningConsole;
let receiverToken: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-otlp-receive-'));
  cluster = await startTestApiServer({ dataDir: join(dir, 'cluster') });
  up = await runUp(
    testUpOptions({
      dataDir: join(dir, 'console'),
      kubeconfig: cluster.kubeconfigPath,
      installCrds: true,
      otlpReceiver: true,
    }),
  );
  receiverToken = readFileSync(join(dir, 'console', 'otlp-receiver-token'), 'utf8').trim();
}, 60_000);

afterAll(async () => {
  await up?.stop();
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const api = async <T>(path: string): Promise<T> =>
  (await (await fetch(`${up.console.url}${path.replace(/^\//, '')}`, { headers: { authorization: `Bearer ${up.token}` } })).json()) as T;
const recordsOf = async (controller: string) => (await api<TelemetryPage>(`/api/telemetry?controller=${encodeURIComponent(controller)}`)).records;
const starts = (records: TelemetryPage['records']) => records.filter((r): r is ReconcileStartRecord => r.type === 'reconcile-start');
const ends = (records: TelemetryPage['records']) => records.filter((r): r is ReconcileEndRecord => r.type === 'reconcile-end');
const calls = (records: TelemetryPage['records'], reconcileId: string) =>
  records.filter((r): r is ApiCallRecord => r.type === 'api-call' && r.reconcileId === reconcileId);

const apiServer = 'https://10.96.0.1:443';
const dojoWeb = { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web' };

describe('the OTLP receiver fed by the OpenTelemetry JS exporters', () => {
  it('writes the receiver token 0600 and says it is receiving', async () => {
    expect(statSync(join(dir, 'console', 'otlp-receiver-token')).mode & 0o777).toBe(0o600);
    expect(up.traces?.endpoint).toBe(up.console.url.replace(/\/$/, ''));
    expect((await api<TraceReceiverSnapshot>('/api/traces')).enabled).toBe(true);
  });

  it("shows kube-rs' reconciling object spans, sent in protobuf, as exact reconciles with their trigger and API calls", async () => {
    const sender = otlpSender({ encoding: 'protobuf', endpoint: up.traces!.endpoint, token: receiverToken, service: 'dojo-operator-rs' });
    const t0 = Date.now() - 30_000;
    const first = traceReconcile(
      sender.tracer,
      {
        name: 'reconciling object',
        attributes: { 'object.ref': 'Dojo.v1.core.jutsu.com/web.default', 'object.reason': 'object updated' },
        start: t0,
        end: t0 + 40,
      },
      [
        { method: 'GET', url: `${apiServer}/apis/core.jutsu.com/v1/namespaces/default/dojos/web`, code: 200, legacy: true },
        { method: 'PATCH', url: `${apiServer}/apis/core.jutsu.com/v1/namespaces/default/dojos/web/status?fieldManager=dojo-rs`, code: 200, legacy: true },
      ],
    );
    traceReconcile(
      sender.tracer,
      {
        name: 'reconciling object',
        attributes: { 'object.ref': 'Dojo.v1.core.jutsu.com/web.default', 'object.reason': 'error policy requested retry' },
        start: t0 + 100,
        end: t0 + 130,
        error: 'Discord answered 503',
      },
      [{ method: 'GET', url: `${apiServer}/api/v1/namespaces/default/secrets/web-credentials`, code: 200, legacy: true }],
    );
    await sender.flush();
    await sender.close();

    const records = await recordsOf('dojo-operator-rs/dojo');
    const [start, retry] = starts(records);
    expect(start).toMatchObject({
      controller: 'dojo-operator-rs/dojo',
      key: 'default/web',
      object: dojoWeb,
      worker: 0,
      time: t0,
      reconcileId: `traced-${first.spanContext().spanId}`,
    });
    expect(start!.traced).toEqual({
      service: 'dojo-operator-rs',
      traceId: first.spanContext().traceId,
      spanId: first.spanContext().spanId,
      spanName: 'reconciling object',
    });
    expect(start!.inferred).toBeUndefined();
    expect(start!.triggers).toEqual([{ reason: 'watch', kind: 'Dojo', key: 'default/web', object: dojoWeb, otelReason: 'object updated' }]);
    expect(retry!.triggers).toEqual([{ reason: 'error', otelReason: 'error policy requested retry' }]);
    expect(calls(records, start!.reconcileId).map((c) => [c.verb, c.resource, c.namespace, c.name, c.code, c.worker])).toEqual([
      ['get', 'dojos', 'default', 'web', 200, 0],
      ['patch', 'dojos/status', 'default', 'web', 200, 0],
    ]);
    expect(calls(records, retry!.reconcileId).map((c) => `${c.verb} ${c.resource} ${c.name} ${c.code}`)).toEqual(['get secrets web-credentials 200']);
    expect(ends(records).map((e) => [e.reconcileId, e.result, e.durationMs, e.error])).toEqual([
      [start!.reconcileId, 'success', 40, undefined],
      [retry!.reconcileId, 'error', 30, 'Discord answered 503'],
    ]);
    // The object's Reconciles tab asks by identity, as for the console's own controllers.
    const byObject = (await api<TelemetryPage>(`/api/telemetry?object=${encodeURIComponent('core.jutsu.com/Dojo/default/web')}&types=reconcile-start`)).records;
    expect(byObject.map((r) => r.controller)).toEqual(['dojo-operator-rs/dojo', 'dojo-operator-rs/dojo']);
  });

  it('shows controller-runtime Reconcile spans, sent in OTLP/JSON, with a conflict and an error, and nothing lost across batches', async () => {
    const sender = otlpSender({ encoding: 'json', endpoint: up.traces!.endpoint, token: receiverToken, service: 'dojo-operator-go' });
    const t0 = Date.now() - 20_000;
    const crAttributes = (name: string) => ({
      controller: 'dojo',
      controllerGroup: 'core.jutsu.com',
      controllerKind: 'Dojo',
      namespace: 'default',
      name,
      reconcileID: `id-${name}`,
    });
    traceReconcile(
      sender.tracer,
      {
        name: 'Reconcile',
        attributes: crAttributes('api'),
        start: t0,
        end: t0 + 25,
        error:
          'Operation cannot be fulfilled on dojos.core.jutsu.com "api": the object has been modified; please apply your changes to the latest version and try again',
      },
      [
        { method: 'GET', url: `${apiServer}/apis/core.jutsu.com/v1/namespaces/default/dojos/api`, code: 200 },
        { method: 'PUT', url: `${apiServer}/apis/core.jutsu.com/v1/namespaces/default/dojos/api/status`, code: 409 },
      ],
    );
    await sender.flush();
    // A second batch: an error, on an overlapping reconcile (a second worker).
    traceReconcile(
      sender.tracer,
      { name: 'Reconcile', attributes: crAttributes('db'), start: t0 + 10, end: t0 + 50, error: 'secrets "db-credentials" not found' },
      [
        { method: 'GET', url: `${apiServer}/api/v1/namespaces/default/secrets/db-credentials`, code: 404 },
        { method: 'POST', url: `${apiServer}/apis/apps/v1/namespaces/default/deployments`, code: 201 },
      ],
    );
    await sender.flush();
    await sender.close();

    const records = await recordsOf('dojo');
    const [api409, db] = starts(records);
    expect(api409).toMatchObject({
      object: { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'api' },
      worker: 0,
      traced: { service: 'dojo-operator-go', spanName: 'Reconcile' },
    });
    expect(db).toMatchObject({ object: { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'db' }, worker: 1 });
    expect(calls(records, api409!.reconcileId).map((c) => `${c.verb} ${c.resource} ${c.code}`)).toEqual(['get dojos 200', 'update dojos/status 409']);
    expect(calls(records, db!.reconcileId).map((c) => `${c.verb} ${c.resource} ${c.name ?? '-'} ${c.code}`)).toEqual([
      'get secrets db-credentials 404',
      'create deployments - 201',
    ]);
    const conflicts = records.filter((r): r is ConflictRecord => r.type === 'conflict');
    expect(conflicts).toMatchObject([{ controller: 'dojo', key: 'default/api', resource: 'dojos/status', reconcileId: api409!.reconcileId }]);
    expect(ends(records).map((e) => [e.key, e.result, e.error])).toEqual([
      ['default/api', 'conflict', expect.stringContaining('the object has been modified')],
      ['default/db', 'error', 'secrets "db-credentials" not found'],
    ]);

    const summary = (await api<TraceReceiverSnapshot>('/api/traces')).controllers.find((c) => c.controller === 'dojo');
    expect(summary).toMatchObject({ service: 'dojo-operator-go', reconciles: 2, errors: 1, conflicts: 1, apiCalls: 4 });
  });

  it('is reached with nothing but the environment variables the console prints', async () => {
    const env = otlpExporterEnv(up.traces!.endpoint, receiverToken);
    const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
    Object.assign(process.env, env);
    try {
      const sender = otlpSender({ encoding: 'protobuf', service: 'env-operator' });
      const t0 = Date.now() - 10_000;
      traceReconcile(
        sender.tracer,
        { name: 'reconciling object', attributes: { 'object.ref': 'ConfigMap.v1./settings.default', 'object.reason': 'unknown' }, start: t0, end: t0 + 5 },
        [],
      );
      await sender.flush();
      await sender.close();
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    expect(starts(await recordsOf('env-operator/configmap')).map((r) => r.key)).toEqual(['default/settings']);
  });
});
