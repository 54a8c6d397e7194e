/**
 * @kubernetes/client-node against the embedded server: list, watch, informers and 410 relists,
 * and the workload, networking, policy and autoscaling kinds through their typed APIs.
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
let kc: k8s.KubeConfig;

beforeAll(async () => {
  server = await startTestServer({ watch: { bookmarkIntervalMs: 200 } });
  kc = new k8s.KubeConfig();
  kc.loadFromFile(server.kubeconfigPath);
});
afterAll(async () => {
  await server?.stop();
});

const cm = (name: string, labels: Record<string, string> = {}): k8s.V1ConfigMap => ({ metadata: { name, labels }, data: { name } });

describe('client-node against the embedded server', () => {
  it('creates, lists with a label selector and pages with limit/continue', async () => {
    const core = kc.makeApiClient(k8s.CoreV1Api);
    for (let i = 0; i < 5; i++) await core.createNamespacedConfigMap({ namespace: 'default', body: cm(`page-${i}`, { suite: 'paging' }) });
    const first = await core.listNamespacedConfigMap({ namespace: 'default', labelSelector: 'suite=paging', limit: 2 });
    expect(first.items.map((i) => i.metadata?.name)).toEqual(['page-0', 'page-1']);
    const rest = await core.listNamespacedConfigMap({
      namespace: 'default',
      labelSelector: 'suite=paging',
      limit: 10,
      ...(first.metadata?._continue === undefined ? {} : { _continue: first.metadata._continue }),
    });
    expect(rest.items.map((i) => i.metadata?.name)).toEqual(['page-2', 'page-3', 'page-4']);
  });

  it('reports NotFound and Conflict as typed API errors', async () => {
    const core = kc.makeApiClient(k8s.CoreV1Api);
    await expect(core.readNamespacedConfigMap({ name: 'missing', namespace: 'default' })).rejects.toMatchObject({ code: 404 });
    const created = await core.createNamespacedConfigMap({ namespace: 'default', body: cm('conflicted') });
    await core.replaceNamespacedConfigMap({ name: 'conflicted', namespace: 'default', body: { ...created, data: { v: '2' } } });
    await expect(core.replaceNamespacedConfigMap({ name: 'conflicted', namespace: 'default', body: { ...created, data: { v: '3' } } })).rejects.toMatchObject({
      code: 409,
    });
  });

  it('feeds an informer that starts from a list and follows a watch', async () => {
    const core = kc.makeApiClient(k8s.CoreV1Api);
    const informer = k8s.makeInformer(
      kc,
      '/api/v1/namespaces/default/configmaps',
      () => core.listNamespacedConfigMap({ namespace: 'default', labelSelector: 'suite=informer' }),
      'suite=informer',
    );
    const seen: string[] = [];
    informer.on('add', (o) => seen.push(`add:${o.metadata?.name}`));
    informer.on('update', (o) => seen.push(`update:${o.metadata?.name}:${o.data?.v}`));
    informer.on('delete', (o) => seen.push(`delete:${o.metadata?.name}`));
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('before', { suite: 'informer' }) });
    await informer.start();
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('after', { suite: 'informer' }) });
    await core.patchNamespacedConfigMap(
      { name: 'after', namespace: 'default', body: { data: { v: '2' } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
    );
    await core.deleteNamespacedConfigMap({ name: 'before', namespace: 'default' });
    await expect.poll(() => seen, { timeout: 5000 }).toEqual(['add:before', 'add:after', 'update:after:2', 'delete:before']);
    expect(informer.list().map((o) => o.metadata?.name)).toEqual(['after']);
    await informer.stop();
  });

  it('answers a watch from a compacted resourceVersion with 410 Expired, and a relist recovers', async () => {
    const core = kc.makeApiClient(k8s.CoreV1Api);
    const list = await core.listNamespacedConfigMap({ namespace: 'default' });
    const oldRv = list.metadata!.resourceVersion!;
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('after-compaction') });
    server.compactHistory();
    const watch = new k8s.Watch(kc);
    const events: { type: string; code?: number | undefined; reason?: string | undefined }[] = [];
    await new Promise<void>((resolve) => {
      void watch.watch(
        '/api/v1/namespaces/default/configmaps',
        { resourceVersion: oldRv },
        (type, obj: { code?: number; reason?: string }) => events.push({ type, code: obj.code, reason: obj.reason }),
        () => resolve(),
      );
    });
    expect(events).toEqual([{ type: 'ERROR', code: 410, reason: 'Expired' }]);
    const relisted = await core.listNamespacedConfigMap({ namespace: 'default' });
    expect(relisted.items.some((i) => i.metadata?.name === 'after-compaction')).toBe(true);
  });
});

const mergePatch = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch);
const labels = (name: string) => ({ app: name });
const podTemplate = (name: string, restartPolicy?: string) => ({
  metadata: { labels: labels(name) },
  spec: { ...(restartPolicy ? { restartPolicy } : {}), containers: [{ name: 'c', image: 'example.com/c:1' }] },
});

/**
 * One namespaced kind through its typed client: how to make a valid object and one kube's
 * validation refuses, with the field its cause names; the CRUD calls in one shape.
 */
