import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Condition, KubeObject } from '@dojo/kube-api';
import { builtinTypes, type ApiCallRecord, type ConditionTransitionRecord, type ReconcileEndRecord } from '@dojo/runtime';
import type { CnpgDatabase } from '../api/cnpg.ts';
import type { Dojo, DojoSpec } from '../api/dojo.ts';
import { cnpgDatabases, operatorTypes } from '../api/resource-types.ts';
import type { Deployment } from '../api/workloads.ts';
import { startOperatorTestEnv, type OperatorTestEnv, type RunningOperator } from '../testing/operator-test-env.ts';
import { provideCredentials, reportDeployment, runDojoPod } from '../testing/simulated-cluster.ts';
import { eventually } from '../testing/eventually.ts';

const { dojos } = operatorTypes;
let env: OperatorTestEnv;
let operator: RunningOperator;

beforeAll(async () => {
  env = await startOperatorTestEnv();
  operator = await env.startOperator();
});

afterAll(async () => {
  await env?.stop();
});

function dojo(namespace: string, name: string, spec: Partial<DojoSpec> = {}): Dojo {
  return {
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { namespace, name },
    spec: { accountId: 'Masamichi Yaga', title: 'Tokyo Jujutsu High', credentialsRef: { name: `${name}-app` }, ...spec },
  };
}

const read = (namespace: string, name: string): Promise<Dojo> => env.api.get<Dojo>(dojos, { namespace, name });
const condition = (d: Dojo, type: string): Condition | undefined => d.status?.conditions?.find((c) => c.type === type);
const ofKey = (key: string) => (r: { key?: string }) => r.key === key;

function reconcileEnds(key: string): ReconcileEndRecord[] {
  return (
    operator.manager.journal.query({ controller: 'dojo', objectKey: key, types: ['reconcile-end'], limit: 100_000 }).records as ReconcileEndRecord[]
  ).filter(ofKey(key));
}

