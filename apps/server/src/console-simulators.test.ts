/**
 * The operators' simulators through the console: the Dojo operator's Discord simulator and
 * KafkaTopic's broker start only when their module is selected, are listed at
 * `GET /api/simulators` under their module, and have their fault knobs relayed at
 * `/api/simulators/NAME/faults`; `GET /api/operators` names the modules in use.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OperatorList, SimulatorList } from '@dojo/console-protocol';
import { testUpOptions } from './testing/up-options.ts';
import { runUp, type RunningConsole } from './up.ts';

const dir = mkdtempSync(join(tmpdir(), 'dojo-console-simulators-'));
const started: RunningConsole[] = [];

async function start(name: string, operators: string[]): Promise<RunningConsole> {
  const running = await runUp(testUpOptions({ dataDir: join(dir, name), operators }));
  started.push(running);
  return running;
}

async function call(running: RunningConsole, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${running.token}`,
    ...(body === undefined ? {} : { 'content-type': 'application/json', 'x-dojo-console': '1' }),
  };
  const res = await fetch(`${running.console.url.replace(/\/$/, '')}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

afterAll(async () => {
  for (const running of started) await running.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the operators' simulators", () => {
  it('lists each selected module’s simulator, under its module, and relays its fault knobs', async () => {
    const running = await start('both', ['dojo', 'kafkatopic']);
    const list = (await call(running, 'GET', '/api/simulators')).body as SimulatorList;
    expect(list.simulators.map(({ name, module, label, controls }) => ({ name, module, label, controls }))).toEqual([
      { name: 'discord', module: 'dojo', label: 'Discord', controls: true },
      { name: 'kafka-broker', module: 'kafkatopic', label: 'Kafka', controls: true },
    ]);
    expect(list.simulators[0]!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v10$/);

    expect(await call(running, 'PUT', '/api/simulators/kafka-broker/faults', { errorRate: 0.5 })).toMatchObject({ status: 200, body: { errorRate: 0.5 } });
    expect(await call(running, 'GET', '/api/simulators/kafka-broker/faults')).toMatchObject({ status: 200, body: { errorRate: 0.5 } });
    // The simulator's own validation, as a Status.
    expect(await call(running, 'PUT', '/api/simulators/kafka-broker/faults', { errorRate: 2 })).toMatchObject({
      status: 400,
      body: { kind: 'Status', reason: 'BadRequest' },
    });
    expect(await call(running, 'GET', '/api/simulators/discord/state')).toMatchObject({ status: 200 });
    expect(await call(running, 'GET', '/api/simulators/nothing/state')).toMatchObject({ status: 404, body: { kind: 'Status', reason: 'NotFound' } });

    const modules = (await call(running, 'GET', '/api/operators')).body as OperatorList;
    expect(modules.operators.map((o) => [o.name, o.options.map((x) => x.flag)])).toEqual([
      ['dojo', ['discord-url']],
      ['kafkatopic', ['kafka-url']],
    ]);
  }, 120_000);

  it('starts no simulator for a module that has none, and serves no Discord page then', async () => {
    const running = await start('fruit', ['fruit']);
    expect(running.services.list()).toEqual([]);
    expect((await call(running, 'GET', '/api/simulators')).body).toEqual({ simulators: [] });
    expect((await call(running, 'GET', '/api/simulators/discord/state')).status).toBe(404);
  }, 120_000);
});
