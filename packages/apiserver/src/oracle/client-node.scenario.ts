/**
 * The client-node scenario's actions (see client-node.steps.ts): each takes the clients bound to
 * one server and answers what the client handed back — its decoded object (without
 * managedFields, compared by the suite's own apply steps) or its ApiException.
 */
import * as k8s from '@kubernetes/client-node';

export const namespace = 'oracle-client-node';

export interface NodeClients {
  kc: k8s.KubeConfig;
  core: k8s.CoreV1Api;
  apps: k8s.AppsV1Api;
  custom: k8s.CustomObjectsApi;
  objects: k8s.KubernetesObjectApi;
  /** Values one action leaves for a later one (a stale object, a continue token). */
  memo: { stale?: k8s.V1ConfigMap; continue?: string | undefined; from?: string | undefined };
}

export interface NodeAction {
  action: string;
  run(c: NodeClients): Promise<unknown>;
}

export const withHeader = (type: string) => k8s.setHeaderOptions('Content-Type', type);
export const mergePatch = withHeader(k8s.PatchStrategy.MergePatch);
export const jsonPatch = withHeader(k8s.PatchStrategy.JsonPatch);
export const strategicPatch = withHeader(k8s.PatchStrategy.StrategicMergePatch);

/** An object as the client decoded it, as JSON (Dates as their strings), without managedFields. */
export function view(obj: unknown): unknown {
  const out = JSON.parse(JSON.stringify(obj ?? null)) as { metadata?: Record<string, unknown> } | null;
  if (out?.metadata) delete out.metadata.managedFields;
  return out;
}

const listView = (l: k8s.V1ConfigMapList) => ({
  names: l.items.map((i) => i.metadata?.name),
  continue: l.metadata?._continue ?? '',
  remainingItemCount: l.metadata?.remainingItemCount,
  resourceVersion: l.metadata?.resourceVersion,
});

export const configMap = (name: string, labels?: Record<string, string>, data: Record<string, string> = {}, finalizers?: string[]): k8s.V1ConfigMap => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, ...(labels ? { labels } : {}), ...(finalizers ? { finalizers } : {}) },
  data,
});

const selectorLists: [string, string | undefined, string | undefined][] = [
  ['list by label equality', 'tier=front', undefined],
  ['list by label set', 'tier in (back),app', undefined],
  ['list by label inequality', 'tier!=front', undefined],
  ['list by field selector', undefined, 'metadata.name=beta'],
  ['list by both selectors', 'app=demo', 'metadata.name!=alpha'],
  ['list by an unsupported field: 400', undefined, 'data.k=alpha'],
  ['list by a malformed label selector: 400', 'tier in front', undefined],
];

export const readActions: NodeAction[] = [
  { action: 'create the namespace', run: async ({ core }) => view(await core.createNamespace({ body: { metadata: { name: namespace } } })) },
  ...(['alpha', 'beta', 'gamma'] as const).map((name) => ({
    action: `create ConfigMap ${name}`,
    run: async ({ core }: NodeClients) =>
      view(await core.createNamespacedConfigMap({ namespace, body: configMap(name, { app: 'demo', tier: name === 'beta' ? 'back' : 'front' }, { k: name }) })),
  })),
  { action: 'get a ConfigMap', run: async ({ core }) => view(await core.readNamespacedConfigMap({ name: 'alpha', namespace })) },
  ...selectorLists.map(([action, labelSelector, fieldSelector]) => ({
    action,
    run: async ({ core }: NodeClients) =>
      listView(
        await core.listNamespacedConfigMap({
          namespace,
          ...(labelSelector === undefined ? {} : { labelSelector }),
          ...(fieldSelector === undefined ? {} : { fieldSelector }),
        }),
      ),
  })),
  {
    action: 'list the first page (limit 2)',
    run: async ({ core, memo }) => {
      const page = await core.listNamespacedConfigMap({ namespace, labelSelector: 'app=demo', limit: 2 });
      memo.continue = page.metadata?._continue;
      return listView(page);
    },
  },
  {
    action: 'list the next page (continue)',
    run: async ({ core, memo }) =>
      listView(
        await core.listNamespacedConfigMap({
          namespace,
          labelSelector: 'app=demo',
          limit: 2,
          ...(memo.continue === undefined ? {} : { _continue: memo.continue }),
        }),
      ),
  },
  {
    action: 'list with a bad continue token: 400',
    run: async ({ core }) => listView(await core.listNamespacedConfigMap({ namespace, limit: 2, _continue: 'not-a-token' })),
  },
  {
    action: 'list through the generic KubernetesObjectApi',
    run: async ({ objects }) => {
      const l = await objects.list<k8s.V1ConfigMap>('v1', 'ConfigMap', namespace, undefined, undefined, undefined, undefined, 'app=demo');
      return { apiVersion: l.apiVersion, kind: l.kind, names: l.items.map((i) => i.metadata?.name) };
    },
  },
];

