import { describe, expect, it } from 'vitest';
import { defaultPodSpec } from './pod-spec.ts';
import { podStrategy } from './pod-strategy.ts';

describe('defaultPodSpec', () => {
  it('mirrors serviceAccountName into the deprecated serviceAccount, as kube’s v1 conversion does', () => {
    const spec: Record<string, unknown> = { serviceAccountName: 'sa1', containers: [] };
    defaultPodSpec(spec);
    expect(spec.serviceAccount).toBe('sa1');
  });

  it('takes an old client’s serviceAccount as the name, and drops a stale one when the name is gone', () => {
    const old: Record<string, unknown> = { serviceAccount: 'legacy', containers: [] };
    defaultPodSpec(old);
    expect(old).toMatchObject({ serviceAccountName: 'legacy', serviceAccount: 'legacy' });
    const renamed: Record<string, unknown> = { serviceAccountName: 'new', serviceAccount: 'legacy', containers: [] };
    defaultPodSpec(renamed);
    expect(renamed.serviceAccount).toBe('new');
  });
});

describe('podStrategy.validateUpdate', () => {
  it('sees no change in a spec whose keys come back in another order (a Go client’s struct order)', () => {
    const old = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: { containers: [{ name: 'a', image: 'a:1' }], serviceAccountName: 'sa', serviceAccount: 'sa' },
    };
    const reordered = { ...old, spec: { serviceAccount: 'sa', serviceAccountName: 'sa', containers: [{ image: 'a:1', name: 'a' }] } };
    expect(podStrategy.validateUpdate!(reordered, old)).toEqual([]);
  });
});
