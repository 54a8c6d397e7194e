/**
 * Admission as the console shows it: a real webhook over HTTPS called by the embedded API
 * server, its verdicts carried on the journal's write records, found by the object's Admission
 * tab query (`GET /api/requests`), counted by `GET /api/admission` — and the same answers from a
 * recording of it, opened elsewhere.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdmissionSummary, RequestLogPage, RequestRecord } from '@dojo/console-protocol';
import { deny, patch, startWebhookServer, type TestWebhookServer } from '@dojo/apiserver/testing';
import { requestsStream } from '@dojo/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecording, type RunningRecording } from './recording/open-recording.ts';
import { eventually } from './testing/observed-server.ts';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';

let c: ConsoleHarness;
let webhook: TestWebhookServer;
let recording: RunningRecording | undefined;
const configMaps = '/api/kube/api/v1/namespaces/default/configmaps';
const rules = [{ operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }];
const onlyAdmissionTest = { matchLabels: { 'admission-test': 'yes' } };

function hook(name: string): Record<string, unknown> {
  return {
    name,
    clientConfig: { url: `${webhook.url}/${name}`, caBundle: webhook.caBundle },
    rules,
    objectSelector: onlyAdmissionTest,
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    timeoutSeconds: 10,
  };
}

const configMap = (name: string, data: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, labels: { 'admission-test': 'yes' } },
  data,
});

/** The Admission tab's query of ConfigMap default/`name` (endpoints.ts documents it). */
const admissionTabQuery = (name: string, uid?: string) =>
  `/api/requests?${new URLSearchParams({ ...(uid ? { uid } : {}), namespace: 'default', name, resource: 'configmaps', group: '', admission: 'true', newest: 'true', limit: '50' })}`;

