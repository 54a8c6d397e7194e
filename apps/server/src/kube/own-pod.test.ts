import { describe, expect, it } from 'vitest';
import { ownPodOf } from './own-pod.ts';

describe("the console's own Pod", () => {
  it('is named by the downward API when the Deployment sets POD_NAME and POD_NAMESPACE', () => {
    expect(ownPodOf({ POD_NAME: 'console-7d9f', POD_NAMESPACE: 'ops', HOSTNAME: 'other' }, () => 'default')).toEqual({
      namespace: 'ops',
      name: 'console-7d9f',
    });
  });

  it("is the hostname in the ServiceAccount's namespace otherwise", () => {
    expect(ownPodOf({ HOSTNAME: 'console-7d9f' }, () => 'ops')).toEqual({ namespace: 'ops', name: 'console-7d9f' });
  });

  it('is unknown without a namespace to find it in', () => {
    expect(ownPodOf({ HOSTNAME: 'laptop' }, () => undefined)).toBeUndefined();
  });
});
