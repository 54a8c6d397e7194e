/**
 * kubectl 1.33 (protobuf for built-in kinds) against the kinds operators own: discovery lists
 * them with kube's short names and categories, `create job` / `create cronjob` / `create job
 * --from=cronjob` round-trip through protobuf, `get -o wide` prints kube's columns, and
 * `apply --server-side` owns fields by kube's list keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner, versionedKubectls, type KubectlRunner } from './testing/kubectl.ts';
import { operatorKindSamples } from './testing/operator-kind-samples.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const k33path = versionedKubectls().find((k) => k.version === '1.33')?.path;
if (!k33path) console.warn('\n*** SKIPPING kubectl 1.33 operator-kind tests: kubectl.1.33 is not beside /usr/bin/kubectl. ***\n');

let server: TestServer;
let kubectl: KubectlRunner;

beforeAll(async () => {
  server = await startTestServer();
  if (!k33path) return;
  kubectl = kubectlRunner(server.kubeconfigPath, k33path);
  expect((await kubectl.run(['create', 'namespace', 'samples'])).stderr).toBe('');
});
afterAll(async () => {
  await server?.stop();
});

/** kube 1.33+ warns on every v1 Endpoints request; kubectl prints it on stderr. */
const endpointsWarning = 'Warning: v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice\n';

const ok = async (args: string[], stdin?: string, expectedStderr = ''): Promise<string> => {
  const result = await kubectl.run(args, stdin);
  expect(result.stderr, `kubectl ${args.join(' ')}`).toBe(expectedStderr);
  return result.stdout;
};

/** The header line of a `kubectl get` table, split into its column names. */
const header = (table: string): string[] =>
  table
    .split('\n')[0]!
    .trim()
    .split(/\s{2,}/);

