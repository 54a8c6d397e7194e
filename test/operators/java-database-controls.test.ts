/**
 * The controls of a connected client (docs/client-controls.md) against the seed's Database
 * operator (examples/operators/java-database: the Java Operator SDK on fabric8), unmodified, as
 * its own JVM with the kubeconfig `dojo-console connect` writes. A Database's spec.replicas
 * becomes its StatefulSet's; the embedded API server holds the watch events it would deliver to
 * the operator, faults its requests and answers its reads from an older view. Skipped, saying
 * so, without Maven and a JDK.
 */
import type { FaultRuleSpec, RequestJournalRecord } from '@dojo/console-protocol';
import { requireToolchain } from '@dojo/toolchains';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientControls, expectConflictRetryReported, type ClientControls } from './testing/client-controls.ts';
import { database, databases as databasesIn, installDatabaseCrd, packageJavaDatabase, startJavaDatabase } from './testing/java-database.ts';
import { eventually, startOperatorConsole, tail, type OperatorConsole, type OperatorProcess } from './testing/operator-console.ts';

const suite = 'operators: java-database (Java Operator SDK), controlled';
const tools = requireToolchain('mvn', suite) && requireToolchain('java', suite);
const client = 'db-controlled';
const namespace = 'db-controlled';
const minutes = 60_000;

let view: OperatorConsole;
let controls: ClientControls;
let operator: OperatorProcess | undefined;
const running: OperatorProcess[] = [];
const why = () => `the operator's output:\n${tail(operator?.output() ?? '')}`;

const databases = databasesIn(namespace);
const statefulSet = (name: string) => `/apis/apps/v1/namespaces/${namespace}/statefulsets/${name}`;
const replicasOf = async (name: string) => ((await view.admin('GET', statefulSet(name))).body as { spec?: { replicas?: number } }).spec?.replicas;
const scale = (name: string, replicas: number) => view.admin('PATCH', `${databases}/${name}`, { spec: { replicas } }, 'application/merge-patch+json');
const ready = async (name: string) =>
  ((await view.admin('GET', `${databases}/${name}`)).body as any)?.status?.conditions?.find((c: any) => c.type === 'Ready')?.status === 'True';
const records = <T extends RequestJournalRecord['type']>(all: RequestJournalRecord[], type: T) =>
  all.filter((r): r is Extract<RequestJournalRecord, { type: T }> => r.type === type);

