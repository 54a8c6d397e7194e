import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { ObjectVersionRecord, TelemetryRecord, TraceHeader } from '@dojo/console-protocol';
import { HistoryStore } from '../history-store.ts';
import { telemetryStream } from '../streams/telemetry-stream.ts';
import { versionsStream } from '../streams/versions-stream.ts';
import { parseRecordLine, recordLine, TraceFormatError } from './trace-format.ts';
import { writeTrace, type TraceExportOptions } from './trace-export.ts';
import { importTrace } from './trace-import.ts';

const stores: HistoryStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

const dir = () => mkdtempSync(join(tmpdir(), 'trace-'));
const dojo = (name: string, uid = `uid-${name}`) => ({ group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name, uid });

function open(path: string, now = () => 0): HistoryStore {
  const store = new HistoryStore({ path, now, flushEveryMs: 0, retentionEveryMs: 0 });
  stores.push(store);
  return store;
}

function reconcile(seq: number, time: number, name: string): TelemetryRecord {
  return {
    type: 'reconcile-start',
    seq,
    time,
    controller: 'dojo',
    key: `default/${name}`,
    object: dojo(name),
    worker: 0,
    reconcileId: `r${seq}`,
    triggers: [],
    droppedTriggers: 0,
  };
}

function version(seq: number, time: number, name: string, change: ObjectVersionRecord['change'], replicas = 1): ObjectVersionRecord {
  return {
    seq,
    time,
    object: dojo(name),
    event: change === 'deleted' ? 'DELETED' : change === 'created' ? 'ADDED' : 'MODIFIED',
    resourceVersion: String(seq),
    change,
    body: {
      apiVersion: 'core.jutsu.com/v1',
      kind: 'Dojo',
      metadata: { namespace: 'default', name, uid: `uid-${name}`, resourceVersion: String(seq) },
      spec: { replicas },
    },
  };
}

interface Request {
  seq: number;
  time: number;
  verb: string;
}
const requestsStream = {
  name: 'requests',
  seqOf: (r: Request) => r.seq,
  timeOf: (r: Request) => r.time,
  typeOf: (r: Request) => r.verb,
  columns: { verb: (r: Request) => r.verb },
};

async function exportTo(path: string, options: Omit<TraceExportOptions, 'createdBy' | 'objectStreams'>): Promise<TraceHeader> {
  return writeTrace({ createdBy: 'dojo-console test', objectStreams: ['versions'], ...options }, createWriteStream(path));
}

/** A store with telemetry, versions and a stream this package knows nothing about, on disk. */
async function recordedSession() {
  const folder = dir();
  const store = open(join(folder, 'history.db'));
  const telemetry = store.stream(telemetryStream);
  const versions = store.stream(versionsStream);
  const requests = store.stream(requestsStream);
  telemetry.append(reconcile(1, 100, 'a'));
  telemetry.append(reconcile(2, 200, 'b'));
  telemetry.append(reconcile(3, 300, 'a'));
  versions.append(version(1, 100, 'a', 'created'));
  versions.append(version(2, 150, 'gone', 'created'));
  versions.append(version(3, 160, 'gone', 'deleted'));
  versions.append(version(4, 180, 'a', 'spec', 2));
  versions.append(version(5, 250, 'b', 'created'));
  requests.append({ seq: 7, time: 120, verb: 'get' });
  requests.append({ seq: 8, time: 260, verb: 'update' });
  store.writeMeta('source', { clusterMode: 'embedded', server: 'https://127.0.0.1:6443', consoleVersion: '0.1.0' });
  store.writeMeta('resources', [{ group: 'core.jutsu.com', version: 'v1', resource: 'dojos', kind: 'Dojo', namespaced: true, verbs: ['list'] }]);
  await store.flush();
  return { folder, store };
}

