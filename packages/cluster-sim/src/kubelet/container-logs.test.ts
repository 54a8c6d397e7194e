import { builtinTypes } from '@dojo/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Pod } from '../core/workload-types.ts';
import { startSimCluster, type SimCluster } from '../testing/sim-cluster.ts';
import type { ContainerLogWrite } from './container-logs.ts';

const { namespaces, pods } = builtinTypes;
const ns = 'logs';
const eventually = { timeout: 20_000, interval: 50 };

let cluster: SimCluster;
const written: ContainerLogWrite[] = [];

beforeAll(async () => {
  cluster = await startSimCluster();
  await cluster.client.create(namespaces, { metadata: { name: ns } });
  await cluster.startSim({ containerLogs: { writeContainerLogs: (writes) => written.push(...writes) }, logHeartbeatMs: 1000 });
}, 60_000);

afterAll(async () => {
  await cluster?.stop();
});

function pod(name: string, image: string): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: ns }, spec: { nodeName: 'dojo-sim-node', containers: [{ name: 'app', image }] } };
}

const get = (name: string): Promise<Pod> => cluster.client.get<Pod>(pods, { namespace: ns, name });
const linesOf = (containerId: string | undefined): string[] => written.flatMap((w) => (w.op === 'line' && w.containerId === containerId ? [w.text] : []));
const writesFor = (uid: string | undefined): ContainerLogWrite[] => written.filter((w) => 'podUid' in w && w.podUid === uid);

describe("the simulated kubelet's container logs", () => {
  it('logs a start line and a ready line for the instance the status names, then a heartbeat', async () => {
    await cluster.client.create(pods, pod('web', 'nginx:1.27'));
    const ready = await vi.waitFor(async () => {
      const p = await get('web');
      expect(p.status?.containerStatuses?.[0]?.ready).toBe(true);
      return p;
    }, eventually);
    const id = ready.status?.containerStatuses?.[0]?.containerID;
    await vi.waitFor(
      () =>
        expect(linesOf(id)).toEqual([
          expect.stringMatching(/^app: starting \(image "nginx:1.27", restart 0\) in pod logs\/web on node dojo-sim-node$/),
          'app: ready: readiness probe succeeded, serving',
        ]),
      eventually,
    );
    expect(writesFor(ready.metadata.uid)).toContainEqual({
      op: 'repeat',
      podUid: ready.metadata.uid,
      containerId: id,
      everyMs: 1000,
      text: 'app: heartbeat {n}: still running',
    });
  });

  it('logs each crash of a crash image to its own instance, so the previous one keeps its last words', async () => {
    await cluster.client.create(pods, pod('crasher', 'busybox:crash'));
    const restarted = await vi.waitFor(async () => {
      const p = await get('crasher');
      expect(p.status?.containerStatuses?.[0]?.restartCount).toBeGreaterThanOrEqual(1);
      expect(p.status?.containerStatuses?.[0]?.state.running).toBeDefined();
      return p;
    }, eventually);
    const status = restarted.status!.containerStatuses![0]!;
    const previous = status.lastState?.terminated?.containerID;
    expect(previous).toBeDefined();
    expect(previous).not.toBe(status.containerID);
    expect(linesOf(previous)).toEqual([
      expect.stringMatching(/^app: starting \(image "busybox:crash", restart \d\)/),
      'app: fatal: simulated crash (image tag "crash"); exiting with code 1',
    ]);
    expect(written).toContainEqual(expect.objectContaining({ op: 'end', containerId: previous }));
    await vi.waitFor(() => expect(linesOf(status.containerID)[0]).toMatch(/^app: starting \(image "busybox:crash", restart [1-9]\)/), eventually);
  });

  it('writes nothing for a container whose image cannot be pulled: it never started', async () => {
    await cluster.client.create(pods, pod('ghost', 'nginx:missing'));
    const pulling = await vi.waitFor(async () => {
      const p = await get('ghost');
      expect(p.status?.containerStatuses?.[0]?.state.waiting?.reason).toMatch(/ErrImagePull|ImagePullBackOff/);
      return p;
    }, eventually);
    expect(writesFor(pulling.metadata.uid)).toEqual([]);
  });

  it('goes on logging a running container after the kubelet restarts, saying what it no longer holds', async () => {
    await cluster.client.create(pods, pod('steady', 'nginx:1.27'));
    const ready = await vi.waitFor(async () => {
      const p = await get('steady');
      expect(p.status?.containerStatuses?.[0]?.ready).toBe(true);
      return p;
    }, eventually);
    const id = ready.status?.containerStatuses?.[0]?.containerID;
    await cluster.stopSims();
    await cluster.startSim({ containerLogs: { writeContainerLogs: (writes) => written.push(...writes) }, logHeartbeatMs: 1000 });
    await vi.waitFor(() => expect(linesOf(id)).toContain('app: (the output before the simulated kubelet restarted is not kept)'), eventually);
    expect(linesOf(id)[0]).toMatch(/^app: starting/);
    expect(written.filter((w) => w.op === 'repeat' && w.containerId === id)).toHaveLength(2);
  });

  it("drops a Pod's logs when the Pod is gone", async () => {
    const web = await get('web');
    await cluster.client.delete(pods, { namespace: ns, name: 'web' });
    await vi.waitFor(() => expect(written).toContainEqual({ op: 'drop-pod', podUid: web.metadata.uid }), eventually);
  });
});
