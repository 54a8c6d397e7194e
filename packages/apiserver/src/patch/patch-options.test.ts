import { describe, expect, it } from 'vitest';
import { StatusError } from '@dojo/kube-api';
import { patchKindOf } from './patch-types.ts';
import { validatePatchOptions } from './patch-options.ts';

function failure(run: () => unknown): StatusError {
  try {
    run();
  } catch (err) {
    if (err instanceof StatusError) return err;
    throw err;
  }
  throw new Error('expected a StatusError');
}

describe('validatePatchOptions', () => {
  it('requires a fieldManager for apply with the kube-apiserver 422', () => {
    const err = failure(() => validatePatchOptions({ apply: true }));
    expect(err.code).toBe(422);
    expect(err.message).toBe('PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch');
    expect(err.status.details?.causes).toEqual([
      { reason: 'FieldValueRequired', message: 'Required value: is required for apply patch', field: 'fieldManager' },
    ]);
  });

  it('forbids force on any other patch', () => {
    expect(failure(() => validatePatchOptions({ apply: false, force: false })).message).toBe(
      'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch',
    );
  });

  it('rejects unprintable and over-long manager names', () => {
    expect(failure(() => validatePatchOptions({ apply: false, fieldManager: 'a\u0007' })).message).toBe(
      'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Invalid value: "a\\a": invalid character U+0007 (at position 1)',
    );
    expect(failure(() => validatePatchOptions({ apply: false, fieldManager: 'm'.repeat(129) })).message).toBe(
      'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Too long: may not be more than 128 bytes',
    );
  });

  it('accepts a well-formed apply', () => {
    expect(() => validatePatchOptions({ apply: true, fieldManager: 'kubectl', force: true, dryRun: ['All'], fieldValidation: 'Strict' })).not.toThrow();
  });
});

describe('patchKindOf', () => {
  it('ignores content-type parameters', () => {
    expect(patchKindOf('application/merge-patch+json; charset=utf-8', false)).toBe('merge');
  });

  it('answers 415 for strategic merge on a custom resource and for unknown types', () => {
    expect(failure(() => patchKindOf('application/strategic-merge-patch+json', false)).code).toBe(415);
    expect(failure(() => patchKindOf('application/json', true)).message).toBe(
      'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml',
    );
  });
});
