import { describe, expect, it } from 'vitest';
import { storageVersionHash } from './storage-version-hash.ts';

describe('storageVersionHash', () => {
  it('is the base64 of the first 8 bytes of the SHA-256 of group/version/kind, as kube-apiserver 1.37 serves it', () => {
    // Values read from kube-apiserver 1.37.2's /api/v1 and /apis/apps/v1.
    expect(storageVersionHash('', 'v1', 'ConfigMap')).toBe('qFsyl6wFWjQ=');
    expect(storageVersionHash('apps', 'v1', 'Deployment')).toBe('8aSe+NMegvE=');
  });
});
