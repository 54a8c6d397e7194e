import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { managerOf, objectPath, winnerFromManagedFields } from './conflict-winner.ts';

const object = (rv: string, entries: [manager: string, time: string][]): KubeObject => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: {
    name: 'd',
    namespace: 'default',
    resourceVersion: rv,
    managedFields: entries.map(([manager, time]) => ({ manager, time, operation: 'Update', apiVersion: 'core.jutsu.com/v1' })),
  },
});

describe("a 409's winner from managedFields", () => {
  it('is the manager that wrote last at or before the 409, with the current version when nothing was written since', () => {
    const o = object('42', [
      ['kubectl-edit', '2026-11-24T10:00:00Z'],
      ['dojo-operator', '2026-11-24T10:00:05Z'],
    ]);
    // The 409 came 300 ms into the second the operator's entry names: that write was before it.
    expect(winnerFromManagedFields(o, Date.parse('2026-11-24T10:00:05.300Z'))).toEqual({
      currentRV: '42',
      writer: { fieldManager: 'dojo-operator', source: 'managedFields' },
    });
  });

  it('leaves the version out when the object was written after the 409, and names the writer from before it', () => {
    const o = object('57', [
      ['kubectl-edit', '2026-11-24T10:00:00Z'],
      ['dojo-operator', '2026-11-24T10:00:09Z'],
    ]);
    expect(winnerFromManagedFields(o, Date.parse('2026-11-24T10:00:03Z'))).toEqual({ writer: { fieldManager: 'kubectl-edit', source: 'managedFields' } });
  });

  it("falls back to the newest entry when every entry is later (a manager's entry moves with its next write)", () => {
    const o = object('60', [['dojo-operator', '2026-11-24T10:00:09Z']]);
    expect(winnerFromManagedFields(o, Date.parse('2026-11-24T10:00:03Z'))).toEqual({ writer: { fieldManager: 'dojo-operator', source: 'managedFields' } });
  });

  it("passes over the losing client's own manager, whose retry may share the 409's second", () => {
    const o = object('70', [
      ['kubectl-edit', '2026-11-24T10:00:04Z'],
      ['OpenAPI-Generator', '2026-11-24T10:00:05Z'],
    ]);
    expect(winnerFromManagedFields(o, Date.parse('2026-11-24T10:00:05.200Z'), 'OpenAPI-Generator')).toEqual({
      writer: { fieldManager: 'kubectl-edit', source: 'managedFields' },
    });
    expect(managerOf({ userAgent: 'OpenAPI-Generator/31.0.0/python' })).toBe('OpenAPI-Generator');
    expect(managerOf({ fieldManager: 'my-operator', userAgent: 'manager/v0.0.0' })).toBe('my-operator');
  });

  it('says nothing for an object without managedFields', () => {
    expect(winnerFromManagedFields(object('1', []), Date.now())).toBeUndefined();
  });

  it('reads the object at its own path: core, grouped, cluster-scoped, and not at all without a name or version', () => {
    const base = { type: 'request', seq: 1, time: 0, user: 'u', verb: 'update', code: 409, latencyMs: 1 } as const;
    expect(objectPath({ ...base, group: '', version: 'v1', resource: 'configmaps', namespace: 'ns', name: 'a' })).toBe('/api/v1/namespaces/ns/configmaps/a');
    expect(objectPath({ ...base, group: 'core.jutsu.com', version: 'v1', resource: 'dojos', namespace: 'default', name: 'd' })).toBe(
      '/apis/core.jutsu.com/v1/namespaces/default/dojos/d',
    );
    expect(objectPath({ ...base, group: '', version: 'v1', resource: 'namespaces', name: 'n' })).toBe('/api/v1/namespaces/n');
    expect(objectPath({ ...base, group: '', resource: 'configmaps', name: 'a' })).toBeUndefined();
    expect(objectPath({ ...base, group: '', version: 'v1', resource: 'configmaps' })).toBeUndefined();
  });
});
