import { describe, expect, it } from 'vitest';
import { leavesOf } from './field-paths.ts';

describe('fields as people name them', () => {
  it('names list items by type, then name, then position, and keeps a list of scalars whole', () => {
    const leaves = leavesOf({
      metadata: { name: 'web', resourceVersion: '9', managedFields: [{}], labels: { 'app.kubernetes.io/name': 'web' }, finalizers: ['a', 'b'] },
      spec: { containers: [{ name: 'app', image: 'nginx', ports: [{ containerPort: 80 }] }], empty: {}, none: [] },
      status: { conditions: [{ type: 'Ready', status: 'True' }] },
    });
    expect([...leaves]).toEqual([
      ['metadata.name', 'web'],
      ['metadata.labels["app.kubernetes.io/name"]', 'web'],
      ['metadata.finalizers', ['a', 'b']],
      ['spec.containers[name=app].name', 'app'],
      ['spec.containers[name=app].image', 'nginx'],
      ['spec.containers[name=app].ports[0].containerPort', 80],
      ['spec.empty', {}],
      ['spec.none', []],
      ['status.conditions[type=Ready].type', 'Ready'],
      ['status.conditions[type=Ready].status', 'True'],
    ]);
  });

  it('keys by position when a key repeats', () => {
    expect([...leavesOf({ items: [{ name: 'x' }, { name: 'x' }] }).keys()]).toEqual(['items[0].name', 'items[1].name']);
  });
});
