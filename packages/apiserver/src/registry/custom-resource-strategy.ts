/**
 * The write rules of one served version of a CRD, all from its schema (apiextensions-apiserver's
 * customResourceStrategy): defaulting and pruning on decode, OpenAPI and CEL validation,
 * generation that follows spec, and status written only through `/status` when the version has
 * that subresource.
 */
import type { CustomResourceValidator } from '../crd/custom-resource-validator.ts';
import { bumpGenerationOnChange, startGeneration } from './generation.ts';
import { keepStoredStatus, statusStrategy } from './status-strategy.ts';
import type { Strategy, UpdateStrategy } from './strategy.ts';

export function customResourceStrategy(validator: CustomResourceValidator, { statusSubresource }: { statusSubresource: boolean }): Strategy {
  return {
    // PruneNonNullableNullsWithoutDefaults runs on request bodies, not on an apply's merged object.
    decode: (obj, { serverSideApply }) => ({ unknownFields: validator.defaultAndPrune(obj, { keepNulls: serverSideApply }).prunedPaths }),
    prepareForCreate(obj) {
      startGeneration(obj);
      if (statusSubresource) delete obj.status;
    },
    prepareForUpdate(obj, old) {
      if (statusSubresource) keepStoredStatus(obj, old);
      bumpGenerationOnChange(obj, old, { statusSubresource });
    },
    validate: (obj) => validator.validate(obj),
    validateUpdate: (obj, old) => validator.validate(obj, old),
  } satisfies Strategy;
}

/** `/status` of a custom resource: only status changes, validated with paths relative to it. */
export function customResourceStatusStrategy(validator: CustomResourceValidator, main: Strategy): UpdateStrategy {
  return statusStrategy(main, { validateUpdate: (obj, old) => validator.validateStatusUpdate(obj, old).errors, storedMetadata: 'all' });
}
