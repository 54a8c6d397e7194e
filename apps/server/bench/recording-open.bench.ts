/**
 * Opening a recording of 100,000 reconciles (#18: "opens in < 5 s").
 *
 *   node --import tsx apps/server/bench/recording-open.bench.ts [--reconciles 100000] [--runs 3]
 *   node --import tsx apps/server/bench/recording-open.bench.ts --write FILE   (only writes the recording, to look at or profile)
 *
 * The recording is written with the format's own line writer and the history's stream specs
 * (the columns an export writes): 500 Dojos reconciled by "dojo" with the records the runtime
 * journals per pass (watch event, enqueue, dequeue, start, API calls, end; a condition
 * transition every fifth pass), every Dojo's and its Deployment's versions, and Events. What is
 * timed is what a person waits for: `openRecording` (import into a new store, the index of
 * object versions, the console listening) and then the first answers of the overview (session,
 * controllers rebuilt at the end, the telemetry's bounds, the Dojos as a Table). Each run opens
 * into a fresh data directory. Prints one JSON document on stdout; progress goes to stderr.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type { ObjectVersionRecord, TelemetryRecord, TraceHeader, TraceStream } from '@dojo/console-protocol';
import { eventsStream, recordLine, telemetryStream, traceSchemaVersion, versionsStream, type StreamSpec } from '@dojo/history';
import { openRecording } from '../src/recording/open-recording.ts';
import { round, spread } from './support/percentiles.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const reconciles = arg('reconciles', 100_000);
const runs = arg('runs', 3);
const objects = 500;
const log = (message: string): void => void process.stderr.write(`[recording-open] ${message}\n`);

const start = 1_700_000_000_000;
const stepMs = 5;
const dojoKind = { group: 'core.jutsu.com', kind: 'Dojo' };
const deploymentKind = { group: 'apps', kind: 'Deployment' };

function dojoBody(n: number, rv: number, replicas: number): ObjectVersionRecord['body'] {
  return {
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: {
      namespace: 'default',
      name: `dojo-${n}`,
      uid: `dojo-uid-${n}`,
      resourceVersion: String(rv),
      generation: 1 + (replicas % 3),
      creationTimestamp: '2023-11-14T22:13:20Z',
      labels: { app: 'dojo', tier: `t${n % 5}` },
    },
    spec: { accountId: `acct-${n}`, title: `Dojo ${n}`, database: 'Postgres', credentialsRef: { name: `dojo-${n}-app`, namespace: 'default' }, replicas },
    status: {
      observedGeneration: 1 + (replicas % 3),
      readyReplicas: replicas,
      readyStatus: `${replicas}/${replicas}`,
      conditions: ['Available', 'Progressing', 'Degraded'].map((type) => ({
        type,
        status: type === 'Available' ? 'True' : 'False',
        reason: 'AsExpected',
        message: `${type} as expected for dojo-${n}`,
        lastTransitionTime: '2023-11-14T22:13:21Z',
        observedGeneration: 1,
      })),
    },
  };
}

function deploymentBody(n: number, rv: number, replicas: number): ObjectVersionRecord['body'] {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      namespace: 'default',
      name: `dojo-${n}`,
      uid: `dep-uid-${n}`,
      resourceVersion: String(rv),
      generation: 1,
      ownerReferences: [{ apiVersion: 'core.jutsu.com/v1', kind: 'Dojo', name: `dojo-${n}`, uid: `dojo-uid-${n}`, controller: true }],
    },
    spec: {
      replicas,
      selector: { matchLabels: { app: `dojo-${n}` } },
      template: {
        metadata: { labels: { app: `dojo-${n}` } },
        spec: { containers: [{ name: 'app', image: 'ghcr.io/example/dojo:1.0', envFrom: [{ secretRef: { name: `dojo-${n}-app` } }] }] },
      },
    },
    status: { replicas, readyReplicas: replicas, updatedReplicas: replicas, availableReplicas: replicas },
  };
}

/** Writes the recording; resolves with its size and how many records each stream holds. */
async function writeRecording(path: string): Promise<{ bytes: number; records: Record<string, number> }> {
  const telemetry: string[] = [];
  const versions: string[] = [];
  const events: string[] = [];
  const counts = { telemetry: 0, versions: 0, events: 0 };
  const line = <R>(spec: StreamSpec<R>, record: R): string => {
    const index: Record<string, string | number> = {};
    for (const [column, of] of Object.entries(spec.columns)) {
      const value = of(record);
      if (value !== undefined) index[column] = value;
    }
    return recordLine(spec.name, spec.seqOf(record), spec.timeOf(record), spec.typeOf?.(record) ?? null, index, JSON.stringify(record));
  };
  let seq = 0;
  let vseq = 0;
  let eseq = 0;
  const version = (time: number, kind: typeof dojoKind, body: ObjectVersionRecord['body'], change: ObjectVersionRecord['change']) => {
    const record: ObjectVersionRecord = {
      seq: ++vseq,
      time,
      object: { ...kind, namespace: 'default', name: body.metadata.name!, uid: body.metadata.uid! },
      event: change === 'created' ? 'ADDED' : 'MODIFIED',
      resourceVersion: body.metadata.resourceVersion!,
      change,
      writer: 'dojo',
      body,
    };
    versions.push(line(versionsStream, record));
  };
  for (let n = 0; n < objects; n++) {
    version(start, dojoKind, dojoBody(n, n + 1, 1), 'created');
    version(start, deploymentKind, deploymentBody(n, n + 1, 1), 'created');
  }
  for (let i = 0; i < reconciles; i++) {
    const n = i % objects;
    const time = start + 1000 + i * stepMs;
    const key = `default/dojo-${n}`;
    const object = { ...dojoKind, namespace: 'default', name: `dojo-${n}`, uid: `dojo-uid-${n}` };
    const id = `r-${i}`;
    const worker = i % 4;
    const rv = 1000 + i;
    const trigger = { reason: 'watch', event: 'MODIFIED' as const, kind: 'Dojo', key, object, resourceVersion: String(rv), generation: 2, specChanged: false };
    const records: TelemetryRecord[] = [
      { seq: ++seq, time, type: 'watch-event', key, event: 'MODIFIED', kind: 'Dojo', object, resourceVersion: String(rv), generation: 2 },
      { seq: ++seq, time, type: 'enqueue', controller: 'dojo', key, object, reason: 'watch', trigger: { ...trigger, seq }, merged: false, outcome: 'queued' },
      { seq: ++seq, time: time + 1, type: 'dequeue', controller: 'dojo', key, object, worker, waitedMs: 1, triggerCount: 1 },
      {
        seq: ++seq,
        time: time + 1,
        type: 'reconcile-start',
        controller: 'dojo',
        key,
        object,
        worker,
        reconcileId: id,
        triggers: [trigger],
        droppedTriggers: 0,
      },
      {
        seq: ++seq,
        time: time + 2,
        type: 'api-call',
        controller: 'dojo',
        key,
        object,
        verb: 'get',
        resource: 'deployments.apps',
        namespace: 'default',
        name: object.name,
        code: 200,
        durationMs: 0.8,
        reconcileId: id,
        worker,
      },
      {
        seq: ++seq,
        time: time + 3,
        type: 'api-call',
        controller: 'dojo',
        key,
        object,
        verb: 'update',
        resource: 'dojos.core.jutsu.com/status',
        namespace: 'default',
        name: object.name,
        code: 200,
        rvSent: String(rv),
        rvReturned: String(rv + 1),
        fieldManager: 'dojo-console',
        durationMs: 1.2,
        reconcileId: id,
        worker,
      },
      { seq: ++seq, time: time + 4, type: 'reconcile-end', controller: 'dojo', key, object, worker, reconcileId: id, result: 'success', durationMs: 3.4 },
    ];
    if (i % 5 === 0)
      records.push({
        seq: ++seq,
        time: time + 4,
        type: 'condition-transition',
        key,
        kind: 'Dojo',
        object,
        resourceVersion: String(rv + 1),
        condition: 'Progressing',
        from: 'True',
        to: 'False',
        reason: 'Reconciled',
        message: 'All replicas are ready and up to date',
        observedGeneration: 2,
      });
    for (const r of records) telemetry.push(line(telemetryStream, r));
    if (i % 10 === 0) {
      const replicas = 1 + ((i / 10) % 3);
      version(time + 4, dojoKind, dojoBody(n, rv + 1, replicas), i % 20 === 0 ? 'spec' : 'status');
      if (i % 20 === 0) version(time + 4, deploymentKind, deploymentBody(n, rv + 2, replicas), 'spec');
    }
    if (i % 50 === 0) {
      const event: ObjectVersionRecord = {
        seq: ++eseq,
        time: time + 4,
        object: { group: '', kind: 'Event', namespace: 'default', name: `dojo-${n}.${i}`, uid: `event-${i}` },
        event: 'ADDED',
        resourceVersion: String(rv + 3),
        change: 'created',
        body: {
          apiVersion: 'v1',
          kind: 'Event',
          metadata: { namespace: 'default', name: `dojo-${n}.${i}`, uid: `event-${i}` },
          involvedObject: { apiVersion: 'core.jutsu.com/v1', kind: 'Dojo', name: `dojo-${n}`, namespace: 'default', uid: `dojo-uid-${n}` },
          reason: 'Scaled',
          message: `Scaled the Deployment of dojo-${n}`,
          type: 'Normal',
        },
      };
      events.push(line(eventsStream, event));
    }
  }
  counts.telemetry = telemetry.length;
  counts.versions = versions.length;
  counts.events = events.length;
  const end = start + 1000 + reconciles * stepMs + 1000;
  const stream = (spec: StreamSpec<never>, records: number, lastSeq: number): TraceStream => ({
    stream: spec.name,
    columns: Object.keys(spec.columns),
    records,
    baseline: 0,
    firstSeq: 1,
    lastSeq,
    completeSince: start,
    evicted: 0,
    evictedByType: {},
  });
  const header: TraceHeader = {
    format: 'dojotrace',
    schemaVersion: traceSchemaVersion,
    createdAt: new Date(end).toISOString(),
    createdBy: 'recording-open.bench',
    source: { clusterMode: 'embedded', server: 'https://127.0.0.1:6443', consoleVersion: 'bench' },
    window: { from: null, to: end },
    streams: [
      stream(eventsStream as StreamSpec<never>, events.length, eseq),
      stream(telemetryStream as StreamSpec<never>, telemetry.length, seq),
      stream(versionsStream as StreamSpec<never>, versions.length, vseq),
    ],
    meta: {
      controllers: [
        {
          name: 'dojo',
          role: 'operator',
          forKind: { group: 'core.jutsu.com', version: 'v1', kind: 'Dojo' },
          maxConcurrentReconciles: 4,
          watches: [{ relation: 'for', kind: 'Dojo', resource: 'dojos' }],
        },
      ],
      resources: [
        {
          group: 'core.jutsu.com',
          version: 'v1',
          versions: ['v1'],
          resource: 'dojos',
          kind: 'Dojo',
          namespaced: true,
          verbs: ['get', 'list', 'watch'],
          subresources: ['status'],
        },
        {
          group: 'apps',
          version: 'v1',
          versions: ['v1'],
          resource: 'deployments',
          kind: 'Deployment',
          namespaced: true,
          verbs: ['get', 'list', 'watch'],
          subresources: ['status'],
        },
        { group: '', version: 'v1', versions: ['v1'], resource: 'events', kind: 'Event', namespaced: true, verbs: ['get', 'list', 'watch'] },
      ],
      operators: ['dojo'],
    },
  };
  const gzip = createGzip();
  const out = createWriteStream(path);
  gzip.pipe(out);
  const closed = once(out, 'close');
  for (const chunk of [[JSON.stringify(header)], events, telemetry, versions]) {
    for (let i = 0; i < chunk.length; i += 1000) if (!gzip.write(`${chunk.slice(i, i + 1000).join('\n')}\n`)) await once(gzip, 'drain');
  }
  gzip.end();
  await closed;
  return { bytes: statSync(path).size, records: counts };
}

