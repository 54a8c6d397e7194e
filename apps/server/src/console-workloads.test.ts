/**
 * The workloads operators own, run by `npm start`'s cluster with its default delays (the
 * simulated control plane registered by `runUp`, not a test harness of the simulator): a
 * StatefulSet's Pods come up one at a time in ordinal order, each only once the one before it
 * is Ready (kube's OrderedReady pod management), and a Job created by kubectl runs to
 * completion, as `kubectl wait --for=condition=complete` sees it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KubeObject } from '@dojo/kube-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlFor, type Kubectl } from './testing/kubectl.ts';
import { testUpOptions } from './testing/up-options.ts';
import { runUp, type RunningConsole } from './up.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-console-workloads-'));
let running: RunningConsole;
let kubectl: Kubectl;

beforeAll(async () => {
  running = await runUp(testUpOptions({ dataDir }));
  kubectl = kubectlFor(running.kubeconfigPath, join(dataDir, 'kubectl-cache'));
}, 60_000);

afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const statefulSet = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'web', namespace: 'default' },
  spec: {
    serviceName: 'web',
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
  },
};

const isReady = (pod: KubeObject): boolean =>
  ((pod.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

describe('workloads in the console as npm start runs it', () => {
  it("brings a StatefulSet's Pods up in ordinal order, each after the one before it is Ready, with its claims bound", async () => {
    await kubectl(['apply', '-f', '-'], JSON.stringify(statefulSet));
    const firstSeen: string[] = [];
    const snapshotsWithAGap: string[] = [];
    const deadline = Date.now() + 120_000;
    for (;;) {
      const pods = (JSON.parse(await kubectl(['get', 'pods', '-l', 'app=web', '-o', 'json'])) as { items: KubeObject[] }).items;
      const byName = new Map(pods.map((pod) => [pod.metadata.name ?? '', pod]));
      for (const name of byName.keys()) if (!firstSeen.includes(name)) firstSeen.push(name);
      // OrderedReady: web-N is created only once web-0..web-(N-1) are Running and Ready.
      for (let ordinal = 1; ordinal < 3; ordinal++) {
        const earlier = byName.get(`web-${ordinal - 1}`);
        if (byName.has(`web-${ordinal}`) && !(earlier && isReady(earlier)))
          snapshotsWithAGap.push(`web-${ordinal} exists while web-${ordinal - 1} is not Ready`);
      }
      if (pods.length === 3 && pods.every(isReady)) break;
      if (Date.now() > deadline) throw new Error(`the StatefulSet's Pods did not all become Ready; seen: ${firstSeen.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(snapshotsWithAGap).toEqual([]);
    expect(firstSeen).toEqual(['web-0', 'web-1', 'web-2']);
    await kubectl(['rollout', 'status', 'statefulset/web', '--timeout=60s']);
    const claims = (JSON.parse(await kubectl(['get', 'pvc', '-o', 'json'])) as { items: KubeObject[] }).items;
    expect(claims.map((c) => [c.metadata.name, (c.status as { phase?: string }).phase]).sort()).toEqual([
      ['data-web-0', 'Bound'],
      ['data-web-1', 'Bound'],
      ['data-web-2', 'Bound'],
    ]);
  }, 180_000);

  it('runs a Job created by kubectl to completion', async () => {
    await kubectl(['create', 'job', 'once', '--image=busybox:1.36', '--', 'true']);
    await kubectl(['wait', '--for=condition=complete', 'job/once', '--timeout=120s']);
    const job = JSON.parse(await kubectl(['get', 'job', 'once', '-o', 'json'])) as KubeObject & { status: { succeeded?: number; completionTime?: string } };
    expect(job.status.succeeded).toBe(1);
    expect(job.status.completionTime).toEqual(expect.any(String));
    const pods = (JSON.parse(await kubectl(['get', 'pods', '-l', 'job-name=once', '-o', 'json'])) as { items: KubeObject[] }).items;
    expect(pods.map((pod) => (pod.status as { phase: string }).phase)).toEqual(['Succeeded']);
  }, 180_000);
});
