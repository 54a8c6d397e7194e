import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelType, type DiscordClient, type SimulatorRequestRecord } from '@dojo/discord';
import type { KubeObject } from '@dojo/kube-api';
import { builtinTypes, ControllerBuilder, Manager, type ApiCallRecord, type ReconcileEndRecord } from '@dojo/runtime';
import type { DiscordChannel, DiscordGroup, DiscordResource, DiscordServer } from '../api/discord-resources.ts';
import { operatorTypes } from '../api/resource-types.ts';
import { discordChannel, discordGroup, discordServer, readyCondition } from '../testing/discord-fixtures.ts';
import { startOperatorTestEnv, type OperatorTestEnv, type RunningOperator } from '../testing/operator-test-env.ts';
import { DiscordObjectReconciler, discordFinalizer } from './discord-object-reconciler.ts';
import { serverStrategy } from './server-strategy.ts';
import { ownershipMarker } from './discord-naming.ts';
import { eventually } from '../testing/eventually.ts';

const { discordServers, discordGroups, discordChannels } = operatorTypes;
let env: OperatorTestEnv;
let operator: RunningOperator;

beforeAll(async () => {
  env = await startOperatorTestEnv();
  operator = await env.startOperator();
});

afterAll(async () => {
  await env?.stop();
});

async function ready<T extends DiscordResource>(type: typeof discordServers, namespace: string, name: string): Promise<T> {
  return eventually(async () => {
    const object = await env.api.get<T>(type, { namespace, name });
    expect(readyCondition(object)).toMatchObject({ status: 'True', reason: 'Synced' });
    return object;
  });
}

const ends = (controller: string, key: string): ReconcileEndRecord[] =>
  (operator.manager.journal.query({ controller, objectKey: key, types: ['reconcile-end'], limit: 100_000 }).records as ReconcileEndRecord[]).filter(
    (r) => r.key === key,
  );

