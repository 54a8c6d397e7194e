/**
 * An operator that emits OpenTelemetry traces, sending them with the OpenTelemetry JS SDK's own
 * OTLP exporter to a console started with `--otlp-receiver` (its own console: the shared one
 * runs without the flag): its controller gets a card "from traces", its reconcile a lane and a
 * row marked "from traces", and the reconcile opens to its trigger, trace id and API calls.
 * An operator that is also connected (its own credential) and whose spans record the requests
 * it made is one card: its client card, with its traces inside. The session, exported and
 * opened as a recording, shows the same cards, as recorded.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { otlpSender, traceReconcile } from '@dojo/telemetry-sources/testing';
import type { ConnectAnswer } from '@dojo/console-protocol';
import { axeViolations } from './support/axe.ts';
import { kubeApi } from './support/kube-api.ts';
import { saveScreenshot } from './support/console.ts';
import { freshDataDir, startOwnConsole, startRecordingConsole, type OwnConsole } from './support/own-console.ts';

let running: OwnConsole | undefined;
let recording: OwnConsole | undefined;
let dataDir = '';
test.describe.configure({ mode: 'serial' });

test.afterAll(async () => {
  await recording?.stop();
  await running?.stop();
});

test('an operator sending OTLP traces gets a card, a lane and exact reconciles marked from traces', async ({ page }) => {
  test.setTimeout(150_000);
  dataDir = freshDataDir('otlp');
  running = await startOwnConsole(dataDir, ['--otlp-receiver']);
  const sender = otlpSender({
    encoding: 'protobuf',
    endpoint: running.origin,
    token: readFileSync(join(dataDir, 'otlp-receiver-token'), 'utf8').trim(),
    service: 'dojo-operator-rs',
  });
  const t0 = Date.now() - 3_000;
  const server = 'https://10.96.0.1';
  const span = traceReconcile(
    sender.tracer,
    {
      name: 'reconciling object',
      attributes: { 'object.ref': 'Dojo.v1.core.jutsu.com/traced.default', 'object.reason': 'object updated' },
      start: t0,
      end: t0 + 60,
    },
    [
      { method: 'GET', url: `${server}/apis/core.jutsu.com/v1/namespaces/default/dojos/traced`, code: 200, legacy: true },
      { method: 'PUT', url: `${server}/apis/core.jutsu.com/v1/namespaces/default/dojos/traced/status`, code: 409, legacy: true },
    ],
  );
  await sender.flush();
  await sender.close();

  await page.goto(running.loginUrl);
  const card = page.getByRole('article', { name: 'Traced controller dojo-operator-rs/dojo' });
  await expect(card).toContainText('from traces', { timeout: 20_000 });
  await expect(card).toContainText('service dojo-operator-rs');
  await saveScreenshot(page, 'traced-controller-card');
  expect(await axeViolations(page)).toEqual([]);

  await card.getByRole('link', { name: 'Timeline' }).click();
  const latest = page.getByRole('table', { name: 'Latest reconciles' });
  await expect(latest.getByText('dojo-operator-rs/dojo #0 (from traces)').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('toolbar', { name: 'Timeline controls' }).getByRole('button', { name: 'Pause view' }).click();
  await latest.getByRole('button', { name: 'default/traced' }).first().click();
  const details = page.getByRole('region', { name: 'Selected reconcile' });
  await expect(details.getByRole('region', { name: 'From traces' })).toContainText(`trace ${span.spanContext().traceId}`);
  await expect(details.getByRole('region', { name: 'From traces' })).toContainText("dojo-operator-rs's own reconciling object span");
  await expect(details.getByRole('region', { name: 'Inferred' })).toHaveCount(0);
  await expect(details.getByRole('region', { name: 'API calls' })).toContainText('dojos/status');
  await expect(details.getByRole('region', { name: 'API calls' })).toContainText('409');
  await saveScreenshot(page, 'traced-reconcile');
  expect(await axeViolations(page)).toEqual([]);
});

test('an operator that is connected and sends traces is one card: its client card, with its traces inside', async ({ page }) => {
  test.setTimeout(90_000);
  const own = running!;
  const connect = await fetch(`${own.origin}/api/clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${own.token}`, 'content-type': 'application/json', 'x-dojo-console': '1' },
    body: JSON.stringify({ name: 'rust-op' }),
  });
  const { kubeconfigPath } = (await connect.json()) as ConnectAnswer;
  const asOperator = kubeApi(dataDir, { kubeconfig: kubeconfigPath });
  const sender = otlpSender({
    encoding: 'protobuf',
    endpoint: own.origin,
    token: readFileSync(join(dataDir, 'otlp-receiver-token'), 'utf8').trim(),
    service: 'rust-operator',
  });
  // One reconcile: the operator creates a ConfigMap and reads it back, and its spans say so.
  const start = Date.now();
  expect(
    (await asOperator.post('/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'traced-cm' } })).status,
  ).toBe(201);
  expect((await asOperator.get('/api/v1/namespaces/default/configmaps/traced-cm')).status).toBe(200);
  const server = 'https://10.96.0.1';
  traceReconcile(
    sender.tracer,
    {
      name: 'reconciling object',
      attributes: { 'object.ref': 'ConfigMap.v1./traced-cm.default', 'object.reason': 'object updated' },
      start,
      end: Date.now() + 1,
    },
    [
      { method: 'POST', url: `${server}/api/v1/namespaces/default/configmaps`, code: 201, legacy: true },
      { method: 'GET', url: `${server}/api/v1/namespaces/default/configmaps/traced-cm`, code: 200, legacy: true },
    ],
  );
  await sender.flush();
  await sender.close();

  await page.goto(own.loginUrl);
  const card = page.getByRole('article', { name: 'Client rust-op' });
  const traces = card.getByRole('region', { name: 'From traces: rust-operator/configmap' });
  await expect(traces).toContainText('service rust-operator', { timeout: 20_000 });
  await expect(traces).toContainText('API calls');
  await expect(page.getByRole('article', { name: 'Traced controller rust-operator/configmap' })).toHaveCount(0);
  // The operator that is no client of this API server keeps its card of its own.
  await expect(page.getByRole('article', { name: 'Traced controller dojo-operator-rs/dojo' })).toBeVisible();
  await saveScreenshot(page, 'traced-client-card');
  expect(await axeViolations(page)).toEqual([]);
});

test('the session opened as a recording shows the traced controllers as recorded, in the same cards', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync('test-results/recordings', { recursive: true });
  const file = 'test-results/recordings/traced.dojotrace';
  // `dojo-console export` beside the running console, as a person would.
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'export', '--data-dir', dataDir, '--output', file]);
  recording = await startRecordingConsole(file, freshDataDir('otlp-recording'));
  await page.goto(recording.loginUrl);
  await expect(page.getByRole('heading', { name: /Controllers from traces/ })).toContainText('as recorded', { timeout: 20_000 });
  await expect(page.getByRole('article', { name: 'Traced controller dojo-operator-rs/dojo' })).toContainText('409s');
  await expect(page.getByRole('article', { name: 'Client rust-op' }).getByRole('region', { name: 'From traces: rust-operator/configmap' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
