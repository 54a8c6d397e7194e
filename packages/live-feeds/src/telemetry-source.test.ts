import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TelemetryRecord } from '@dojo/console-protocol';
import { HistoryStore, telemetryStream } from '@dojo/history';
import { Journal, type JournalDelivery } from '@dojo/runtime';
import { TelemetryHistory } from './telemetry-source.ts';

const stores: HistoryStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

function setup(path = join(mkdtempSync(join(tmpdir(), 'telemetry-')), 'history.db'), capacity = 5, maxAgeMs = 86_400_000) {
  const store = new HistoryStore({ path, flushEveryMs: 0, retentionEveryMs: 0, retention: { maxAgeMs } });
  stores.push(store);
  const stream = store.stream<TelemetryRecord>(telemetryStream);
  const journal = new Journal({ capacity, firstSeq: stream.lastSeq + 1, sink: { write: (r) => stream.append(r) } });
  return { path, store, journal, telemetry: new TelemetryHistory(journal, stream) };
}

const dojo = (name: string) => ({ group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name });
const deployment = (name: string) => ({ group: 'apps', kind: 'Deployment', namespace: 'default', name });

describe('TelemetryHistory', () => {
  it('answers from disk what the ring dropped, with no resync', () => {
    const { journal, telemetry } = setup();
    for (let i = 0; i < 20; i++) journal.append({ type: 'debug', controller: 'dojo', action: 'pause', detail: String(i) });
    const page = telemetry.query({ sinceSeq: 0, limit: 100 });
    expect(page.records.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(page).toMatchObject({ resync: false, oldestSeq: 1, lastSeq: 20 });
  });

  it("answers one object's records by identity, never its namesake of another kind", () => {
    const { journal, telemetry } = setup();
    journal.append({
      type: 'reconcile-start',
      controller: 'dojo',
      key: 'default/web',
      object: dojo('web'),
      worker: 0,
      reconcileId: 'a',
      triggers: [],
      droppedTriggers: 0,
    });
    journal.append({
      type: 'reconcile-start',
      controller: 'deployment-controller',
      key: 'default/web',
      object: deployment('web'),
      worker: 0,
      reconcileId: 'b',
      triggers: [],
      droppedTriggers: 0,
    });
    expect(telemetry.query({ object: 'core.jutsu.com/Dojo/default/web' }).records.map((r) => r.controller)).toEqual(['dojo']);
    expect(telemetry.query({ reconcile: 'b' }).records.map((r) => r.controller)).toEqual(['deployment-controller']);
  });

  it('replays a subscription from disk, then from the ring, in order', () => {
    const { journal, telemetry } = setup();
    for (let i = 0; i < 12; i++) journal.append({ type: 'debug', controller: 'dojo', action: 'pause', detail: String(i) });
    const got: JournalDelivery[] = [];
    const stop = telemetry.subscribe(1, (d) => got.push(d));
    journal.append({ type: 'debug', controller: 'dojo', action: 'resume' });
    stop();
    expect(got.every((d) => !d.resync)).toBe(true);
    expect(got.map((d) => (d.resync ? 0 : d.record.seq))).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
  });

  it('continues the sequence after a restart', async () => {
    const first = setup();
    for (let i = 0; i < 3; i++) first.journal.append({ type: 'debug', controller: 'dojo', action: 'pause' });
    await first.store.close();
    stores.splice(stores.indexOf(first.store), 1);
    const again = setup(first.path);
    expect(again.journal.append({ type: 'debug', controller: 'dojo', action: 'resume' }).seq).toBe(4);
    expect(again.telemetry.query({ sinceSeq: 0 }).records.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
  });
});
