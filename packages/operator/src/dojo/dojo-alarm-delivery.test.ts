import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@dojo/discord';
import type { Condition } from '@dojo/kube-api';
import { builtinTypes, type ReconcileEndRecord } from '@dojo/runtime';
import type { DiscordChannel } from '../api/discord-resources.ts';
import type { Dojo, DojoAlarm, DojoSpec } from '../api/dojo.ts';
import { cnpgDatabases, operatorTypes } from '../api/resource-types.ts';
import { createDiscordChain, readyCondition } from '../testing/discord-fixtures.ts';
import { startOperatorTestEnv, type OperatorTestEnv, type RunningOperator } from '../testing/operator-test-env.ts';
import { provideCredentials, reportDeployment, runDojoPod } from '../testing/simulated-cluster.ts';
import { eventually } from '../testing/eventually.ts';

const { dojos } = operatorTypes;
const ns = 'alarms';
let env: OperatorTestEnv;
let operator: RunningOperator;
let channelId: string;

beforeAll(async () => {
  env = await startOperatorTestEnv();
  operator = await env.startOperator();
  await env.namespace(ns);
  await createDiscordChain(env.api, ns, 'alerts');
  const channel = await eventually(async () => {
    const c = await env.api.get<DiscordChannel>(operatorTypes.discordChannels, { namespace: ns, name: 'alerts' });
    expect(readyCondition(c)?.status).toBe('True');
    return c;
  });
  channelId = channel.status!.id!;
});

afterAll(async () => {
  await env?.stop();
});

const read = (name: string): Promise<Dojo> => env.api.get<Dojo>(dojos, { namespace: ns, name });
const condition = (d: Dojo, type: string): Condition | undefined => d.status?.conditions?.find((c) => c.type === type);
const alarms = (d: Dojo): DojoAlarm[] => d.status?.alarms?.history ?? [];
const messagesAbout = (name: string): Message[] => env.sim.state.listMessages(channelId, { limit: 100 }).filter((m) => m.content.includes(`${ns}/${name} `));

/** A Dojo with alarms to the "alerts" channel, through credentials to a created Deployment. */
async function dojoWithAlarms(name: string, spec: Partial<DojoSpec> = {}): Promise<void> {
  await env.api.create(dojos, {
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { namespace: ns, name },
    spec: { accountId: 'Satoru Gojo', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, alarms: { channelRef: { name: 'alerts' } }, ...spec },
  });
  await eventually(() => env.api.get(cnpgDatabases, { namespace: ns, name }));
  await provideCredentials(env.api, ns, name);
  await eventually(() => env.api.get(builtinTypes.deployments, { namespace: ns, name }));
}

/** The pods crash-loop: the Deployment has no ready replica and the kubelet says CrashLoopBackOff. */
async function crash(name: string): Promise<void> {
  await reportDeployment(env.api, ns, name, { replicas: 1, ready: 0 });
  await runDojoPod(env.api, ns, name, `${name}-pod`, 'CrashLoopBackOff');
}

async function sentAlarm(name: string): Promise<DojoAlarm> {
  return eventually(async () => {
    const alarm = alarms(await read(name)).at(-1);
    expect(alarm?.state).toBe('Sent');
    return alarm!;
  });
}

