import { isNotFound, type KubeObject, type OwnerReference } from '@dojo/kube-api';
import { builtinTypes, type ResourceType } from '@dojo/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimCluster, type SimCluster } from '../testing/sim-cluster.ts';

const { configMaps, customResourceDefinitions, namespaces } = builtinTypes;
const widgets: ResourceType = { group: 'example.com', version: 'v1', resource: 'widgets', kind: 'Widget', namespaced: true };
const ns = 'gc';
const eventually = { timeout: 15_000, interval: 50 };

let cluster: SimCluster;

beforeAll(async () => {
  cluster = await startSimCluster();
  await cluster.client.create(namespaces, { metadata: { name: ns } });
  await cluster.startSim();
});

afterAll(async () => {
  await cluster?.stop();
});

function ref(owner: KubeObject, blockOwnerDeletion = true): OwnerReference {
  return { apiVersion: owner.apiVersion ?? 'v1', kind: owner.kind ?? '', name: owner.metadata.name ?? '', uid: owner.metadata.uid ?? '', blockOwnerDeletion };
}

async function configMap(name: string, ownerReferences: OwnerReference[] = [], finalizers?: string[]): Promise<KubeObject> {
  return cluster.client.create(configMaps, {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: ns, ownerReferences, ...(finalizers ? { finalizers } : {}) },
  });
}

