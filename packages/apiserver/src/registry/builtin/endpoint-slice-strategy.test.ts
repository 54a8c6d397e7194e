import type { KubeObject } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { endpointSliceStrategy } from './endpoint-slice-strategy.ts';

const slice = (endpoint: Record<string, unknown>, labels?: Record<string, string>): KubeObject => ({
  apiVersion: 'discovery.k8s.io/v1',
  kind: 'EndpointSlice',
  metadata: { name: 's', namespace: 'default', generation: 3, ...(labels ? { labels } : {}) },
  addressType: 'IPv4',
  endpoints: [endpoint],
  ports: [{ name: 'http', port: 80, protocol: 'TCP' }],
});

const generationAfter = (next: KubeObject, old: KubeObject): number | undefined => {
  endpointSliceStrategy.prepareForUpdate(next, old);
  return next.metadata.generation;
};

describe('endpointSliceStrategy.prepareForUpdate', () => {
  it('bumps the generation when an endpoint changes', () => {
    expect(generationAfter(slice({ addresses: ['10.0.0.2'] }), slice({ addresses: ['10.0.0.1'] }))).toBe(4);
  });

  it('keeps the generation when the same endpoint arrives with its keys in another order', () => {
    const old = slice({ addresses: ['10.0.0.1'], conditions: { ready: true } });
    expect(generationAfter(slice({ conditions: { ready: true }, addresses: ['10.0.0.1'] }), old)).toBe(3);
  });

  it('bumps the generation when the labels change, and not for empty labels versus none (Semantic.DeepEqual)', () => {
    const old = slice({ addresses: ['10.0.0.1'] });
    expect(generationAfter(slice({ addresses: ['10.0.0.1'] }, { app: 'a' }), old)).toBe(4);
    expect(generationAfter(slice({ addresses: ['10.0.0.1'] }, {}), slice({ addresses: ['10.0.0.1'] }))).toBe(3);
  });
});
