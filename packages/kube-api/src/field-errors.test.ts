import { describe, expect, it } from 'vitest';
import { fieldError, formatFieldError } from './field-errors.ts';

describe('fieldError.tooMany', () => {
  it('says "item" for a limit of one and "items" otherwise, as apimachinery field.TooMany does', () => {
    expect(formatFieldError(fieldError.tooMany('spec.size', 2, 1))).toBe('spec.size: Too many: 2: must have at most 1 item');
    expect(formatFieldError(fieldError.tooMany('spec.size', 3, 2))).toBe('spec.size: Too many: 3: must have at most 2 items');
  });
});
