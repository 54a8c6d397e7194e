/**
 * What kube-apiserver 1.37 fills in for the kinds operators own: SetDefaults_* of StatefulSet,
 * DaemonSet, Job, CronJob, PVC, PV, LimitRange and Endpoints, and the selector a Job generates
 * from its uid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindRequests, podTemplate } from './testing/operator-kind-requests.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
const { create, put } = kindRequests(() => server);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('defaulting, as SetDefaults_* does it', () => {
  it('defaults a Job: one pod at a time, six retries, NonIndexed, not suspended, and a selector on its uid', async () => {
    const res = await create('Job', 'pi', { spec: { template: podTemplate({}, { restartPolicy: 'Never' }) } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { uid } = res.body.metadata;
    expect(res.body.spec).toMatchObject({
      parallelism: 1,
      completions: 1,
      backoffLimit: 6,
      completionMode: 'NonIndexed',
      suspend: false,
      manualSelector: false,
      podReplacementPolicy: 'TerminatingOrFailed',
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } },
    });
    expect(res.body.spec.template.metadata.labels).toEqual({
      'batch.kubernetes.io/controller-uid': uid,
      'batch.kubernetes.io/job-name': 'pi',
      'controller-uid': uid,
      'job-name': 'pi',
    });
    expect(res.body.spec.template.spec).toMatchObject({ dnsPolicy: 'ClusterFirst', schedulerName: 'default-scheduler', terminationGracePeriodSeconds: 30 });
    expect(res.body.metadata.generation).toBe(1);
    expect(res.body.status).toEqual({});
  });

  it("gives a Job without labels its template's, the generated ones included, and leaves completions unset when only parallelism is", async () => {
    const res = await create('Job', 'workers', { spec: { parallelism: 3, template: podTemplate({ app: 'worker' }, { restartPolicy: 'OnFailure' }) } });
    const { uid } = res.body.metadata;
    // kube-apiserver 1.37.2 answers the same: SetDefaults_Job shares the template's label map with the Job.
    expect(res.body.metadata.labels).toEqual({
      app: 'worker',
      'batch.kubernetes.io/controller-uid': uid,
      'batch.kubernetes.io/job-name': 'workers',
      'controller-uid': uid,
      'job-name': 'workers',
    });
    const bare = await create('Job', 'bare', { spec: { template: podTemplate({}, { restartPolicy: 'Never' }) } });
    expect(bare.body.metadata.labels).toEqual(bare.body.spec.template.metadata.labels);
    expect(res.body.spec.parallelism).toBe(3);
    expect(res.body.spec.completions).toBeUndefined();
  });

  it('takes a manual selector as given', async () => {
    const res = await create('Job', 'manual', {
      spec: { manualSelector: true, selector: { matchLabels: { app: 'm' } }, template: podTemplate({ app: 'm' }, { restartPolicy: 'Never' }) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.spec.selector).toEqual({ matchLabels: { app: 'm' } });
    expect(res.body.spec.template.metadata.labels).toEqual({ app: 'm' });
  });

  it('defaults a StatefulSet: OrderedReady, a rolling update from partition 0, claims retained, ten revisions', async () => {
    const res = await create('StatefulSet', 'db', {
      spec: {
        selector: { matchLabels: { app: 'db' } },
        template: podTemplate({ app: 'db' }),
        volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.spec).toMatchObject({
      replicas: 1,
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 1 } },
      revisionHistoryLimit: 10,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
    });
    expect(res.body.spec.volumeClaimTemplates[0]).toEqual({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, volumeMode: 'Filesystem' },
      status: { phase: 'Pending' },
    });
    expect(res.body.status).toEqual({ replicas: 0, availableReplicas: 0 });
  });

  it('defaults a DaemonSet to a rolling update of one node at a time, and counts template generations', async () => {
    const res = await create('DaemonSet', 'agent', { spec: { selector: { matchLabels: { app: 'agent' } }, template: podTemplate({ app: 'agent' }) } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.spec).toMatchObject({
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
      revisionHistoryLimit: 10,
    });
    expect(res.body.metadata.annotations).toEqual({ 'deprecated.daemonset.template.generation': '1' });
    const changed = structuredClone(res.body);
    changed.spec.template.spec.containers[0].image = 'example.com/app:2';
    const updated = await put('DaemonSet', changed);
    expect(updated.body.metadata.generation).toBe(2);
    expect(updated.body.metadata.annotations['deprecated.daemonset.template.generation']).toBe('2');
  });

  it('defaults a CronJob: Allow, not suspended, three successful and one failed Job kept', async () => {
    const res = await create('CronJob', 'tick', {
      spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: podTemplate({}, { restartPolicy: 'OnFailure' }) } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.spec).toMatchObject({ concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
    // The job template gets pod defaults only; the Job's own are set when the Job is created.
    expect(res.body.spec.jobTemplate.spec.backoffLimit).toBeUndefined();
    expect(res.body.spec.jobTemplate.spec.template.spec.schedulerName).toBe('default-scheduler');
  });

  it('defaults a claim to a Filesystem volume, Pending; and a volume to Retain, Pending since its creation', async () => {
    const pvc = await create('PersistentVolumeClaim', 'claim', { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } });
    expect(pvc.body.spec.volumeMode).toBe('Filesystem');
    expect(pvc.body.status).toEqual({ phase: 'Pending' });
    const pv = await create('PersistentVolume', 'vol', { spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/data' } } });
    expect(pv.body.spec).toMatchObject({ persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem' });
    expect(pv.body.status).toEqual({ phase: 'Pending', lastPhaseTransitionTime: pv.body.metadata.creationTimestamp });
  });

  it("defaults a container LimitRange's defaults from max and its default requests from default or min", async () => {
    const res = await create('LimitRange', 'lr', { spec: { limits: [{ type: 'Container', max: { cpu: '2' }, min: { memory: '64Mi' } }] } });
    expect(res.body.spec.limits[0]).toMatchObject({ default: { cpu: '2' }, defaultRequest: { cpu: '2', memory: '64Mi' } });
  });

  it('defaults an Endpoints port to TCP', async () => {
    const res = await create('Endpoints', 'ep', { subsets: [{ addresses: [{ ip: '10.0.0.1' }], ports: [{ port: 80 }] }] });
    expect(res.body.subsets[0].ports).toEqual([{ port: 80, protocol: 'TCP' }]);
  });
});