async function exists(type: ResourceType, name: string): Promise<KubeObject | undefined> {
  try {
    return await cluster.client.get(type, { namespace: ns, name });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

describe.concurrent('the garbage collector', () => {
  it('deletes the dependents of an owner deleted in the background, down the chain and across kinds', async () => {
    const owner = await configMap('bg-owner');
    const child = await configMap('bg-child', [ref(owner)]);
    await configMap('bg-grandchild', [ref(child)]);
    await cluster.client.delete(configMaps, { namespace: ns, name: 'bg-owner' }, { propagationPolicy: 'Background' });
    await vi.waitFor(async () => {
      expect(await exists(configMaps, 'bg-child')).toBeUndefined();
      expect(await exists(configMaps, 'bg-grandchild')).toBeUndefined();
    }, eventually);
    await vi.waitFor(async () => {
      const [event] = (await cluster.client.list(builtinTypes.events, { namespace: ns, fieldSelector: 'involvedObject.name=bg-child,reason=GarbageCollected' }))
        .items;
      expect(event).toMatchObject({
        source: { component: 'garbage-collector-controller' },
        message: 'Deleted (propagationPolicy=Background): its owner ConfigMap bg-owner no longer exists',
      });
    }, eventually);
  });

  it('collects custom resources of a CRD created after it started', async () => {
    await cluster.client.create(customResourceDefinitions, {
      metadata: { name: 'widgets.example.com' },
      spec: {
        group: 'example.com',
        names: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' },
        scope: 'Namespaced',
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
      },
    });
    await vi.waitFor(() => cluster.client.list(widgets, { namespace: ns }), eventually);
    const owner = await cluster.client.create(widgets, { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'gadget', namespace: ns } });
    const part = await cluster.client.create(widgets, {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'gadget-part', namespace: ns, ownerReferences: [ref(owner)] },
    });
    await configMap('gadget-config', [ref(part)]);
    await cluster.client.delete(widgets, { namespace: ns, name: 'gadget' });
    await vi.waitFor(async () => {
      expect(await exists(widgets, 'gadget-part')).toBeUndefined();
      expect(await exists(configMaps, 'gadget-config')).toBeUndefined();
    }, eventually);
  });

  it('keeps an owner deleted in the foreground until its blocking dependents are gone', async () => {
    const owner = await configMap('fg-owner');
    await configMap('fg-blocking', [ref(owner)], ['example.com/hold']);
    await configMap('fg-free', [ref(owner, false)]);
    await cluster.client.delete(configMaps, { namespace: ns, name: 'fg-owner' }, { propagationPolicy: 'Foreground' });
    await vi.waitFor(async () => {
      expect((await exists(configMaps, 'fg-blocking'))?.metadata.deletionTimestamp).toBeDefined();
      expect(await exists(configMaps, 'fg-free')).toBeUndefined();
    }, eventually);
    const waiting = await exists(configMaps, 'fg-owner');
    expect(waiting?.metadata.finalizers).toEqual(['foregroundDeletion']);

    await cluster.client.patch(configMaps, { namespace: ns, name: 'fg-blocking' }, { type: 'merge', body: { metadata: { finalizers: null } } });
    await vi.waitFor(async () => expect(await exists(configMaps, 'fg-owner')).toBeUndefined(), eventually);
  });

  it('deletes a Deployment in the foreground only after its ReplicaSet and Pods are gone', async () => {
    await cluster.kubectlOk(['-n', ns, 'create', 'deployment', 'fg', '--image=nginx:1.27', '--replicas=2']);
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/fg', '--timeout=60s']);
    // kubectl waits until the Deployment is gone, which the foregroundDeletion finalizer delays
    // until nothing that blocks it is left.
    await cluster.kubectlOk(['-n', ns, 'delete', 'deployment', 'fg', '--cascade=foreground', '--timeout=30s']);
    expect(await cluster.kubectlOk(['-n', ns, 'get', 'replicasets,pods', '-l', 'app=fg', '-o', 'name'])).toBe('');
  });

  it('orphans the dependents of an owner deleted with the Orphan policy', async () => {
    const owner = await configMap('orphan-owner');
    const other = await configMap('orphan-other-owner');
    await configMap('orphan-child', [ref(owner), ref(other)]);
    await cluster.client.delete(configMaps, { namespace: ns, name: 'orphan-owner' }, { propagationPolicy: 'Orphan' });
    await vi.waitFor(async () => expect(await exists(configMaps, 'orphan-owner')).toBeUndefined(), eventually);
    const child = await exists(configMaps, 'orphan-child');
    expect(child?.metadata.ownerReferences?.map((r) => r.name)).toEqual(['orphan-other-owner']);
  });

  it('orphans a Deployment’s ReplicaSet and Pods with kubectl --cascade=orphan', async () => {
    await cluster.kubectlOk(['-n', ns, 'create', 'deployment', 'keep', '--image=nginx:1.27', '--replicas=2']);
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/keep', '--timeout=60s']);
    await cluster.kubectlOk(['-n', ns, 'delete', 'deployment', 'keep', '--cascade=orphan']);
    await vi.waitFor(async () => {
      const owners = await cluster.kubectlOk(['-n', ns, 'get', 'replicasets', '-l', 'app=keep', '-o', 'jsonpath={.items[*].metadata.ownerReferences}']);
      expect(owners).toBe('');
    }, eventually);
    const pods = await cluster.kubectlOk(['-n', ns, 'get', 'pods', '-l', 'app=keep', '-o', 'name']);
    expect(pods.trim().split('\n')).toHaveLength(2);
  });

  it('keeps a dependent whose other owner still exists, dropping the reference to the deleted one', async () => {
    const gone = await configMap('shared-gone');
    const stays = await configMap('shared-stays');
    await configMap('shared-child', [ref(gone), ref(stays)]);
    await cluster.client.delete(configMaps, { namespace: ns, name: 'shared-gone' });
    await vi.waitFor(async () => {
      expect((await exists(configMaps, 'shared-child'))?.metadata.ownerReferences?.map((r) => r.name)).toEqual(['shared-stays']);
    }, eventually);
  });

  it('deletes a dependent whose owner reference names an object that no longer has that uid', async () => {
    const owner = await configMap('reborn');
    await cluster.client.delete(configMaps, { namespace: ns, name: 'reborn' });
    await configMap('reborn');
    await configMap('reborn-child', [ref(owner)]);
    await vi.waitFor(async () => expect(await exists(configMaps, 'reborn-child')).toBeUndefined(), eventually);
    expect(await exists(configMaps, 'reborn')).toBeDefined();
  });
});
