/**
 * k8s.io/sample-controller, upstream and unmodified, built with `go install` at two versions —
 * v0.34.3 (client-go lists, then watches) and v0.37.1 (client-go's WatchListClient is on by
 * default from 1.35: its informers ask for a streaming list, `sendInitialEvents=true`, and wait
 * for the `k8s.io/initial-events-end` bookmark) — each run as its own process against the
 * console's embedded cluster with a kubeconfig from `dojo-console connect NAME`, exactly as
 * examples/operators/go-sample-controller/README.md tells a person to. Beside it runs
 * examples/operators/go-hotloop, a client-go controller of ours with the classic timestamp bug.
 *
 * Each checks what the console shows: the operator's card, its reconciles inferred from the
 * watch event that caused them, the Deployment -> ReplicaSet -> Pods it made in the owner tree,
 * its Events, its watches (and lists), a 409 with the write that won, and the hot loop.
 */
import { fileURLToPath } from 'node:url';
import { goBuild, requireToolchain } from '@dojo/toolchains';
import type { KubeObject } from '@dojo/kube-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsAbout, FindingTimes, ownerTree } from './testing/console-view.ts';
import { foo, foos, installSampleController, sampleControllerCrd } from './testing/sample-controller.ts';
import { eventually, startOperatorConsole, startOperatorProcess, tail, type OperatorConsole, type OperatorProcess } from './testing/operator-console.ts';

const go = requireToolchain('go', 'operators: k8s.io/sample-controller');
const hotloopModule = fileURLToPath(new URL('../../examples/operators/go-hotloop/', import.meta.url));
const minutes = 60_000;

