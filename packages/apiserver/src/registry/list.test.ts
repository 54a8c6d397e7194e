import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManagedFieldsTracker } from '../patch/managed-fields-tracker.ts';
import { RevisionedStore } from '../storage/revisioned-store.ts';
import { configmaps, namespaces } from './builtin/core-kinds.ts';
import { encodeStoredList } from './list.ts';
import { listForWire } from './list-wire-form.ts';
import { namespaceLifecycle } from './namespace-lifecycle.ts';
import type { ListOptions, WriteOptions } from './request-options.ts';
import { ResourceStorages } from './resource-storage.ts';

const write: WriteOptions = { dryRun: false, fieldValidation: 'Strict', fieldManager: 'test' };

let dir: string;
let revisioned: RevisionedStore;
let storages: ResourceStorages;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-list-'));
  revisioned = new RevisionedStore(join(dir, 'state.db'));
  storages = new ResourceStorages({ store: revisioned, admission: namespaceLifecycle(revisioned), fieldTracker: createManagedFieldsTracker() });
  for (const name of ['default', 'other'])
    await storages.of(namespaces).main.create(undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, write);
  for (let i = 0; i < 7; i++) {
    const namespace = i % 2 ? 'other' : 'default';
    const object = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}`, labels: { parity: i % 2 ? 'odd' : 'even' } }, data: { i: String(i) } };
    await storages.of(configmaps).main.create(namespace, object, write);
  }
});

afterEach(async () => {
  await revisioned.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a LIST answered from the stored JSON', () => {
  const cases: [string, string | undefined, ListOptions][] = [
    ['every namespace', undefined, {}],
    ['one namespace', 'default', {}],
    ['a label selector', undefined, { labelSelector: 'parity=odd' }],
    ['a field selector', undefined, { fieldSelector: 'metadata.name=cm-3' }],
    ['a first page', undefined, { limit: 3 }],
  ];
  it.each(cases)('is byte for byte the decoded list re-encoded for the wire, for %s', (_, namespace, options) => {
    const store = storages.of(configmaps).main;
    const decoded = store.list(namespace, options);
    const stored = store.listStored(namespace, options);
    expect(encodeStoredList(configmaps, stored)).toBe(JSON.stringify(listForWire(configmaps, decoded)));
    expect(stored.items.length).toBe(decoded.items.length);
  });

  it('pages on from a continue token exactly as the decoded list does', () => {
    const store = storages.of(configmaps).main;
    const first = store.listStored(undefined, { limit: 3 });
    expect(first.metadata.continue).toBeDefined();
    const next = { limit: 3, continue: first.metadata.continue };
    expect(encodeStoredList(configmaps, store.listStored(undefined, next))).toBe(JSON.stringify(listForWire(configmaps, store.list(undefined, next))));
    expect(store.listStored(undefined, next).items.map((i) => i.name)).toEqual(['default/cm-6', 'other/cm-1', 'other/cm-3']);
  });
});
