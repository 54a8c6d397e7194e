/**
 * A console restarted on the same data dir reads the API server's request journal from its start
 * again (to rebuild what it infers about each client); what it derived from those records before
 * the restart — inferred reconciles, their API calls, 409s — is applied once, not twice: "why is
 * this not ready?", the conflicts, the telemetry and the activity say after the restart what they
 * said before it, except that time went on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ActivitySnapshot, ClientSummary, ConflictRecord, Explanation, TelemetryPage, TelemetryRecord } from '@dojo/console-protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from './testing/observed-server.ts';
import { startExternalProcess, type ExternalProcess } from './testing/external-process.ts';
import { kubectlFor } from './testing/kubectl.ts';
import { testUpOptions } from './testing/up-options.ts';
import { runUp, type RunningConsole } from './up.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-console-restart-'));
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

const dojoKey = 'core.jutsu.com/Dojo/default/alpha';
const dojo = (rv?: string, title = 'Alpha') =>
  JSON.stringify({
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { name: 'alpha', namespace: 'default', ...(rv ? { resourceVersion: rv } : {}) },
    spec: { accountId: 'a', title, credentialsRef: { name: 'alpha-app' } },
  });

async function start(): Promise<RunningConsole> {
  const running = await runUp(testUpOptions({ dataDir, operators: ['dojo'] }));
  cleanup.push(() => running.stop());
  return running;
}

function api(running: RunningConsole) {
  const base = running.console.url.replace(/\/$/, '');
  return async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${running.token}` } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** What a person sees of the Dojo, its conflicts and the connected client; only time-free parts. */
async function observe(running: RunningConsole) {
  const get = api(running);
  const explanation = await get<Explanation>(`/api/explain?object=${encodeURIComponent(dojoKey)}`);
  const conflictsBlocker = explanation.blockers.find((b) => b.source === 'conflicts');
  const conflicts = (await get<TelemetryPage>('/api/telemetry?types=conflict&limit=50000')).records as ConflictRecord[];
  const clientRecords = (await get<TelemetryPage>('/api/telemetry?controller=my-operator&limit=50000')).records;
  const activity = await get<ActivitySnapshot>('/api/activity');
  const client = activity.clients.find((c) => c.name === 'my-operator');
  return {
    conflictsBlocker: conflictsBlocker && {
      severity: conflictsBlocker.severity,
      title: conflictsBlocker.title,
      detail: conflictsBlocker.detail,
      evidence: conflictsBlocker.evidence,
    },
    conflicts,
    clientRecords,
    client: client && timeFree(client),
    // Whether a loop is still active, and its rate, move with time; what looped does not.
    hotLoops: activity.hotLoops.map((l) => ({ kind: l.kind, writers: l.writers, fieldPaths: l.fieldPaths, object: l.object })),
  };
}

/** A client summary without what time changes (rates over a window that moved, "last seen ago"). */
function timeFree(client: ClientSummary) {
  const { kind, user, totals, inferredReconciles } = client;
  return { kind, user, totals, inferredReconciles };
}

const bySeq = (records: readonly TelemetryRecord[]) => records.every((r, i) => i === 0 || r.seq > records[i - 1]!.seq);

describe('a console restarted on the same data dir', () => {
  it('applies what it replays from the journals once: explain, conflicts, telemetry and activity say what they said before', async () => {
    const first = await start();
    const admin = kubectlFor(first.kubeconfigPath, join(dataDir, 'kubectl-cache-admin'));
    await admin(['apply', '-f', '-'], dojo());
    const client = first.activity!.connect('my-operator');
    const operator = kubectlFor(client.kubeconfigPath, join(dataDir, 'kubectl-cache-op'));
    // The connected client watches Dojos (so its passes are inferred), then writes with a stale resourceVersion after a racing write.
    const watch: ExternalProcess = startExternalProcess(
      'kubectl',
      ['--kubeconfig', client.kubeconfigPath, '--cache-dir', join(dataDir, 'kubectl-cache-watch'), 'get', 'dojos', '--watch', '-o', 'name'],
      {},
      'dojo',
    );
    cleanup.push(() => watch.stop());
    await watch.ready;
    for (let i = 0; i < 3; i++) {
      const stale = (await operator(['get', 'dojo', 'alpha', '-o', 'jsonpath={.metadata.resourceVersion}'])).trim();
      await admin(['label', 'dojo', 'alpha', '--overwrite', `race=${i}`]);
      await expect(operator(['replace', '-f', '-'], dojo(stale, `Alpha ${i}`))).rejects.toThrow(/Conflict|modified/);
      await operator(['patch', 'dojo', 'alpha', '--type', 'merge', '-p', JSON.stringify({ metadata: { annotations: { step: `${i}` } } })]);
    }
    const get = api(first);
    await eventually(async () => {
      const page = await get<TelemetryPage>('/api/telemetry?controller=my-operator&types=conflict,reconcile-end&limit=50000');
      return page.records.filter((r) => r.type === 'conflict').length >= 3 && page.records.some((r) => r.type === 'reconcile-end');
    }, "the client's three 409s and its inferred reconciles");
    // Passes end after 1 s of quiet: let the last one close before looking.
    await new Promise((r) => setTimeout(r, 1500));
    const before = await observe(first);
    expect(before.conflicts.filter((c) => c.controller === 'my-operator')).toHaveLength(3);
    // The client's three, and any the console's own Dojo controller met in the same races.
    expect(Number(before.conflictsBlocker?.title.match(/^(\d+) 409 Conflicts/)?.[1])).toBeGreaterThanOrEqual(3);
    expect(before.clientRecords.some((r) => r.type === 'api-call' && r.verb === 'patch')).toBe(true);
    await watch.stop();
    const journalEnd = first.activity!.snapshot().feed.lastSeq;
    await first.stop();
    cleanup.pop();

    const restartedAt = Date.now();
    const second = await start();
    // The replay has caught up once the feed is past every record the first run read.
    await eventually(() => second.activity!.snapshot().feed.lastSeq >= journalEnd, 'the journal replayed');
    await new Promise((r) => setTimeout(r, 1500));
    const after = await observe(second);

    expect(after.conflictsBlocker).toEqual(before.conflictsBlocker);
    // The console's own controllers may meet new 409s after the restart; none is an old one again.
    expect(after.conflicts.filter((c) => c.time < restartedAt)).toEqual(before.conflicts);
    expect(after.conflicts.filter((c) => c.seq > before.conflicts.at(-1)!.seq).every((c) => c.time >= restartedAt)).toBe(true);
    expect(bySeq(after.conflicts)).toBe(true);
    expect(after.clientRecords).toEqual(before.clientRecords);
    const patches = after.clientRecords.filter((r) => r.type === 'api-call' && r.verb === 'patch');
    expect(new Set(patches.map((p) => p.time)).size).toBe(patches.length);
    expect(after.client).toEqual(before.client);
    expect(after.hotLoops).toEqual(before.hotLoops);
  }, 120_000);
});
