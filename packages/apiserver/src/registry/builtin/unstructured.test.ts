import { describe, expect, it } from 'vitest';
import { childRecord, textsAtPaths } from './unstructured.ts';

describe('textsAtPaths', () => {
  it('reads each dotted path as text, and an unset one as the empty string', () => {
    const pod = { spec: { nodeName: 'node-1', priority: 7 }, status: {} };
    expect(textsAtPaths(pod, ['spec.nodeName', 'spec.priority', 'status.podIP'])).toEqual({
      'spec.nodeName': 'node-1',
      'spec.priority': '7',
      'status.podIP': '',
    });
  });
});

describe('childRecord', () => {
  it('gives the nested record itself, so defaults written into it stay in the object', () => {
    const obj: Record<string, unknown> = { spec: { replicas: 2 } };
    childRecord(obj, 'spec').revisionHistoryLimit = 10;
    expect(obj).toEqual({ spec: { replicas: 2, revisionHistoryLimit: 10 } });
  });

  it('puts an empty record where the field is missing or not an object', () => {
    const obj: Record<string, unknown> = { strategy: 'bogus' };
    childRecord(obj, 'strategy').type = 'RollingUpdate';
    childRecord(obj, 'spec');
    expect(obj).toEqual({ strategy: { type: 'RollingUpdate' }, spec: {} });
  });
});
