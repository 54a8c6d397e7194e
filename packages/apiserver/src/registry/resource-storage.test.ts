import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isInvalid, isNotFound, type KubeObject } from '@dojo/kube-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManagedFieldsTracker } from '../patch/managed-fields-tracker.ts';
import { RevisionedStore } from '../storage/revisioned-store.ts';
import { deployments } from './builtin/apps-kinds.ts';
import { configmaps, namespaces } from './builtin/core-kinds.ts';
import { namespaceLifecycle } from './namespace-lifecycle.ts';
import type { WriteOptions } from './request-options.ts';
import { ResourceStorages } from './resource-storage.ts';

const write: WriteOptions = { dryRun: false, fieldValidation: 'Strict', fieldManager: 'test' };

let dir: string;
let revisioned: RevisionedStore;
let storages: ResourceStorages;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-storage-'));
  revisioned = new RevisionedStore(join(dir, 'state.db'));
  storages = new ResourceStorages({ store: revisioned, admission: namespaceLifecycle(revisioned), fieldTracker: createManagedFieldsTracker() });
  await storages.of(namespaces).main.create(undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }, write);
});

afterEach(async () => {
  await revisioned.close();
  rmSync(dir, { recursive: true, force: true });
});

const deployment = (replicas: number): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: {
    replicas,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1' }] } },
  },
  status: { replicas: 9 },
});

const replicasOf = (obj: KubeObject) => (obj.spec as { replicas?: number }).replicas;

function thrown(fn: () => Promise<unknown>): Promise<unknown> {
  return fn().then(
    () => undefined,
    (err: unknown) => err,
  );
}

describe('ResourceStorages', () => {
  it('serves a resource and its /status from the same objects, each endpoint changing only its own part', async () => {
    const { main, status } = storages.of(deployments);
    const created = (await main.create('default', deployment(1), write)).object;
    expect([created.status, created.metadata.generation]).toEqual([{}, 1]);

    const updated = (await main.update('default', 'web', { ...deployment(2), metadata: { name: 'web' }, status: { replicas: 5 } }, write)).object;
    expect([replicasOf(updated), updated.status, updated.metadata.generation]).toEqual([2, {}, 2]);

    const statusWrite = (
      await status!.update('default', 'web', (latest) => ({ ...latest, spec: { ...(latest.spec as object), replicas: 7 }, status: { replicas: 2 } }), write)
    ).object;
    expect([replicasOf(statusWrite), statusWrite.status, statusWrite.metadata.generation]).toEqual([2, { replicas: 2 }, 2]);
    expect(statusWrite.metadata.managedFields?.map((e) => [e.manager, e.subresource])).toEqual([
      ['test', undefined],
      ['test', 'status'],
    ]);
  });

  it('scales through the main store: a Scale write changes spec.replicas and with it the generation', async () => {
    const { main, scale } = storages.of(deployments);
    await main.create('default', deployment(1), write);
    const scaled = await scale!.update('default', 'web', () => ({ spec: { replicas: 3 } }), write);
    expect([scaled.kind, scaled.spec.replicas, scaled.status.selector]).toEqual(['Scale', 3, 'app=web']);
    const stored = main.get('default', 'web');
    expect([replicasOf(stored), stored.metadata.generation]).toEqual([3, 2]);
    expect(isInvalid(await thrown(() => scale!.update('default', 'web', () => ({ spec: { replicas: -1 } }), write)))).toBe(true);
  });

  it('keeps a deleted namespace Terminating until its /finalize clears spec.finalizers, then removes it', async () => {
    const { main, finalize } = storages.of(namespaces);
    await main.create(undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'doomed' } }, write);
    const deleting = (await main.delete(undefined, 'doomed', write)).object;
    expect([deleting.status, deleting.spec]).toEqual([{ phase: 'Terminating' }, { finalizers: ['kubernetes'] }]);

    const ignored = (await main.update(undefined, 'doomed', (latest) => ({ ...latest, spec: { finalizers: [] } }), write)).object;
    expect(ignored.spec).toEqual({ finalizers: ['kubernetes'] });

    await finalize!.update(undefined, 'doomed', (latest) => ({ ...latest, spec: { finalizers: [] }, status: { phase: 'Active' } }), write);
    expect(isNotFound(await thrown(async () => main.get(undefined, 'doomed')))).toBe(true);
  });

  it('serves only the subresources a kind has, and builds each resource storage once', () => {
    const storage = storages.of(configmaps);
    expect([storage.status, storage.finalize, storage.scale]).toEqual([undefined, undefined, undefined]);
    expect(storages.of(configmaps)).toBe(storage);
  });
});
