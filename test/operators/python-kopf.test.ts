/**
 * kopf, the newest release from PyPI (pinned with its dependencies in
 * examples/operators/python-kopf/requirements.txt), running kopf's own examples from its source
 * distribution, unmodified, each as its own process (`python -m kopf run --standalone
 * --verbose --namespace NS examples/NN/example.py`) with a kubeconfig from `dojo-console
 * connect NAME`, against the console's embedded cluster — as
 * examples/operators/python-kopf/README.md tells a person to. Beside them runs
 * examples/operators/python-kopf-hotloop, a kopf handler of ours with the timestamp bug.
 *
 * Each checks kopf's effect on its object (status, annotations, Events, finalizers) and what
 * the console shows for it: its card, its reconciles inferred from the watch event that caused
 * them, its Events, its watches, and the hot loop.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireToolchain } from '@dojo/toolchains';
import type { KubeObject } from '@dojo/kube-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsAbout, FindingTimes } from './testing/console-view.ts';
import { installKopfCrd, kopfexamples, kopfVersion, prepareKopf, runKopf as startKopf, type Kopf, type KopfExample } from './testing/kopf.ts';
import { eventually, startOperatorConsole, tail, type OperatorConsole, type OperatorProcess } from './testing/operator-console.ts';

const python = requireToolchain('python3', 'operators: kopf');
const hotloopScript = fileURLToPath(new URL('../../examples/operators/python-kopf-hotloop/hotloop.py', import.meta.url));
const minutes = 60_000;

const times = new FindingTimes(`kopf ${kopfVersion}`);
let view: OperatorConsole;
let kopf: Kopf;
const running: OperatorProcess[] = [];

const runKopf = (name: string, namespace: string, script: string) => startKopf(view, kopf, running, name, namespace, script);

/** kopf's own examples/obj.yaml, applied in `namespace`. */
async function createExample(namespace: string): Promise<KopfExample> {
  // The object as created (kubectl prints the server's answer): a GET after it can already see
  // kopf's first patch, whose resourceVersion is not the one that triggered it.
  return JSON.parse(await view.kubectl(['apply', '-n', namespace, '-f', join(kopf.sources, 'examples/obj.yaml'), '-o', 'json'])) as KopfExample;
}

const getExample = async (namespace: string) => (await view.admin('GET', `${kopfexamples(namespace)}/kopf-example-1`)).body as KopfExample;

/** The pass the console inferred for `object`'s version `rv`, once it has. */
async function passFor(client: string, rv: string | undefined) {
  return eventually(
    async () => (await view.telemetry(client, 'reconcile-start')).find((p) => p.triggers.some((t) => t.resourceVersion === rv)),
    () => `a reconcile of ${client} triggered by RV ${rv}`,
    20_000,
  );
}

