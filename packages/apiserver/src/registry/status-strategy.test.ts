import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { noRulesStrategy } from './strategy.ts';
import { statusStrategy } from './status-strategy.ts';

const stored: KubeObject = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: {
    name: 's',
    labels: { app: 'web' },
    annotations: { a: '1' },
    ownerReferences: [{ apiVersion: 'v1', kind: 'X', name: 'o', uid: 'u' }],
    generation: 1,
  },
  spec: { replicas: 1 },
  status: { replicas: 0 },
};

/** The stored object, as a client sends it back to /status with a label added, spec and status changed. */
function sent(): KubeObject {
  const obj = structuredClone(stored);
  obj.metadata.labels = { app: 'web', via: 'status' };
  obj.metadata.generation = 7;
  obj.spec = { replicas: 5 };
  obj.status = { replicas: 1 };
  return obj;
}

describe('statusStrategy', () => {
  it("keeps the labels a status write sends, as kube's StatefulSet status strategy does, but never its spec", () => {
    const obj = sent();
    statusStrategy(noRulesStrategy).prepareForUpdate(obj, stored);
    expect(obj.metadata.labels).toEqual({ app: 'web', via: 'status' });
    expect(obj.metadata.generation).toBe(1);
    expect(obj.spec).toEqual({ replicas: 1 });
    expect(obj.status).toEqual({ replicas: 1 });
  });

  it("keeps a Deployment's stored labels, which its status strategy resets (and so no writer owns)", () => {
    const strategy = statusStrategy(noRulesStrategy, { storedMetadata: ['labels'] });
    const obj = sent();
    strategy.prepareForUpdate(obj, stored);
    expect(obj.metadata.labels).toEqual({ app: 'web' });
    expect(strategy.resetFields).toEqual([['spec'], ['metadata', 'labels']]);
  });

  it("changes nothing but status for a custom resource's status write", () => {
    const obj = sent();
    statusStrategy(noRulesStrategy, { storedMetadata: 'all' }).prepareForUpdate(obj, stored);
    expect(obj.metadata).toEqual(stored.metadata);
    expect(obj.status).toEqual({ replicas: 1 });
  });
});