describe('Dojo alarms', () => {
  it('posts exactly one message to the alarm channel when a Dojo goes into CrashLoopBackOff', async () => {
    await dojoWithAlarms('crashy', { image: 'ghcr.io/jutsu/dojo-app:crash' });
    await crash('crashy');
    const alarm = await sentAlarm('crashy');
    const dojo = await read('crashy');
    expect(condition(dojo, 'Degraded')).toMatchObject({ status: 'True', reason: 'CrashLoopBackOff' });
    expect(condition(dojo, 'Progressing')).toMatchObject({ status: 'False' });
    expect(alarm).toMatchObject({ id: 1, conditions: ['Degraded=True'], reason: 'CrashLoopBackOff', channelId, channel: { name: 'alerts', namespace: ns } });

    // Later passes (the pod keeps changing, the Deployment reports again) post nothing more.
    await reportDeployment(env.api, ns, 'crashy', { replicas: 1, ready: 0, updated: 1, available: 0 });
    await runDojoPod(env.api, ns, 'crashy', 'crashy-pod-2', 'CrashLoopBackOff');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const messages = messagesAbout('crashy');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ id: alarm.messageId, nonce: alarm.nonce });
    expect(messages[0]?.content).toContain('CrashLoopBackOff');
    expect(alarms(await read('crashy'))).toHaveLength(1);
  });

  it('posts one alarm when a Dojo stops being Available', async () => {
    await dojoWithAlarms('fragile', { replicas: 2 });
    await reportDeployment(env.api, ns, 'fragile', { replicas: 2, ready: 2 });
    await eventually(async () => expect(condition(await read('fragile'), 'Available')?.status).toBe('True'));
    await reportDeployment(env.api, ns, 'fragile', { replicas: 2, ready: 0 });
    const alarm = await sentAlarm('fragile');
    expect(alarm).toMatchObject({ conditions: ['Available=False'], reason: 'NoReplicasAvailable' });
    expect(messagesAbout('fragile')).toHaveLength(1);
  });

  it('posts exactly one message when the operator restarts after posting but before recording it (the nonce deduplicates)', async () => {
    // Every message POST now creates the message but answers 500: the operator cannot learn it was sent.
    env.sim.faults.set({ rate5xxAfterWrite: 1 });
    await dojoWithAlarms('phoenix', { image: 'ghcr.io/jutsu/dojo-app:crash' });
    await crash('phoenix');
    await eventually(async () => {
      expect(messagesAbout('phoenix')).toHaveLength(1);
      expect(alarms(await read('phoenix')).at(-1)?.state).toBe('Pending');
    });
    await operator.stop();
    env.sim.faults.set({ rate5xxAfterWrite: 0 });

    operator = await env.startOperator();
    const alarm = await sentAlarm('phoenix');
    const messages = messagesAbout('phoenix');
    expect(messages).toHaveLength(1);
    expect(messages[0]?.id).toBe(alarm.messageId);
  });

  it('finds the posted message by its marker when the nonce may have expired (a long outage)', async () => {
    env.sim.faults.set({ rate5xxAfterWrite: 1 });
    await dojoWithAlarms('lazarus', { image: 'ghcr.io/jutsu/dojo-app:crash' });
    await crash('lazarus');
    await eventually(() => expect(messagesAbout('lazarus')).toHaveLength(1));
    await operator.stop();
    env.sim.faults.set({ rate5xxAfterWrite: 0 });

    // A nonce window of 0: every Pending alarm counts as older than Discord's memory.
    operator = await env.startOperator({ alarmNonceWindowMs: 0 });
    const alarm = await sentAlarm('lazarus');
    expect(messagesAbout('lazarus').map((m) => m.id)).toEqual([alarm.messageId]);
  });

  it('posts exactly one message when the write recording it conflicts', async () => {
    const dojo = operator.controllers.dojo;
    await dojoWithAlarms('hydra', { image: 'ghcr.io/jutsu/dojo-app:crash' });
    await eventually(async () => expect(condition(await read('hydra'), 'Progressing')?.reason).toBe('RollingOut'));
    dojo.pause();
    await crash('hydra');
    // Step until the transition is recorded with its Pending alarm (nothing posted yet).
    await eventually(async () => {
      await dojo.step();
      expect(alarms(await read('hydra')).at(-1)?.state).toBe('Pending');
    });
    expect(messagesAbout('hydra')).toHaveLength(0);
    dojo.injectFaults({ conflictNextWrites: 1 });
    // The next pass for hydra posts, then its "Sent" write conflicts.
    let conflicted: ReconcileEndRecord | undefined;
    await eventually(async () => {
      const end = await dojo.step();
      if (end?.key === `${ns}/hydra` && end.result === 'conflict') conflicted = end;
      expect(conflicted).toBeDefined();
    });
    expect(messagesAbout('hydra')).toHaveLength(1);
    dojo.resume();
    const alarm = await sentAlarm('hydra');
    expect(messagesAbout('hydra').map((m) => m.id)).toEqual([alarm.messageId]);
  });
});
