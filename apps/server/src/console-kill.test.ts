/**
 * kill -9 of the whole console (API server, operator, control plane, Discord simulator) in the
 * middle of a burst of creates, then a restart on the same data dir: every acknowledged create is
 * still there, every Dojo converges, and the operator neither duplicates Discord objects nor
 * posts an alarm twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnConsole, type ConsoleProcess } from './testing/console-process.ts';
import { kubectlFor } from './testing/kubectl.ts';
import { discordChainManifest, dojoManifest, duplicates, type SimulatorState } from './testing/fault-manifests.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-console-kill-'));
const running: ConsoleProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isCrash = (name: string) => name.startsWith('crash-');
const alarmsIn = (s: SimulatorState) => s.guilds.flatMap((g) => g.channels).flatMap((ch) => ch.messages);

describe('kill -9 of the whole console mid-load', () => {
  it('keeps every acknowledged create, converges every Dojo and sends nothing twice after a restart', async () => {
    const first = await spawnConsole(dataDir);
    running.push(first);
    const kubectl = kubectlFor(first.kubeconfigPath, join(dataDir, 'kubectl-cache'));
    await kubectl(['apply', '-f', '-'], discordChainManifest('ops'));

    // Creates flow from 3 writers; the kill lands once a handful are acknowledged.
    const names = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? `crash-${i}` : `dojo-${i}`));
    const acknowledged: string[] = [];
    let next = 0;
    const writers = Array.from({ length: 3 }, async () => {
      while (next < names.length) {
        const name = names[next++]!;
        const manifest = isCrash(name) ? dojoManifest(name, { image: 'ghcr.io/jutsu/dojo-app:crash', alarmsChannel: 'ops-channel' }) : dojoManifest(name);
        try {
          await kubectl(['create', '-f', '-', '--request-timeout=5s'], manifest);
          acknowledged.push(name);
        } catch {
          // Not acknowledged: it may or may not exist after the restart.
        }
      }
    });
    // Kill once creates are acknowledged and an alarm went out, so the restart must not repeat it.
    const alarmSent = async () => alarmsIn((await first.get('/api/simulators/discord/state')) as SimulatorState).length > 0;
    while (acknowledged.length < 8 || !(await alarmSent())) await sleep(100);
    await first.kill();
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);

    const second = await spawnConsole(dataDir);
    running.push(second);
    const kubectl2 = kubectlFor(second.kubeconfigPath, join(dataDir, 'kubectl-cache-2'));
    const listed = JSON.parse(await kubectl2(['get', 'dojos', '-o', 'json'])) as { items: { metadata: { name: string } }[] };
    const present = listed.items.map((d) => d.metadata.name);
    for (const name of acknowledged) expect(present).toContain(name);

    const healthy = present.filter((n) => !isCrash(n));
    const crashing = present.filter(isCrash);
    expect(crashing.length).toBeGreaterThan(0);
    if (healthy.length) await kubectl2(['wait', '--for=condition=Available', '--timeout=90s', ...healthy.map((n) => `dojo/${n}`)]);
    if (crashing.length) await kubectl2(['wait', '--for=condition=Degraded', '--timeout=90s', ...crashing.map((n) => `dojo/${n}`)]);
    await kubectl2(['wait', '--for=condition=Ready', '--timeout=60s', 'discordchannel/ops-channel']);

    const state = async () => (await second.get('/api/simulators/discord/state')) as SimulatorState;
    type Raised = { id: number; state: string; nonce?: string }[];
    const raised = async (name: string): Promise<Raised> =>
      (JSON.parse(await kubectl2(['get', 'dojo', name, '-o', 'json'])) as { status?: { alarms?: { history?: Raised } } }).status?.alarms?.history ?? [];
    const allSent = async () => {
      for (const name of crashing) {
        const history = await raised(name);
        if (history.length === 0 || history.some((a) => a.state === 'Pending')) return false;
      }
      return true;
    };
    for (let i = 0; i < 60 && !(await allSent()); i++) await sleep(500);
    // A few more reconciles must not repeat an alarm.
    await sleep(3000);
    // History first, then the channel: every alarm recorded as Sent is in the channel exactly once.
    // (A crash-looping Dojo may raise a new alarm per Degraded transition; each has its own ref.)
    const histories = new Map<string, Raised>();
    for (const name of crashing) histories.set(name, await raised(name));
    const final = await state();
    expect(duplicates(final.guilds.map((g) => g.name))).toEqual([]);
    for (const guild of final.guilds) expect(duplicates(guild.channels.map((ch) => `${ch.type ?? ''}:${ch.name}`))).toEqual([]);
    const refs = alarmsIn(final).map((m) => /alarm-ref: (\S+)/.exec(m.content)?.[1] ?? m.content);
    expect(duplicates(refs)).toEqual([]);
    for (const [name, history] of histories) {
      const sent = history.filter((a) => a.state === 'Sent');
      expect(sent.length, `alarms of ${name}: ${JSON.stringify(history)}`).toBeGreaterThan(0);
      for (const alarm of sent)
        expect(
          refs.filter((r) => r === (alarm.nonce ?? String(alarm.id))),
          `${name} alarm ${alarm.id}`,
        ).toHaveLength(1);
    }
  }, 180_000);
});
