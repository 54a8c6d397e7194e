import { describe, expect, it } from 'vitest';
import { fieldError, formatFieldError } from './field-errors.ts';

describe('fieldError.tooMany', () => {
  it('says "item" for a limit of one and "items" otherwise, as apimachinery field.TooMany does', () => {
    expect(formatFieldError(fieldError.tooMany('spec.size', 2, 1))).toBe('spec.size: Too many: 2: must have at most 1 item');
    expect(formatFieldError(fieldError.tooMany('spec.size', 3, 2))).toBe('spec.size: Too many: 3: must have at most 2 items');
  });
});

describe('fieldError.tooLong', () => {
  it('says "byte" for a limit of one and "bytes" otherwise, as apimachinery field.TooLong does', () => {
    expect(formatFieldError(fieldError.tooLong('spec.enabled', 'fast', 1))).toBe('spec.enabled: Too long: may not be more than 1 byte');
    expect(formatFieldError(fieldError.tooLong('spec.enabled', 'fast', 3))).toBe('spec.enabled: Too long: may not be more than 3 bytes');
  });
});
