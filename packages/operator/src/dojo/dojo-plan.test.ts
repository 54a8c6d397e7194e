import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiscordChannel } from '../api/discord-resources.ts';
import type { Dojo } from '../api/dojo.ts';
import { credentialsSecret, ownedDatabase, ownedDeployment, planOptions, podIn, testDojo } from '../testing/dojo-objects.ts';
import { planDojo, type DojoAction } from './dojo-plan.ts';
import type { DojoObservation } from './dojo-status.ts';

const now = Date.parse('2026-03-01T10:00:00Z');
const plan = (dojo: Dojo, observed: Partial<DojoObservation>, at = now) => planDojo(dojo, { pods: [], ...observed }, planOptions, at);
const credentials = { name: 'creds', namespace: 'ns' };
const withCredentials = (dojo: Dojo): Dojo => ({ ...dojo, status: { ...dojo.status, credentials } });
const readyChannel: DiscordChannel = {
  metadata: { namespace: 'ns', name: 'alerts' },
  spec: { name: 'alerts', groupRef: { name: 'g' } },
  status: { id: '42', conditions: [{ type: 'Ready', status: 'True', reason: 'Synced', message: '', lastTransitionTime: '2026-03-01T09:00:00Z' }] },
};

/** Applies a status action the way the API server would (status replaced, spec untouched). */
function applied(dojo: Dojo, action: DojoAction): Dojo {
  return action.type === 'status' ? { ...dojo, status: action.status } : dojo;
}