describe.skipIf(!tools)('the Database operator on the Java Operator SDK, held, faulted and shown a stale view', { timeout: 5 * minutes }, () => {
  beforeAll(async () => {
    const command = await packageJavaDatabase();
    view = await startOperatorConsole();
    await installDatabaseCrd(view);
    await view.admin('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
    operator = await startJavaDatabase(view, command, running, { name: client, namespace });
    controls = clientControls(view, client);
    for (const name of ['one', 'two']) await view.admin('POST', databases, database(name, namespace, { replicas: 1 }));
    // Settled: the StatefulSets made and their Pods Ready, so nothing of theirs is in flight when a test pauses.
    for (const name of ['one', 'two'])
      await eventually(
        () => ready(name),
        () => `Database ${name} Ready; ${why()}`,
        2 * minutes,
      );
  }, 20 * minutes);

  afterEach(async () => {
    if (!controls) return;
    await controls.view({ op: 'stale', stale: null });
    await controls.view({ op: 'continue' });
    await controls.view({ op: 'resume' });
    await controls.clearFaults();
  });

  afterAll(async () => {
    await Promise.all(running.map((o) => o.stop()));
    await view?.close();
  });

  it('holds its reaction to an edit while paused; step releases exactly one event; resume the rest', async () => {
    await controls.view({ op: 'pause' });
    await scale('one', 2);
    await scale('two', 2);
    await eventually(
      async () => (await controls.held()).filter((h) => h.startsWith('MODIFIED Database')).length === 2,
      () => `both edits held; ${why()}`,
    );
    expect(await replicasOf('one')).toBe(1);
    expect(await replicasOf('two')).toBe(1);

    const stepped = await controls.stepUntil('MODIFIED Database one');
    expect(stepped).not.toContain('MODIFIED Database two');
    await eventually(
      async () => (await replicasOf('one')) === 2,
      () => `StatefulSet one scaled after the step; ${why()}`,
    );
    expect(await replicasOf('two')).toBe(1);
    // Its own write went through; the event it causes is held like any other.
    await eventually(
      async () => (await controls.held()).includes('MODIFIED StatefulSet one'),
      () => `its own StatefulSet write's event held; ${why()}`,
    );

    const resumed = await controls.view({ op: 'resume' });
    expect(resumed.released).toBeGreaterThanOrEqual(2);
    await eventually(
      async () => (await replicasOf('two')) === 2,
      () => `StatefulSet two scaled after resume; ${why()}`,
    );
  });

  it('a breakpoint on one Database holds only it; continue releases it', async () => {
    await controls.view({ op: 'break', breakpoint: { kind: 'Database', namespace, name: 'two' } });
    await scale('two', 3);
    await scale('one', 3);
    await eventually(
      async () => (await replicasOf('one')) === 3,
      () => `StatefulSet one scaled past the breakpoint; ${why()}`,
    );
    // Its edit, and any status write of its own on two since: events about two, and only about two.
    const held = await controls.held();
    expect(held[0]).toBe('MODIFIED Database two');
    expect(new Set(held)).toEqual(new Set(['MODIFIED Database two']));
    expect(await replicasOf('two')).toBe(2);
    await controls.view({ op: 'continue' });
    await eventually(
      async () => (await replicasOf('two')) === 3,
      () => `StatefulSet two scaled after continue; ${why()}`,
    );
  });

  it('takes a StatefulSet update answered 409 Conflict as a sign of a newer version, and retries on the next event', async () => {
    const rule = await controls.fault({ verbs: ['update'], resource: 'statefulsets.apps', name: 'one', status: 409, count: 1 });
    const logged = operator!.output().length;
    const before = Number(((await view.admin('GET', statefulSet('one'))).body as { metadata: { resourceVersion: string } }).metadata.resourceVersion);
    await scale('one', 1);
    await eventually(
      async () => (await controls.faults()).rules[0]!.injected === 1,
      () => `the fault to fire; ${why()}`,
    );
    await eventually(
      () =>
        /Conflict during reconciliation\. Message: Failure executing: PUT at: \S+\/statefulsets\/one\. Message: Operation cannot be fulfilled on statefulsets\.apps "one": the object has been modified/.test(
          operator!.output().slice(logged),
        ),
      () => `the SDK to log the conflict; ${why()}`,
    );
    expect((await controls.faults()).rules[0]).toMatchObject({ id: rule.id, injected: 1, exhausted: true });
    // The SDK does not reschedule a pass that met a conflict: a 409 means someone wrote a newer
    // version, whose event brings the next pass. An injected 409 had no winner, so the pass that
    // goes through is one a later event of what it watches brought (its Pods settling, or this nudge).
    await view.admin('PATCH', statefulSet('one'), { metadata: { labels: { nudged: 'once' } } }, 'application/merge-patch+json');
    await eventually(
      async () => (await replicasOf('one')) === 1,
      () => `StatefulSet one scaled after a later event; ${why()}`,
    );
    const updates = await eventually(
      async () => {
        const found = (await view.requests(client)).filter((r) => r.verb === 'update' && r.resource === 'statefulsets' && r.name === 'one' && !r.subresource);
        const faulted = found.findIndex((r) => r.fault?.rule === rule.id);
        return faulted >= 0 && found.some((r, i) => i > faulted && r.code === 200) && found.slice(faulted);
      },
      () => `the journal's records of the updates; ${why()}`,
    );
    expect(updates[0]!.code).toBe(409);
    // The update that went through sent a version newer than the StatefulSet had when the 409 came: read from a later event.
    const through = updates.find((r) => r.code === 200)!;
    expect(Number(through.rvSent)).toBeGreaterThan(before);
    // Its report card says how: retried, once a later event brought the next pass.
    await expectConflictRetryReported(controls);
  });

  it('a watch cut makes its informer watch again from where it was; a 410 on that resumed watch makes it relist', async () => {
    const opensBefore = records(await controls.journal(), 'watch-open').length;
    const watchOf = (effect: Partial<FaultRuleSpec>): FaultRuleSpec => ({
      verbs: ['watch'],
      resource: 'databases.stable.imaginedata.com',
      count: 1,
      ...effect,
    });
    const cut = await controls.fault(watchOf({ watchCut: true }));
    const gone = await controls.fault(watchOf({ gone: true }));
    // Its open watch was decided when it opened: end it (as a timeout would) so the next one meets the rules.
    await view.running.apiserver!.closeWatches('the test ends every watch');
    const relist = await eventually(
      async () => {
        const all = await controls.journal();
        const refused = records(all, 'watch-open').find((r) => r.fault?.rule === gone.id);
        return refused && records(all, 'request').find((r) => r.verb === 'list' && r.resource === 'databases' && r.seq > refused.seq);
      },
      () => `a relist of Databases after the 410; ${why()}`,
    );
    const opens = records(await controls.journal(), 'watch-open')
      .slice(opensBefore)
      .filter((o) => o.resource === 'databases');
    const cutAt = opens.findIndex((o) => o.fault?.rule === cut.id);
    expect(opens[cutAt]).toMatchObject({ fault: { watch: 'cut' }, resourceVersion: expect.stringMatching(/^\d+$/) });
    // fabric8 resumes after a dropped WebSocket from its last resourceVersion, and relists only on 410.
    expect(opens[cutAt + 1]).toMatchObject({ fault: { rule: gone.id, watch: 'gone' }, resourceVersion: expect.stringMatching(/^\d+$/) });
    expect(relist.seq).toBeGreaterThan(opens[cutAt + 1]!.seq);
    await scale('one', 2);
    await eventually(
      async () => (await replicasOf('one')) === 2,
      () => `StatefulSet one scaled after its relist; ${why()}`,
    );
  });

  it('patches status on a stale view after a relist, and the console flags the write with the version it had not seen', async () => {
    // Its watch of Database one lags (a breakpoint stands in for a slow watch cache): unrelated
    // writes, then a person's label on the Database, which it is not shown.
    await controls.view({ op: 'break', breakpoint: { kind: 'Database', namespace, name: 'one' } });
    for (let i = 0; i < 40; i++) await view.admin('POST', `/api/v1/namespaces/${namespace}/configmaps`, { metadata: { name: `filler-${i}` } });
    const labelled = (await view.admin('PATCH', `${databases}/one`, { metadata: { labels: { touched: 'by-a-person' } } }, 'application/merge-patch+json'))
      .body as { metadata: { resourceVersion: string } };
    // Its reads go 20 revisions before the label, and a 410 on its resumed watch sends its informer to relist there.
    await controls.view({ op: 'stale', stale: { behind: 20 } });
    const gone = await controls.fault({ verbs: ['watch'], resource: 'databases.stable.imaginedata.com', gone: true, count: 1 });
    await view.running.apiserver!.closeWatches('the test ends every watch');
    const staleList = await eventually(
      async () => {
        const all = await controls.journal();
        const refused = records(all, 'watch-open').find((r) => r.fault?.rule === gone.id);
        return refused && records(all, 'request').find((r) => r.verb === 'list' && r.resource === 'databases' && r.seq > refused.seq);
      },
      () => `a relist of Databases after the 410; ${why()}`,
    );
    expect(staleList).toMatchObject({ view: { readReason: 'stale' } });
    await controls.view({ op: 'stale', stale: null });

    // A change to what it owns flows (its StatefulSet watch is not held): the SDK reconciles
    // Database one from its cache and server-side-applies its status, over the label it never saw.
    await view.admin('PATCH', statefulSet('one'), { metadata: { labels: { nudged: 'yes' } } }, 'application/merge-patch+json');
    const flagged = await eventually(
      async () => (await controls.staleness()).staleWrites.find((w) => w.object.name === 'one' && w.resource === 'databases/status'),
      () => `a stale status write of Database one; ${why()}`,
    );
    expect(flagged).toMatchObject({ client, verb: 'patch', currentResourceVersion: labelled.metadata.resourceVersion });
    expect(Number(flagged.seenResourceVersion)).toBeLessThan(Number(labelled.metadata.resourceVersion));
    expect(flagged.unseen.map((u) => u.resourceVersion)).toEqual([labelled.metadata.resourceVersion]);
    expect(flagged.unseen[0]!.changedPaths).toEqual([expect.stringMatching(/^metadata\.labels/)]);
  });
});