describe('DojoReconciler', () => {
  it('becomes Available with readyStatus 3/3, after recording the CloudNativePG credentials and passing them to the app as env', async () => {
    const ns = await env.namespace('tokyo');
    await env.api.create(dojos, dojo(ns, 'jujutsu-high', { replicas: 3 }));

    // 1. The Database, owned by the Dojo, whose owner is the credentialsRef name.
    const database = await eventually(() => env.api.get<CnpgDatabase>(cnpgDatabases, { namespace: ns, name: 'jujutsu-high' }));
    expect(database.spec).toEqual({ name: 'jujutsu_high', owner: 'jujutsu-high-app', cluster: { name: 'dojo-postgres' } });
    expect(database.metadata.ownerReferences).toMatchObject([{ kind: 'Dojo', name: 'jujutsu-high', controller: true }]);

    // 2. No Secret yet: Progressing, waiting, and nothing else is created.
    await eventually(async () =>
      expect(condition(await read(ns, 'jujutsu-high'), 'Progressing')).toMatchObject({ status: 'True', reason: 'WaitingForCredentials' }),
    );
    await expect(env.api.get(builtinTypes.deployments, { namespace: ns, name: 'jujutsu-high' })).rejects.toMatchObject({ code: 404 });

    // 3. CloudNativePG writes the Secret: recorded in status, then the Deployment takes env from it.
    await provideCredentials(env.api, ns, 'jujutsu-high');
    await eventually(async () => expect((await read(ns, 'jujutsu-high')).status?.credentials).toEqual({ name: 'jujutsu-high-app', namespace: ns }));
    const deployment = await eventually(() => env.api.get<Deployment>(builtinTypes.deployments, { namespace: ns, name: 'jujutsu-high' }));
    expect(deployment.spec?.replicas).toBe(3);
    const container = deployment.spec?.template?.spec?.containers?.[0];
    expect(container?.env).toEqual(
      expect.arrayContaining([
        { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'jujutsu-high-app', key: 'uri' } } },
        { name: 'DATABASE_PASSWORD', valueFrom: { secretKeyRef: { name: 'jujutsu-high-app', key: 'password' } } },
        { name: 'DOJO_TITLE', value: 'Tokyo Jujutsu High' },
      ]),
    );
    expect(container?.image).toBe('ghcr.io/jutsu/dojo-app:1.0.0');
    expect(deployment.metadata.ownerReferences).toMatchObject([{ kind: 'Dojo', name: 'jujutsu-high', controller: true }]);

    // 4. The Deployment controller reports 3/3.
    await reportDeployment(env.api, ns, 'jujutsu-high', { replicas: 3, ready: 3 });
    const ready = await eventually(async () => {
      const d = await read(ns, 'jujutsu-high');
      expect(d.status?.readyStatus).toBe('3/3');
      expect(condition(d, 'Progressing')).toMatchObject({ status: 'False', reason: 'Reconciled' });
      return d;
    });
    expect(ready.status).toMatchObject({
      replicas: 3,
      readyReplicas: 3,
      updatedReplicas: 3,
      availableReplicas: 3,
      observedGeneration: 1,
      selector: 'app.kubernetes.io/instance=jujutsu-high,app.kubernetes.io/name=dojo',
    });
    expect(condition(ready, 'Available')).toMatchObject({ status: 'True', reason: 'MinimumReplicasAvailable', observedGeneration: 1 });
    expect(condition(ready, 'Degraded')).toMatchObject({ status: 'False' });
    // Never wrote spec: the generation is still the one the user created.
    expect(ready.metadata.generation).toBe(1);
    // What the API server defaulted into the Deployment is not "drift": it was never updated.
    const deploymentWrites = (
      operator.manager.journal.query({ objectKey: `${ns}/jujutsu-high`, types: ['api-call'], limit: 100_000 }).records as ApiCallRecord[]
    ).filter((c) => c.resource === 'deployments.apps');
    expect(deploymentWrites.map((c) => c.verb)).toEqual(['create']);

    // The console's condition history: the informer journaled each transition — once its watch
    // delivers the status this test just read straight from the API server.
    await eventually(() => {
      const transitions = operator.manager.journal.query({ objectKey: `${ns}/jujutsu-high`, types: ['condition-transition'], limit: 100_000 })
        .records as ConditionTransitionRecord[];
      expect(transitions.filter((t) => t.condition === 'Available').map((t) => t.to)).toEqual(['False', 'True']);
    });
  });

  it("scales: Progressing=True with Available=True until 5/5, and the scale subresource reads like a Deployment's", async () => {
    const ns = await env.namespace('scaling');
    await readyDojo(ns, 'kyoto', 3);
    await env.api.patch(dojos, { namespace: ns, name: 'kyoto' }, { type: 'merge', body: { spec: { replicas: 5 } } });
    await eventually(async () => expect((await env.api.get<Deployment>(builtinTypes.deployments, { namespace: ns, name: 'kyoto' })).spec?.replicas).toBe(5));
    await reportDeployment(env.api, ns, 'kyoto', { replicas: 5, ready: 3, updated: 5, available: 3 });
    const scaling = await eventually(async () => {
      const d = await read(ns, 'kyoto');
      expect(d.status?.readyStatus).toBe('3/5');
      return d;
    });
    expect(condition(scaling, 'Progressing')).toMatchObject({ status: 'True', reason: 'RollingOut', observedGeneration: 2 });
    expect(condition(scaling, 'Available')).toMatchObject({ status: 'True' });
    expect(scaling.status?.observedGeneration).toBe(2);

    await reportDeployment(env.api, ns, 'kyoto', { replicas: 5, ready: 5 });
    await eventually(async () => {
      const d = await read(ns, 'kyoto');
      expect(d.status?.readyStatus).toBe('5/5');
      expect(condition(d, 'Progressing')).toMatchObject({ status: 'False', reason: 'Reconciled' });
    });
    const scale = (await env.api.getPath(`/apis/core.jutsu.com/v1/namespaces/${ns}/dojos/kyoto/scale`)) as {
      spec: { replicas: number };
      status: { replicas: number; selector: string };
    };
    expect(scale).toMatchObject({ spec: { replicas: 5 }, status: { replicas: 5, selector: 'app.kubernetes.io/instance=kyoto,app.kubernetes.io/name=dojo' } });
  });

  it('reports Mongo as Degraded (UnsupportedDatabase) with Progressing=False, and creates nothing', async () => {
    const ns = await env.namespace('mongo');
    await env.api.create(dojos, dojo(ns, 'osaka', { database: 'Mongo' }));
    const degraded = await eventually(async () => {
      const d = await read(ns, 'osaka');
      expect(condition(d, 'Degraded')).toMatchObject({ status: 'True', reason: 'UnsupportedDatabase' });
      return d;
    });
    expect(condition(degraded, 'Progressing')).toMatchObject({ status: 'False', reason: 'UnsupportedDatabase' });
    expect(condition(degraded, 'Available')).toMatchObject({ status: 'False' });
    await expect(env.api.get(cnpgDatabases, { namespace: ns, name: 'osaka' })).rejects.toMatchObject({ code: 404 });
    await expect(env.api.get(builtinTypes.deployments, { namespace: ns, name: 'osaka' })).rejects.toMatchObject({ code: 404 });
    // Unrecoverable is not an error storm either: nothing failed, nothing is retried.
    expect(reconcileEnds(`${ns}/osaka`).filter((r) => r.result === 'error')).toEqual([]);
  });

  it('waits for a missing credentials Secret with requeueAfter, not an error storm', async () => {
    const ns = await env.namespace('waiting');
    await env.api.create(dojos, dojo(ns, 'nara'));
    await eventually(async () => expect(condition(await read(ns, 'nara'), 'Progressing')).toMatchObject({ reason: 'WaitingForCredentials' }));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const ends = reconcileEnds(`${ns}/nara`);
    expect(ends.filter((r) => r.result === 'error' || r.result === 'conflict')).toEqual([]);
    const waits = ends.filter((r) => r.result === 'requeueAfter');
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits.every((r) => r.requeueAfter === 400)).toBe(true);
    // 1.5 s at one look per 400 ms, plus the passes the Database and status writes brought.
    expect(ends.length).toBeLessThan(14);
  });

  it('reports Pods in ImagePullBackOff as Degraded with that reason, and recovers when they run', async () => {
    const ns = await env.namespace('pulling');
    await readyDojo(ns, 'sendai', 1, { image: 'ghcr.io/jutsu/dojo-app:missing' });
    await reportDeployment(env.api, ns, 'sendai', { replicas: 1, ready: 0 });
    await runDojoPod(env.api, ns, 'sendai', 'sendai-1', 'ImagePullBackOff');
    await eventually(async () => {
      const d = await read(ns, 'sendai');
      expect(condition(d, 'Degraded')).toMatchObject({ status: 'True', reason: 'ImagePullBackOff' });
      expect(condition(d, 'Progressing')).toMatchObject({ status: 'False', reason: 'ImagePullBackOff' });
      expect(condition(d, 'Available')).toMatchObject({ status: 'False', reason: 'NoReplicasAvailable' });
    });
    await env.api.delete(builtinTypes.pods, { namespace: ns, name: 'sendai-1' });
    await runDojoPod(env.api, ns, 'sendai', 'sendai-2', 'Running');
    await reportDeployment(env.api, ns, 'sendai', { replicas: 1, ready: 1 });
    await eventually(async () => {
      const d = await read(ns, 'sendai');
      expect(condition(d, 'Degraded')).toMatchObject({ status: 'False', reason: 'AsExpected' });
      expect(condition(d, 'Available')).toMatchObject({ status: 'True' });
    });
  });

  it('reports a Deployment the API server rejects as Degraded, without retrying it', async () => {
    const ns = await env.namespace('rejected');
    // A blank image passes the CRD schema (any string) but no Deployment may carry it.
    await readyDojo(ns, 'blank', 1);
    await env.api.patch(dojos, { namespace: ns, name: 'blank' }, { type: 'merge', body: { spec: { image: ' ' } } });
    const degraded = await eventually(async () => {
      const d = await read(ns, 'blank');
      expect(condition(d, 'Degraded')).toMatchObject({ status: 'True', reason: 'InvalidDeployment', observedGeneration: 2 });
      return d;
    });
    expect(condition(degraded, 'Degraded')?.message).toContain('image');
    expect(condition(degraded, 'Progressing')).toMatchObject({ status: 'False', reason: 'InvalidDeployment' });
    // The running Deployment is left as it was: still Available.
    expect(condition(degraded, 'Available')).toMatchObject({ status: 'True' });
    const settled = reconcileEnds(`${ns}/blank`).length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = reconcileEnds(`${ns}/blank`);
    expect(after.filter((r) => r.result === 'error')).toEqual([]);
    // A retry loop would reconcile again and again (its backoff starts at milliseconds); the echo
    // of its own status write and a late event of its Deployment may each still bring one.
    expect(after.length - settled).toBeLessThanOrEqual(2);
  });

  it('requeues quietly after a forced 409 on the status write, and converges', async () => {
    const ns = await env.namespace('conflict');
    await readyDojo(ns, 'hiroshima', 2);
    const key = `${ns}/hiroshima`;
    const since = operator.manager.journal.lastSeq;
    operator.controllers.dojo.injectFaults({ conflictNextWrites: 1 });
    await reportDeployment(env.api, ns, 'hiroshima', { replicas: 2, ready: 1 });
    await eventually(async () => expect((await read(ns, 'hiroshima')).status?.readyStatus).toBe('1/2'));

    const records = operator.manager.journal.query({ sinceSeq: since, objectKey: key, limit: 100_000 }).records;
    const injected = records.filter((r): r is ApiCallRecord => r.type === 'api-call' && r.injected === true);
    expect(injected).toMatchObject([{ verb: 'update', resource: 'dojos.core.jutsu.com/status', code: 409 }]);
    const ends = records.filter((r): r is ReconcileEndRecord => r.type === 'reconcile-end');
    expect(ends.find((r) => r.reconcileId === injected[0]?.reconcileId)?.result).toBe('conflict');
    expect(ends.filter((r) => r.result === 'error')).toEqual([]);
    expect(records.some((r) => r.type === 'conflict' && r.injected === true)).toBe(true);
    expect(operator.controllers.dojo.state().faults.injected.conflicts).toBe(1);
  });

  it("makes at most one write per reconcile, never writes a Dojo's spec, and records Events off the reconcile path", async () => {
    const calls = operator.manager.journal.query({ controller: 'dojo', types: ['api-call'], limit: 100_000 }).records as ApiCallRecord[];
    // A write the server refused changed nothing (the rejected Deployment above is followed by
    // the status write that reports it): count the writes that changed something.
    const writes = calls.filter((c) => c.verb !== 'get' && c.verb !== 'list' && c.verb !== 'watch' && c.code < 300);
    expect(writes.length).toBeGreaterThan(10);
    const perReconcile = new Map<string, number>();
    for (const w of writes) perReconcile.set(w.reconcileId!, (perReconcile.get(w.reconcileId!) ?? 0) + 1);
    expect(Math.max(...perReconcile.values())).toBe(1);
    // Reads come from the informer caches: no GET or LIST reaches the API server.
    expect(calls.filter((c) => c.verb === 'get' || c.verb === 'list')).toEqual([]);
    for (const w of writes.filter((w) => w.resource.startsWith('dojos.'))) expect(w.resource).toBe('dojos.core.jutsu.com/status');
    expect(writes.filter((w) => w.resource === 'events')).toEqual([]);

    const events = await eventually(async () => {
      const list = await env.api.list<KubeObject & { reason?: string }>(builtinTypes.events, {
        namespace: 'tokyo',
        fieldSelector: 'involvedObject.name=jujutsu-high',
      });
      const reasons = list.items.map((e) => e.reason);
      expect(reasons).toEqual(expect.arrayContaining(['DatabaseCreated', 'CredentialsFound', 'DeploymentCreated', 'Available']));
      return list.items;
    });
    expect(events[0]).toMatchObject({ involvedObject: { kind: 'Dojo', name: 'jujutsu-high', namespace: 'tokyo' }, source: { component: 'dojo-operator' } });
  });
});

/** A Dojo through Database, credentials and Deployment to `replicas` ready replicas. */
async function readyDojo(namespace: string, name: string, replicas: number, spec: Partial<DojoSpec> = {}): Promise<void> {
  await env.api.create(dojos, dojo(namespace, name, { replicas, ...spec }));
  await eventually(() => env.api.get(cnpgDatabases, { namespace, name }));
  await provideCredentials(env.api, namespace, name);
  await eventually(() => env.api.get(builtinTypes.deployments, { namespace, name }));
  await reportDeployment(env.api, namespace, name, { replicas, ready: replicas });
  await eventually(async () => expect(condition(await read(namespace, name), 'Available')?.status).toBe(replicas > 0 ? 'True' : 'False'));
}
