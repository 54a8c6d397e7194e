import { describe, expect, it } from 'vitest';
import { describeHotLoopParts } from './hot-loop-text.ts';

const describeHotLoop = (loop: Parameters<typeof describeHotLoopParts>[0]) => Object.values(describeHotLoopParts(loop)).join('');

const object = { group: 'webapp.example.com', kind: 'Guestbook', namespace: 'default', name: 'hello' };

describe('describeHotLoop', () => {
  it('names the writer, the flapping field and the object of a self loop', () => {
    expect(describeHotLoop({ kind: 'self', writers: ['my-operator'], fieldPaths: ['status.conditions[type=Ready].lastTransitionTime'], object })).toBe(
      'my-operator rewrites status.conditions[type=Ready].lastTransitionTime of Guestbook default/hello in reaction to its own writes',
    );
  });

  it('names both writers of a ping-pong, and a cluster-scoped object without a namespace', () => {
    expect(
      describeHotLoop({ kind: 'ping-pong', writers: ['a', 'b'], fieldPaths: ['spec.replicas'], object: { group: '', kind: 'Namespace', name: 'x' } }),
    ).toBe('a and b keep setting spec.replicas of Namespace x back and forth');
  });

  it('names the object apart, for the banner to link it', () => {
    const parts = describeHotLoopParts({
      kind: 'self',
      writers: ['op'],
      fieldPaths: ['status.x'],
      object: { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'alpha' },
    });
    expect(parts).toEqual({ before: 'op rewrites status.x of ', object: 'Dojo default/alpha', after: ' in reaction to its own writes' });
  });
});
