import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PodTemplateSpec } from '../core/workload-types.ts';
import { equalIgnoringHash, podTemplateHash, podTemplateHashLabel } from './pod-template-hash.ts';

const template = (image: string, labels: Record<string, string> = { app: 'web' }): PodTemplateSpec => ({
  metadata: { labels },
  spec: { containers: [{ name: 'app', image }] },
});

describe('podTemplateHash', () => {
  it('is the same for the same template whatever the key order', () => {
    const a: PodTemplateSpec = { metadata: { labels: { app: 'web', tier: 'front' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } };
    const b: PodTemplateSpec = { spec: { containers: [{ image: 'nginx', name: 'app' }] }, metadata: { labels: { tier: 'front', app: 'web' } } };
    expect(podTemplateHash(a)).toBe(podTemplateHash(b));
  });

  it('differs when the image changes, and when a collision was counted', () => {
    expect(podTemplateHash(template('nginx:1'))).not.toBe(podTemplateHash(template('nginx:2')));
    expect(podTemplateHash(template('nginx:1'), 1)).not.toBe(podTemplateHash(template('nginx:1')));
  });

  it('is a valid label value made of the safe alphabet', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.nat(), { nil: undefined }), (image, collisions) => {
        expect(podTemplateHash(template(image), collisions)).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{1,10}$/);
      }),
    );
  });
});

describe('equalIgnoringHash', () => {
  it('treats a ReplicaSet template with the hash label as equal to its Deployment template', () => {
    expect(equalIgnoringHash(template('nginx'), template('nginx', { app: 'web', [podTemplateHashLabel]: 'abc' }))).toBe(true);
  });

  it('sees a different image as a different template', () => {
    expect(equalIgnoringHash(template('nginx:1'), template('nginx:2'))).toBe(false);
  });
});
