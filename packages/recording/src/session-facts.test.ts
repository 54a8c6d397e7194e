/**
 * What a console keeps of its trace receiver for a recording follows the receiver as it
 * changes, also between OTLP requests: a traced operator is matched to its API server client
 * when the request journal's record of a call arrives, which can be after the spans.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TraceReceiverSnapshot } from '@dojo/console-protocol';
import { HistoryStore } from '@dojo/history';
import { keepingTraceReceiver, tracesMeta } from './session-facts.ts';

const dirs: string[] = [];
const stores: HistoryStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function store(): HistoryStore {
  const dir = mkdtempSync(join(tmpdir(), 'dojo-session-facts-'));
  dirs.push(dir);
  const history = new HistoryStore({ path: join(dir, 'history.db'), flushEveryMs: 0, retentionEveryMs: 0 });
  stores.push(history);
  return history;
}

const snapshot = (client?: string): TraceReceiverSnapshot => ({
  enabled: true,
  path: '/v1/traces',
  requests: 1,
  spans: 2,
  rejectedSpans: 0,
  controllers: [
    {
      controller: 'rust-operator/configmap',
      service: 'rust-operator',
      reconciles: 1,
      apiCalls: 1,
      errors: 0,
      conflicts: 0,
      firstSeen: 1,
      lastSeen: 2,
      ...(client ? { client } : {}),
    },
  ],
});

const until = async (done: () => boolean): Promise<void> => {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe("the trace receiver's facts kept for a recording", () => {
  it('are kept when asked, and again when the receiver changed without a request (a late client match)', async () => {
    const history = store();
    let current = snapshot();
    const keeper = keepingTraceReceiver(history, () => current, 20);
    keeper.kept();
    expect(history.readMeta(tracesMeta)).toEqual(snapshot());

    current = snapshot('rust-op');
    await until(() => (history.readMeta(tracesMeta) as TraceReceiverSnapshot).controllers[0]!.client === 'rust-op');
    keeper.stop();
    expect(history.readMeta(tracesMeta)).toEqual(snapshot('rust-op'));
  });

  it('are not written again while nothing changed, and no more once stopped', async () => {
    const history = store();
    let reads = 0;
    const keeper = keepingTraceReceiver(history, () => (reads++, snapshot()), 10);
    keeper.kept();
    history.writeMeta(tracesMeta, 'overwritten by someone else');
    await until(() => reads >= 4);
    // Unchanged snapshots were read on the timer but not written over what is there.
    expect(history.readMeta(tracesMeta)).toBe('overwritten by someone else');
    keeper.stop();
    const readsAtStop = reads;
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toBe(readsAtStop);
  });
});
