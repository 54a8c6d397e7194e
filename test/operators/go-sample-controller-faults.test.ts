/**
 * A fault injected into k8s.io/sample-controller@v0.37.1, upstream and unmodified, run as its
 * own process with a kubeconfig from `dojo-console connect NAME`: its status updates on a Foo
 * are answered kube's optimistic-lock 409 twice (`POST /api/clients/NAME/faults`, as
 * `dojo-console client NAME fault --verb update --resource foos.samplecontroller.k8s.io/status
 * --status 409 --count 2` sends it). The operator retries from its rate-limited workqueue until
 * the update goes through, and the console shows cause and reaction side by side: the faulted
 * requests marked with their rule, the inferred reconciles' API calls and conflicts marked
 * injected, then the update that succeeded.
 */
import type { ClientFaults, ClientReportCard, WatchOpenRecord } from '@dojo/console-protocol';
import { requireToolchain } from '@dojo/toolchains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientControls } from './testing/client-controls.ts';
import { eventually, startOperatorConsole, startOperatorProcess, tail, type OperatorConsole, type OperatorProcess } from './testing/operator-console.ts';
import { foos, installSampleController, sampleControllerCrd } from './testing/sample-controller.ts';

const go = requireToolchain('go', 'operators: k8s.io/sample-controller');
const version = 'v0.37.1';
const client = 'faulted-sample-controller';
const namespace = 'foos-faulted';
const minutes = 60_000;