describe.skipIf(!python)(`kopf ${kopfVersion}'s own examples, unmodified, each as its own process`, { timeout: 5 * minutes }, () => {
  beforeAll(async () => {
    let started = Date.now();
    kopf = await prepareKopf();
    console.log(`[kopf] venv and sdist built or found in ${((Date.now() - started) / 1000).toFixed(1)} s: ${kopf.sources}`);
    started = Date.now();
    view = await startOperatorConsole();
    await installKopfCrd(view, kopf);
  }, 30 * minutes);

  afterAll(async () => {
    times.print();
    await Promise.all(running.map((o) => o.stop()));
    await view?.close();
  });

  it("01-minimal: its handler's result becomes the status, and the console links that pass to the ADDED event", async () => {
    const client = 'kopf-minimal';
    const operator = await runKopf(client, 'kopf-minimal', 'examples/01-minimal/example.py');
    const created = await createExample('kopf-minimal');
    const handled = await eventually(
      async () => {
        const now = await getExample('kopf-minimal');
        return (now.status?.create_fn as { message?: string } | undefined)?.message === 'hello world' && now;
      },
      () => `status.create_fn.message:\n${tail(operator.output())}`,
    );
    expect(handled.metadata.annotations?.['kopf.zalando.org/last-handled-configuration']).toContain('"field":"value"');
    expect(operator.output()).toContain("And here we are! Creating: {'duration': '1m', 'field': 'value', 'items': ['item1', 'item2']}");

    const card = (await view.activity()).clients.find((c) => c.name === client);
    expect(card).toMatchObject({ kind: 'connected', userAgents: [`kopf/${kopfVersion}`] });
    await times.record(view, client, 'its card');
    const pass = await passFor(client, created.metadata.resourceVersion);
    expect(pass.inferred).toMatchObject({ rule: 'same-object-event', object: { kind: 'KopfExample', namespace: 'kopf-minimal', name: 'kopf-example-1' } });
    expect(pass.inferred!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(pass.triggers[0]).toMatchObject({ reason: 'watch', event: 'ADDED', kind: 'KopfExample' });
    const calls = (await view.telemetry(client, 'api-call')).filter((c) => c.reconcileId === pass.reconcileId).map((c) => `${c.verb} ${c.resource} ${c.code}`);
    expect(calls).toEqual(['patch kopfexamples 200', 'patch kopfexamples/status 200']);
    await times.record(view, client, 'its first inferred reconcile');

    // kopf lists then watches its resource, the CRDs and (run with --namespace) the namespaces.
    const watches = (await view.activity()).watches.find((w) => w.client === client)!;
    expect(
      watches.watches
        .filter((w) => w.closedAt === undefined)
        .map((w) => w.resource)
        .sort(),
    ).toEqual(['customresourcedefinitions', 'kopfexamples', 'namespaces']);
    expect(watches.lists.map((l) => l.resource).sort()).toEqual(['customresourcedefinitions', 'kopfexamples', 'namespaces']);
    await times.record(view, client, 'its lists and watches');
  });

  it("01-minimal: a person's write racing it is no 409: kopf merge-patches without a resourceVersion", async () => {
    const client = 'kopf-minimal';
    for (let i = 0; i < 5; i++) {
      await view.admin(
        'PATCH',
        `${kopfexamples('kopf-minimal')}/kopf-example-1?fieldManager=kubectl-edit`,
        { spec: { field: `raced-${i}` } },
        'application/merge-patch+json',
      );
    }
    await eventually(
      async () => (await getExample('kopf-minimal')).metadata.annotations?.['kopf.zalando.org/last-handled-configuration']?.includes('raced-4'),
      () => 'kopf to see the last write',
    ).catch(() => undefined);
    const card = (await view.activity()).clients.find((c) => c.name === client)!;
    expect(card.totals.conflicts).toBe(0);
    expect((await view.requests(client)).filter((r) => r.verb === 'patch').every((r) => r.rvSent === undefined)).toBe(true);
  });

  it('04-events: the four Events it posts appear on the object', async () => {
    const client = 'kopf-events';
    await runKopf(client, 'kopf-events', 'examples/04-events/example.py');
    const created = await createExample('kopf-events');
    const events = await eventually(
      async () => {
        const about = await eventsAbout(view, created);
        return about.length >= 4 && about;
      },
      () => 'four Events on kopf-example-1',
    );
    expect(events.map((e) => `${e.type} ${e.reason} ${e.message}`).sort()).toEqual([
      'Error SomeReason Some exception: Exception text.',
      'Normal SomeReason Some message',
      'SomeType SomeReason Some message',
      'Warning SomeReason Some message',
    ]);
    expect(events.every((e) => e.source?.component === 'kopf')).toBe(true);
    await times.record(view, client, 'its Events');
    const posts = (await view.requests(client)).filter((r) => r.resource === 'events' && r.verb === 'create');
    expect(posts.map((r) => r.code)).toEqual([201, 201, 201, 201]);
  });

  it('05-handlers: creation, a field change and deletion each run their handlers, and the console links the update to its MODIFIED event', async () => {
    const client = 'kopf-handlers';
    const operator = await runKopf(client, 'kopf-handlers', 'examples/05-handlers/example.py');
    await createExample('kopf-handlers');
    await eventually(
      () => operator.output().includes('CREATED 2nd'),
      () => `both creation handlers:\n${tail(operator.output())}`,
    );
    expect(operator.output()).toContain('CREATED 1st');
    const changed = await view.admin(
      'PATCH',
      `${kopfexamples('kopf-handlers')}/kopf-example-1`,
      { spec: { field: 'changed' } },
      'application/merge-patch+json',
    );
    await eventually(
      () => operator.output().includes('FIELD CHANGED: value -> changed') && operator.output().includes('UPDATED'),
      () => `the update handlers:\n${tail(operator.output())}`,
    );
    const pass = await passFor(client, (changed.body as KubeObject).metadata.resourceVersion);
    expect(pass.inferred).toMatchObject({ rule: 'same-object-event', object: { name: 'kopf-example-1', namespace: 'kopf-handlers' } });
    expect(pass.inferred!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(pass.triggers[0]).toMatchObject({ event: 'MODIFIED' });

    await view.kubectl(['delete', '-n', 'kopf-handlers', 'kopfexample', 'kopf-example-1', '--wait=true', '--timeout=60s']);
    expect(operator.output()).toContain('DELETED 1st');
    expect(operator.output()).toContain('DELETED 2nd');
    expect((await view.admin('GET', `${kopfexamples('kopf-handlers')}/kopf-example-1`)).code).toBe(404);
  });

  it('14-daemons: the daemon fails three times, saying so in the status, then runs', async () => {
    const client = 'kopf-daemons';
    const operator = await runKopf(client, 'kopf-daemons', 'examples/14-daemons/example.py');
    await createExample('kopf-daemons');
    await eventually(
      async () => (await getExample('kopf-daemons')).status?.message === 'Failed 3 times.',
      () => `status.message "Failed 3 times.":\n${tail(operator.output())}`,
    );
    await eventually(
      () =>
        operator.output().includes("=> Ping from a sync daemon: field='value', retry=3") &&
        operator.output().includes("=> Ping from an async daemon: field='value'"),
      () => `both daemons running:\n${tail(operator.output())}`,
    );
    const statusWrites = (await view.requests(client)).filter((r) => r.verb === 'patch' && r.subresource === 'status' && r.code === 200);
    expect(statusWrites.length).toBeGreaterThanOrEqual(3);
  });

  it('15-timers: both timers fire once the object has been idle', async () => {
    const client = 'kopf-timers';
    const operator = await runKopf(client, 'kopf-timers', 'examples/15-timers/example.py');
    await createExample('kopf-timers');
    await eventually(
      () => operator.output().includes("Ping from a sync timer: field='value'") && operator.output().includes("Ping from an async timer: field='value'"),
      () => `both timers:\n${tail(operator.output())}`,
    );
    expect((await view.activity()).clients.find((c) => c.name === client)).toMatchObject({ kind: 'connected', watchesHeld: 3 });
  });

  it("16-indexing: its timer writes the Running Pods its index holds (a Deployment's, made Ready by the simulated control plane)", async () => {
    const client = 'kopf-indexing';
    await view.kubectl(['create', 'deployment', 'web', '-n', 'default', '--image=nginx', '--replicas=1']);
    const operator = await runKopf(client, 'default', 'examples/16-indexing/example.py');
    await createExample('default');
    const pods = await eventually(
      async () => {
        const listed = (await getExample('default')).status?.['running-pods'] as string[] | undefined;
        return listed && listed.length > 0 && listed;
      },
      () => `status.running-pods:\n${tail(operator.output())}`,
    );
    expect(pods).toEqual([expect.stringMatching(/^default::web-[a-z0-9]+-[a-z0-9]+$/)]);
    const watched = (await view.activity()).watches.find((w) => w.client === client)!.watches.map((w) => w.resource);
    expect(watched).toEqual(expect.arrayContaining(['pods', 'kopfexamples']));
  });

  it('our broken handler (python-kopf-hotloop) is flagged as a hot loop naming status.lastSeen', async () => {
    const client = 'kopf-hotloop';
    const operator = await runKopf(client, 'kopf-hotloop', hotloopScript);
    await createExample('kopf-hotloop');
    const loop = await eventually(
      async () => (await view.activity()).hotLoops.find((l) => l.writers.includes(client)),
      () => `a hot loop:\n${tail(operator.output())}`,
    );
    await times.record(view, client, 'its hot loop');
    expect(loop).toMatchObject({
      kind: 'self',
      writers: [client],
      fieldPaths: ['status.lastSeen'],
      object: { name: 'kopf-example-1', namespace: 'kopf-hotloop' },
    });
  });
});
