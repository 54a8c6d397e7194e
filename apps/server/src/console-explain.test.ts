/**
 * "Why is this not ready?" and field history by writer on the whole embedded stack: the seeds'
 * operators and plain built-ins, each in a state that is not ready for a reason a person can
 * act on, explained with that reason first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Explanation, FieldHistory, ReadinessHints } from '@dojo/console-protocol';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

const apply = (object: unknown) => c.kubectl(['apply', '-f', '-'], JSON.stringify(object));
const explain = async (key: string): Promise<Explanation> => {
  const res = await c.http('GET', `/api/explain?object=${encodeURIComponent(key)}`);
  expect(res.status).toBe(200);
  return res.body as Explanation;
};
const topOf = async (key: string) => (await explain(key)).blockers[0]?.title ?? '';
const dojo = (name: string, spec: Record<string, unknown>) => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: { name, namespace: 'default' },
  spec: { accountId: 'a', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, replicas: 1, ...spec },
});
const deployment = (name: string, image: string, replicas = 1) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: 'default' },
  spec: {
    replicas,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image }] } },
  },
});

describe('why is this not ready', () => {
  it('puts Degraded first for a Dojo on Mongo', async () => {
    await apply(dojo('mongo', { database: 'Mongo' }));
    await expect.poll(() => topOf('core.jutsu.com/Dojo/default/mongo'), { timeout: 30_000 }).toBe('Degraded: UnsupportedDatabase');
    const answer = await explain('core.jutsu.com/Dojo/default/mongo');
    expect(answer.readiness).toBe('failed');
    expect(answer.controller).toBe('dojo');
    expect(answer.blockers[0]).toMatchObject({ severity: 'failed', detail: 'Mongo is not supported yet; set spec.database to Postgres' });
  });

  it('says a Dojo waits for its credentials Secret, and when its controller looks again', async () => {
    // CloudNativePG creates the Secret; with its controller paused, it never comes.
    expect((await c.http('POST', '/api/controllers/cnpg-database/pause')).status).toBe(200);
    try {
      await apply(dojo('nosecret', { credentialsRef: { name: 'never-created' } }));
      await expect.poll(() => topOf('core.jutsu.com/Dojo/default/nosecret'), { timeout: 30_000 }).toBe('Progressing: WaitingForCredentials');
      const answer = await explain('core.jutsu.com/Dojo/default/nosecret');
      expect(answer.blockers[0]!.detail).toContain('never-created');
      expect(answer.blockers.map((b) => b.title)).toContain('Available is False: NoReplicasAvailable');
      expect(answer.blockers.find((b) => b.id === 'controller/next-look')?.title).toMatch(
        /^dojo: (requeued to run again in [\d.]+ s|processing on worker \d|waiting for a worker)/,
      );
    } finally {
      await c.http('POST', '/api/controllers/cnpg-database/resume');
    }
  });

  it('names the crashing Pod under a Deployment, through its ReplicaSet', async () => {
    await apply(deployment('crasher', 'busybox:crash'));
    await expect
      .poll(() => topOf('apps/Deployment/default/crasher'), { timeout: 30_000 })
      .toMatch(/^Pod crasher-[a-z0-9]+-[a-z0-9]+: Container app: CrashLoopBackOff$/);
    const answer = await explain('apps/Deployment/default/crasher');
    expect(answer.readiness).toBe('failed');
    expect(answer.blockers[0]!.via).toEqual([expect.objectContaining({ kind: 'ReplicaSet' })]);
    // Why it crashed is in its log: the link opens the Pod's Logs tab.
    expect(answer.blockers[0]!.links[0]!.target).toMatchObject({ page: 'object', tab: 'logs', object: { kind: 'Pod' } });
  }, 60_000);

  it('says a scaled Deployment is not rolled out while the kubelet holds its new Pods', async () => {
    await apply(deployment('scaled', 'nginx:1.27'));
    await c.kubectl(['rollout', 'status', 'deployment/scaled', '--timeout=60s']);
    expect((await explain('apps/Deployment/default/scaled')).readiness).toBe('ready');
    expect((await c.http('POST', '/api/controllers/kubelet/pause')).status).toBe(200);
    try {
      await c.kubectl(['scale', 'deployment/scaled', '--replicas=3']);
      await expect
        .poll(async () => (await explain('apps/Deployment/default/scaled')).blockers.map((b) => b.title), { timeout: 30_000 })
        .toEqual(expect.arrayContaining(['Rollout: 1 of 3 replicas available, 1 ready', '2 Pods: Pending on dojo-sim-node: its containers have not started']));
      const pending = (await explain('apps/Deployment/default/scaled')).blockers.find((b) => b.source === 'children')!;
      const pod = pending.object!;
      const podAnswer = await explain(`/Pod/default/${pod.name}`);
      expect(podAnswer.controller).toBe('kubelet');
      expect(podAnswer.blockers.find((b) => b.id === 'controller/held')?.title).toBe(`kubelet is paused: default/${pod.name} waits in its queue`);
    } finally {
      await c.http('POST', '/api/controllers/kubelet/resume');
    }
  }, 90_000);

  it('shows a KafkaTopic degraded while the broker is down, and who holds its deletion', async () => {
    await apply({
      apiVersion: 'kafka.example.com/v1',
      kind: 'KafkaTopic',
      metadata: { name: 'outage', namespace: 'default' },
      spec: { numPartitions: 1, replicationFactor: 1 },
    });
    await c.kubectl(['wait', '--for=condition=Ready', 'kafkatopic/outage', '--timeout=30s']);
    c.kafka!.setFaults({ unavailable: true });
    try {
      await c.kubectl(['delete', 'kafkatopic/outage', '--wait=false']);
      await expect
        .poll(() => topOf('kafka.example.com/KafkaTopic/default/outage'), { timeout: 30_000 })
        .toBe('Deletion waits for finalizer kafka.example.com/topic');
      const answer = await explain('kafka.example.com/KafkaTopic/default/outage');
      expect(answer.readiness).toBe('terminating');
      expect(answer.blockers[0]!.evidence[0]!.value).toMatch(/^added by controller kafkatopic \(reconcile [0-9a-f]{8}\) in version \d+$/);
      expect(answer.blockers.map((b) => b.title)).toEqual(expect.arrayContaining([expect.stringMatching(/^The last (\d+ )?reconciles? failed/)]));
    } finally {
      c.kafka!.setFaults({ unavailable: false });
    }
    await c.kubectl(['wait', '--for=delete', 'kafkatopic/outage', '--timeout=60s']);
  }, 90_000);

  it('names the missing destination namespace of a SecSynch', async () => {
    await c.kubectl(['create', 'secret', 'generic', 'explained', '--from-literal=k=v']);
    await apply({
      apiVersion: 'tutorial.study.dev/v1alpha1',
      kind: 'SecSynch',
      metadata: { name: 'explained', namespace: 'default' },
      spec: { sourceNamespace: 'default', secretName: 'explained', destinationNamespaces: ['nowhere-yet'] },
    });
    await expect.poll(() => topOf('tutorial.study.dev/SecSynch/default/explained'), { timeout: 30_000 }).toBe('Degraded: NamespaceNotFound');
  });

  it('gives every object of a kind its top blocker for the list', async () => {
    const res = await c.http('GET', '/api/explain/hints?group=core.jutsu.com&kind=Dojo&namespace=default');
    expect(res.status).toBe(200);
    const { hints } = res.body as ReadinessHints;
    expect(hints['default/mongo']).toMatchObject({ readiness: 'failed', top: { severity: 'failed', title: 'Degraded: UnsupportedDatabase' } });
  });

  it('answers a Status for an object that does not exist or a malformed key', async () => {
    expect((await c.http('GET', '/api/explain?object=core.jutsu.com/Dojo/default/missing')).body).toMatchObject({ kind: 'Status', code: 404 });
    expect((await c.http('GET', '/api/explain?object=nonsense')).body).toMatchObject({ kind: 'Status', code: 400 });
    expect((await c.http('GET', '/api/explain/hints')).body).toMatchObject({ kind: 'Status', code: 400 });
  });
});

describe('field history by writer', () => {
  it("attributes spec.replicas to kubectl and the Dojo's status to its controller's reconciles", async () => {
    await apply(dojo('fields', {}));
    await c.kubectl(['wait', '--for=condition=Available', 'dojo/fields', '--timeout=60s']);
    await c.kubectl(['scale', 'dojo/fields', '--replicas=2']);
    await expect
      .poll(
        async () => {
          const history = (await c.http('GET', '/api/history/fields?object=core.jutsu.com/Dojo/default/fields')).body as FieldHistory;
          return history.fields.find((f) => f.path === 'status.readyStatus')?.changes.at(-1)?.value;
        },
        { timeout: 60_000 },
      )
      .toBe('2/2');
    const history = (await c.http('GET', '/api/history/fields?object=core.jutsu.com/Dojo/default/fields')).body as FieldHistory;
    const replicas = history.fields.find((f) => f.path === 'spec.replicas')!;
    expect(replicas.changes.map((ch) => ch.value)).toEqual([1, 2]);
    expect(replicas.changes[1]!.writer.manager).toBe('kubectl');
    const ready = history.fields.find((f) => f.path === 'status.readyStatus')!;
    expect(ready.changes.at(-1)!.writer).toMatchObject({ source: 'telemetry', controller: 'dojo', reconcileId: expect.any(String) });
    expect(history.fields.find((f) => f.path === 'status.conditions[type=Available].status')).toBeDefined();
    const line = history.blame.find((l) => l.path === 'spec.replicas')!;
    expect(line.text.trim()).toBe('replicas: 2');
    expect(line.last?.writer.manager).toBe('kubectl');
  }, 90_000);

  it('traces an injected 409 to the version its writer had read', async () => {
    const before = (await c.http('GET', '/api/telemetry?types=conflict&controller=dojo')).body.lastSeq as number;
    await c.http('PUT', '/api/controllers/dojo/faults', { body: { conflictNextWrites: 1 } });
    await c.kubectl(['scale', 'dojo/fields', '--replicas=1']);
    // The write that fails is the Dojo's next one: its Deployment's scale, or its own status.
    let record: { object: { group: string; kind: string; namespace: string; name: string }; staleRV: string } | undefined;
    await expect
      .poll(async () => (record = (await c.http('GET', `/api/telemetry?types=conflict&controller=dojo&sinceSeq=${before}`)).body.records[0]), {
        timeout: 30_000,
      })
      .toBeDefined();
    const { group, kind, namespace, name } = record!.object;
    const history = (await c.http('GET', `/api/history/fields?object=${encodeURIComponent(`${group}/${kind}/${namespace}/${name}`)}`)).body as FieldHistory;
    expect(history.conflicts[0]).toMatchObject({
      controller: 'dojo',
      injected: true,
      staleRV: record!.staleRV,
      staleVersion: { resourceVersion: record!.staleRV },
    });
  }, 60_000);
});
