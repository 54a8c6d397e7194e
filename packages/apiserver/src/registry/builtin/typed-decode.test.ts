import type { KubeObject } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { typedDecoder } from './typed-decode.ts';

describe('typedDecoder', () => {
  it('drops a zero scalar of an omitempty field, as Go’s decoding and encoding do, and keeps a pointer’s zero', () => {
    const job = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'j' },
      spec: { parallelism: 0, suspend: false },
      status: { active: 0, succeeded: 2 },
    } as KubeObject;
    typedDecoder('batch.v1.Job', 'Job', 'v1')(job);
    expect(job.status).toEqual({ succeeded: 2 });
    // parallelism and suspend are pointers in JobSpec: their zeros are values.
    expect(job.spec).toEqual({ parallelism: 0, suspend: false });
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'd' },
      spec: { paused: false, minReadySeconds: 0, revisionHistoryLimit: 0 },
    } as KubeObject;
    typedDecoder('apps.v1.Deployment', 'Deployment', 'v1')(deployment);
    expect(deployment.spec).toEqual({ revisionHistoryLimit: 0 });
  });
});
