/**
 * The client-node scenario's Deployment, deletes, watches, informer and custom resources (see
 * client-node.scenario.ts for the shape of an action).
 */
import * as k8s from '@kubernetes/client-node';
import { configMap, jsonPatch, mergePatch, namespace, strategicPatch, view, type NodeAction, type NodeClients } from './client-node.scenario.ts';

const deployment = (name: string): k8s.V1Deployment => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, labels: { app: name } },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
  },
});

export const workloadActions: NodeAction[] = [
  { action: 'create a Deployment', run: async ({ apps }) => view(await apps.createNamespacedDeployment({ namespace, body: deployment('web') })) },
  {
    action: 'update the status subresource',
    run: async ({ apps }) => {
      const current = await apps.readNamespacedDeployment({ name: 'web', namespace });
      const body = {
        ...current,
        spec: { ...current.spec!, replicas: 7 },
        status: { ...current.status, replicas: 2, ...(current.metadata?.generation === undefined ? {} : { observedGeneration: current.metadata.generation }) },
      };
      return view(await apps.replaceNamespacedDeploymentStatus({ name: 'web', namespace, body }));
    },
  },
  {
    action: 'merge-patch the status subresource',
    run: async ({ apps }) =>
      view(await apps.patchNamespacedDeploymentStatus({ name: 'web', namespace, body: { status: { readyReplicas: 1 }, spec: { replicas: 5 } } }, mergePatch)),
  },
  {
    action: 'strategic-merge-patch a container by its name',
    run: async ({ apps }) =>
      view(
        await apps.patchNamespacedDeployment(
          { name: 'web', namespace, body: { spec: { template: { spec: { containers: [{ name: 'sidecar', image: 'busybox:1' }] } } } } },
          strategicPatch,
        ),
      ),
  },
  {
    action: 'server-side apply a Deployment, dry run',
    run: async ({ objects }) => {
      const body = deployment('applied-web');
      const labels = { app: 'applied' };
      const spec = { selector: { matchLabels: labels }, template: { ...body.spec!.template, metadata: { labels } } };
      return view(
        await objects.patch(
          { ...body, metadata: { name: 'applied-web', namespace, labels }, spec },
          undefined,
          'All',
          'scenario',
          undefined,
          k8s.PatchStrategy.ServerSideApply,
        ),
      );
    },
  },
  { action: 'get the scale subresource', run: async ({ apps }) => view(await apps.readNamespacedDeploymentScale({ name: 'web', namespace })) },
  {
    action: 'create an invalid Deployment: 422',
    run: async ({ apps }) => {
      const bad = deployment('bad');
      bad.spec!.template.metadata!.labels = { app: 'other' };
      bad.spec!.template.spec!.containers[0]!.image = '';
      return view(await apps.createNamespacedDeployment({ namespace, body: bad }));
    },
  },
];

export const deleteActions: NodeAction[] = [
  ...(['Orphan', 'Foreground', 'Background'] as const).map((policy) => ({
    action: `delete a Deployment with propagation ${policy}`,
    run: async ({ apps }: NodeClients) => {
      const name = `del-${policy.toLowerCase()}`;
      await apps.createNamespacedDeployment({ namespace, body: deployment(name) });
      // Typed as V1Status; the server answers the object while finalizers hold it.
      const answered = view(await apps.deleteNamespacedDeployment({ name, namespace, propagationPolicy: policy }));
      const after = await apps.readNamespacedDeployment({ name, namespace }).then(
        (got) => ({ finalizers: got.metadata?.finalizers, deleting: got.metadata?.deletionTimestamp !== undefined }),
        (err: k8s.ApiException<unknown>) => ({ code: err.code }),
      );
      return { answered, after };
    },
  })),
  {
    action: 'delete a ConfigMap held by a finalizer',
    run: async ({ core }) => {
      await core.createNamespacedConfigMap({ namespace, body: configMap('held', undefined, {}, ['example.com/hold']) });
      const answered = view(await core.deleteNamespacedConfigMap({ name: 'held', namespace }));
      return { answered, after: view(await core.readNamespacedConfigMap({ name: 'held', namespace })) };
    },
  },
  {
    action: "update a deleting object's labels",
    run: async ({ core }) =>
      view(await core.patchNamespacedConfigMap({ name: 'held', namespace, body: { metadata: { labels: { late: 'yes' } } } }, mergePatch)),
  },
  {
    action: 'remove the finalizer: the object goes',
    run: async ({ core }) => {
      await core.patchNamespacedConfigMap({ name: 'held', namespace, body: [{ op: 'remove', path: '/metadata/finalizers' }] }, jsonPatch);
      return view(await core.readNamespacedConfigMap({ name: 'held', namespace }));
    },
  },
  {
    action: 'delete with a stale precondition: 409',
    run: async ({ core }) => view(await core.deleteNamespacedConfigMap({ name: 'gamma', namespace, body: { preconditions: { resourceVersion: '1' } } })),
  },
  {
    action: 'delete collection by label',
    run: async ({ core }) => {
      const answered = view(await core.deleteCollectionNamespacedConfigMap({ namespace, labelSelector: 'tier=back' }));
      return { answered, left: (await core.listNamespacedConfigMap({ namespace, labelSelector: 'app=demo' })).items.map((i) => i.metadata?.name) };
    },
  },
];