describe('a .dojotrace', () => {
  it('carries every stream of the store, whatever its name, and imports into a store that answers the same queries', async () => {
    const { folder, store } = await recordedSession();
    const file = join(folder, 'session.dojotrace');
    const header = await exportTo(file, { dbPath: join(folder, 'history.db'), to: 1000 });
    expect(header).toMatchObject({
      format: 'dojotrace',
      schemaVersion: 1,
      createdBy: 'dojo-console test',
      window: { from: null, to: 1000 },
      source: { clusterMode: 'embedded' },
    });
    expect(header.streams.map((s) => [s.stream, s.records, s.columns])).toEqual([
      ['requests', 2, ['verb']],
      ['telemetry', 3, ['controller', 'object', 'uid', 'key', 'reconcile']],
      ['versions', 5, ['object', 'uid']],
    ]);
    expect(header.meta).toEqual({ resources: [expect.objectContaining({ resource: 'dojos' })] });

    const imported = join(dir(), 'recording.db');
    expect(await importTrace(file, imported)).toEqual(header);
    const replay = open(imported);
    expect(replay.stream(telemetryStream).query({ where: { object: 'core.jutsu.com/Dojo/default/a' } })).toEqual(
      store.stream(telemetryStream).query({ where: { object: 'core.jutsu.com/Dojo/default/a' } }),
    );
    expect(replay.stream(requestsStream).query({ where: { verb: 'update' } })).toEqual([{ seq: 8, time: 260, verb: 'update' }]);
    expect(
      replay
        .stream(versionsStream)
        .headers({ from: 150, to: 181 })
        .map((h) => [h.seq, h.type, h.columns.object]),
    ).toEqual([
      [2, 'created', 'core.jutsu.com/Dojo/default/gone'],
      [3, 'deleted', 'core.jutsu.com/Dojo/default/gone'],
      [4, 'spec', 'core.jutsu.com/Dojo/default/a'],
    ]);
    expect(replay.stream(telemetryStream).coverage()).toMatchObject({ records: 3, oldestSeq: 1, lastSeq: 3, evicted: 0 });
    expect(replay.stream(telemetryStream).count({ where: { controller: 'dojo' }, to: 250 })).toBe(2);
    expect(replay.readMeta('source')).toEqual({ clusterMode: 'embedded', server: 'https://127.0.0.1:6443', consoleVersion: '0.1.0' });
    expect(replay.readMeta('recording')).toMatchObject({ format: 'dojotrace', window: { to: 1000 } });
  });

  it('keeps a window, and starts object versions with each living object as it was when the window began', async () => {
    const { folder } = await recordedSession();
    const file = join(folder, 'window.dojotrace');
    const header = await exportTo(file, { dbPath: join(folder, 'history.db'), from: 190, to: 1000 });
    expect(header.streams.find((s) => s.stream === 'versions')).toMatchObject({ records: 2, baseline: 1, firstSeq: 4, lastSeq: 5, completeSince: 190 });
    expect(header.streams.find((s) => s.stream === 'telemetry')).toMatchObject({ records: 2, baseline: 0, firstSeq: 2, lastSeq: 3 });
    const imported = join(dir(), 'window.db');
    await importTrace(file, imported);
    const versions = open(imported).stream(versionsStream).query();
    // "a" as of 180 (replicas 2), "b" created in the window; "gone" was deleted before it began.
    expect(versions.map((v) => [v.object.name, v.change, v.body.spec])).toEqual([
      ['a', 'spec', { replicas: 2 }],
      ['b', 'created', { replicas: 1 }],
    ]);
  });

  it('passes every record through the cleaner before it leaves', async () => {
    const { folder } = await recordedSession();
    const file = join(folder, 'clean.dojotrace');
    await exportTo(file, { dbPath: join(folder, 'history.db'), to: 1000, clean: (body) => body.replaceAll('"Dojo"', '"Cleaned"') });
    const text = gunzipSync(readFileSync(file)).toString('utf8').split('\n').slice(1).join('\n');
    expect(text).not.toContain('"kind":"Dojo"');
    expect(text).toContain('"kind":"Cleaned"');
  });

  it('reads a consistent snapshot while the console goes on writing', async () => {
    const { folder, store } = await recordedSession();
    const telemetry = store.stream(telemetryStream);
    const file = join(folder, 'busy.dojotrace');
    const exported = exportTo(file, { dbPath: join(folder, 'history.db'), to: 10_000_000 });
    for (let seq = 4; seq < 2000; seq++) telemetry.append(reconcile(seq, 400 + seq, `o${seq % 7}`));
    await Promise.all([exported, store.flush()]);
    // The import checks every stream holds as many records as the header promised.
    const header = await importTrace(file, join(dir(), 'busy.db'));
    expect(header.streams.find((s) => s.stream === 'telemetry')!.records).toBeGreaterThanOrEqual(3);
  });

  it('reads a record line whatever the order of its members', () => {
    const written = recordLine('telemetry', 4, 10, 'enqueue', { controller: 'dojo' }, '{"seq":4}');
    expect(parseRecordLine(written, 2)).toEqual({ stream: 'telemetry', seq: 4, time: 10, type: 'enqueue', index: { controller: 'dojo' }, body: '{"seq":4}' });
    expect(parseRecordLine('{"record":{"seq":4},"index":{},"type":null,"time":10,"seq":4,"stream":"telemetry"}', 3).body).toBe('{"seq":4}');
    expect(() => parseRecordLine('{"stream":"telemetry","seq":"x","time":1,"type":null,"index":{},"record":{}}', 9)).toThrow(/line 9 is not a record line/);
    expect(() => parseRecordLine('{"stream":"telemetry","seq":4,"time":,"type":null,"index":{},"record":{}}', 10)).toThrow(/line 10 is not JSON/);
  });

  it('refuses what is not a recording, a newer schema, a truncated file and a seq twice, naming why', async () => {
    const folder = dir();
    const attempt = async (name: string, content: Buffer): Promise<unknown> => {
      writeFileSync(join(folder, name), content);
      return importTrace(join(folder, name), join(folder, `${name}.db`)).catch((error: unknown) => error);
    };
    const header = (streams: unknown[], schemaVersion = 1) =>
      JSON.stringify({ format: 'dojotrace', schemaVersion, createdAt: '', createdBy: '', source: {}, window: { from: null, to: 1 }, streams, meta: {} });
    const stream = (records: number) => ({
      stream: 'telemetry',
      columns: [],
      records,
      baseline: 0,
      firstSeq: 1,
      lastSeq: 1,
      completeSince: 0,
      evicted: 0,
      evictedByType: {},
    });
    const line = (seq: number) => recordLine('telemetry', seq, 1, null, {}, '{}');
    const cases: [string, Buffer, RegExp][] = [
      ['plain.txt', Buffer.from('hello'), /not a \.dojotrace file, or a damaged one/],
      ['other.gz', gzipSync('{"format":"har"}\n'), /header names format "har"/],
      ['newer.gz', gzipSync(`${header([], 2)}\n`), /schema version 2; this console reads version 1/],
      ['short.gz', gzipSync(`${header([stream(2)])}\n${line(1)}\n`), /has 1 records where the header promises 2/],
      ['twice.gz', gzipSync(`${header([stream(2)])}\n${line(1)}\n${line(1)}\n`), /line 3: seq 1 of stream telemetry appears twice/],
      // Past the first batch of rows inserted together: the line is still named.
      [
        'twice-late.gz',
        gzipSync(
          `${header([stream(131)])}\n${[...Array.from({ length: 99 }, (_, i) => line(i + 1)), line(50), ...Array.from({ length: 31 }, (_, i) => line(i + 100))].join('\n')}\n`,
        ),
        /line 101: seq 50 of stream telemetry appears twice/,
      ],
      ['stranger.gz', gzipSync(`${header([])}\n${line(1)}\n`), /line 2: stream "telemetry" is not in the header/],
    ];
    for (const [name, content, message] of cases) {
      const error = await attempt(name, content);
      expect(error, name).toBeInstanceOf(TraceFormatError);
      expect((error as Error).message, name).toMatch(message);
    }
  });
});