describe('planDojo', () => {
  it('creates the CloudNativePG Database first, controlled by the Dojo, owner = credentialsRef.name', () => {
    const { action } = plan(testDojo(), {});
    expect(action).toMatchObject({ type: 'create', kind: 'Database', object: { spec: { owner: 'creds', name: 'dojo', cluster: { name: 'pg' } } } });
    expect(action.type === 'create' && action.object.metadata.ownerReferences).toMatchObject([{ kind: 'Dojo', uid: 'uid-1', controller: true }]);
  });

  it('waits for the credentials Secret with requeueAfter, and creates no Deployment meanwhile', () => {
    const dojo = testDojo();
    const first = plan(dojo, { database: ownedDatabase(dojo) });
    expect(first).toMatchObject({ action: { type: 'status' }, requeueAfterMs: 5000 });
    const waiting = applied(dojo, first.action);
    expect(waiting.status?.conditions?.find((c) => c.type === 'Progressing')).toMatchObject({ status: 'True', reason: 'WaitingForCredentials' });
    expect(plan(waiting, { database: ownedDatabase(dojo) })).toEqual({ action: { type: 'none' }, requeueAfterMs: 5000 });
  });

  it('records the credentials in status before creating the Deployment, which then takes env from them', () => {
    const dojo = testDojo();
    const recorded = plan(dojo, { database: ownedDatabase(dojo), credentialsSecret });
    expect(recorded.action).toMatchObject({ type: 'status', status: { credentials } });
    const next = plan(applied(dojo, recorded.action), { database: ownedDatabase(dojo), credentialsSecret });
    expect(next.action).toMatchObject({ type: 'create', kind: 'Deployment', object: { spec: { replicas: 3 } } });
    const container = next.action.type === 'create' && next.action.kind === 'Deployment' ? next.action.object.spec?.template?.spec?.containers?.[0] : undefined;
    expect(container?.image).toBe('app:1');
    expect(container?.env).toContainEqual({ name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'creds', key: 'uri' } } });
  });

  it('sets replicas and image back on a drifted Deployment and keeps what the API server defaulted', () => {
    const dojo = withCredentials(testDojo({ replicas: 5, image: 'app:2' }));
    const deployment = ownedDeployment(testDojo());
    deployment.spec!.template!.spec!.containers![0]!.terminationMessagePath = '/dev/termination-log';
    const { action } = plan(dojo, { database: ownedDatabase(dojo), credentialsSecret, deployment });
    expect(action).toMatchObject({ type: 'update', kind: 'Deployment', object: { spec: { replicas: 5 } } });
    const container = action.type === 'update' && action.kind === 'Deployment' ? action.object.spec?.template?.spec?.containers?.[0] : undefined;
    expect(container).toMatchObject({ image: 'app:2', terminationMessagePath: '/dev/termination-log' });
  });

  it('creates nothing for Mongo: Degraded with UnsupportedDatabase', () => {
    const { action } = plan(testDojo({ database: 'Mongo' }), {});
    expect(action.type).toBe('status');
    expect(action.type === 'status' && action.status.conditions?.find((c) => c.type === 'Degraded')).toMatchObject({
      status: 'True',
      reason: 'UnsupportedDatabase',
    });
  });

  it('creates nothing on a cluster without CloudNativePG: Degraded with CloudNativePGNotInstalled', () => {
    const { action } = planDojo(testDojo(), { pods: [] }, { ...planOptions, databaseServed: false }, now);
    expect(action.type).toBe('status');
    const degraded = action.type === 'status' ? action.status.conditions?.find((c) => c.type === 'Degraded') : undefined;
    expect(degraded).toMatchObject({ status: 'True', reason: 'CloudNativePGNotInstalled' });
    expect(degraded?.message).toContain('install CloudNativePG');
  });

  it('refuses credentials in another namespace: Pods cannot take env from there', () => {
    const { action } = plan(testDojo({ credentialsRef: { name: 'creds', namespace: 'elsewhere' } }), {});
    expect(action.type === 'status' && action.status.conditions?.find((c) => c.type === 'Degraded')).toMatchObject({
      status: 'True',
      reason: 'CredentialsNamespaceMismatch',
    });
  });

  it('refuses a name too long to label what the Dojo owns', () => {
    const dojo = { ...testDojo(), metadata: { ...testDojo().metadata, name: 'x'.repeat(64) } };
    const { action } = plan(dojo, {});
    expect(action.type === 'status' && action.status.conditions?.find((c) => c.type === 'Degraded')).toMatchObject({ status: 'True', reason: 'InvalidName' });
  });

  it('reports a Deployment it does not control as Degraded instead of taking it over', () => {
    const dojo = withCredentials(testDojo());
    const foreign = { ...ownedDeployment(dojo), metadata: { ...ownedDeployment(dojo).metadata, ownerReferences: [] } };
    const { action } = plan(dojo, { database: ownedDatabase(dojo), credentialsSecret, deployment: foreign });
    expect(action.type === 'status' && action.status.conditions?.find((c) => c.type === 'Degraded')).toMatchObject({
      status: 'True',
      reason: 'DeploymentConflict',
    });
  });

  it('posts a Pending alarm only once its channel is Ready, and looks back first when the nonce may have expired', () => {
    const dojo = withCredentials(testDojo({ replicas: 1, alarms: { channelRef: { name: 'alerts' } } }));
    const observed = {
      database: ownedDatabase(dojo),
      credentialsSecret,
      deployment: ownedDeployment(dojo, { replicas: 1 }),
      pods: [podIn('CrashLoopBackOff')],
    };
    const raised = plan(dojo, observed);
    expect(raised.action).toMatchObject({
      type: 'status',
      status: { alarms: { lastId: 1, history: [{ id: 1, state: 'Pending', reason: 'CrashLoopBackOff' }] } },
    });
    const pending = applied(dojo, raised.action);
    expect(plan(pending, observed).action).toEqual({ type: 'none' });
    expect(plan(pending, { ...observed, alarmChannel: readyChannel }).action).toMatchObject({
      type: 'alarm',
      channelId: '42',
      lookBack: false,
      alarm: { id: 1 },
    });
    expect(plan(pending, { ...observed, alarmChannel: readyChannel }, now + 61_000).action).toMatchObject({ type: 'alarm', lookBack: true });
  });

  it('reaches a fixpoint: after its own status write, the same observation asks for no further status write', () => {
    const observation = fc.record({
      mongo: fc.boolean(),
      database: fc.boolean(),
      secret: fc.boolean(),
      recorded: fc.boolean(),
      deployment: fc.boolean(),
      ready: fc.integer({ min: 0, max: 3 }),
      crashing: fc.boolean(),
      alarms: fc.boolean(),
    });
    fc.assert(
      fc.property(observation, (o) => {
        const base = testDojo({ replicas: 3, ...(o.mongo ? { database: 'Mongo' } : {}), ...(o.alarms ? { alarms: { channelRef: { name: 'alerts' } } } : {}) });
        const dojo = o.recorded ? withCredentials(base) : base;
        const observed: Partial<DojoObservation> = {
          ...(o.database ? { database: ownedDatabase(dojo) } : {}),
          ...(o.secret ? { credentialsSecret } : {}),
          ...(o.deployment
            ? { deployment: ownedDeployment(dojo, { replicas: 3, readyReplicas: o.ready, availableReplicas: o.ready, updatedReplicas: 3 }) }
            : {}),
          pods: o.crashing ? [podIn('CrashLoopBackOff')] : [],
        };
        const first = plan(dojo, observed);
        if (first.action.type !== 'status') return;
        const second = plan(applied(dojo, first.action), observed, now + 1000);
        expect(second.action.type).not.toBe('status');
      }),
    );
  });
});
