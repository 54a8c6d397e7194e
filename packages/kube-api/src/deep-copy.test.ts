import { describe, expect, it } from 'vitest';
import { deepCopy } from './deep-copy.ts';

describe('deepCopy', () => {
  it('copies a JSON object so that editing the copy leaves the original as it was', () => {
    const pod = {
      metadata: { name: 'web', labels: { app: 'web' } },
      spec: { containers: [{ name: 'app', ports: [{ containerPort: 80 }] }] },
      status: { podIP: null },
    };
    const copy = deepCopy(pod);
    expect(copy).toEqual(pod);
    copy.metadata.labels.app = 'db';
    copy.spec.containers[0]!.ports.push({ containerPort: 443 });
    expect(pod.metadata.labels.app).toBe('web');
    expect(pod.spec.containers[0]!.ports).toHaveLength(1);
    expect(copy.status.podIP).toBeNull();
  });

  it('drops undefined properties, as a round trip through JSON would', () => {
    expect(Object.keys(deepCopy({ a: 1, b: undefined, c: { d: undefined } }))).toEqual(['a', 'c']);
    expect(deepCopy({ a: 1, b: undefined, c: { d: undefined } })).toStrictEqual({ a: 1, c: {} });
  });

  it('returns scalars as they are', () => {
    expect(deepCopy('x')).toBe('x');
    expect(deepCopy(null)).toBeNull();
    expect(deepCopy(3)).toBe(3);
  });
  it('copies a "__proto__" member as a member, never as the copy\'s prototype', () => {
    const hostile = JSON.parse('{"spec":{"__proto__":{"replicas":5},"size":1}}') as { spec: Record<string, unknown> };
    const copy = deepCopy(hostile);
    expect(Object.getPrototypeOf(copy.spec)).toBe(Object.prototype);
    expect(copy.spec.replicas).toBeUndefined();
    expect(Object.keys(copy.spec)).toEqual(['__proto__', 'size']);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(hostile));
    // A copy of the copy stays the same: nothing inherited to pick up.
    expect(JSON.stringify(deepCopy(copy))).toBe(JSON.stringify(hostile));
  });
});
