/**
 * The whole console with --otlp-endpoint on the embedded cluster: a Dojo created with kubectl
 * is reconciled, and its reconciles arrive at an OTLP receiver as traces of the dojo-console
 * service with their API calls as child spans; an operator the console only watched arrives
 * as a service of its own, its reconciles marked inferred; /metrics counts what was sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '@dojo/apiserver';
import { eventually } from './testing/observed-server.ts';
import { OtlpCollector, type ReceivedSpan } from '@dojo/otlp-export/testing';
import { kubectlFor, type Kubectl } from './testing/kubectl.ts';
import { runUp, type RunningConsole } from './up.ts';
import { testUpOptions } from './testing/up-options.ts';

let collector: OtlpCollector;
let running: RunningConsole;
let dataDir: string;
let kubectl: Kubectl;

beforeAll(async () => {
  collector = await OtlpCollector.start();
  dataDir = mkdtempSync(join(tmpdir(), 'dojo-console-otlp-'));
  running = await runUp(
    testUpOptions({
      dataDir,
      operators: ['dojo'],
      otlp: { url: `${collector.url}/v1/traces`, protocol: 'http/protobuf', headers: {} },
    }),
  );
  kubectl = kubectlFor(running.kubeconfigPath, join(dataDir, 'kubectl-cache'));
}, 60_000);

afterAll(async () => {
  await running?.stop();
  await collector?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const dojo = JSON.stringify({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: { name: 'traced', namespace: 'default' },
  spec: { accountId: 'a', title: 'Traced', credentialsRef: { name: 'traced-app' } },
});
const roots = (predicate: (s: ReceivedSpan) => boolean) => collector.spans.filter((s) => s.parentSpanId === '' && predicate(s));

describe('the console exporting its reconciles over OTLP', () => {
  it("sends a Dojo's reconciles as traces of dojo-console, with the API calls they made as child spans", async () => {
    await kubectl(['apply', '-f', '-'], dojo);
    const written = await eventually(
      () => roots((s) => s.name === 'reconcile Dojo' && s.attributes['dojo.object.name'] === 'traced' && s.attributes['dojo.object.written'] === true)[0],
      'a Dojo reconcile that wrote the Dojo',
      30_000,
    );
    expect(written.resource).toMatchObject({ 'service.name': 'dojo-console', 'k8s.cluster.name': 'dojo-console' });
    expect(written.attributes).toMatchObject({
      'dojo.controller': 'dojo',
      'dojo.reconcile.inferred': false,
      'k8s.namespace.name': 'default',
      'dojo.object.kind': 'Dojo',
    });
    expect(written.attributes['dojo.object.uid']).toMatch(/^[0-9a-f-]{36}$/);
    expect(written.traceId).toBe(String(written.attributes['dojo.reconcile.id']).replaceAll('-', ''));
    expect(written.endTimeUnixNano).toBeGreaterThanOrEqual(written.startTimeUnixNano);
    const calls = collector.spans.filter((s) => s.parentSpanId === written.spanId);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.traceId === written.traceId && c.kind === 3 && typeof c.attributes['http.response.status_code'] === 'number')).toBe(true);
    expect(calls.some((c) => ['create', 'update', 'patch'].includes(String(c.attributes['dojo.api.verb'])))).toBe(true);
    // The Deployment the Dojo owns is reconciled by the simulated control plane, also the console's own.
    await eventually(
      () => roots((s) => s.name === 'reconcile Deployment' && s.attributes['k8s.deployment.name'] === 'traced')[0],
      "the Dojo's Deployment reconciled",
      30_000,
    );
  });

  it("sends the reconciles it inferred for an operator it did not start as that operator's service", async () => {
    const client = connectClient(dataDir, 'my-operator', running.apiserver!.url);
    const asOperator = kubectlFor(client.kubeconfigPath, join(dataDir, 'kubectl-cache-op'));
    await asOperator(['label', 'dojo', 'traced', 'watched-by=my-operator']);
    const inferred = await eventually(() => roots((s) => s.resource['service.name'] === 'my-operator')[0], 'an inferred reconcile of my-operator', 30_000);
    expect(inferred.attributes).toMatchObject({ 'dojo.reconcile.inferred': true, 'dojo.inference.client': 'my-operator', 'dojo.controller': 'my-operator' });
    expect(inferred.resource['dojo.reported_by']).toBe('dojo-console');
  });

  it('counts the spans it sent on /metrics', async () => {
    const res = await fetch(`${running.console.url}metrics`, { headers: { authorization: `Bearer ${running.token}` } });
    const text = await res.text();
    const exported = Number(/^dojo_console_otlp_spans_exported_total (\d+)$/m.exec(text)?.[1]);
    expect(exported).toBeGreaterThan(0);
    expect(text).toMatch(/^dojo_console_otlp_spans_dropped_total\{reason="export_failed"\} 0$/m);
  });
});