/** The first `count` events a client-node Watch delivers, as (phase, object) — or its done error. */
async function watchEvents(
  kc: k8s.KubeConfig,
  query: Record<string, string | number | boolean | undefined>,
  count: number,
  afterOpen: () => Promise<void> = async () => {},
): Promise<unknown> {
  const events: unknown[] = [];
  let abort: AbortController | undefined;
  const finished = new Promise<unknown>((resolve) => {
    // Aborting is how this caller stops the watch: client-node reports it to `done` as an AbortError.
    const done = (err: unknown) =>
      resolve(err && (err as Error).name !== 'AbortError' ? { doneWith: String(err), events: events.slice(0, count) } : events.slice(0, count));
    void new k8s.Watch(kc)
      .watch(
        `/api/v1/namespaces/${namespace}/configmaps`,
        { ...query, timeoutSeconds: 30 },
        (phase, obj) => {
          events.push({ phase, object: view(obj) });
          if (events.length === count) abort?.abort();
        },
        done,
      )
      .then((controller) => {
        abort = controller;
        if (events.length >= count) controller.abort();
      }, done);
  });
  await afterOpen();
  return finished;
}

export const streamActions: NodeAction[] = [
  {
    action: 'watch from a resourceVersion sees the writes after it',
    run: async ({ core, kc, memo }) => {
      memo.from = (await core.listNamespacedConfigMap({ namespace, labelSelector: 'watched=yes' })).metadata?.resourceVersion;
      await core.createNamespacedConfigMap({ namespace, body: configMap('watched', { watched: 'yes' }, { n: '1' }) });
      await core.patchNamespacedConfigMap({ name: 'watched', namespace, body: { data: { n: '2' } } }, mergePatch);
      await core.deleteNamespacedConfigMap({ name: 'watched', namespace });
      return watchEvents(kc, { labelSelector: 'watched=yes', resourceVersion: memo.from }, 3);
    },
  },
  {
    action: 'list at an earlier resourceVersion (Exact)',
    run: async ({ core, memo }) =>
      view(
        await core.listNamespacedConfigMap({
          namespace,
          labelSelector: 'app=demo',
          ...(memo.from === undefined ? {} : { resourceVersion: memo.from }),
          resourceVersionMatch: 'Exact',
        }),
      ),
  },
  {
    action: 'watch with a label selector sees an object leave it as DELETED',
    run: async ({ core, kc, memo }) =>
      watchEvents(kc, { labelSelector: 'tier=front', resourceVersion: memo.from }, 1, async () => {
        await core.patchNamespacedConfigMap({ name: 'gamma', namespace, body: { metadata: { labels: { tier: 'rear' } } } }, mergePatch);
      }),
  },
  { action: 'watch from resourceVersion 1 (history kept: replayed)', run: async ({ kc }) => watchEvents(kc, { resourceVersion: '1' }, 1) },
  {
    action: 'informer: the synced set after start',
    run: async ({ core, kc }) => {
      const informer = k8s.makeInformer(kc, `/api/v1/namespaces/${namespace}/configmaps`, () => core.listNamespacedConfigMap({ namespace }));
      await informer.start();
      const synced = Object.fromEntries(informer.list().map((cm) => [cm.metadata?.name, cm.data ?? {}]));
      await informer.stop();
      return synced;
    },
  },
];

const widgets = { group: 'checks.example.com', version: 'v1', namespace, plural: 'widgets' };
const widget = (name: string, size: number) => ({
  apiVersion: 'checks.example.com/v1',
  kind: 'Widget',
  metadata: { name, labels: { app: 'widgets' } },
  spec: { size },
});

export const customResourceActions: NodeAction[] = [
  { action: 'create a custom resource', run: async ({ custom }) => view(await custom.createNamespacedCustomObject({ ...widgets, body: widget('w1', 3) })) },
  {
    action: 'create an invalid custom resource: 422',
    run: async ({ custom }) => view(await custom.createNamespacedCustomObject({ ...widgets, body: widget('w-bad', -1) })),
  },
  {
    action: "update a custom resource's status",
    run: async ({ custom }) => {
      const current = (await custom.getNamespacedCustomObject({ ...widgets, name: 'w1' })) as ReturnType<typeof widget>;
      return view(
        await custom.replaceNamespacedCustomObjectStatus({ ...widgets, name: 'w1', body: { ...current, spec: { size: 9 }, status: { ready: true } } }),
      );
    },
  },
  {
    action: 'merge-patch a custom resource',
    run: async ({ custom }) => view(await custom.patchNamespacedCustomObject({ ...widgets, name: 'w1', body: { spec: { size: 4 } } }, mergePatch)),
  },
  {
    action: 'strategic merge patch of a custom resource: 415',
    run: async ({ custom }) => view(await custom.patchNamespacedCustomObject({ ...widgets, name: 'w1', body: { spec: { size: 5 } } }, strategicPatch)),
  },
  {
    action: 'server-side apply a custom resource',
    run: async ({ objects }) =>
      view(
        await objects.patch(
          { ...widget('w2', 7), metadata: { name: 'w2', namespace } },
          undefined,
          undefined,
          'scenario',
          undefined,
          k8s.PatchStrategy.ServerSideApply,
        ),
      ),
  },
  {
    action: 'list custom resources',
    run: async ({ custom }) => {
      const l = (await custom.listNamespacedCustomObject(widgets)) as { apiVersion: string; kind: string; items: { metadata: { name: string } }[] };
      return { apiVersion: l.apiVersion, kind: l.kind, names: l.items.map((i) => i.metadata.name) };
    },
  },
  { action: 'get a missing custom resource: 404', run: async ({ custom }) => view(await custom.getNamespacedCustomObject({ ...widgets, name: 'missing' })) },
];
