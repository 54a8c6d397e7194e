import { describe, expect, it } from 'vitest';
import { apiCallRecord } from './api-call-record.ts';

const reconcile = {
  controller: 'dojo',
  key: 'default/a',
  object: { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'a' },
  reconcileId: 'r1',
  worker: 2,
};

describe('apiCallRecord', () => {
  it('names the reconcile the call was made in and the request it was', () => {
    expect(apiCallRecord(reconcile, { time: 10, verb: 'update', resource: 'dojos', code: 200, durationMs: 3, namespace: 'default', name: 'a' })).toEqual({
      type: 'api-call',
      time: 10,
      controller: 'dojo',
      key: 'default/a',
      object: reconcile.object,
      verb: 'update',
      resource: 'dojos',
      code: 200,
      durationMs: 3,
      reconcileId: 'r1',
      worker: 2,
      namespace: 'default',
      name: 'a',
    });
  });

  it('leaves out an empty namespace and name (a cluster-scoped list)', () => {
    const record = apiCallRecord(reconcile, { time: 10, verb: 'list', resource: 'nodes', code: 200, durationMs: 1, namespace: '', name: '' });
    expect(record).not.toHaveProperty('namespace');
    expect(record).not.toHaveProperty('name');
  });
});