describe('Discord reconcilers', () => {
  it('makes a server -> group -> channel chain Ready in dependency order; a waiting channel is re-queued by its group, not polled', async () => {
    const ns = await env.namespace('chain');
    // Children first: each waits for its parent.
    await env.api.create(discordChannels, discordChannel(ns, 'alerts', 'ops', { name: 'Prod Alerts', topic: 'Dojo alarms' }));
    await env.api.create(discordGroups, discordGroup(ns, 'ops', 'guild', { name: 'Operations' }));
    const waiting = await eventually(async () => {
      const c = await env.api.get<DiscordChannel>(discordChannels, { namespace: ns, name: 'alerts' });
      expect(c.status?.conditions?.find((x) => x.type === 'Progressing')).toMatchObject({ status: 'True', reason: 'WaitingForGroup' });
      return c;
    });
    expect(readyCondition(waiting)).toMatchObject({ status: 'False', reason: 'WaitingForGroup' });
    expect(waiting.metadata.finalizers).toEqual([discordFinalizer]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const whileWaiting = ends('discordchannel', `${ns}/alerts`);
    // No polling (requeueAfter) and no failures; a conflict on a stale cache is the normal quiet retry.
    expect(whileWaiting.filter((r) => r.result === 'requeueAfter' || r.result === 'error')).toEqual([]);
    expect(whileWaiting.length).toBeLessThanOrEqual(6);

    await env.api.create(discordServers, discordServer(ns, 'guild', { name: 'Jujutsu High' }));
    const server = await ready<DiscordServer>(discordServers, ns, 'guild');
    const group = await ready<DiscordGroup>(discordGroups, ns, 'ops');
    const channel = await ready<DiscordChannel>(discordChannels, ns, 'alerts');

    const guild = env.sim.state.getGuild(server.status!.id!);
    expect(guild).toMatchObject({ name: 'Jujutsu High', description: ownershipMarker(server.metadata.uid!) });
    expect(env.sim.state.getChannel(group.status!.id!)).toMatchObject({ type: ChannelType.GuildCategory, name: 'Operations', guild_id: guild.id });
    expect(env.sim.state.getChannel(channel.status!.id!)).toMatchObject({
      type: ChannelType.GuildText,
      name: 'prod-alerts',
      parent_id: group.status!.id,
      topic: `Dojo alarms · ${ownershipMarker(channel.metadata.uid!)}`,
    });
    expect(channel.status).toMatchObject({ guildId: guild.id, parentId: group.status!.id, name: 'prod-alerts', observedGeneration: 1 });
    // The channel came back because its group changed: a mapped trigger from the DiscordGroup watch.
    const starts = operator.manager.journal.query({
      controller: 'discordchannel',
      objectKey: `${ns}/alerts`,
      types: ['reconcile-start'],
      limit: 100_000,
    }).records;
    expect(starts.some((r) => r.type === 'reconcile-start' && r.triggers.some((t) => t.reason === 'mapped' && t.kind === 'DiscordGroup'))).toBe(true);
  });

  it('corrects a rename made in Discord back to the spec on the next resync', async () => {
    const channel = await env.api.get<DiscordChannel>(discordChannels, { namespace: 'chain', name: 'alerts' });
    const group = await env.api.get<DiscordGroup>(discordGroups, { namespace: 'chain', name: 'ops' });
    env.sim.state.modifyChannel(channel.status!.id!, { name: 'hijacked', topic: 'nothing to see' });
    env.sim.state.modifyChannel(group.status!.id!, { name: 'Renamed By Hand' });
    await eventually(() => {
      expect(env.sim.state.getChannel(channel.status!.id!)).toMatchObject({
        name: 'prod-alerts',
        topic: `Dojo alarms · ${ownershipMarker(channel.metadata.uid!)}`,
      });
      expect(env.sim.state.getChannel(group.status!.id!).name).toBe('Operations');
    });
    const events = await eventually(async () => {
      const list = await env.api.list<KubeObject & { reason?: string }>(builtinTypes.events, {
        namespace: 'chain',
        fieldSelector: 'involvedObject.name=alerts',
      });
      expect(list.items.map((e) => e.reason)).toContain('DriftCorrected');
      return list.items;
    });
    expect(events.find((e) => e.reason === 'DriftCorrected')).toMatchObject({ message: expect.stringContaining('name, topic') });
  });

  it('renames the Discord object when the spec changes', async () => {
    await env.api.patch(discordServers, { namespace: 'chain', name: 'guild' }, { type: 'merge', body: { spec: { name: 'Kyoto Jujutsu High' } } });
    const server = await env.api.get<DiscordServer>(discordServers, { namespace: 'chain', name: 'guild' });
    await eventually(() => expect(env.sim.state.getGuild(server.status!.id!).name).toBe('Kyoto Jujutsu High'));
    await eventually(async () =>
      expect((await env.api.get<DiscordServer>(discordServers, { namespace: 'chain', name: 'guild' })).status?.observedGeneration).toBe(2),
    );
  });

  it('recreates an object deleted in Discord, and moves its orphaned children under the new one', async () => {
    const group = await env.api.get<DiscordGroup>(discordGroups, { namespace: 'chain', name: 'ops' });
    const channel = await env.api.get<DiscordChannel>(discordChannels, { namespace: 'chain', name: 'alerts' });
    const since = operator.manager.journal.lastSeq;
    // The group controller is held back, so the channel's resync meets its deleted category first.
    operator.controllers.discordGroup.pause();
    env.sim.state.deleteChannel(group.status!.id!);
    await eventually(() => {
      const failed = (
        operator.manager.journal.query({ sinceSeq: since, controller: 'discordchannel', types: ['reconcile-end'] }).records as ReconcileEndRecord[]
      ).filter((r) => r.result === 'error');
      expect(failed.map((r) => r.error)).toContainEqual(expect.stringContaining('Invalid Form Body'));
    });
    operator.controllers.discordGroup.resume();
    const recreated = await eventually(async () => {
      const g = await env.api.get<DiscordGroup>(discordGroups, { namespace: 'chain', name: 'ops' });
      expect(g.status?.id).not.toBe(group.status!.id);
      return g;
    });
    // A stale parent is not the spec's fault: the channel is not Degraded, it follows the new category.
    await eventually(() => expect(env.sim.state.getChannel(channel.status!.id!).parent_id).toBe(recreated.status!.id));
    await eventually(async () => {
      const after = await env.api.get<DiscordChannel>(discordChannels, { namespace: 'chain', name: 'alerts' });
      expect(after.status?.parentId).toBe(recreated.status!.id);
      expect(readyCondition(after)).toMatchObject({ status: 'True' });
    });
  });

  it('deletes the Discord channel when the DiscordChannel is deleted, then lets the resource go', async () => {
    const channel = await env.api.get<DiscordChannel>(discordChannels, { namespace: 'chain', name: 'alerts' });
    await env.api.delete(discordChannels, { namespace: 'chain', name: 'alerts' });
    await eventually(() => expect(env.api.get(discordChannels, { namespace: 'chain', name: 'alerts' })).rejects.toMatchObject({ code: 404 }));
    expect(() => env.sim.state.getChannel(channel.status!.id!)).toThrow('Unknown Channel');
    // Deleting the server deletes the guild; the group's delete then finds its category gone (404) and finishes.
    const server = await env.api.get<DiscordServer>(discordServers, { namespace: 'chain', name: 'guild' });
    await env.api.delete(discordServers, { namespace: 'chain', name: 'guild' });
    await env.api.delete(discordGroups, { namespace: 'chain', name: 'ops' });
    await eventually(async () => {
      expect((await env.api.list(discordServers, { namespace: 'chain' })).items).toEqual([]);
      expect((await env.api.list(discordGroups, { namespace: 'chain' })).items).toEqual([]);
    });
    expect(() => env.sim.state.getGuild(server.status!.id!)).toThrow('Unknown Guild');
  });

  it('adopts the guild it created before a crash instead of creating a second one', async () => {
    const ns = await env.namespace('adopt');
    const controller = operator.controllers.discordServer;
    controller.pause();
    const created = await env.api.create(discordServers, discordServer(ns, 'survivor', { name: 'Survivor Guild' }));
    // As if an earlier operator had created the guild and crashed before recording its id.
    const orphan = env.sim.state.createGuild({ name: 'Survivor Guild', description: ownershipMarker(created.metadata.uid!) });
    controller.resume();
    const server = await ready<DiscordServer>(discordServers, ns, 'survivor');
    expect(server.status?.id).toBe(orphan.id);
    expect(env.sim.state.listGuilds().filter((g) => g.name === 'Survivor Guild')).toHaveLength(1);
  });

  it('waits out a 429 with requeueAfter retry_after instead of failing', async () => {
    const ns = await env.namespace('limited');
    env.sim.faults.set({ rate429: 1, retryAfterSeconds: 0.25 });
    await env.api.create(discordServers, discordServer(ns, 'patient'));
    await eventually(() => expect(ends('discordserver', `${ns}/patient`).some((r) => r.result === 'requeueAfter' && r.requeueAfter === 250)).toBe(true));
    env.sim.faults.set({ rate429: 0 });
    await ready<DiscordServer>(discordServers, ns, 'patient');
    expect(ends('discordserver', `${ns}/patient`).filter((r) => r.result === 'error')).toEqual([]);
  });

  it('makes at most one Kubernetes write per reconcile', () => {
    for (const controller of ['discordserver', 'discordgroup', 'discordchannel']) {
      const writes = (operator.manager.journal.query({ controller, types: ['api-call'], limit: 100_000 }).records as ApiCallRecord[]).filter(
        (c) => ['create', 'update', 'patch', 'delete'].includes(c.verb) && c.code < 300,
      );
      expect(writes.length).toBeGreaterThan(2);
      const perReconcile = new Map<string, number>();
      for (const w of writes) perReconcile.set(w.reconcileId!, (perReconcile.get(w.reconcileId!) ?? 0) + 1);
      expect(Math.max(...perReconcile.values())).toBe(1);
    }
  });

  it('reports what Discord rejects as Degraded, and tries again only when the spec changes', async () => {
    // The CRDs hold Discord's own limits, so a spec cannot provoke a 400; a strategy that sends a
    // one-letter guild name can. A bespoke controller runs the generic reconciler with it.
    await operator.stop();
    const ns = await env.namespace('rejected');
    const manager = await Manager.create({ kubeConfig: env.server.kubeConfig(), namespace: ns });
    const broken = {
      ...serverStrategy,
      create: (discord: DiscordClient, _s: DiscordServer, _p: undefined, signal: AbortSignal) => discord.createGuild({ name: 'x' }, { signal }),
    };
    ControllerBuilder.create(manager)
      .for(discordServers)
      .named('discordserver-broken')
      .complete(
        new DiscordObjectReconciler(broken, {
          client: manager.client,
          discord: env.discord,
          clock: manager.clock,
          events: { record: () => {} },
          resyncMs: 400,
        }),
      );
    await manager.start();
    try {
      await env.api.create(discordServers, discordServer(ns, 'refused'));
      const degraded = await eventually(async () => {
        const server = await env.api.get<DiscordServer>(discordServers, { namespace: ns, name: 'refused' });
        expect(server.status?.conditions?.find((c) => c.type === 'Degraded')).toMatchObject({ status: 'True', reason: 'InvalidSpec', observedGeneration: 1 });
        return server;
      });
      expect(degraded.status?.conditions?.find((c) => c.type === 'Degraded')?.message).toContain('name');
      expect(readyCondition(degraded)).toMatchObject({ status: 'False', reason: 'InvalidSpec' });
      expect(degraded.status?.conditions?.find((c) => c.type === 'Progressing')).toMatchObject({ status: 'False' });
      // Stuck until the spec changes: no more attempts at Discord, however many passes run.
      const requests: string[] = [];
      const listen = (r: SimulatorRequestRecord): void => void requests.push(`${r.method} ${r.path}`);
      env.sim.events.on('request', listen);
      await new Promise((resolve) => setTimeout(resolve, 600));
      env.sim.events.off('request', listen);
      expect(requests).toEqual([]);

      await env.api.patch(discordServers, { namespace: ns, name: 'refused' }, { type: 'merge', body: { spec: { description: 'second try' } } });
      await eventually(async () => {
        const server = await env.api.get<DiscordServer>(discordServers, { namespace: ns, name: 'refused' });
        expect(server.status?.conditions?.find((c) => c.type === 'Degraded')).toMatchObject({ status: 'True', observedGeneration: 2 });
      });
    } finally {
      await manager.stop();
    }
  });
});
