/**
 * A recording of a console that received OTLP traces says, opened later, what that console's
 * receiver had: its traced controllers and their reconciles as recorded, read-only. A recording
 * of a console without a receiver says plainly that it had none, and one made before consoles
 * kept that says it does not know, and shows the traced reconciles it holds.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TraceReceiverSnapshot } from '@dojo/console-protocol';
import { telemetryStream } from '@dojo/history';
import { otlpSender, traceReconcile } from '@dojo/telemetry-sources/testing';
import { testUpOptions } from '../testing/up-options.ts';
import { runUp, type RunningConsole } from '../up.ts';
import { exportRecordingFile } from './export-recording.ts';
import { openRecording, type RunningRecording } from './open-recording.ts';
import { tracesMeta } from '@dojo/recording';

const dir = mkdtempSync(join(tmpdir(), 'dojo-recorded-traces-'));
const running: (RunningConsole | RunningRecording)[] = [];

afterAll(async () => {
  for (const r of running.reverse()) await r.stop();
  rmSync(dir, { recursive: true, force: true });
});

const tracesOf = async (base: string, token: string): Promise<TraceReceiverSnapshot> =>
  (await (await fetch(`${base}api/traces`, { headers: { authorization: `Bearer ${token}` } })).json()) as TraceReceiverSnapshot;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A console (its receiver on or off), its traces as it answered them, and its recording opened elsewhere. */
async function recorded(name: string, otlpReceiver: boolean, before?: (up: RunningConsole) => void) {
  const dataDir = join(dir, name);
  const up = await runUp(testUpOptions({ dataDir, otlpReceiver }));
  running.push(up);
  let live: TraceReceiverSnapshot | undefined;
  if (otlpReceiver) {
    const sender = otlpSender({
      encoding: 'protobuf',
      endpoint: up.traces!.endpoint,
      token: readFileSync(join(dataDir, 'otlp-receiver-token'), 'utf8').trim(),
      service: 'dojo-operator-rs',
    });
    const t0 = Date.now() - 2_000;
    const server = 'https://10.96.0.1';
    traceReconcile(
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
    live = await until(
      () => tracesOf(up.console.url, up.token),
      (t) => t.controllers.length > 0,
    );
  }
  before?.(up);
  const telemetry = up.history.stream(telemetryStream);
  await until(
    async () => telemetry.pending,
    (pending) => pending === 0,
  );
  const file = join(dir, `${name}.dojotrace`);
  await exportRecordingFile(dataDir, file, { to: Date.now() });
  const recording = await openRecording({ file, dataDir: join(dir, `${name}-opened`), host: '127.0.0.1', port: 0 });
  running.push(recording);
  return { live, opened: await tracesOf(recording.console.url, recording.token) };
}

describe('traces in a recording', () => {
  it("says what the recorded console's receiver had: its traced controllers and reconciles, as recorded", async () => {
    const { live, opened } = await recorded('receiving', true);
    expect(live!.controllers).toEqual([
      expect.objectContaining({ controller: 'dojo-operator-rs/dojo', service: 'dojo-operator-rs', reconciles: 1, apiCalls: 2, conflicts: 1 }),
    ]);
    expect(opened).toMatchObject({ enabled: true, recorded: { receiver: 'on' }, requests: live!.requests, spans: live!.spans });
    const { firstSeen, lastSeen, ...counts } = live!.controllers[0]!;
    expect(opened.controllers).toEqual([expect.objectContaining(counts)]);
    expect(opened.controllers[0]!.lastSeen).toBe(lastSeen);
    expect(opened.controllers[0]!.firstSeen).toBe(firstSeen);
  }, 90_000);

  it('says plainly that the recorded console had no receiver', async () => {
    const { opened } = await recorded('not-receiving', false);
    expect(opened).toMatchObject({ enabled: false, recorded: { receiver: 'off' }, controllers: [] });
  }, 90_000);

  it('does not know, in a recording made before consoles kept it, and shows the traced reconciles it holds', async () => {
    const { opened } = await recorded('before', true, (up) => up.history.writeMeta(tracesMeta, null));
    expect(opened).toMatchObject({
      enabled: true,
      recorded: { receiver: 'unknown' },
      controllers: [{ controller: 'dojo-operator-rs/dojo', service: 'dojo-operator-rs', reconciles: 1 }],
    });
  }, 90_000);
});
