/**
 * The whole embedded stack behind the console: a Dojo applied with kubectl is reconciled by
 * the operator on the simulated cluster, and the console shows it — telemetry in causal order
 * and controller-runtime metrics with the dojo controller's labels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

const kubectl = (args: string[], stdin?: string): Promise<string> => c.kubectl(args, stdin);

const dojo = (name: string) =>
  JSON.stringify({
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { name, namespace: 'default' },
    spec: { accountId: 'a', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, replicas: 1 },
  });

describe('the operator behind the console', () => {
  it('lists the operator and system controllers', async () => {
    const res = await c.http('GET', '/api/controllers');
    const names = res.body.controllers.map((x: { name: string; role: string }) => `${x.role}:${x.name}`);
    expect(names).toContain('operator:dojo');
    expect(names).toContain('system:deployment-controller');
  });

  it('streams enqueue -> reconcile-start -> api-call -> reconcile-end for a new Dojo', async () => {
    const live = await c.socket();
    live.send({ op: 'subscribe', id: 't', kind: 'telemetry', controller: 'dojo', objectKey: 'default/telemetry' });
    await kubectl(['apply', '-f', '-'], dojo('telemetry'));
    const seen: string[] = [];
    await live.next((m) => {
      if (m.id !== 't' || m.type !== 'telemetry') return false;
      for (const r of m.records) seen.push(r.type);
      return seen.includes('reconcile-end');
    }, 30_000);
    const order = ['enqueue', 'reconcile-start', 'api-call', 'reconcile-end'].map((t) => seen.indexOf(t));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    live.ws.close();
  });

  it('becomes Available on the simulated cluster', async () => {
    await kubectl(['apply', '-f', '-'], dojo('available'));
    const waited = await kubectl(['wait', '--for=condition=Available', 'dojo/available', '--timeout=60s']);
    expect(waited.trim()).toBe('dojo.core.jutsu.com/available condition met');
  }, 90_000);

  it("shows each of the dojo controller's watches with the events its predicates passed", async () => {
    const res = await c.http('GET', '/api/controllers/dojo');
    expect(res.status).toBe(200);
    const watches = res.body.watches as { relation: string; kind: string; passed: number; filtered: number }[];
    expect(watches.map((w) => `${w.relation} ${w.kind}`)).toEqual(expect.arrayContaining(['for Dojo', 'owns Deployment']));
    expect(watches.find((w) => w.kind === 'Dojo')!.passed).toBeGreaterThan(0);
    expect(res.body.filteredEvents).toBe(watches.reduce((sum, w) => sum + w.filtered, 0));
  });

  it('exposes controller-runtime metrics with the dojo controller label', async () => {
    const res = await c.http('GET', '/metrics');
    const text = String(res.body);
    for (const name of [
      'controller_runtime_reconcile_total',
      'workqueue_depth',
      'workqueue_adds_total',
      'controller_runtime_reconcile_time_seconds_bucket',
      'rest_client_requests_total',
    ]) {
      expect(text).toContain(name);
    }
    expect(text).toMatch(/controller_runtime_reconcile_total\{controller="dojo",result="success"\} [1-9]/);
    expect(text).toMatch(/workqueue_adds_total\{[^}]*name="dojo"/);
  });

  it('shows 3/3, then Progressing with Available while scaling to 5, then 5/5', async () => {
    await kubectl(['apply', '-f', '-'], dojo('scaled').replace('"replicas":1', '"replicas":3'));
    await kubectl(['wait', '--for=jsonpath={.status.readyStatus}=3/3', 'dojo/scaled', '--timeout=60s']);
    await kubectl(['scale', 'dojo', 'scaled', '--replicas', '5']);
    await kubectl(['wait', '--for=condition=Progressing', 'dojo/scaled', '--timeout=30s']);
    const during = JSON.parse(await kubectl(['get', 'dojo', 'scaled', '-o', 'json']));
    const available = during.status.conditions.find((c: { type: string }) => c.type === 'Available');
    expect(available.status).toBe('True');
    await kubectl(['wait', '--for=jsonpath={.status.readyStatus}=5/5', 'dojo/scaled', '--timeout=60s']);
  }, 120_000);

  it('reports Mongo as Degraded and not Progressing', async () => {
    await kubectl(['apply', '-f', '-'], dojo('mongo').replace('"replicas":1', '"replicas":1,"database":"Mongo"'));
    await kubectl(['wait', '--for=condition=Degraded', 'dojo/mongo', '--timeout=30s']);
    const got = JSON.parse(await kubectl(['get', 'dojo', 'mongo', '-o', 'json']));
    const byType = Object.fromEntries(got.status.conditions.map((c: { type: string; status: string; reason: string }) => [c.type, c]));
    expect(byType.Degraded).toMatchObject({ status: 'True', reason: 'UnsupportedDatabase' });
    expect(byType.Progressing.status).toBe('False');
  }, 60_000);

  it('degrades a :crash Dojo and posts exactly one alarm to its Discord channel', async () => {
    const chain = [
      { apiVersion: 'core.jutsu.com/v1', kind: 'DiscordServer', metadata: { name: 'ops', namespace: 'default' }, spec: { name: 'Ops' } },
      {
        apiVersion: 'core.jutsu.com/v1',
        kind: 'DiscordGroup',
        metadata: { name: 'alerts', namespace: 'default' },
        spec: { name: 'Alerts', serverRef: { name: 'ops' } },
      },
      {
        apiVersion: 'core.jutsu.com/v1',
        kind: 'DiscordChannel',
        metadata: { name: 'pager', namespace: 'default' },
        spec: { name: 'pager', groupRef: { name: 'alerts' } },
      },
    ];
    for (const object of chain) await kubectl(['apply', '-f', '-'], JSON.stringify(object));
    await kubectl(['wait', '--for=condition=Ready', 'discordchannel/pager', '--timeout=60s']);
    const crash = JSON.parse(dojo('crashy'));
    crash.spec.image = 'ghcr.io/jutsu/dojo-app:crash';
    crash.spec.alarms = { channelRef: { name: 'pager' } };
    await kubectl(['apply', '-f', '-'], JSON.stringify(crash));
    await kubectl(['wait', '--for=condition=Degraded', 'dojo/crashy', '--timeout=60s']);
    const alarms = async () => {
      const state = (await c.http('GET', '/api/simulators/discord/state')).body as {
        guilds: { channels: { name: string; messages: { content: string }[] }[] }[];
      };
      return state.guilds
        .flatMap((g) => g.channels)
        .filter((ch) => ch.name === 'pager')
        .flatMap((ch) => ch.messages)
        .filter((m) => m.content.includes('crashy'));
    };
    for (let i = 0; i < 100 && (await alarms()).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    // Let a few more reconciles pass: the alarm must not repeat.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await alarms()).toHaveLength(1);
  }, 120_000);
});