describe.skipIf(!go)(`a 409 fault on k8s.io/sample-controller@${version}'s status updates`, { timeout: 5 * minutes }, () => {
  let view: OperatorConsole;
  let operator: OperatorProcess;
  const why = () => `sample-controller's log:\n${tail(operator.output())}`;

  async function consoleCall(method: string, path: string, body?: unknown): Promise<any> {
    const headers: Record<string, string> = { authorization: `Bearer ${view.running.token}`, 'x-dojo-console': '1' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${view.running.console.url.replace(/\/$/, '')}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return res.json();
  }

  beforeAll(async () => {
    const binary = await installSampleController(version);
    view = await startOperatorConsole();
    await view.kubectl(['apply', '-f', sampleControllerCrd(version)]);
    await view.kubectl(['wait', '--for=condition=Established', 'crd/foos.samplecontroller.k8s.io', '--timeout=60s']);
    await view.kubectl(['create', 'namespace', namespace]);
    const kubeconfig = view.connect(client);
    operator = startOperatorProcess(binary, ['-kubeconfig', kubeconfig, '-v=4']);
    await eventually(
      async () => ((await view.activity()).clients.find((c) => c.name === client)?.watchesHeld ?? 0) >= 2,
      () => `its two watches; ${why()}`,
    );
  }, 30 * minutes);

  afterAll(async () => {
    await operator?.stop();
    await view?.close();
  });

  it("retries the status update that got 409 until it goes through, and the Foo's status follows", async () => {
    const added: ClientFaults = await consoleCall('POST', `/api/clients/${client}/faults`, {
      verbs: ['update'],
      resource: 'foos.samplecontroller.k8s.io/status',
      status: 409,
      count: 2,
    });
    const ruleId = added.rules[0]!.id;
    await view.admin('POST', `/apis/samplecontroller.k8s.io/v1alpha1/namespaces/${namespace}/foos`, {
      apiVersion: 'samplecontroller.k8s.io/v1alpha1',
      kind: 'Foo',
      metadata: { name: 'example-foo', namespace },
      spec: { deploymentName: 'example-foo', replicas: 1 },
    });
    const available = async () =>
      (
        (await view.admin('GET', `/apis/samplecontroller.k8s.io/v1alpha1/namespaces/${namespace}/foos/example-foo`)).body as {
          status?: { availableReplicas?: number };
        }
      ).status?.availableReplicas === 1;
    await eventually(available, () => `Foo example-foo to report availableReplicas 1; ${why()}`, 2 * minutes);

    // The rule fired exactly twice; the operator logged kube's words and tried again.
    expect((await consoleCall('GET', `/api/clients/${client}/faults`)).rules[0]).toMatchObject({ id: ruleId, injected: 2, exhausted: true });
    expect(operator.output()).toContain(
      'Operation cannot be fulfilled on foos.samplecontroller.k8s.io \\"example-foo\\": the object has been modified; please apply your changes to the latest version and try again',
    );
    const statusUpdates = (await view.requests(client)).filter((r) => r.verb === 'update' && r.resource === 'foos' && r.subresource === 'status');
    expect(statusUpdates.slice(0, 3).map((r) => [r.code, r.fault?.rule ?? null])).toEqual([
      [409, ruleId],
      [409, ruleId],
      [200, null],
    ]);
    // The faulted writes did not happen: the one that went through is the first to give the Foo a status.
    expect(statusUpdates[2]!.changedPaths).toEqual(['status']);
  });

  it('marks the faulted calls and their conflicts as injected in the reconciles the console inferred', async () => {
    const calls = await eventually(
      async () => {
        const found = (await view.telemetry(client, 'api-call')).filter((c) => c.resource === 'foos/status');
        return found.length >= 3 && found;
      },
      () => "the inferred reconciles' status updates",
    );
    expect(calls.slice(0, 3).map((c) => [c.code, c.injected ?? false])).toEqual([
      [409, true],
      [409, true],
      [200, false],
    ]);
    const conflicts = (await view.telemetry(client, 'conflict')).filter((c) => c.resource === 'foos/status');
    expect(conflicts.slice(0, 2).map((c) => c.injected)).toEqual([true, true]);
  });

  it('gets a report card saying it retried both 409s, with the delay and links to the 409 and its retry', async () => {
    const card: ClientReportCard = await consoleCall('GET', `/api/clients/${client}/report`);
    const line = (id: string) => card.lines.find((l) => l.id === id)!;
    const statusUpdates = (await view.requests(client)).filter((r) => r.verb === 'update' && r.resource === 'foos' && r.subresource === 'status');
    // The two injected 409s, and any real one its status update from a cache a write behind met.
    expect(line('conflict-retries')).toMatchObject({
      verdict: 'good',
      summary: expect.stringMatching(/^Retried every 409 \(\d+\), median \d+(\.\d)? m?s after the conflict\.$/),
    });
    const figure = (label: string) => line('conflict-retries').figures.find((f) => f.label === label)?.value;
    expect(figure('409s')).toBeGreaterThanOrEqual(2);
    expect(figure('given up')).toBe(0);
    // The first 409 links to its retry: the second faulted update.
    expect(line('conflict-retries').links.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'request', seq: statusUpdates[0]!.seq }),
      expect.objectContaining({ kind: 'request', seq: statusUpdates[1]!.seq }),
    ]);
    // And the inferred reconcile that met it, for the timeline.
    expect(line('conflict-retries').links).toContainEqual(expect.objectContaining({ kind: 'reconcile', reconcileId: expect.any(String) }));
    // An informer-driven controller writing /status of a CRD with the subresource, owning the Deployment it creates.
    expect(Object.fromEntries(card.lines.map((l) => [l.id, l.verdict]))).toMatchObject({
      watches: 'good',
      'status-subresource': 'good',
      'hot-loops': 'good',
      'stale-views': 'good',
    });
  });

  it('updates its Deployment on a stale view after a relist, and the console flags the write with the version it had not seen', async () => {
    const controls = clientControls(view, client);
    const deployment = `/apis/apps/v1/namespaces/${namespace}/deployments/example-foo`;
    // Its watch of the Deployment lags (a breakpoint stands in for a slow watch cache): unrelated
    // writes, then a person's label on the Deployment, which it is not shown.
    await controls.view({ op: 'break', breakpoint: { kind: 'Deployment', namespace, name: 'example-foo' } });
    for (let i = 0; i < 40; i++) await view.admin('POST', `/api/v1/namespaces/${namespace}/configmaps`, { metadata: { name: `filler-${i}` } });
    const labelled = (await view.admin('PATCH', deployment, { metadata: { labels: { touched: 'by-a-person' } } }, 'application/merge-patch+json')).body as {
      metadata: { resourceVersion: string };
    };
    const labelRV = Number(labelled.metadata.resourceVersion);
    // Its reads go 20 revisions before the label, and a 410 on its resumed Deployment watch sends its reflector to relist there.
    await controls.view({ op: 'stale', stale: { behind: 20 } });
    const opensBefore = (await controls.journal()).filter((r) => r.type === 'watch-open').length;
    const gone = await controls.fault({ verbs: ['watch'], resource: 'deployments.apps', gone: true, count: 1 });
    await view.running.apiserver!.closeWatches('the test ends every watch');
    // client-go v0.37 relists with a streaming list (WatchList), answered as of the stale view.
    await eventually(
      async () => {
        const opens = (await controls.journal()).filter((r): r is WatchOpenRecord => r.type === 'watch-open').slice(opensBefore);
        const refused = opens.findIndex((o) => o.fault?.rule === gone.id);
        return refused >= 0 && opens.slice(refused + 1).some((o) => o.resource === 'deployments' && o.streamingList);
      },
      () => `its reflector to relist Deployments after the 410; ${why()}`,
    );
    await controls.view({ op: 'stale', stale: null });

    // Scaling the Foo flows (its watch of Foos is not held): sample-controller replaces the
    // Deployment with one built from the Foo, without a resourceVersion, over the label it never saw.
    await view.admin('PATCH', `${foos(namespace)}/example-foo`, { spec: { replicas: 2 } }, 'application/merge-patch+json');
    const flagged = await eventually(
      async () => (await controls.staleness()).staleWrites.find((w) => w.object.name === 'example-foo' && w.resource === 'deployments'),
      () => `a stale write of the Deployment; ${why()}`,
    );
    expect(flagged).toMatchObject({ client, verb: 'update', currentResourceVersion: labelled.metadata.resourceVersion });
    expect(flagged.rvSent).toBeUndefined();
    expect(Number(flagged.seenResourceVersion)).toBeLessThan(labelRV);
    expect(flagged.unseen.map((u) => u.resourceVersion)).toEqual([labelled.metadata.resourceVersion]);
    expect(flagged.unseen[0]!.changedPaths).toEqual([expect.stringMatching(/^metadata\.labels/)]);
    // Its update dropped the label it had not seen: the lost update the flag warns of.
    const now = (await view.admin('GET', deployment)).body as { metadata: { labels?: Record<string, string> } };
    expect(now.metadata.labels?.touched).toBeUndefined();
    await controls.view({ op: 'continue' });
    await controls.clearFaults();
  });
});
