import { describe, expect, it } from 'vitest';
import { formatGoFloat, formatGoNumber, goStringSlice } from './go-format.ts';

describe('Go renderings', () => {
  it('prints float64 values like %v: exponent form from 1e+06 and below 1e-04', () => {
    expect(formatGoFloat(123456.5)).toBe('123456.5');
    expect(formatGoFloat(1000000)).toBe('1e+06');
    expect(formatGoFloat(1234567.5)).toBe('1.2345675e+06');
    expect(formatGoFloat(0.0001)).toBe('0.0001');
    expect(formatGoFloat(0.00001)).toBe('1e-05');
    expect(formatGoFloat(-2.5e-10)).toBe('-2.5e-10');
    expect(formatGoFloat(Infinity)).toBe('+Inf');
  });

  it('prints whole numbers as int64 and the rest as float64', () => {
    expect(formatGoNumber(1000000)).toBe('1000000');
    expect(formatGoNumber(0.5)).toBe('0.5');
    expect(formatGoNumber(1e21)).toBe('1e+21');
  });

  it('prints string slices as JSON, as apimachinery 1.37 field errors do', () => {
    expect(goStringSlice(['v2', 'x"y'])).toBe('["v2","x\\"y"]');
  });
});
