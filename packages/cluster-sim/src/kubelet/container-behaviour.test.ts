import { describe, expect, it } from 'vitest';
import { annotatedRunMs, containerBehaviour, imageTag, runSecondsAnnotation } from './container-behaviour.ts';

const never = { crash: 0, imagePull: 0 };

describe('containerBehaviour', () => {
  it('reads the tag of an image, ignoring a registry port and a digest', () => {
    expect(imageTag('nginx:1.27')).toBe('1.27');
    expect(imageTag('localhost:5000/team/app:crash@sha256:abc')).toBe('crash');
    expect(imageTag('localhost:5000/team/app')).toBeUndefined();
  });

  it('crashes a `:crash` image and fails to pull a `:missing` one, whatever the rates', () => {
    expect(containerBehaviour('busybox:crash', never, 1, 'uid', 'app')).toBe('crashes');
    expect(containerBehaviour('ghcr.io/acme/app:missing', never, 1, 'uid', 'app')).toBe('cannot-pull');
    expect(containerBehaviour('nginx:1.27', never, 1, 'uid', 'app')).toBe('runs');
    expect(containerBehaviour('busybox:fail', never, 1, 'uid', 'app')).toBe('crashes');
  });

  it("reads a Pod's run time in seconds from its annotation, ignoring what is not a number", () => {
    expect(annotatedRunMs({ [runSecondsAnnotation]: '2.5' })).toBe(2500);
    expect(annotatedRunMs({ [runSecondsAnnotation]: 'soon' })).toBeUndefined();
    expect(annotatedRunMs(undefined)).toBeUndefined();
  });

  it('fails about the configured share of Pods, the same ones for the same seed', () => {
    const rates = { crash: 0.2, imagePull: 0.1 };
    const behaviours = Array.from({ length: 2000 }, (_, i) => containerBehaviour('nginx', rates, 7, `pod-${i}`, 'app'));
    const share = (b: string): number => behaviours.filter((x) => x === b).length / behaviours.length;
    expect(share('crashes')).toBeCloseTo(0.2, 1);
    expect(share('cannot-pull')).toBeCloseTo(0.1, 1);
    expect(Array.from({ length: 2000 }, (_, i) => containerBehaviour('nginx', rates, 7, `pod-${i}`, 'app'))).toEqual(behaviours);
  });
});
