import { describe, expect, it } from 'vitest';
import { isRealChange } from './debug-gate.ts';

describe('a real change, for a breakpoint that was continued', () => {
  it('is an edit, creation or deletion of the object itself', () => {
    expect(isRealChange({ reason: 'watch', event: 'MODIFIED', specChanged: true })).toBe(true);
    expect(isRealChange({ reason: 'watch', event: 'ADDED' })).toBe(true);
    expect(isRealChange({ reason: 'watch', event: 'DELETED' })).toBe(true);
  });

  it('is an edit of another object it maps from, or a manual add', () => {
    expect(isRealChange({ reason: 'mapped', event: 'MODIFIED', kind: 'Secret', specChanged: true })).toBe(true);
    expect(isRealChange({ reason: 'manual' })).toBe(true);
  });

  it("is not the controller's own writes coming back, nor a requeue or retry", () => {
    expect(isRealChange({ reason: 'watch', event: 'MODIFIED', specChanged: false })).toBe(false);
    expect(isRealChange({ reason: 'owned', event: 'MODIFIED', kind: 'Deployment', specChanged: true })).toBe(false);
    expect(isRealChange({ reason: 'owned', event: 'DELETED', kind: 'Deployment' })).toBe(false);
    expect(isRealChange({ reason: 'mapped', event: 'MODIFIED', kind: 'Pod', specChanged: false })).toBe(false);
    expect(isRealChange({ reason: 'mapped', event: 'ADDED', kind: 'Pod', specChanged: true })).toBe(false);
    for (const reason of ['requeue', 'requeueAfter', 'error', 'conflict', 'resync']) expect(isRealChange({ reason })).toBe(false);
  });
});
