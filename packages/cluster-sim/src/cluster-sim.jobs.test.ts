import type { KubeObject } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Job } from './core/batch-types.ts';
import type { Pod } from './core/workload-types.ts';
import { runSecondsAnnotation } from './kubelet/container-behaviour.ts';
import { startSimCluster, type SimCluster } from './testing/sim-cluster.ts';

const { events, jobs, namespaces, pods } = builtinTypes;
const ns = 'jobs';
const eventually = { timeout: 20_000, interval: 50 };

let cluster: SimCluster;

beforeAll(async () => {
  cluster = await startSimCluster();
  await cluster.client.create(namespaces, { metadata: { name: ns } });
  await cluster.startSim();
});

afterAll(async () => {
  await cluster?.stop();
});

function job(name: string, image: string, spec: Partial<Job['spec']> = {}, annotations: Record<string, string> = {}): Job {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace: ns },
    spec: { template: { metadata: { annotations }, spec: { restartPolicy: 'Never', containers: [{ name: 'main', image }] } }, ...spec },
  };
}

const getJob = (name: string): Promise<Job> => cluster.client.get<Job>(jobs, { namespace: ns, name });
const podsOf = async (name: string): Promise<Pod[]> =>
  (await cluster.client.list<Pod>(pods, { namespace: ns, labelSelector: `batch.kubernetes.io/job-name=${name}` })).items;
const conditionTypes = (j: Job): string[] => (j.status?.conditions ?? []).filter((c) => c.status === 'True').map((c) => c.type);

async function eventsFor(name: string): Promise<KubeObject[]> {
  return (await cluster.client.list(events, { namespace: ns, fieldSelector: `involvedObject.name=${name}` })).items;
}

