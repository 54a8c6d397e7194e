import { describe, expect, it } from 'vitest';
import { formatGoFloat, formatGoNumber, formatGoValue, goStringSlice } from './go-format.ts';

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

  it('prints a decoded JSON value like %+v: maps with keys sorted bytewise, lists spaced, strings bare', () => {
    const patch = { metadata: { annotations: { b: '[1,2]' } }, data: { z: 'é x', k: 7, A: 'q"s', f: 1.5, n: null, l: [1, 'a', true] } };
    expect(formatGoValue(patch)).toBe('map[data:map[A:q"s f:1.5 k:7 l:[1 a true] n:<nil> z:é x] metadata:map[annotations:map[b:[1,2]]]]');
    expect(formatGoValue({ é: 1, z: 2, Z: 3 })).toBe('map[Z:3 z:2 é:1]');
    expect(formatGoValue({})).toBe('map[]');
  });
});
