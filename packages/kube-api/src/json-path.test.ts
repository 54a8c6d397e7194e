import { describe, expect, it } from 'vitest';
import { evaluatePath } from './json-path.ts';

const dojo = {
  metadata: { name: 'a', creationTimestamp: '2024-01-01T00:00:00Z' },
  spec: { title: 'Main hall', replicas: 2 },
  status: {
    readyStatus: '1/2',
    conditions: [
      { type: 'Available', status: 'True' },
      { type: 'Degraded', status: 'False' },
    ],
  },
};

describe('evaluatePath', () => {
  it('follows plain field paths', () => {
    expect(evaluatePath(dojo, '.spec.title')).toEqual(['Main hall']);
    expect(evaluatePath(dojo, '.status.readyStatus')).toEqual(['1/2']);
    expect(evaluatePath(dojo, '.spec.missing')).toEqual([]);
  });

  it('selects list elements with a filter expression, as printer columns for conditions do', () => {
    expect(evaluatePath(dojo, '.status.conditions[?(@.type=="Available")].status')).toEqual(['True']);
    expect(evaluatePath(dojo, ".status.conditions[?(@.type=='Degraded')].status")).toEqual(['False']);
  });

  it('supports indexes, wildcards and braces', () => {
    expect(evaluatePath(dojo, '.status.conditions[0].type')).toEqual(['Available']);
    expect(evaluatePath(dojo, '.status.conditions[-1].type')).toEqual(['Degraded']);
    expect(evaluatePath(dojo, '{.status.conditions[*].type}')).toEqual(['Available', 'Degraded']);
  });

  it('yields nothing for a path it does not understand', () => {
    expect(evaluatePath(dojo, '.spec..title')).toEqual([]);
    expect(evaluatePath(dojo, '.status.conditions[?(@.type>1)]')).toEqual([]);
  });
});