interface TypedKind {
  kind: string;
  valid(name: string): object;
  invalid(name: string): object;
  causeField: string;
  patch: object;
  create(namespace: string, body: object): Promise<k8s.KubernetesObject>;
  read(namespace: string, name: string): Promise<k8s.KubernetesObject>;
  list(namespace: string): Promise<{ items: k8s.KubernetesObject[] }>;
  merge(namespace: string, name: string, body: object): Promise<k8s.KubernetesObject>;
  remove(namespace: string, name: string): Promise<unknown>;
}

function typedKinds(): TypedKind[] {
  const apps = kc.makeApiClient(k8s.AppsV1Api);
  const batch = kc.makeApiClient(k8s.BatchV1Api);
  const networking = kc.makeApiClient(k8s.NetworkingV1Api);
  const policy = kc.makeApiClient(k8s.PolicyV1Api);
  const autoscaling = kc.makeApiClient(k8s.AutoscalingV2Api);
  const core = kc.makeApiClient(k8s.CoreV1Api);
  return [
    {
      kind: 'StatefulSet',
      valid: (name) => ({ metadata: { name }, spec: { serviceName: name, selector: { matchLabels: labels(name) }, template: podTemplate(name) } }),
      // ValidateStatefulSetSpec: the selector must match the template's labels.
      invalid: (name) => ({ metadata: { name }, spec: { serviceName: name, selector: { matchLabels: { app: 'other' } }, template: podTemplate(name) } }),
      causeField: 'spec.template.metadata.labels',
      patch: { spec: { replicas: 3 } },
      create: (namespace, body) => apps.createNamespacedStatefulSet({ namespace, body: body as k8s.V1StatefulSet }),
      read: (namespace, name) => apps.readNamespacedStatefulSet({ namespace, name }),
      list: (namespace) => apps.listNamespacedStatefulSet({ namespace }),
      merge: (namespace, name, body) => apps.patchNamespacedStatefulSet({ namespace, name, body }, mergePatch),
      remove: (namespace, name) => apps.deleteNamespacedStatefulSet({ namespace, name }),
    },
    {
      kind: 'DaemonSet',
      valid: (name) => ({ metadata: { name }, spec: { selector: { matchLabels: labels(name) }, template: podTemplate(name) } }),
      invalid: (name) => ({ metadata: { name }, spec: { selector: { matchLabels: { app: 'other' } }, template: podTemplate(name) } }),
      causeField: 'spec.template.metadata.labels',
      patch: { spec: { minReadySeconds: 5 } },
      create: (namespace, body) => apps.createNamespacedDaemonSet({ namespace, body: body as k8s.V1DaemonSet }),
      read: (namespace, name) => apps.readNamespacedDaemonSet({ namespace, name }),
      list: (namespace) => apps.listNamespacedDaemonSet({ namespace }),
      merge: (namespace, name, body) => apps.patchNamespacedDaemonSet({ namespace, name, body }, mergePatch),
      remove: (namespace, name) => apps.deleteNamespacedDaemonSet({ namespace, name }),
    },
    {
      kind: 'Job',
      valid: (name) => ({ metadata: { name }, spec: { template: podTemplate(name, 'Never') } }),
      // A Job's Pods may only restart OnFailure or Never.
      invalid: (name) => ({ metadata: { name }, spec: { template: podTemplate(name, 'Always') } }),
      causeField: 'spec.template.spec.restartPolicy',
      patch: { spec: { suspend: true } },
      create: (namespace, body) => batch.createNamespacedJob({ namespace, body: body as k8s.V1Job }),
      read: (namespace, name) => batch.readNamespacedJob({ namespace, name }),
      list: (namespace) => batch.listNamespacedJob({ namespace }),
      merge: (namespace, name, body) => batch.patchNamespacedJob({ namespace, name, body }, mergePatch),
      remove: (namespace, name) => batch.deleteNamespacedJob({ namespace, name, propagationPolicy: 'Background' }),
    },
    {
      kind: 'CronJob',
      valid: (name) => ({ metadata: { name }, spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: podTemplate(name, 'OnFailure') } } } }),
      invalid: (name) => ({ metadata: { name }, spec: { schedule: 'every day', jobTemplate: { spec: { template: podTemplate(name, 'OnFailure') } } } }),
      causeField: 'spec.schedule',
      patch: { spec: { suspend: true } },
      create: (namespace, body) => batch.createNamespacedCronJob({ namespace, body: body as k8s.V1CronJob }),
      read: (namespace, name) => batch.readNamespacedCronJob({ namespace, name }),
      list: (namespace) => batch.listNamespacedCronJob({ namespace }),
      merge: (namespace, name, body) => batch.patchNamespacedCronJob({ namespace, name, body }, mergePatch),
      remove: (namespace, name) => batch.deleteNamespacedCronJob({ namespace, name }),
    },
    {
      kind: 'Ingress',
      valid: (name) => ({ metadata: { name }, spec: { defaultBackend: { service: { name, port: { number: 80 } } } } }),
      // A Prefix path must be absolute.
      invalid: (name) => ({
        metadata: { name },
        spec: { rules: [{ http: { paths: [{ path: 'relative', pathType: 'Prefix', backend: { service: { name, port: { number: 80 } } } }] } }] },
      }),
      causeField: 'spec.rules[0].http.paths[0].path',
      patch: { spec: { ingressClassName: 'nginx' } },
      create: (namespace, body) => networking.createNamespacedIngress({ namespace, body: body as k8s.V1Ingress }),
      read: (namespace, name) => networking.readNamespacedIngress({ namespace, name }),
      list: (namespace) => networking.listNamespacedIngress({ namespace }),
      merge: (namespace, name, body) => networking.patchNamespacedIngress({ namespace, name, body }, mergePatch),
      remove: (namespace, name) => networking.deleteNamespacedIngress({ namespace, name }),
    },
    {
      kind: 'PodDisruptionBudget',
      valid: (name) => ({ metadata: { name }, spec: { minAvailable: 1, selector: { matchLabels: labels(name) } } }),
      // minAvailable and maxUnavailable are exclusive.
      invalid: (name) => ({ metadata: { name }, spec: { minAvailable: 1, maxUnavailable: 1, selector: { matchLabels: labels(name) } } }),
      causeField: 'spec',
      patch: { spec: { minAvailable: 2 } },
      create: (namespace, body) => policy.createNamespacedPodDisruptionBudget({ namespace, body: body as k8s.V1PodDisruptionBudget }),
      read: (namespace, name) => policy.readNamespacedPodDisruptionBudget({ namespace, name }),
      list: (namespace) => policy.listNamespacedPodDisruptionBudget({ namespace }),
      merge: (namespace, name, body) => policy.patchNamespacedPodDisruptionBudget({ namespace, name, body }, mergePatch),
      remove: (namespace, name) => policy.deleteNamespacedPodDisruptionBudget({ namespace, name }),
    },
    {
      kind: 'HorizontalPodAutoscaler',
      valid: (name) => ({ metadata: { name }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name }, minReplicas: 1, maxReplicas: 3 } }),
      invalid: (name) => ({ metadata: { name }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name }, maxReplicas: 0 } }),
      causeField: 'spec.maxReplicas',
      patch: { spec: { maxReplicas: 5 } },
      create: (namespace, body) => autoscaling.createNamespacedHorizontalPodAutoscaler({ namespace, body: body as k8s.V2HorizontalPodAutoscaler }),
      read: (namespace, name) => autoscaling.readNamespacedHorizontalPodAutoscaler({ namespace, name }),
      list: (namespace) => autoscaling.listNamespacedHorizontalPodAutoscaler({ namespace }),
      merge: (namespace, name, body) => autoscaling.patchNamespacedHorizontalPodAutoscaler({ namespace, name, body }, mergePatch),
      remove: (namespace, name) => autoscaling.deleteNamespacedHorizontalPodAutoscaler({ namespace, name }),
    },
    {
      kind: 'PersistentVolumeClaim',
      valid: (name) => ({ metadata: { name }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }),
      invalid: (name) => ({ metadata: { name }, spec: { resources: { requests: { storage: '1Gi' } } } }),
      causeField: 'spec.accessModes',
      patch: { metadata: { labels: { tier: 'db' } } },
      create: (namespace, body) => core.createNamespacedPersistentVolumeClaim({ namespace, body: body as k8s.V1PersistentVolumeClaim }),
      read: (namespace, name) => core.readNamespacedPersistentVolumeClaim({ namespace, name }),
      list: (namespace) => core.listNamespacedPersistentVolumeClaim({ namespace }),
      merge: (namespace, name, body) => core.patchNamespacedPersistentVolumeClaim({ namespace, name, body }, mergePatch),
      remove: (namespace, name) => core.deleteNamespacedPersistentVolumeClaim({ namespace, name }),
    },
  ];
}

