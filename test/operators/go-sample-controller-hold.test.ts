/**
 * Pause, step and breakpoints on k8s.io/sample-controller (client-go, upstream and unmodified,
 * v0.37.1: its informers open streaming lists), run as its own process with a kubeconfig from
 * `dojo-console connect`: the embedded API server holds the watch events it would deliver to
 * it, so its reaction to a Foo's edit (setting its Deployment's replicas) waits for resume,
 * step lets exactly one through, and a breakpoint on one Foo holds only that Foo. The
 * controls go through the console's HTTP API (`/api/clients/:name/view`), the API server on
 * its own thread.
 */
import type { ClientViewCommand, ClientViewState } from '@dojo/console-protocol';
import { requireToolchain } from '@dojo/toolchains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startOperatorConsole, startOperatorProcess, tail, type OperatorConsole, type OperatorProcess } from './testing/operator-console.ts';
import { foo, foos, installSampleController, sampleControllerCrd } from './testing/sample-controller.ts';

const go = requireToolchain('go', 'operators: k8s.io/sample-controller');
const minutes = 60_000;
const version = 'v0.37.1';
const client = 'sample-controller-held';
const namespace = 'held-foos';

describe.skipIf(!go)(`k8s.io/sample-controller@${version}, paused, stepped and stopped at a breakpoint`, { timeout: 5 * minutes }, () => {
  let view: OperatorConsole;
  let operator: OperatorProcess;
  const why = () => `sample-controller's log:\n${tail(operator.output())}`;

  /** POST a command to the client's view, as the UI and the CLI do. */
  async function control(command: ClientViewCommand): Promise<ClientViewState> {
    const res = await fetch(new URL(`api/clients/${client}/view`, view.running.console.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${view.running.token}`, 'content-type': 'application/json', 'x-dojo-console': '1' },
      body: JSON.stringify(command),
    });
    if (!res.ok) throw new Error(`POST view ${command.op}: ${res.status} ${await res.text()}`);
    return (await res.json()) as ClientViewState;
  }
  const held = async () =>
    (await view.get<ClientViewState>(`/api/clients/${client}/view`)).watches.flatMap((w) => w.held.map((h) => `${h.type} ${h.kind} ${h.name}`));
  const deploymentReplicas = async (name: string) =>
    ((await view.admin('GET', `/apis/apps/v1/namespaces/${namespace}/deployments/${name}`)).body as { spec?: { replicas?: number } }).spec?.replicas;
  const scale = (name: string, replicas: number) => view.admin('PATCH', `${foos(namespace)}/${name}`, { spec: { replicas } }, 'application/merge-patch+json');

  beforeAll(async () => {
    const binary = await installSampleController(version);
    view = await startOperatorConsole();
    await view.kubectl(['apply', '-f', sampleControllerCrd(version)]);
    await view.kubectl(['wait', '--for=condition=Established', 'crd/foos.samplecontroller.k8s.io', '--timeout=60s']);
    await view.kubectl(['create', 'namespace', namespace]);
    operator = startOperatorProcess(binary, ['-kubeconfig', view.connect(client), '-v=4']);
    await eventually(
      async () => ((await view.activity()).clients.find((c) => c.name === client)?.watchesHeld ?? 0) >= 2,
      () => `its two watches; ${why()}`,
    );
    for (const name of ['one', 'two']) await view.admin('POST', foos(namespace), foo(namespace, name, 1));
    for (const name of ['one', 'two'])
      await eventually(
        async () => (await deploymentReplicas(name)) === 1,
        () => `Deployment ${name} with 1 replica; ${why()}`,
        2 * minutes,
      );
  }, 30 * minutes);

  afterAll(async () => {
    await operator?.stop();
    await view?.close();
  });

  it('holds its reaction to an edit while paused; step releases exactly the next event; resume the rest', async () => {
    const paused = await control({ op: 'pause' });
    expect(paused.paused?.resourceVersion).toMatch(/^\d+$/);
    await scale('one', 2);
    await scale('two', 2);
    await eventually(
      async () => (await held()).filter((h) => h.startsWith('MODIFIED Foo')).length === 2,
      () => `both Foo edits held; ${why()}`,
    );
    // It has not seen the edits, so it has not scaled (its 30 s resync re-reads its own, paused, cache).
    expect(await deploymentReplicas('one')).toBe(1);
    expect(await deploymentReplicas('two')).toBe(1);

    // Its watches end (a timeout, a restart): client-go watches again from the last resourceVersion
    // it got (no bookmark passed a held event), so the edits replay into the new watches, held again.
    await view.running.apiserver!.closeWatches('the test ends every watch');
    await eventually(
      async () => (await held()).filter((h) => h.startsWith('MODIFIED Foo')).length === 2,
      () => `both Foo edits held again on its new watches; ${why()}`,
    );
    expect(await deploymentReplicas('one')).toBe(1);

    // Step by step, oldest first, until Foo one's edit leaves (a Deployment's status change held
    // before it, from Pods still becoming Ready, would leave first): each step releases one event.
    const stepped: string[] = [];
    for (let i = 0; i < 20 && !stepped.includes('MODIFIED Foo one'); i++) {
      const step = await control({ op: 'step' });
      expect(step.released).toBe(1);
      stepped.push(`${step.stepped!.type} ${step.stepped!.kind} ${step.stepped!.name}`);
    }
    expect(stepped).toContain('MODIFIED Foo one');
    expect(stepped).not.toContain('MODIFIED Foo two');
    await eventually(
      async () => (await deploymentReplicas('one')) === 2,
      () => `Deployment one scaled after the step; ${why()}`,
    );
    expect(await deploymentReplicas('two')).toBe(1);
    // Its own write went through; the event it causes is held like any other.
    await eventually(
      async () => (await held()).includes('MODIFIED Deployment one'),
      () => `its own Deployment write's event held; ${why()}`,
    );

    const resumed = await control({ op: 'resume' });
    expect(resumed.released).toBeGreaterThanOrEqual(2);
    await eventually(
      async () => (await deploymentReplicas('two')) === 2,
      () => `Deployment two scaled after resume; ${why()}`,
    );
  });

  it('a breakpoint on one Foo holds only that Foo; continue releases it', async () => {
    const broke = await control({ op: 'break', breakpoint: { kind: 'Foo', namespace, name: 'two' } });
    expect(broke.breakpoints).toEqual([{ kind: 'Foo', namespace, name: 'two' }]);
    await scale('two', 3);
    await scale('one', 3);
    await eventually(
      async () => (await deploymentReplicas('one')) === 3,
      () => `Deployment one scaled past the breakpoint; ${why()}`,
    );
    expect(await held()).toEqual(['MODIFIED Foo two']);
    expect(await deploymentReplicas('two')).toBe(2);
    await control({ op: 'continue' });
    await eventually(
      async () => (await deploymentReplicas('two')) === 3,
      () => `Deployment two scaled after continue; ${why()}`,
    );
  });
});