async function timedGet(base: string, token: string, path: string, accept?: string): Promise<void> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, ...(accept ? { accept } : {}) } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

const writeOnly = process.argv.indexOf('--write');
if (writeOnly >= 0) {
  log(JSON.stringify(await writeRecording(process.argv[writeOnly + 1]!)));
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'recording-open-'));
try {
  const file = join(dir, 'session.dojotrace');
  log(`writing a recording of ${reconciles.toLocaleString('en-US')} reconciles`);
  const written = await writeRecording(file);
  log(`${(written.bytes / 1024 / 1024).toFixed(1)} MB: ${JSON.stringify(written.records)}`);
  const openMs: number[] = [];
  const firstViewsMs: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const dataDir = join(dir, `open-${run}`);
    const t0 = performance.now();
    const opened = await openRecording({ file, dataDir, host: '127.0.0.1', port: 0 });
    const t1 = performance.now();
    const base = opened.console.url.replace(/\/$/, '');
    await Promise.all([
      timedGet(base, opened.token, '/api/session'),
      timedGet(base, opened.token, '/api/controllers'),
      timedGet(base, opened.token, '/api/telemetry?limit=1'),
      timedGet(base, opened.token, '/api/kube/apis/core.jutsu.com/v1/dojos?includeObject=Object', 'application/json;as=Table;v=v1;g=meta.k8s.io'),
    ]);
    const t2 = performance.now();
    await opened.stop();
    rmSync(dataDir, { recursive: true, force: true });
    openMs.push(t1 - t0);
    firstViewsMs.push(t2 - t0);
    log(`run ${run}: open ${Math.round(t1 - t0)} ms, first views answered ${Math.round(t2 - t0)} ms`);
  }
  process.stdout.write(
    `${JSON.stringify(
      {
        reconciles,
        objects,
        fileMb: round(written.bytes / 1024 / 1024, 1),
        records: written.records,
        runs,
        openMs: spread(openMs, 0),
        firstViewsMs: spread(firstViewsMs, 0),
        targetMs: 5000,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
