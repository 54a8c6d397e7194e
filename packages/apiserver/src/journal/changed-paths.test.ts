import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedPaths } from './changed-paths.ts';

const dojo = (status: object, extra: object = {}) => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: { name: 'web', namespace: 'default', resourceVersion: '10', managedFields: [{ manager: 'a', time: '2024-01-01T00:00:00Z' }] },
  spec: { title: 'Web', replicas: 1 },
  status,
  ...extra,
});

const ready = (time: string, status = 'True') => ({ type: 'Ready', status, reason: 'Up', lastTransitionTime: time });
const progressing = { type: 'Progressing', status: 'False', reason: 'Done', lastTransitionTime: '2024-01-01T00:00:00Z' };

describe('changedPaths', () => {
  it('names a rewritten condition timestamp by the condition type', () => {
    const before = dojo({ conditions: [progressing, ready('2024-01-01T00:00:00Z')] });
    const after = dojo({ conditions: [progressing, ready('2024-01-01T00:00:05Z')] });
    expect(changedPaths(before, after)).toEqual(['status.conditions[type=Ready].lastTransitionTime']);
  });

  it('matches conditions by type whatever their order', () => {
    const before = dojo({ conditions: [progressing, ready('t1')] });
    const after = dojo({ conditions: [ready('t1', 'False'), progressing] });
    expect(changedPaths(before, after)).toEqual(['status.conditions[type=Ready].status']);
  });

  it('names an added or removed list item once, not field by field', () => {
    expect(changedPaths(dojo({ conditions: [progressing] }), dojo({ conditions: [progressing, ready('t1')] }))).toEqual(['status.conditions[type=Ready]']);
    expect(changedPaths(dojo({ conditions: [progressing, ready('t1')] }), dojo({ conditions: [ready('t1')] }))).toEqual([
      'status.conditions[type=Progressing]',
    ]);
  });

  it('keys containers by name and falls back to positions for unkeyed lists of objects', () => {
    const pod = (image: string, args: string[]) => ({
      spec: {
        containers: [
          { name: 'web', image },
          { name: 'side', image: 'x' },
        ],
        hostAliases: [{ ip: '1.1.1.1', hostnames: args }],
      },
    });
    expect(changedPaths(pod('v1', ['a']), pod('v2', ['a']))).toEqual(['spec.containers[name=web].image']);
    expect(changedPaths(pod('v1', ['a']), pod('v1', ['b']))).toEqual(['spec.hostAliases[0].hostnames']);
  });

  it('quotes field names that are not identifiers, such as annotation keys', () => {
    const before = { metadata: { annotations: { 'example.com/stamp': '1' } } };
    const after = { metadata: { annotations: { 'example.com/stamp': '2' } } };
    expect(changedPaths(before, after)).toEqual(['metadata.annotations["example.com/stamp"]']);
  });

  it('leaves out resourceVersion and managedFields, which change on every write', () => {
    const before = dojo({ readyReplicas: 1 });
    const after = structuredClone(before);
    after.metadata.resourceVersion = '11';
    after.metadata.managedFields = [{ manager: 'b', time: '2024-01-01T00:00:09Z' }];
    expect(changedPaths(before, after)).toEqual([]);
    after.status = { readyReplicas: 2 };
    expect(changedPaths(before, after)).toEqual(['status.readyReplicas']);
  });

  it('names fields that appeared and disappeared, and stops at the limit', () => {
    expect(changedPaths({ spec: { a: 1 } }, { spec: { b: 1 } })).toEqual(['spec.b', 'spec.a']);
    const wide = (v: number) => Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`f${i}`, v]));
    expect(changedPaths({ spec: wide(1) }, { spec: wide(2) })).toHaveLength(50);
  });

  it('finds nothing between equal objects and something between different ones', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(changedPaths(a, structuredClone(a))).toEqual([]);
        if (JSON.stringify(a) !== JSON.stringify(b)) expect(changedPaths({ spec: a }, { spec: b }).length).toBeGreaterThan(0);
      }),
    );
  });
});
