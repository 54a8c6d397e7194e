import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Condition } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import type { Deployment } from '../../api/workloads.ts';
import { eventually } from '../../testing/eventually.ts';
import { reportDeployment } from '../../testing/simulated-cluster.ts';
import { startExampleTestEnv, type ExampleTestEnv } from '../testing/example-test-env.ts';
import { applicationCrd, applicationType, type Application, type ApplicationSpec } from './application.ts';
import type { Service } from './application-workload.ts';
import { registerApplicationOperator } from './register-application-operator.ts';

let env: ExampleTestEnv;

beforeAll(async () => {
  env = await startExampleTestEnv();
  await env.installCrd(applicationCrd());
  await env.startManager((manager) => void registerApplicationOperator(manager));
});

afterAll(async () => {
  await env?.stop();
});

function application(namespace: string, name: string, spec: Partial<ApplicationSpec> = {}): Application {
  return {
    apiVersion: 'minetto.dev/v1alpha1',
    kind: 'Application',
    metadata: { namespace, name },
    spec: { image: 'nginx:latest', replicas: 2, port: 80, ...spec },
  };
}

const read = (namespace: string, name: string): Promise<Application> => env.api.get<Application>(applicationType, { namespace, name });
const deploymentOf = (namespace: string, name: string): Promise<Deployment> => env.api.get<Deployment>(builtinTypes.deployments, { namespace, name });
const serviceOf = (namespace: string, name: string): Promise<Service> => env.api.get<Service>(builtinTypes.services, { namespace, name });
const condition = (app: Application, type: string): Condition | undefined => app.status?.conditions?.find((c) => c.type === type);

