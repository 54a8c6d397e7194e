/**
 * The audit path against the embedded path, on the same traffic: a Python controller on the
 * official client (Debian's python3-kubernetes) runs as its own process against an embedded
 * API server. One console reads that server's request journal (the embedded path); the
 * journal's records, turned into audit events as kube-apiserver would write them
 * (testing/journal-to-audit.ts), are posted in batches over HTTP to the audit webhook of a
 * second console started with `--kubeconfig` on that server and `--audit-webhook`. Both must
 * show the same clients, the same writes, the same 409 winners (the audit console's inferred
 * from managedFields) and the same requests inside inferred reconciles. Skipped, saying so,
 * without the Python client.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPythonWithKubernetes, pythonClientHelp } from '@dojo/apiserver/testing';
import type { ClientSummary, RequestJournalRecord, RequestRecord, TelemetryRecord } from '@dojo/console-protocol';
import type { ExternalProcess } from '../testing/external-process.ts';
import { startPythonOperator, type PythonOperatorMode } from '../testing/python-operator.ts';
import { eventually, startObservedServer, type ObservedServer } from '../testing/observed-server.ts';
import { runUp, type RunningConsole } from '../up.ts';
import { AuditRelay, operatorPolicy } from '@dojo/telemetry-sources/testing';
import { testUpOptions } from '../testing/up-options.ts';

const python = findPythonWithKubernetes();
if (!python) console.warn(`\n*** SKIPPING the audit-from-journal tests. ${pythonClientHelp} ***\n`);

let server: ObservedServer;
let audited: RunningConsole;
let auditDir: string;
let relay: AuditRelay;
const operators: ExternalProcess[] = [];
const path = (namespace: string) => `/apis/webapp.example.com/v1/namespaces/${namespace}/guestbooks`;
const guestbook = (name: string, namespace: string) => ({
  apiVersion: 'webapp.example.com/v1',
  kind: 'Guestbook',
  metadata: { name, namespace },
  spec: { message: 'hello', size: 1 },
});

async function runOperator(name: string, namespace: string, mode: PythonOperatorMode): Promise<ExternalProcess> {
  const operator = await startPythonOperator(python!, server, name, namespace, mode);
  operators.push(operator);
  return operator;
}

beforeAll(async () => {
  if (!python) return;
  server = await startObservedServer();
  auditDir = mkdtempSync(join(tmpdir(), 'dojo-audit-console-'));
  audited = await runUp(
    testUpOptions({
      dataDir: auditDir,
      kubeconfig: server.apiserver.kubeconfigPath,
      auditWebhook: true,
    }),
  );
  const token = readFileSync(join(auditDir, 'audit-webhook-token'), 'utf8').trim();
  relay = new AuditRelay(
    operatorPolicy(['webapp.example.com']),
    (sinceSeq) => server.service.requests.query({ sinceSeq, limit: 100_000 }).records,
    `${audited.console.url}audit/v1/events`,
    token,
  );
}, 90_000);

afterAll(async () => {
  await Promise.all(operators.map((o) => o.stop()));
  await relay?.stop().catch(() => {});
  await audited?.stop();
  await server?.stop();
  if (auditDir) rmSync(auditDir, { recursive: true, force: true });
});

const writesOf = (records: readonly RequestJournalRecord[]) =>
  records
    .filter((r): r is RequestRecord => r.type === 'request' && ['create', 'update', 'patch', 'delete'].includes(r.verb))
    .map(
      (r) =>
        `${r.verb} ${r.resource}${r.subresource ? `/${r.subresource}` : ''} ${r.namespace ?? ''}/${r.name ?? ''} ${r.code} sent=${r.rvSent ?? '-'} returned=${r.rvReturned ?? '-'}`,
    );

const counts = (c: ClientSummary | undefined) =>
  c && {
    kind: c.kind,
    user: c.user,
    userAgents: c.userAgents,
    requests: c.totals.requests,
    writes: c.totals.writes,
    errors: c.totals.errors,
    conflicts: c.totals.conflicts,
  };

const telemetryOf = <T extends TelemetryRecord['type']>(console: RunningConsole, type: T, controller: string) =>
  console.journal.query({ limit: 100_000, types: [type], controller }).records as Extract<TelemetryRecord, { type: T }>[];

describe.skipIf(!python)("audit events generated from the embedded server's journal, fed to a --kubeconfig console's webhook", () => {
  it('show the same clients, writes, 409 winners and requests inside inferred reconciles as the journal does', async () => {
    relay.start();
    const operator = await runOperator('py-audited', 'py-audited', 'stale');
    const rvOf = (body: unknown) => (body as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
    await server.admin('POST', path('py-audited'), guestbook('racy', 'py-audited'));
    await eventually(
      async () => JSON.stringify((await server.admin('GET', `${path('py-audited')}/racy`)).body).includes('"observedGeneration":1'),
      `its first status:\n${operator.output()}`,
    );
    await server.admin('PATCH', `${path('py-audited')}/racy?fieldManager=kubectl-edit`, { spec: { size: 2 } }, 'application/merge-patch+json');
    await new Promise((r) => setTimeout(r, 150));
    const second = await server.admin('PATCH', `${path('py-audited')}/racy?fieldManager=kubectl-edit`, { spec: { size: 3 } }, 'application/merge-patch+json');
    await eventually(() => server.telemetry('conflict', 'py-audited')[0], `a 409:\n${operator.output()}`);
    // Its retry after the 409, then quiet: every pass closed (a second without requests).
    await eventually(
      async () => JSON.stringify((await server.admin('GET', `${path('py-audited')}/racy`)).body).includes('"observedGeneration":3'),
      `its last status:\n${operator.output()}`,
    );
    await new Promise((r) => setTimeout(r, 1_500));
    await operator.stop();
    await relay.stop();
    await new Promise((r) => setTimeout(r, 1_500));

    // The same client, seen through audit: its user, User-Agent, requests, writes and 409s.
    const embeddedClients = server.snapshot().clients;
    const auditClients = audited.activity!.snapshot().clients;
    expect(counts(auditClients.find((c) => c.name === 'py-audited'))).toEqual(counts(embeddedClients.find((c) => c.name === 'py-audited')));
    expect(counts(auditClients.find((c) => c.name === 'kubectl'))).toEqual(counts(embeddedClients.find((c) => c.name === 'kubectl')));
    expect(audited.activity!.snapshot().feed.state).toBe('live');

    // The same writes, resourceVersions included (the operator's kind is audited at RequestResponse).
    const embeddedWrites = writesOf(server.service.requests.query({ client: 'py-audited', limit: 100_000 }).records);
    expect(embeddedWrites.some((w) => w.startsWith('update guestbooks/status py-audited/racy 409'))).toBe(true);
    expect(writesOf(audited.activity!.queryRequests({ client: 'py-audited', limit: 100_000 }).records)).toEqual(embeddedWrites);

    // The same 409, and the same winner: exact from the journal, inferred from managedFields through audit.
    const [exact] = server.telemetry('conflict', 'py-audited');
    const [inferred] = telemetryOf(audited, 'conflict', 'py-audited');
    expect(exact).toMatchObject({ currentManager: 'kubectl-edit', currentRV: rvOf(second.body) });
    expect(inferred).toMatchObject({
      key: exact!.key,
      object: exact!.object,
      resource: exact!.resource,
      staleRV: exact!.staleRV,
      currentManager: 'kubectl-edit',
      currentWriterFrom: 'managedFields',
    });
    expect(exact!.currentWriterFrom).toBeUndefined();

    // Inferred reconciles: the same requests inside them, about the same object; audit never saw what triggered them.
    const callsOf = (calls: { verb: string; resource: string; code: number; reconcileId?: string }[]) =>
      calls
        .filter((c) => c.reconcileId)
        .map((c) => `${c.verb} ${c.resource} ${c.code}`)
        .sort();
    const embeddedCalls = callsOf(server.telemetry('api-call', 'py-audited'));
    expect(embeddedCalls).toContain('update guestbooks/status 409');
    expect(callsOf(telemetryOf(audited, 'api-call', 'py-audited'))).toEqual(embeddedCalls);
    const auditPasses = telemetryOf(audited, 'reconcile-start', 'py-audited');
    expect(new Set(auditPasses.map((p) => p.key))).toEqual(new Set(server.telemetry('reconcile-start', 'py-audited').map((p) => p.key)));
    expect(auditPasses.every((p) => p.inferred && !['same-object-event', 'owned-object-event'].includes(p.inferred.rule))).toBe(true);
    expect(relay.posted).toBeGreaterThan(0);
  }, 120_000);

  it('show a hot loop too: the journal by its echoes, audit by the writes alone (the churn rule)', async () => {
    relay.start();
    const operator = await runOperator('py-audited-flapper', 'py-audited-loop', 'flap');
    await server.admin('POST', path('py-audited-loop'), guestbook('spinning', 'py-audited-loop'));
    const exact = await eventually(
      () => server.snapshot().hotLoops.find((l) => l.writers.includes('py-audited-flapper')),
      `a hot loop:\n${operator.output()}`,
      15_000,
    );
    // The echo rule needs 5 writes, the churn rule 11: let it loop that long (slower on a loaded machine).
    const statusWrites = () =>
      writesOf(server.service.requests.query({ client: 'py-audited-flapper', limit: 100_000 }).records).filter((w) => w.startsWith('patch guestbooks/status'))
        .length;
    await eventually(() => statusWrites() >= 15, `15 status writes:\n${operator.output()}`, 15_000);
    await operator.stop();
    await relay.stop();
    expect(exact).toMatchObject({ kind: 'self', fieldPaths: ['status.conditions[type=Ready].lastTransitionTime'] });
    const seen = await eventually(
      () => audited.activity!.snapshot().hotLoops.find((l) => l.writers.includes('py-audited-flapper')),
      'the audit console to flag it',
      5_000,
    );
    // The journal keeps no request bodies, so the generated events carry no patch to name the field by.
    expect(seen).toMatchObject({ kind: 'churn', object: exact.object, resource: exact.resource, fieldPaths: [] });
    expect(seen.cure).toMatch(/audit stream/);
  }, 60_000);
});
