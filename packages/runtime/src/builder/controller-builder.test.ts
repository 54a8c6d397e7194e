import type { KubeObject } from '@dojo/kube-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { builtinTypes } from '../client/resource-type.ts';
import type { ReconcileContext, Request } from '../controller/reconciler.ts';
import { Manager } from '../manager/manager.ts';
import { labelChangedPredicate } from '../predicate/changed-predicates.ts';
import { configMap, controllerRef, deployment } from '../testing/fixtures.ts';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import type { Trigger } from '../workqueue/trigger.ts';
import { ControllerBuilder } from './controller-builder.ts';

const { configMaps, secrets, deployments, namespaces } = builtinTypes;

let server: TestApiServer;
let manager: Manager;

beforeAll(async () => {
  server = await startTestApiServer();
  manager = await Manager.create({ kubeConfig: server.kubeConfig() });
  await manager.start();
});

afterAll(async () => {
  await manager?.stop();
  await server?.stop();
});

/** A reconciler that remembers the triggers of every pass, per key. */
function triggerLog() {
  const passes: { key: string; triggers: readonly Trigger[] }[] = [];
  return {
    passes,
    reconciler: {
      async reconcile(request: Request, context: ReconcileContext) {
        passes.push({ key: `${request.namespace}/${request.name}`, triggers: context.triggers });
      },
    },
    triggersOf: (key: string) => passes.filter((p) => p.key === key).flatMap((p) => p.triggers),
  };
}

const summary = (t: Trigger) => ({ reason: t.reason, event: t.event, kind: t.kind, key: t.key, resourceVersion: t.resourceVersion });

describe('ControllerBuilder', () => {
  it('enqueues the For object, the controller owner of an Owns object, and the targets of a Watches map, each with its reason', async () => {
    const ns = 'builder-triggers';
    await manager.apiClient.create(namespaces, { metadata: { name: ns } });
    const log = triggerLog();
    ControllerBuilder.create(manager)
      .for(configMaps)
      .owns(secrets)
      .watches(deployments, (d: KubeObject) => (d.metadata.labels?.config ? [{ namespace: d.metadata.namespace, name: d.metadata.labels.config }] : []))
      .named('config-triggers')
      .complete(log.reconciler);

    const parent = await manager.apiClient.create(configMaps, configMap(ns, 'parent'));
    const owned = await manager.apiClient.create(secrets, { metadata: { namespace: ns, name: 'owned', ownerReferences: [controllerRef(parent)] } });
    // Owned, but its controller is a Deployment, not a ConfigMap: no request for anyone.
    await manager.apiClient.create(secrets, {
      metadata: {
        namespace: ns,
        name: 'foreign',
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'parent', uid: 'x', controller: true }],
      },
    });
    const web = await manager.apiClient.create(deployments, {
      ...deployment(ns, 'web'),
      metadata: { namespace: ns, name: 'web', labels: { config: 'parent' } },
    });

    await vi.waitFor(() => expect(log.triggersOf(`${ns}/parent`).map((t) => t.reason)).toEqual(expect.arrayContaining(['watch', 'owned', 'mapped'])));
    const triggers = log.triggersOf(`${ns}/parent`).map(summary);
    expect(triggers).toContainEqual({
      reason: 'watch',
      event: 'ADDED',
      kind: 'ConfigMap',
      key: `${ns}/parent`,
      resourceVersion: parent.metadata.resourceVersion,
    });
    expect(triggers).toContainEqual({ reason: 'owned', event: 'ADDED', kind: 'Secret', key: `${ns}/owned`, resourceVersion: owned.metadata.resourceVersion });
    expect(triggers).toContainEqual({ reason: 'mapped', event: 'ADDED', kind: 'Deployment', key: `${ns}/web`, resourceVersion: web.metadata.resourceVersion });
    expect(log.passes.every((p) => p.key === `${ns}/parent`)).toBe(true);
  });

  it('drops events its predicates reject, and counts the drops per watch', async () => {
    const ns = 'builder-predicates';
    await manager.apiClient.create(namespaces, { metadata: { name: ns } });
    const log = triggerLog();
    const controller = ControllerBuilder.create(manager)
      .for(configMaps, { predicates: [labelChangedPredicate] })
      .named('label-watcher')
      .withOptions({ maxConcurrentReconciles: 2 })
      .complete(log.reconciler);
    expect(controller.state().workers.max).toBe(2);

    const created = await manager.apiClient.create(configMaps, configMap(ns, 'subject'));
    const dataOnly = await manager.apiClient.update(configMaps, { ...created, data: { only: 'data' } });
    const relabeled = await manager.apiClient.update(configMaps, { ...dataOnly, metadata: { ...dataOnly.metadata, labels: { tier: 'web' } } });
    await vi.waitFor(() => expect(log.triggersOf(`${ns}/subject`).map((t) => t.resourceVersion)).toContain(relabeled.metadata.resourceVersion));

    expect(log.triggersOf(`${ns}/subject`).map((t) => t.resourceVersion)).not.toContain(dataOnly.metadata.resourceVersion);
    const info = manager.controllers().find((c) => c.name === 'label-watcher');
    expect(info?.sources).toEqual([
      expect.objectContaining({
        relation: 'for',
        kind: 'ConfigMap',
        predicates: expect.objectContaining({ update: { passed: 1, dropped: expect.any(Number) } }),
      }),
    ]);
    expect(info?.sources[0]?.predicates.update.dropped).toBeGreaterThanOrEqual(1);
    expect(manager.watchSources('label-watcher')).toEqual(info?.sources);
    expect(manager.watchSources('no-such-controller')).toEqual([]);
  });

  it('refuses to build a controller without a For kind', () => {
    expect(() => ControllerBuilder.create(manager).owns(secrets).complete(triggerLog().reconciler)).toThrow(/for\(type\)/);
  });
});