describe('ApplicationReconciler', () => {
  it('creates a Deployment and a Service owned by the Application, then mirrors the Deployment status', async () => {
    const ns = await env.namespace('application-sample');
    await env.api.create(applicationType, application(ns, 'application-sample'));

    const deployment = await eventually(() => deploymentOf(ns, 'application-sample'));
    expect(deployment.metadata.ownerReferences).toMatchObject([
      { apiVersion: 'minetto.dev/v1alpha1', kind: 'Application', name: 'application-sample', controller: true },
    ]);
    expect(deployment.spec?.replicas).toBe(2);
    expect(deployment.spec?.template?.spec?.containers).toMatchObject([{ name: 'app', image: 'nginx:latest', ports: [{ containerPort: 80 }] }]);

    const service = await eventually(() => serviceOf(ns, 'application-sample'));
    expect(service.metadata.ownerReferences).toMatchObject([{ kind: 'Application', name: 'application-sample', controller: true }]);
    expect(service.spec?.ports).toMatchObject([{ port: 80, targetPort: 80 }]);
    expect(service.spec?.selector).toEqual(deployment.spec?.selector?.matchLabels);

    // Nothing runs pods here: until the Deployment reports, the Application is progressing.
    await eventually(async () =>
      expect(condition(await read(ns, 'application-sample'), 'Progressing')).toMatchObject({ status: 'True', reason: 'RollingOut' }),
    );
    const waiting = await read(ns, 'application-sample');
    expect(condition(waiting, 'Available')).toMatchObject({ status: 'False', reason: 'NoReplicasAvailable' });
    expect(waiting.status?.readyReplicas).toBe(0);

    // Play the Deployment controller: 2/2 ready. Its watch event re-triggers the Application.
    await reportDeployment(env.api, ns, 'application-sample', { replicas: 2, ready: 2 });
    const ready = await eventually(async () => {
      const app = await read(ns, 'application-sample');
      expect(condition(app, 'Progressing')).toMatchObject({ status: 'False', reason: 'Reconciled' });
      return app;
    });
    expect(ready.status).toMatchObject({ readyReplicas: 2, observedGeneration: 1 });
    expect(condition(ready, 'Available')).toMatchObject({ status: 'True', reason: 'MinimumReplicasAvailable', observedGeneration: 1 });
    expect(condition(ready, 'Degraded')).toMatchObject({ status: 'False', reason: 'AsExpected' });
    expect(ready.metadata.generation).toBe(1);
  });

  it('sets the Deployment replicas and the Service port back when someone edits them', async () => {
    const ns = await env.namespace('drift');
    await env.api.create(applicationType, application(ns, 'web', { replicas: 3, port: 8080 }));
    await eventually(() => serviceOf(ns, 'web'));

    await env.api.patch(builtinTypes.deployments, { namespace: ns, name: 'web' }, { type: 'merge', body: { spec: { replicas: 7 } } });
    await eventually(async () => expect((await deploymentOf(ns, 'web')).spec?.replicas).toBe(3));

    await env.api.patch(
      builtinTypes.services,
      { namespace: ns, name: 'web' },
      { type: 'merge', body: { spec: { ports: [{ name: 'http', port: 9999, targetPort: 9999, protocol: 'TCP' }] } } },
    );
    await eventually(async () => expect((await serviceOf(ns, 'web')).spec?.ports).toMatchObject([{ port: 8080, targetPort: 8080 }]));
  });

  it('follows a spec change: new image, port and replicas reach the Deployment and the Service', async () => {
    const ns = await env.namespace('rollout');
    await env.api.create(applicationType, application(ns, 'api'));
    await eventually(() => serviceOf(ns, 'api'));

    await env.api.patch(applicationType, { namespace: ns, name: 'api' }, { type: 'merge', body: { spec: { image: 'nginx:1.27', port: 8081, replicas: 4 } } });
    await eventually(async () => {
      const deployment = await deploymentOf(ns, 'api');
      expect(deployment.spec?.replicas).toBe(4);
      expect(deployment.spec?.template?.spec?.containers).toMatchObject([{ image: 'nginx:1.27', ports: [{ containerPort: 8081 }] }]);
      expect((await serviceOf(ns, 'api')).spec?.ports).toMatchObject([{ port: 8081, targetPort: 8081 }]);
    });
    await eventually(async () => expect((await read(ns, 'api')).status?.observedGeneration).toBe(2));
  });

  it('reports a Deployment it does not control as Degraded and leaves it alone', async () => {
    const ns = await env.namespace('conflict');
    await env.api.create(builtinTypes.deployments, {
      metadata: { namespace: ns, name: 'taken' },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: 'other' } },
        template: { metadata: { labels: { app: 'other' } }, spec: { containers: [{ name: 'other', image: 'busybox' }] } },
      },
    });
    await env.api.create(applicationType, application(ns, 'taken'));
    const degraded = await eventually(async () => {
      const app = await read(ns, 'taken');
      expect(condition(app, 'Degraded')).toMatchObject({ status: 'True', reason: 'DeploymentConflict' });
      return app;
    });
    expect(condition(degraded, 'Progressing')).toMatchObject({ status: 'False', reason: 'DeploymentConflict' });
    expect((await deploymentOf(ns, 'taken')).spec?.replicas).toBe(1);
    await expect(serviceOf(ns, 'taken')).rejects.toMatchObject({ code: 404 });
  });

  it('has the API server refuse an invalid Application with the CRD schema messages, and default replicas to 1', async () => {
    const ns = await env.namespace('invalid');
    await expect(env.api.create(applicationType, application(ns, 'port-zero', { port: 0 }))).rejects.toMatchObject({
      code: 422,
      message: expect.stringContaining('spec.port: Invalid value: 0: spec.port in body should be greater than or equal to 1'),
    });
    await expect(env.api.create(applicationType, application(ns, 'port-high', { port: 70000 }))).rejects.toMatchObject({
      message: expect.stringContaining('spec.port: Invalid value: 70000: spec.port in body should be less than or equal to 65535'),
    });
    await expect(env.api.create(applicationType, application(ns, 'negative', { replicas: -1 }))).rejects.toMatchObject({
      code: 422,
      message: expect.stringContaining('spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0'),
    });
    const { image: _image, ...noImage } = application(ns, 'no-image').spec;
    await expect(env.api.create(applicationType, { ...application(ns, 'no-image'), spec: noImage })).rejects.toMatchObject({
      message: expect.stringContaining('spec.image: Required value'),
    });

    const { replicas: _replicas, ...noReplicas } = application(ns, 'defaulted').spec;
    const created = await env.api.create<Application>(applicationType, { ...application(ns, 'defaulted'), spec: noReplicas });
    expect(created.spec.replicas).toBe(1);
  });

  it('lists Applications with kubectl, printer columns included', async () => {
    const ns = await env.namespace('kubectl');
    await env.api.create(applicationType, application(ns, 'shop', { image: 'nginx:1.27', replicas: 2, port: 8080 }));
    await eventually(() => deploymentOf(ns, 'shop'));
    await reportDeployment(env.api, ns, 'shop', { replicas: 2, ready: 2 });
    await eventually(async () => expect((await read(ns, 'shop')).status?.readyReplicas).toBe(2));

    const table = await env.kubectl(['get', 'applications', '-n', ns]);
    expect(table.stderr).toBe('');
    const [header, row] = table.stdout.trim().split('\n');
    expect(header!.split(/\s+/)).toEqual(['NAME', 'IMAGE', 'DESIRED', 'READY', 'PORT', 'AVAILABLE', 'AGE']);
    expect(row).toMatch(/^shop\s+nginx:1\.27\s+2\s+2\s+8080\s+True\s+\d+s$/);
  });
});
