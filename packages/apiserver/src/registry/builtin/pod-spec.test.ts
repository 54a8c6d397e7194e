import { describe, expect, it } from 'vitest';
import { defaultPodSpec } from './pod-spec.ts';

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