describe.concurrent('Jobs', () => {
  it('created by kubectl run their Pod to completion, and kubectl wait --for=condition=complete returns', async () => {
    await cluster.kubectlOk(['-n', ns, 'create', 'job', 'pi', '--image=perl:5.34']);
    await cluster.kubectlOk(['-n', ns, 'wait', '--for=condition=complete', 'job/pi', '--timeout=60s']);
    const done = await getJob('pi');
    expect(done.status).toMatchObject({ succeeded: 1, ready: 0, terminating: 0, uncountedTerminatedPods: {} });
    expect(done.status?.active).toBeUndefined();
    expect(conditionTypes(done)).toEqual(['SuccessCriteriaMet', 'Complete']);
    expect(done.status?.conditions?.[1]).toMatchObject({ reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' });
    expect(done.status?.completionTime).toBeDefined();
    const [pod] = await podsOf('pi');
    expect(pod?.metadata.name).toMatch(/^pi-[a-z0-9]{5}$/);
    expect(pod?.status?.phase).toBe('Succeeded');
    expect(pod?.metadata.finalizers ?? []).toEqual([]);
    expect(pod?.status?.containerStatuses?.[0]?.state.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect(pod?.status?.conditions?.find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'PodCompleted' });
    expect(await cluster.kubectlOk(['-n', ns, 'get', 'pods', '-l', 'batch.kubernetes.io/job-name=pi', '--no-headers'])).toMatch(
      /^pi-\w{5}\s+0\/1\s+Completed\s+0\s/,
    );
    expect(await cluster.kubectlOk(['-n', ns, 'get', 'job', 'pi', '--no-headers'])).toMatch(/^pi\s+Complete\s+1\/1\s/);
    await vi.waitFor(async () => {
      const seen = (await eventsFor('pi')).map((e) => `${String(e.reason)}: ${String(e.message)}`);
      expect(seen).toEqual(expect.arrayContaining([`SuccessfulCreate: Created pod: ${pod?.metadata.name ?? ''}`, 'Completed: Job completed']));
    }, eventually);
  });

  it('run completions Pods at most parallelism at a time', async () => {
    await cluster.client.create(jobs, job('batch', 'busybox', { completions: 4, parallelism: 2 }));
    let mostActive = 0;
    await vi.waitFor(async () => {
      const current = await getJob('batch');
      mostActive = Math.max(mostActive, current.status?.active ?? 0);
      expect(conditionTypes(current)).toContain('Complete');
    }, eventually);
    expect(mostActive).toBeLessThanOrEqual(2);
    expect((await getJob('batch')).status?.succeeded).toBe(4);
    expect(await podsOf('batch')).toHaveLength(4);
  });

  it('in Indexed mode run one Pod per completion index and report the completed indexes', async () => {
    await cluster.client.create(jobs, job('indexed', 'busybox', { completions: 3, parallelism: 3, completionMode: 'Indexed' }));
    await vi.waitFor(async () => expect(conditionTypes(await getJob('indexed'))).toContain('Complete'), eventually);
    expect((await getJob('indexed')).status?.completedIndexes).toBe('0-2');
    const names = (await podsOf('indexed'))
      .map((p) => `${p.metadata.labels?.['batch.kubernetes.io/job-completion-index'] ?? ''}:${p.metadata.name ?? ''}`)
      .sort();
    expect(names.map((n) => n.replace(/-[a-z0-9]{5}$/, ''))).toEqual(['0:indexed-0', '1:indexed-1', '2:indexed-2']);
  });

  it('fail with BackoffLimitExceeded once more Pods failed than backoffLimit allows', async () => {
    await cluster.client.create(jobs, job('flaky', 'busybox:fail', { backoffLimit: 1 }));
    await vi.waitFor(async () => expect(conditionTypes(await getJob('flaky'))).toContain('Failed'), eventually);
    const failed = await getJob('flaky');
    expect(conditionTypes(failed)).toEqual(['FailureTarget', 'Failed']);
    expect(failed.status?.conditions?.find((c) => c.type === 'Failed')).toMatchObject({
      reason: 'BackoffLimitExceeded',
      message: 'Job has reached the specified backoff limit',
    });
    expect(failed.status?.failed).toBe(2);
    expect(failed.status?.completionTime).toBeUndefined();
    const exits = (await podsOf('flaky')).map((p) => p.status?.containerStatuses?.[0]?.state.terminated?.exitCode);
    expect(exits).toEqual([1, 1]);
    await vi.waitFor(async () => expect((await eventsFor('flaky')).map((e) => e.reason)).toContain('BackoffLimitExceeded'), eventually);
  });

  it('fail with DeadlineExceeded after activeDeadlineSeconds, deleting the Pods still running', async () => {
    await cluster.client.create(jobs, job('slow', 'busybox', { activeDeadlineSeconds: 1 }, { [runSecondsAnnotation]: '60' }));
    await vi.waitFor(async () => expect(conditionTypes(await getJob('slow'))).toContain('Failed'), eventually);
    expect((await getJob('slow')).status?.conditions?.find((c) => c.type === 'Failed')?.reason).toBe('DeadlineExceeded');
    await vi.waitFor(async () => expect(await podsOf('slow')).toEqual([]), eventually);
  });

  it('while suspended create no Pods, and run once resumed; a Job managed by another controller is left alone', async () => {
    await cluster.client.create(jobs, job('foreign', 'busybox', { managedBy: 'example.com/batch' }));
    await cluster.client.create(jobs, job('later', 'busybox', { suspend: true }));
    await vi.waitFor(async () => expect(conditionTypes(await getJob('later'))).toEqual(['Suspended']), eventually);
    expect(await podsOf('later')).toEqual([]);
    expect(await podsOf('foreign')).toEqual([]);
    expect((await getJob('foreign')).status ?? {}).toEqual({});
    expect((await getJob('later')).status?.startTime).toBeUndefined();
    await cluster.client.patch(jobs, { namespace: ns, name: 'later' }, { type: 'merge', body: { spec: { suspend: false } } });
    await vi.waitFor(async () => expect(conditionTypes(await getJob('later'))).toContain('Complete'), eventually);
    const resumed = await getJob('later');
    expect(resumed.status?.conditions?.find((c) => c.type === 'Suspended')).toMatchObject({ status: 'False', reason: 'JobResumed', message: 'Job resumed' });
    expect(resumed.status?.startTime).toBeDefined();
  });

  it('with ttlSecondsAfterFinished are deleted, with their Pods, that long after they finished', async () => {
    await cluster.client.create(jobs, job('brief', 'busybox', { ttlSecondsAfterFinished: 1 }));
    await vi.waitFor(async () => expect(conditionTypes(await getJob('brief'))).toContain('Complete'), eventually);
    await vi.waitFor(
      async () => expect(await cluster.client.list(jobs, { namespace: ns, fieldSelector: 'metadata.name=brief' })).toMatchObject({ items: [] }),
      eventually,
    );
    await vi.waitFor(async () => expect(await podsOf('brief')).toEqual([]), eventually);
  });
});
