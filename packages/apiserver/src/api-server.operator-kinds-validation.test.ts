/**
 * What kube-apiserver 1.37 refuses for the kinds operators own: the validation errors people
 * meet, with kube's field paths and messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalid, kindRequests, podTemplate } from './testing/operator-kind-requests.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
const { create, put } = kindRequests(() => server);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("validation, with kube's paths and messages", () => {
  it('refuses a Job whose pods would restart Always', async () => {
    const { message } = await invalid(create('Job', 'always', { spec: { template: podTemplate({}) } }));
    expect(message).toBe('Job.batch "always" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"');
  });

  it('refuses a Job without containers, and negative parallelism', async () => {
    const { causes } = await invalid(create('Job', 'empty', { spec: { parallelism: -1, template: { spec: { restartPolicy: 'Never' } } } }));
    expect(causes).toEqual(
      expect.arrayContaining(['spec.parallelism: Invalid value: -1: must be greater than or equal to 0', 'spec.template.spec.containers: Required value']),
    );
  });

  it('refuses a manual selector that does not select the template', async () => {
    const { causes } = await invalid(
      create('Job', 'mismatch', {
        spec: { manualSelector: true, selector: { matchLabels: { app: 'a' } }, template: podTemplate({ app: 'b' }, { restartPolicy: 'Never' }) },
      }),
    );
    expect(causes).toContain('spec.template.metadata.labels: Invalid value: {"app":"b"}: `selector` does not match template `labels`');
  });

  it('refuses a selector the Job did not generate unless manualSelector is set', async () => {
    const { causes } = await invalid(
      create('Job', 'own-selector', { spec: { selector: { matchLabels: { app: 'x' } }, template: podTemplate({ app: 'x' }, { restartPolicy: 'Never' }) } }),
    );
    expect(causes.some((c) => c.startsWith('spec.selector: Invalid value:') && c.endsWith('`selector` not auto-generated'))).toBe(true);
  });

  it("keeps a running Job's template, selector and completions", async () => {
    const job = (await create('Job', 'fixed', { spec: { template: podTemplate({}, { restartPolicy: 'Never' }) } })).body;
    const changed = structuredClone(job);
    changed.spec.template.spec.containers[0].image = 'example.com/app:2';
    changed.spec.completions = 5;
    const { causes } = await invalid(put('Job', changed));
    expect(causes.some((c) => c.startsWith('spec.template: Invalid value:') && c.endsWith('field is immutable'))).toBe(true);
    expect(causes).toContain('spec.completions: Invalid value: 5: field is immutable');
  });

  it("lets a suspended Job that never started change its pods' node selector", async () => {
    const job = (await create('Job', 'suspended', { spec: { suspend: true, template: podTemplate({}, { restartPolicy: 'Never' }) } })).body;
    job.spec.template.spec.nodeSelector = { zone: 'b' };
    const res = await put('Job', job);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata.generation).toBe(2);
  });

  it('refuses a CronJob schedule robfig/cron cannot parse, naming what it found', async () => {
    const jobTemplate = { spec: { template: podTemplate({}, { restartPolicy: 'Never' }) } };
    expect((await invalid(create('CronJob', 'bad', { spec: { schedule: 'every minute', jobTemplate } }))).message).toBe(
      'CronJob.batch "bad" is invalid: spec.schedule: Invalid value: "every minute": expected exactly 5 fields, found 2: [every minute]',
    );
    expect((await invalid(create('CronJob', 'bad2', { spec: { schedule: '61 * * * *', jobTemplate } }))).causes).toEqual([
      'spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61',
    ]);
    expect((await invalid(create('CronJob', 'bad3', { spec: { schedule: 'TZ=UTC 0 * * * *', jobTemplate } }))).causes).toEqual([
      'spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead',
    ]);
    expect((await invalid(create('CronJob', 'bad4', { spec: { jobTemplate } }))).causes).toEqual(['spec.schedule: Required value']);
  });

  it('refuses an unknown time zone, a bad concurrency policy and a job template selector', async () => {
    const { causes } = await invalid(
      create('CronJob', 'tz', {
        spec: {
          schedule: '@daily',
          timeZone: 'Mars/Olympus',
          concurrencyPolicy: 'Sometimes',
          jobTemplate: { spec: { selector: { matchLabels: { a: 'b' } }, template: podTemplate({ a: 'b' }, { restartPolicy: 'Never' }) } },
        },
      }),
    );
    expect(causes).toEqual(
      expect.arrayContaining([
        'spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus',
        'spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"',
      ]),
    );
    expect(causes.some((c) => c.startsWith('spec.jobTemplate.spec.selector: Invalid value:') && c.endsWith('`selector` will be auto-generated'))).toBe(true);
  });

  it("refuses a CronJob whose Jobs' names would be too long", async () => {
    const name = 'n'.repeat(53);
    const { causes } = await invalid(
      create('CronJob', name, { spec: { schedule: '@hourly', jobTemplate: { spec: { template: podTemplate({}, { restartPolicy: 'Never' }) } } } }),
    );
    expect(causes).toEqual([`metadata.name: Invalid value: "${name}": must be no more than 52 characters`]);
  });

  it('refuses a StatefulSet without a selector, or one that does not select its template', async () => {
    expect((await invalid(create('StatefulSet', 'nosel', { spec: { template: podTemplate({ app: 'x' }) } }))).causes).toContain(
      'spec.selector: Required value',
    );
    const { message } = await invalid(
      create('StatefulSet', 'wrong', { spec: { selector: { matchLabels: { app: 'y' } }, template: podTemplate({ app: 'x' }) } }),
    );
    expect(message).toBe(
      'StatefulSet.apps "wrong" is invalid: spec.template.metadata.labels: Invalid value: {"app":"x"}: `selector` does not match template `labels`',
    );
  });

  it('refuses negative replicas, a pod that may stop restarting, and a claim template without size', async () => {
    const { causes } = await invalid(
      create('StatefulSet', 'bad', {
        spec: {
          replicas: -2,
          selector: { matchLabels: { app: 'x' } },
          template: podTemplate({ app: 'x' }, { restartPolicy: 'Never' }),
          volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: [] } }],
        },
      }),
    );
    expect(causes).toEqual(
      expect.arrayContaining([
        'spec.replicas: Invalid value: -2: must be greater than or equal to 0',
        'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
        'spec.volumeClaimTemplates[0].spec.accessModes: Required value: at least 1 access mode is required',
        'spec.volumeClaimTemplates[0].spec.resources[storage]: Required value',
      ]),
    );
  });

  it("keeps a StatefulSet's selector, serviceName, volumeClaimTemplates and podManagementPolicy, and lets replicas and template change", async () => {
    const sts = (
      await create('StatefulSet', 'fixed', { spec: { serviceName: 'fixed', selector: { matchLabels: { app: 'f' } }, template: podTemplate({ app: 'f' }) } })
    ).body;
    const scaled = structuredClone(sts);
    scaled.spec.replicas = 3;
    scaled.spec.template.spec.containers[0].image = 'example.com/app:2';
    const ok = await put('StatefulSet', scaled);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.metadata.generation).toBe(2);
    const changed = structuredClone(ok.body);
    changed.spec.serviceName = 'other';
    changed.spec.podManagementPolicy = 'Parallel';
    const { causes } = await invalid(put('StatefulSet', changed));
    expect(causes).toEqual([
      'spec.serviceName: Invalid value: "other": field is immutable',
      'spec.podManagementPolicy: Invalid value: "Parallel": field is immutable',
    ]);
  });

  it('refuses a DaemonSet that surges and drops pods at once, and a changed selector', async () => {
    const { causes } = await invalid(
      create('DaemonSet', 'both', {
        spec: {
          selector: { matchLabels: { app: 'd' } },
          template: podTemplate({ app: 'd' }),
          updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 1 } },
        },
      }),
    );
    expect(causes).toEqual(['spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 1: may not be set when maxUnavailable is non-zero']);
    const ds = (await create('DaemonSet', 'sel', { spec: { selector: { matchLabels: { app: 'd' } }, template: podTemplate({ app: 'd', extra: 'e' }) } })).body;
    ds.spec.selector = { matchLabels: { extra: 'e' } };
    expect((await invalid(put('DaemonSet', ds))).causes[0]).toMatch(/^spec\.selector: Invalid value: .*: field is immutable$/);
  });

  it("refuses a claim without access modes or size, and a change to a claim's spec other than its requests", async () => {
    const { message } = await invalid(create('PersistentVolumeClaim', 'none', { spec: {} }));
    expect(message).toBe(
      'PersistentVolumeClaim "none" is invalid: [spec.accessModes: Required value: at least 1 access mode is required, spec.resources[storage]: Required value]',
    );
    const claim = (
      await create('PersistentVolumeClaim', 'grow', {
        spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'a' },
      })
    ).body;
    claim.spec.storageClassName = 'b';
    const { causes } = await invalid(put('PersistentVolumeClaim', claim));
    expect(causes[0]).toMatch(/^spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n/);
  });

  it('refuses a volume without a source, or with two', async () => {
    expect((await invalid(create('PersistentVolume', 'nosrc', { spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'] } }))).causes).toEqual([
      'spec: Required value: must specify a volume type',
    ]);
    const two = await invalid(
      create('PersistentVolume', 'two', {
        spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/a' }, nfs: { server: 's', path: '/b' } },
      }),
    );
    expect(two.causes).toEqual(['spec.nfs: Forbidden: may not specify more than 1 volume type']);
  });

  it('refuses duplicate Node taints under metadata.taints, as kube names them', async () => {
    const taint = { key: 'a', value: 'b', effect: 'NoSchedule' };
    const { causes } = await invalid(create('Node', 'tainted', { spec: { taints: [taint, taint, { key: 'c', effect: 'Sometimes' }] } }));
    // kube prints the duplicate as its Go struct; the path and the detail are what clients match.
    expect(causes[0]).toMatch(/^metadata\.taints\[1\]: Duplicate value: .*: taints must be unique by key and effect pair$/);
    expect(causes[1]).toBe('metadata.taints[2].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"');
    expect(causes).toHaveLength(2);
  });

  it('refuses Endpoints with unnamed ports among several, and a loopback address', async () => {
    const { causes } = await invalid(create('Endpoints', 'bad-ep', { subsets: [{ addresses: [{ ip: '127.0.0.1' }], ports: [{ port: 80 }, { port: 81 }] }] }));
    expect(causes).toEqual([
      'subsets[0].addresses[0].ip: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)',
      'subsets[0].ports[0].name: Required value',
      'subsets[0].ports[1].name: Required value',
    ]);
  });

  it('refuses a ControllerRevision without data, and a change to its data', async () => {
    expect((await invalid(create('ControllerRevision', 'nodata', { revision: 1 }))).causes).toEqual(['data: Required value: data is mandatory']);
    const rev = (await create('ControllerRevision', 'rev', { revision: 1, data: { a: 1 } })).body;
    rev.data = { a: 2 };
    expect((await invalid(put('ControllerRevision', rev))).causes).toEqual(['data: Invalid value: {"a":2}: field is immutable']);
  });

  it('refuses a negative quota and two limits of one type', async () => {
    expect((await invalid(create('ResourceQuota', 'neg', { spec: { hard: { pods: '-1' } } }))).causes).toEqual([
      'spec.hard[pods]: Invalid value: "-1": must be greater than or equal to 0',
    ]);
    expect((await invalid(create('LimitRange', 'twice', { spec: { limits: [{ type: 'Pod' }, { type: 'Pod' }] } }))).causes).toEqual([
      'spec.limits[1].type: Duplicate value: "Pod"',
    ]);
  });
});