function describeSampleController(version: string, streamingLists: boolean): void {
  const client = `sample-controller-${version.replaceAll('.', '-')}`;
  const namespace = `foos-${version.replaceAll('.', '-')}`;
  const times = new FindingTimes(`k8s.io/sample-controller@${version}`);
  let view: OperatorConsole;
  let operator: OperatorProcess;
  let created: KubeObject;
  const why = () => `sample-controller's log:\n${tail(operator.output())}`;

  describe.skipIf(!go)(`k8s.io/sample-controller@${version}, unmodified, as its own process`, { timeout: 5 * minutes }, () => {
    beforeAll(async () => {
      const started = Date.now();
      const binary = await installSampleController(version);
      console.log(`[sample-controller@${version}] built or found in ${((Date.now() - started) / 1000).toFixed(1)} s: ${binary}`);
      view = await startOperatorConsole();
      await view.kubectl(['apply', '-f', sampleControllerCrd(version)]);
      await view.kubectl(['wait', '--for=condition=Established', 'crd/foos.samplecontroller.k8s.io', '--timeout=60s']);
      await view.kubectl(['create', 'namespace', namespace]);
      const kubeconfig = view.connect(client);
      operator = startOperatorProcess(binary, ['-kubeconfig', kubeconfig, '-v=4']);
      // Its informers are synced once both watches are open; a Foo created before would come from its first list instead.
      await eventually(
        async () => ((await view.activity()).clients.find((c) => c.name === client)?.watchesHeld ?? 0) >= 2,
        () => `its two watches; ${why()}`,
      );
    }, 30 * minutes);

    afterAll(async () => {
      times.print();
      await operator?.stop();
      await view?.close();
    });

    it('turns a Foo into a Deployment whose Pods become Ready, and its status follows', async () => {
      created = (await view.admin('POST', foos(namespace), foo(namespace, 'example-foo', 2))).body as KubeObject;
      expect(created.metadata.uid).toBeTruthy();
      const available = async () =>
        ((await view.admin('GET', `${foos(namespace)}/example-foo`)).body as { status?: { availableReplicas?: number } }).status?.availableReplicas === 2;
      await eventually(available, () => `Foo example-foo to report availableReplicas 2; ${why()}`, 2 * minutes);
    });

    it('shows its card under its connect name, with the watches it holds', async () => {
      const card = await eventually(async () => (await view.activity()).clients.find((c) => c.name === client), why);
      await times.record(view, client, 'its card');
      expect(card).toMatchObject({ kind: 'connected', userAgents: [expect.stringMatching(/^sample-controller\//)] });
      // Its informers' caches synced, whichever way they were filled.
      expect(operator.output()).toContain('"Started workers"');
      const watches = (await view.activity()).watches.find((w) => w.client === client)!;
      const open = watches.watches.filter((w) => w.closedAt === undefined).map((w) => w.resource);
      expect(open).toEqual(expect.arrayContaining(['foos', 'deployments']));
      const listed = watches.lists.map((l) => l.resource);
      if (streamingLists) {
        // A streaming list: no LIST; the watch starts with the current objects and ends them with a bookmark.
        expect(listed).not.toContain('foos');
        expect(listed).not.toContain('deployments');
        const fooWatch = watches.watches.find((w) => w.resource === 'foos' && w.closedAt === undefined)!;
        expect(fooWatch.startResourceVersion).toBeUndefined();
        expect(fooWatch.events.bookmarks).toBeGreaterThanOrEqual(1);
      } else {
        expect(listed).toEqual(expect.arrayContaining(['foos', 'deployments']));
      }
      await times.record(view, client, streamingLists ? 'its streaming lists' : 'its lists and watches');
    });

    it('shows the reconcile the Foo caused, linked to its ADDED event, and the writes it made', async () => {
      const passes = await view.telemetry(client, 'reconcile-start');
      const first = passes.find((p) => p.triggers.some((t) => t.resourceVersion === created.metadata.resourceVersion));
      expect(first?.inferred).toMatchObject({ rule: 'same-object-event', object: { kind: 'Foo', namespace, name: 'example-foo' } });
      expect(first!.inferred!.confidence).toBeGreaterThanOrEqual(0.8);
      expect(first!.triggers[0]).toMatchObject({ reason: 'watch', event: 'ADDED', kind: 'Foo', key: `${namespace}/example-foo` });
      await times.record(view, client, 'its first inferred reconcile');
      const calls = (await view.telemetry(client, 'api-call'))
        .filter((c) => c.reconcileId === first!.reconcileId)
        .map((c) => `${c.verb} ${c.resource} ${c.code}`);
      expect(calls).toEqual(expect.arrayContaining(['create deployments 201', 'update foos/status 200']));
      // Its Deployment's progress (owned-object events) brings the Foo back, until its status follows.
      expect(passes.some((p) => p.inferred?.rule === 'owned-object-event' && p.inferred.object.name === 'example-foo')).toBe(true);
    });

    it('shows the Deployment, ReplicaSet and Pods it made under the Foo in the owner tree', async () => {
      const tree = await ownerTree(view, created);
      expect(tree).toMatchObject({
        kind: 'Foo',
        name: 'example-foo',
        children: [{ kind: 'Deployment', name: 'example-foo', children: [{ kind: 'ReplicaSet', children: [{ kind: 'Pod' }, { kind: 'Pod' }] }] }],
      });
      await times.record(view, client, 'its children in the owner tree');
    });

    it('shows the Event it recorded on the Foo', async () => {
      const events = await eventually(async () => (await eventsAbout(view, created)).find((e) => e.reason === 'Synced'), why);
      expect(events).toMatchObject({ type: 'Normal', message: 'Foo synced successfully', source: { component: 'sample-controller' } });
      await times.record(view, client, 'its Events');
    });

    it('shows a 409 it got racing a person, with the write that won', async () => {
      // Every pass writes the Foo's status with the version its cache holds; a write landing between
      // its read and its write wins. (Its own earlier status write beats its lagging cache too: the
      // console shows those 409s with itself as the winner.)
      const raced = async () => (await view.telemetry(client, 'conflict')).find((c) => c.currentManager === 'kubectl-edit');
      const conflict = await eventually(
        async () => {
          for (let i = 0; i < 5; i++) {
            await view.admin(
              'PATCH',
              `${foos(namespace)}/example-foo?fieldManager=kubectl-edit`,
              { metadata: { annotations: { touched: `${Date.now()}-${i}` } } },
              'application/merge-patch+json',
            );
          }
          return raced();
        },
        () => `a 409 from it; ${why()}`,
      );
      const record = await eventually(
        async () => (await view.requests(client)).find((r) => r.code === 409 && r.rvSent === conflict.staleRV && r.conflict?.currentRV === conflict.currentRV),
        () => 'its 409 in the request log',
      );
      // currentClient needs the server to know who wrote the winning version when the 409 is
      // answered; it learns that when the winning request's response finishes, so a 409 landing
      // in between names the winner from managedFields only (no client): a server gap, reported.
      expect(conflict).toMatchObject({ key: `${namespace}/example-foo`, resource: 'foos/status', currentClient: 'kubectl' });
      expect(record.conflict?.writer).toMatchObject({ fieldManager: 'kubectl-edit' });
      expect((await view.activity()).clients.find((c) => c.name === client)!.totals.conflicts).toBeGreaterThanOrEqual(1);
      await times.record(view, client, 'its 409 with the winning writer');
    });
  });
}

describeSampleController('v0.34.3', false);
describeSampleController('v0.37.1', true);

describe.skipIf(!go)('go-hotloop, our client-go controller that stamps every pass, as its own process', { timeout: 5 * minutes }, () => {
  const client = 'go-hotloop';
  const namespace = 'hotloop';
  const times = new FindingTimes('go-hotloop');
  let view: OperatorConsole;
  let operator: OperatorProcess;

  beforeAll(async () => {
    const started = Date.now();
    const binary = await goBuild(hotloopModule, 'go-hotloop');
    console.log(`[go-hotloop] built or found in ${((Date.now() - started) / 1000).toFixed(1)} s: ${binary}`);
    view = await startOperatorConsole();
    await view.kubectl(['create', 'namespace', namespace]);
    // Lists are not what this one is about (sample-controller@v0.37.1's test is): client-go's classic LIST then WATCH.
    operator = startOperatorProcess(binary, ['-kubeconfig', view.connect(client), '-namespace', namespace], { env: { KUBE_FEATURE_WatchListClient: 'false' } });
  }, 30 * minutes);

  afterAll(async () => {
    times.print();
    await operator?.stop();
    await view?.close();
  });

  it('is flagged as a hot loop naming the annotation it rewrites', async () => {
    await eventually(
      () => operator.output().includes('watching configmaps'),
      () => `go-hotloop to start:\n${tail(operator.output())}`,
    );
    await view.kubectl(['create', 'configmap', 'spinning', '-n', namespace]);
    await view.kubectl(['label', 'configmap', 'spinning', '-n', namespace, 'hotloop=true']);
    const loop = await eventually(
      async () => (await view.activity()).hotLoops.find((l) => l.writers.includes(client)),
      () => `a hot loop:\n${tail(operator.output())}`,
    );
    await times.record(view, client, 'its hot loop');
    expect(loop).toMatchObject({
      kind: 'self',
      writers: [client],
      object: { name: 'spinning', namespace },
      fieldPaths: [expect.stringContaining('last-reconciled')],
    });
  });
});
