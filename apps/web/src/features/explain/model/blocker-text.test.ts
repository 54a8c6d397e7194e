import { describe, expect, it } from 'vitest';
import { hintLabel } from './blocker-text.ts';

describe('the readiness hint of a list row', () => {
  it('names the verdict and the top blocker, or the verdict alone', () => {
    expect(hintLabel('failed', { title: 'Degraded: UnsupportedDatabase' })).toBe('Failed: Degraded: UnsupportedDatabase');
    expect(hintLabel('ready', undefined)).toBe('Ready');
  });
});