describe.skipIf(!k33path)('kubectl 1.33 and the operator kinds', () => {
  it("lists each kind in api-resources with kube's short names, scope and kind", async () => {
    const table = await ok(['api-resources', '--no-headers']);
    const rows = table.split('\n').map((line) => line.trim().split(/\s+/));
    const row = (name: string) => rows.find((r) => r[0] === name);
    expect(row('statefulsets')).toEqual(['statefulsets', 'sts', 'apps/v1', 'true', 'StatefulSet']);
    expect(row('daemonsets')).toEqual(['daemonsets', 'ds', 'apps/v1', 'true', 'DaemonSet']);
    expect(row('controllerrevisions')).toEqual(['controllerrevisions', 'apps/v1', 'true', 'ControllerRevision']);
    expect(row('jobs')).toEqual(['jobs', 'batch/v1', 'true', 'Job']);
    expect(row('cronjobs')).toEqual(['cronjobs', 'cj', 'batch/v1', 'true', 'CronJob']);
    expect(row('persistentvolumeclaims')).toEqual(['persistentvolumeclaims', 'pvc', 'v1', 'true', 'PersistentVolumeClaim']);
    expect(row('persistentvolumes')).toEqual(['persistentvolumes', 'pv', 'v1', 'false', 'PersistentVolume']);
    expect(row('endpoints')).toEqual(['endpoints', 'ep', 'v1', 'true', 'Endpoints']);
    expect(row('nodes')).toEqual(['nodes', 'no', 'v1', 'false', 'Node']);
    expect(row('limitranges')).toEqual(['limitranges', 'limits', 'v1', 'true', 'LimitRange']);
    expect(row('resourcequotas')).toEqual(['resourcequotas', 'quota', 'v1', 'true', 'ResourceQuota']);
    // `kubectl get all` reaches StatefulSets, DaemonSets, Jobs and CronJobs through the category.
    expect(await ok(['api-resources', '--categories=all', '-o', 'name'])).toMatch(
      /statefulsets\.apps[\s\S]*daemonsets\.apps|daemonsets\.apps[\s\S]*statefulsets\.apps/,
    );
  });

  it('explains each kind from the OpenAPI v3 document of its group version', async () => {
    for (const [resource, group, kind] of [
      ['cronjobs', 'batch', 'CronJob'],
      ['statefulsets', 'apps', 'StatefulSet'],
      ['pvc', '', 'PersistentVolumeClaim'],
      ['nodes', '', 'Node'],
    ]) {
      const explained = await ok(['explain', resource!]);
      expect(explained).toMatch(new RegExp(`${group ? `GROUP:\\s+${group}\\n` : ''}KIND:\\s+${kind}\\nVERSION:\\s+v1\\n`));
    }
  });

  it('creates a job with kubectl create job, as kube defaults it', async () => {
    expect(await ok(['create', 'job', 'pi', '--image=perl:5.34', '-n', 'samples', '--', 'perl', '-e', 'print 1'])).toBe('job.batch/pi created\n');
    const job = JSON.parse(await ok(['get', 'job', 'pi', '-n', 'samples', '-o', 'json']));
    expect(job.spec).toMatchObject({ parallelism: 1, completions: 1, backoffLimit: 6, completionMode: 'NonIndexed', suspend: false });
    expect(job.spec.selector.matchLabels['batch.kubernetes.io/controller-uid']).toBe(job.metadata.uid);
    expect(job.spec.template.spec).toMatchObject({
      restartPolicy: 'Never',
      containers: [{ name: 'pi', image: 'perl:5.34', command: ['perl', '-e', 'print 1'] }],
    });
  });

  it('creates a cronjob with --schedule, and a job from it with --from', async () => {
    expect(await ok(['create', 'cronjob', 'tick', '--image=busybox:1.36', '--schedule=*/5 * * * *', '-n', 'samples', '--', 'date'])).toBe(
      'cronjob.batch/tick created\n',
    );
    const cronJob = JSON.parse(await ok(['get', 'cj', 'tick', '-n', 'samples', '-o', 'json']));
    expect(cronJob.spec).toMatchObject({
      schedule: '*/5 * * * *',
      concurrencyPolicy: 'Allow',
      suspend: false,
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 1,
    });
    expect(await ok(['create', 'job', 'tick-manual', '--from=cronjob/tick', '-n', 'samples'])).toBe('job.batch/tick-manual created\n');
    const job = JSON.parse(await ok(['get', 'job', 'tick-manual', '-n', 'samples', '-o', 'json']));
    expect(job.metadata.ownerReferences[0]).toMatchObject({ kind: 'CronJob', name: 'tick', uid: cronJob.metadata.uid });
    expect(job.metadata.annotations).toMatchObject({ 'cronjob.kubernetes.io/instantiate': 'manual' });
  });

  it("refuses a bad schedule with kube's message", async () => {
    const res = await kubectl.run(['create', 'cronjob', 'bad', '--image=busybox', '--schedule=* * *', '-n', 'samples']);
    expect(res.stderr.trim()).toBe(
      'error: failed to create cronjob: CronJob.batch "bad" is invalid: spec.schedule: Invalid value: "* * *": expected exactly 5 fields, found 3: [* * *]',
    );
  });

  it("prints kube's columns with get -o wide", async () => {
    for (const kind of [
      'StatefulSet',
      'DaemonSet',
      'PersistentVolumeClaim',
      'PersistentVolume',
      'Node',
      'Endpoints',
      'ResourceQuota',
      'LimitRange',
      'ControllerRevision',
    ] as const) {
      await ok(['create', '-f', '-'], JSON.stringify(operatorKindSamples[kind]), kind === 'Endpoints' ? endpointsWarning : '');
    }
    const wide = (resource: string, namespaced = true) =>
      ok(['get', resource, ...(namespaced ? ['-n', 'samples'] : []), '-o', 'wide'], undefined, resource === 'ep' ? endpointsWarning : '');
    expect(await ok(['create', 'deployment', 'api', '--image=example.com/api:1', '-n', 'samples'])).toBe('deployment.apps/api created\n');
    expect(header(await wide('deployments'))).toEqual(['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE', 'CONTAINERS', 'IMAGES', 'SELECTOR']);
    expect(await wide('deploy')).toMatch(/^api\s+0\/1\s+0\s+0\s+\d+s\s+api\s+example\.com\/api:1\s+app=api$/m);
    expect(header(await wide('statefulsets'))).toEqual(['NAME', 'READY', 'AGE', 'CONTAINERS', 'IMAGES']);
    expect(await wide('sts')).toMatch(/^web\s+0\/2\s+\d+s\s+app\s+example\.com\/app:1\.2\.3$/m);
    expect(header(await wide('ds'))).toEqual([
      'NAME',
      'DESIRED',
      'CURRENT',
      'READY',
      'UP-TO-DATE',
      'AVAILABLE',
      'NODE SELECTOR',
      'AGE',
      'CONTAINERS',
      'IMAGES',
      'SELECTOR',
    ]);
    expect(await wide('ds')).toMatch(/^agent\s+0\s+0\s+0\s+0\s+0\s+kubernetes\.io\/os=linux\s+\d+s\s+app\s+example\.com\/app:1\.2\.3\s+app=agent$/m);
    expect(header(await wide('jobs'))).toEqual(['NAME', 'STATUS', 'COMPLETIONS', 'DURATION', 'AGE', 'CONTAINERS', 'IMAGES', 'SELECTOR']);
    expect(await wide('jobs')).toMatch(/^pi\s+Running\s+0\/1\s+\d+s\s+pi\s+perl:5\.34\s+batch\.kubernetes\.io\/controller-uid=[0-9a-f-]+$/m);
    expect(header(await wide('cronjobs'))).toEqual([
      'NAME',
      'SCHEDULE',
      'TIMEZONE',
      'SUSPEND',
      'ACTIVE',
      'LAST SCHEDULE',
      'AGE',
      'CONTAINERS',
      'IMAGES',
      'SELECTOR',
    ]);
    expect(await wide('cj')).toMatch(/^tick\s+\*\/5 \* \* \* \*\s+<none>\s+False\s+0\s+<none>\s+\d+s\s+tick\s+busybox:1\.36\s+<none>$/m);
    expect(header(await wide('pvc'))).toEqual([
      'NAME',
      'STATUS',
      'VOLUME',
      'CAPACITY',
      'ACCESS MODES',
      'STORAGECLASS',
      'VOLUMEATTRIBUTESCLASS',
      'AGE',
      'VOLUMEMODE',
    ]);
    expect(await wide('pvc')).toMatch(/^data\s+Pending\s+standard\s+<unset>\s+\d+s\s+Filesystem$/m);
    expect(header(await wide('pv', false))).toEqual([
      'NAME',
      'CAPACITY',
      'ACCESS MODES',
      'RECLAIM POLICY',
      'STATUS',
      'CLAIM',
      'STORAGECLASS',
      'VOLUMEATTRIBUTESCLASS',
      'REASON',
      'AGE',
      'VOLUMEMODE',
    ]);
    expect(await wide('pv', false)).toMatch(/^pv-data\s+10Gi\s+RWO,ROX\s+Delete\s+Pending\s+samples\/data\s+standard\s+<unset>\s+\d+s\s+Filesystem$/m);
    expect(header(await wide('nodes', false))).toEqual([
      'NAME',
      'STATUS',
      'ROLES',
      'AGE',
      'VERSION',
      'INTERNAL-IP',
      'EXTERNAL-IP',
      'OS-IMAGE',
      'KERNEL-VERSION',
      'CONTAINER-RUNTIME',
    ]);
    expect(await wide('no', false)).toMatch(
      /^node-a\s+Ready\s+control-plane\s+\d+s\s+v1\.37\.2\s+192\.168\.1\.10\s+<none>\s+Ubuntu 24\.04\s+6\.8\.0 \(amd64\)\s+containerd:\/\/2\.0\.0$/m,
    );
    expect(await wide('ep')).toMatch(/^NAME\s+ENDPOINTS\s+AGE\nweb\s+10\.1\.0\.4:8080,10\.1\.0\.4:9090\s+\d+s$/m);
    expect(header(await wide('quota'))).toEqual(['NAME', 'REQUEST', 'LIMIT', 'AGE']);
    expect(header(await wide('limits'))).toEqual(['NAME', 'CREATED AT']);
    expect(await wide('controllerrevisions')).toMatch(/^web-7d9f8c\s+statefulset\.apps\/web\s+3\s+\d+s$/m);
  });

  it('applies a StatefulSet server-side, and a second manager owns its own container', async () => {
    const sts = {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'ssa', namespace: 'samples' },
      spec: {
        serviceName: 'ssa',
        selector: { matchLabels: { app: 'ssa' } },
        template: { metadata: { labels: { app: 'ssa' } }, spec: { containers: [{ name: 'db', image: 'postgres:16' }] } },
      },
    };
    expect(await ok(['apply', '--server-side', '-f', '-'], JSON.stringify(sts))).toBe('statefulset.apps/ssa serverside-applied\n');
    const sidecar = {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'ssa', namespace: 'samples' },
      spec: { template: { spec: { containers: [{ name: 'exporter', image: 'exporter:1' }] } } },
    };
    expect(await ok(['apply', '--server-side', '--field-manager=sidecar', '-f', '-'], JSON.stringify(sidecar))).toBe(
      'statefulset.apps/ssa serverside-applied\n',
    );
    const got = JSON.parse(await ok(['get', 'sts', 'ssa', '-n', 'samples', '-o', 'json', '--show-managed-fields']));
    expect(got.spec.template.spec.containers.map((c: { name: string }) => c.name).sort()).toEqual(['db', 'exporter']);
    expect(got.metadata.managedFields.map((m: { manager: string }) => m.manager).sort()).toEqual(['kubectl', 'sidecar']);
    // The first manager changing a field the second owns is a conflict, reported per field.
    const conflict = { ...sidecar, spec: { template: { spec: { containers: [{ name: 'exporter', image: 'exporter:2' }] } } } };
    const res = await kubectl.run(['apply', '--server-side', '-f', '-'], JSON.stringify(conflict));
    expect(res.stderr).toContain('conflict with "sidecar": .spec.template.spec.containers[name="exporter"].image');
  });

  it('scales a StatefulSet with kubectl scale', async () => {
    expect(await ok(['scale', 'sts', 'web', '--replicas=4', '-n', 'samples'])).toBe('statefulset.apps/web scaled\n');
    expect(JSON.parse(await ok(['get', 'sts', 'web', '-n', 'samples', '-o', 'json'])).spec.replicas).toBe(4);
  });

  it('cordons a node (a strategic merge patch of spec.unschedulable) and shows it', async () => {
    expect(await ok(['cordon', 'node-a'])).toBe('node/node-a cordoned\n');
    expect(await ok(['get', 'nodes'])).toMatch(/^node-a\s+Ready,SchedulingDisabled\s+control-plane\s+\d+s\s+v1\.37\.2$/m);
    expect(await ok(['get', 'nodes', '--field-selector=spec.unschedulable=true', '-o', 'name'])).toBe('node/node-a\n');
  });
});
