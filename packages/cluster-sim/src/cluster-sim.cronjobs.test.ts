import type { KubeObject } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CronJob, Job } from './core/batch-types.ts';
import { runSecondsAnnotation } from './kubelet/container-behaviour.ts';
import { scaledClock } from './testing/scaled-clock.ts';
import { startSimCluster, type SimCluster } from './testing/sim-cluster.ts';

const { cronJobs, events, jobs, namespaces } = builtinTypes;
const ns = 'cron';
// A simulated minute passes in two real seconds.
const eventually = { timeout: 30_000, interval: 100 };

let cluster: SimCluster;

beforeAll(async () => {
  cluster = await startSimCluster();
  await cluster.client.create(namespaces, { metadata: { name: ns } });
  await cluster.startSim({ clock: scaledClock(30) });
});

afterAll(async () => {
  await cluster?.stop();
});

function cronJob(name: string, spec: Partial<CronJob['spec']>, runSeconds?: number): CronJob {
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name, namespace: ns },
    spec: {
      schedule: '* * * * *',
      jobTemplate: {
        metadata: { labels: { cron: name } },
        spec: {
          template: {
            metadata: runSeconds === undefined ? {} : { annotations: { [runSecondsAnnotation]: String(runSeconds) } },
            spec: { restartPolicy: 'OnFailure', containers: [{ name: 'main', image: 'busybox' }] },
          },
        },
      },
      ...spec,
    },
  };
}

const getCronJob = (name: string): Promise<CronJob> => cluster.client.get<CronJob>(cronJobs, { namespace: ns, name });
const jobsOf = async (name: string): Promise<Job[]> => (await cluster.client.list<Job>(jobs, { namespace: ns, labelSelector: `cron=${name}` })).items;
async function reasons(name: string): Promise<string[]> {
  return (await cluster.client.list<KubeObject>(events, { namespace: ns, fieldSelector: `involvedObject.name=${name}` })).items.map((e) => String(e.reason));
}

describe.concurrent('CronJobs', () => {
  it('start a Job per scheduled minute, named and stamped with it, and keep only the history limit', async () => {
    await cluster.client.create(cronJobs, cronJob('tick', { successfulJobsHistoryLimit: 2 }));
    await vi.waitFor(
      async () => expect(await reasons('tick')).toEqual(expect.arrayContaining(['SuccessfulCreate', 'SawCompletedJob', 'SuccessfulDelete'])),
      eventually,
    );
    const tick = await getCronJob('tick');
    expect(tick.status?.lastScheduleTime).toBeDefined();
    expect(tick.status?.lastSuccessfulTime).toBeDefined();
    await vi.waitFor(async () => expect((await jobsOf('tick')).filter((j) => j.status?.completionTime).length).toBeLessThanOrEqual(2), eventually);
    for (const job of await jobsOf('tick')) {
      const scheduled = job.metadata.annotations?.['batch.kubernetes.io/cronjob-scheduled-timestamp'] ?? '';
      expect(job.metadata.name).toBe(`tick-${Date.parse(scheduled) / 60_000}`);
      expect(job.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'CronJob', name: 'tick', controller: true });
    }
  });

  it('with concurrencyPolicy Forbid skip a run while the previous Job still runs', async () => {
    await cluster.client.create(cronJobs, cronJob('solo', { concurrencyPolicy: 'Forbid' }, 600));
    await vi.waitFor(async () => expect(await reasons('solo')).toContain('JobAlreadyActive'), eventually);
    expect(await jobsOf('solo')).toHaveLength(1);
    expect((await getCronJob('solo')).status?.active).toHaveLength(1);
  });

  it('with concurrencyPolicy Replace delete the running Job and start the next', async () => {
    await cluster.client.create(cronJobs, cronJob('fresh', { concurrencyPolicy: 'Replace' }, 600));
    await vi.waitFor(async () => expect(await reasons('fresh')).toContain('SuccessfulDelete'), eventually);
    await vi.waitFor(async () => {
      const active = (await getCronJob('fresh')).status?.active ?? [];
      expect(active).toHaveLength(1);
      expect((await jobsOf('fresh')).filter((j) => !j.metadata.deletionTimestamp).map((j) => j.metadata.name)).toEqual([active[0]?.name]);
    }, eventually);
  });

  it('while suspended start nothing', async () => {
    await cluster.client.create(cronJobs, cronJob('paused', { suspend: true }));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await jobsOf('paused')).toEqual([]);
  });
});