export const writeActions: NodeAction[] = [
  {
    action: 'update with the current resourceVersion',
    run: async ({ core, memo }) => {
      const current = await core.readNamespacedConfigMap({ name: 'alpha', namespace });
      memo.stale = JSON.parse(JSON.stringify(current)) as k8s.V1ConfigMap;
      return view(await core.replaceNamespacedConfigMap({ name: 'alpha', namespace, body: { ...current, data: { ...current.data, k: 'updated' } } }));
    },
  },
  {
    action: 'update with a stale resourceVersion: 409',
    run: async ({ core, memo }) => view(await core.replaceNamespacedConfigMap({ name: 'alpha', namespace, body: { ...memo.stale, data: { k: 'stale' } } })),
  },
  {
    action: 'merge patch',
    run: async ({ core }) => view(await core.patchNamespacedConfigMap({ name: 'alpha', namespace, body: { data: { merged: 'yes', k: null } } }, mergePatch)),
  },
  {
    action: 'strategic merge patch',
    run: async ({ core }) =>
      view(
        await core.patchNamespacedConfigMap(
          { name: 'alpha', namespace, body: { metadata: { labels: { patched: 'strategic' } }, data: { sm: '1' } } },
          strategicPatch,
        ),
      ),
  },
  {
    action: 'JSON patch',
    run: async ({ core }) =>
      view(
        await core.patchNamespacedConfigMap(
          {
            name: 'alpha',
            namespace,
            body: [
              { op: 'add', path: '/data/json', value: '1' },
              { op: 'replace', path: '/metadata/labels/tier', value: 'middle' },
            ],
          },
          jsonPatch,
        ),
      ),
  },
  {
    action: 'JSON patch whose test fails: 422',
    run: async ({ core }) =>
      view(await core.patchNamespacedConfigMap({ name: 'alpha', namespace, body: [{ op: 'test', path: '/data/json', value: '2' }] }, jsonPatch)),
  },
  {
    action: 'JSON patch of a missing path: 422',
    run: async ({ core }) => view(await core.patchNamespacedConfigMap({ name: 'alpha', namespace, body: [{ op: 'remove', path: '/data/nope' }] }, jsonPatch)),
  },
  {
    action: 'patch without a Content-Type option',
    run: async ({ core }) => view(await core.patchNamespacedConfigMap({ name: 'alpha', namespace, body: { data: { x: '1' } } })),
  },
  ...(
    [
      ['server-side apply by manager one', 'one', false],
      ['server-side apply of the same field by manager two: 409 conflict', 'two', false],
      ['server-side apply forced by manager two', 'two', true],
    ] as const
  ).map(([action, manager, force]) => ({
    action,
    run: async ({ objects }: NodeClients) => {
      const got = await objects.patch<k8s.V1ConfigMap>(
        { ...configMap('applied', undefined, { shared: manager }), metadata: { name: 'applied', namespace } },
        undefined,
        undefined,
        manager,
        force,
        k8s.PatchStrategy.ServerSideApply,
      );
      return {
        data: got.data,
        managers: got.metadata?.managedFields?.map((m) => `${m.manager} ${m.operation}`),
        resourceVersion: got.metadata?.resourceVersion,
      };
    },
  })),
  {
    action: 'dry-run create',
    run: async ({ core }) => view(await core.createNamespacedConfigMap({ namespace, body: configMap('dry', undefined, { a: '1' }), dryRun: 'All' })),
  },
  { action: 'dry-run create stored nothing: 404', run: async ({ core }) => view(await core.readNamespacedConfigMap({ name: 'dry', namespace })) },
  { action: 'dry-run delete', run: async ({ core }) => view(await core.deleteNamespacedConfigMap({ name: 'beta', namespace, dryRun: 'All' })) },
  { action: 'dry-run delete kept the object', run: async ({ core }) => view(await core.readNamespacedConfigMap({ name: 'beta', namespace })) },
];

export const errorActions: NodeAction[] = [
  { action: 'get a missing ConfigMap: 404', run: async ({ core }) => view(await core.readNamespacedConfigMap({ name: 'missing', namespace })) },
  { action: 'create an existing ConfigMap: 409', run: async ({ core }) => view(await core.createNamespacedConfigMap({ namespace, body: configMap('gamma') })) },
  {
    action: 'create with an invalid name: 422',
    run: async ({ core }) => view(await core.createNamespacedConfigMap({ namespace, body: configMap('Not_Valid', { 'bad key!': 'x' }) })),
  },
  {
    action: 'create in a missing namespace: 404',
    run: async ({ core }) => view(await core.createNamespacedConfigMap({ namespace: 'no-such-namespace', body: configMap('x') })),
  },
  { action: 'delete a missing ConfigMap: 404', run: async ({ core }) => view(await core.deleteNamespacedConfigMap({ name: 'missing', namespace })) },
  {
    action: 'generic read of a kind the server does not serve',
    run: async ({ objects }) => view(await objects.read({ apiVersion: 'v1', kind: 'NoSuchKind', metadata: { name: 'x', namespace } })),
  },
];