beforeAll(async () => {
  webhook = await startWebhookServer((received) => {
    const request = received.review.request;
    if (received.path.startsWith('/label.example.com')) return patch(received, [{ op: 'add', path: '/metadata/labels/team', value: 'a' }]);
    const data = (request.object?.data ?? {}) as Record<string, string>;
    if (data.size === 'big') {
      return deny(received, {
        code: 422,
        reason: 'Invalid',
        message: 'data.size: too big',
        details: { causes: [{ type: 'FieldValueInvalid', field: 'data.size', message: 'too big' }] },
      });
    }
    return { response: { uid: request.uid, allowed: true } };
  });
  c = await startConsole();
  // The API server runs on a thread of its own: the records cross to the console's as its journal's lines.
  expect(c.apiserver!.mode).toBe('thread');
  const admission = '/api/kube/apis/admissionregistration.k8s.io/v1';
  const mutating = {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { name: 'labels' },
    webhooks: [hook('label.example.com')],
  };
  const validating = {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingWebhookConfiguration',
    metadata: { name: 'sizes' },
    webhooks: [hook('size.example.com')],
  };
  expect((await c.http('POST', `${admission}/mutatingwebhookconfigurations`, { body: mutating })).status).toBe(201);
  expect((await c.http('POST', `${admission}/validatingwebhookconfigurations`, { body: validating })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await recording?.stop();
  await c?.close();
  await webhook?.close();
});

describe("an object's Admission tab and the Overview's admission cards", () => {
  let uid: string;

  it('finds the writes of one object with their verdicts, newest first, the refused create among them', async () => {
    const refused = await c.http('POST', configMaps, { body: configMap('sized', { size: 'big' }) });
    expect(refused.status).toBe(422);
    const created = await c.http('POST', configMaps, { body: configMap('sized', { size: 'small' }) });
    expect(created.status).toBe(201);
    uid = created.body.metadata.uid;
    expect(created.body.metadata.labels).toEqual({ 'admission-test': 'yes', team: 'a' });
    expect((await c.http('POST', configMaps, { body: configMap('other', { size: 'small' }) })).status).toBe(201);

    const page = await eventually(async () => {
      const answer: RequestLogPage = (await c.http('GET', admissionTabQuery('sized', uid))).body;
      return answer.records.length === 2 ? answer : undefined;
    }, 'the two writes of default/sized in the console');
    const [create, refusedCreate] = page.records as RequestRecord[];
    expect(create).toMatchObject({ verb: 'create', code: 201, uid, name: 'sized' });
    expect(create!.admission?.map((a) => [a.name, a.verdict])).toEqual([
      ['label.example.com', 'mutated'],
      ['size.example.com', 'allowed'],
    ]);
    expect(create!.admission![0]!.patch).toEqual([{ op: 'add', path: '/metadata/labels/team', value: 'a' }]);
    expect(refusedCreate).toMatchObject({ verb: 'create', code: 422, name: 'sized', namespace: 'default' });
    expect(refusedCreate!.uid).toBeUndefined();
    expect(refusedCreate!.admission?.at(-1)).toMatchObject({
      kind: 'ValidatingWebhookConfiguration',
      name: 'size.example.com',
      configuration: 'sizes',
      verdict: 'denied',
      code: 422,
      field: 'data.size',
      message: 'admission webhook "size.example.com" denied the request: data.size: too big',
    });
    const older: RequestLogPage = (await c.http('GET', `${admissionTabQuery('sized', uid)}&beforeSeq=${refusedCreate!.seq}`)).body;
    expect(older.records).toEqual([]);
  });

  it('refuses a malformed object query with a Status', async () => {
    const res = await c.http('GET', '/api/requests?namespace=default&admission=maybe');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'BadRequest' });
  });

  it('counts calls, denials and latency per webhook', async () => {
    const summary = await eventually(async () => {
      const answer: AdmissionSummary = (await c.http('GET', '/api/admission')).body;
      return answer.entries.find((e) => e.name === 'size.example.com')?.calls === 3 ? answer : undefined;
    }, "the size webhook's three calls counted");
    expect(summary.windowSeconds).toBe(60);
    expect(summary.entries.map((e) => [e.kind, e.configuration, e.name, e.calls, e.denials, e.failures])).toEqual([
      ['MutatingWebhookConfiguration', 'labels', 'label.example.com', 3, 0, 0],
      ['ValidatingWebhookConfiguration', 'sizes', 'size.example.com', 3, 1, 0],
    ]);
    const size = summary.entries[1]!;
    expect(size.callsPerSecond).toBeGreaterThan(0);
    expect(size.p99LatencyMs).toBeGreaterThan(0);
    expect(size.lastVerdict).toBe('allowed');
  });

  it("leaves a form's dry runs off the tab's page when asked, and counts their calls apart", async () => {
    const draft = await c.http('POST', `${configMaps}?dryRun=All`, { body: configMap('drafty', { size: 'small' }) });
    expect(draft.status).toBe(201);
    const dryRuns = await eventually(async () => {
      const answer: RequestLogPage = (await c.http('GET', `${admissionTabQuery('drafty')}&dryRun=true`)).body;
      return answer.records.length === 1 ? answer : undefined;
    }, 'the dry run of default/drafty in the console');
    expect(dryRuns.records[0]).toMatchObject({ verb: 'create', dryRun: true, name: 'drafty' });
    expect(((await c.http('GET', `${admissionTabQuery('drafty')}&dryRun=false`)).body as RequestLogPage).records).toEqual([]);
    const size = await eventually(async () => {
      const answer: AdmissionSummary = (await c.http('GET', '/api/admission')).body;
      return answer.entries.find((e) => e.name === 'size.example.com' && e.dryRunCalls === 1);
    }, "the size webhook's dry-run call counted");
    expect(size).toMatchObject({ calls: 3, denials: 1 });
  });

  it('answers the same from a recording opened elsewhere', async () => {
    await eventually(async () => (c.history.stream(requestsStream).pending === 0 ? true : undefined), 'the journal written to the history');
    const res = await fetch(`${c.base}/api/recording/export`, { headers: { authorization: `Bearer ${c.token}` } });
    expect(res.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'admission-rec-')), 'admission.dojotrace');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    recording = await openRecording({ file, dataDir: mkdtempSync(join(tmpdir(), 'admission-open-')), host: '127.0.0.1', port: 0 });
    const get = async <T>(path: string): Promise<T> =>
      (await fetch(`${recording!.console.url}${path.slice(1)}`, { headers: { authorization: `Bearer ${recording!.token}` } })).json() as Promise<T>;

    const page = await get<RequestLogPage>(admissionTabQuery('sized', uid));
    expect(page.records.map((r) => [(r as RequestRecord).code, (r as RequestRecord).admission?.at(-1)?.verdict])).toEqual([
      [201, 'allowed'],
      [422, 'denied'],
    ]);
    const summary = await get<AdmissionSummary>('/api/admission');
    expect(summary.entries.map((e) => [e.name, e.calls, e.denials])).toEqual([
      ['label.example.com', 3, 0],
      ['size.example.com', 3, 1],
    ]);
  });
});