/** The causes of the 422 a call fails with. */
async function invalidCauses(call: Promise<unknown>): Promise<k8s.V1StatusCause[]> {
  const error = await call.then(
    () => expect.fail('the server accepted an invalid object'),
    (e: unknown) => e as k8s.ApiException<string>,
  );
  expect(error.code).toBe(422);
  const status = JSON.parse(error.body) as k8s.V1Status;
  expect(status.reason).toBe('Invalid');
  return status.details?.causes ?? [];
}

describe('client-node drives the workload, networking, policy and autoscaling kinds through their typed APIs', () => {
  it.each(['StatefulSet', 'DaemonSet', 'Job', 'CronJob', 'Ingress', 'PodDisruptionBudget', 'HorizontalPodAutoscaler', 'PersistentVolumeClaim'])(
    'creates, reads, lists, merge-patches and deletes a %s, and names the field of an invalid one',
    async (kindName) => {
      const kind = typedKinds().find((k) => k.kind === kindName)!;
      const namespace = 'default';
      const name = `typed-${kindName.toLowerCase()}`;
      const created = await kind.create(namespace, kind.valid(name));
      expect(created).toMatchObject({ kind: kindName, metadata: { name, namespace, uid: expect.any(String) } });
      expect((await kind.read(namespace, name)).metadata?.uid).toBe(created.metadata?.uid);
      expect((await kind.list(namespace)).items.map((i) => i.metadata?.name)).toContain(name);
      const patched = await kind.merge(namespace, name, kind.patch);
      expect(patched).toMatchObject(kind.patch);
      expect(Number(patched.metadata?.resourceVersion)).toBeGreaterThan(Number(created.metadata?.resourceVersion));
      await kind.remove(namespace, name);
      // A claim keeps the kubernetes.io/pvc-protection finalizer admission gave it, and no
      // pvc-protection controller runs here: the deletion completes once the client lets it go.
      if (kindName === 'PersistentVolumeClaim') await kind.merge(namespace, name, { metadata: { finalizers: null } });
      await expect
        .poll(() =>
          kind.read(namespace, name).then(
            () => 200,
            (e: k8s.ApiException<string>) => e.code,
          ),
        )
        .toBe(404);
      const causes = await invalidCauses(kind.create(namespace, kind.invalid(`${name}-bad`)));
      expect(causes.map((c) => c.field)).toContain(kind.causeField);
    },
  );

  it('answers a SelfSubjectAccessReview for the admin, and names the missing attributes of an empty one', async () => {
    const authorization = kc.makeApiClient(k8s.AuthorizationV1Api);
    const review = await authorization.createSelfSubjectAccessReview({
      body: { spec: { resourceAttributes: { verb: 'create', resource: 'statefulsets', group: 'apps', namespace: 'default' } } },
    });
    expect(review.status).toMatchObject({ allowed: true });
    // ValidateSelfSubjectAccessReviewSpec: a union, exactly one of the two, reported on spec.
    const causes = await invalidCauses(authorization.createSelfSubjectAccessReview({ body: { spec: {} } }));
    expect(causes).toContainEqual(
      expect.objectContaining({
        field: 'spec',
        message: expect.stringContaining('exactly one of nonResourceAttributes or resourceAttributes must be specified'),
      }),
    );
  });
});
