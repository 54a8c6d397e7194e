import { describe, expect, it } from 'vitest';
import { celEnvironment } from './cel-environment.ts';
import { parseQuantity } from './cel-quantity.ts';

const evaluate = (expression: string, self: unknown = null): unknown => celEnvironment(false).evaluate(expression, { self, oldSelf: null });

describe('the quantity library', () => {
  it('compares quantities across suffixes exactly', () => {
    expect(evaluate("quantity('1Ki') == quantity('1024') && quantity('1Ki') != quantity('1k') && quantity('1Ki').compareTo(quantity('1024')) == 0")).toBe(true);
    expect(evaluate("quantity('500Mi').isLessThan(quantity('1Gi'))")).toBe(true);
    expect(evaluate("quantity('1.5').isGreaterThan(quantity('1500m'))")).toBe(false);
    expect(evaluate("quantity(self.memory).isLessThan(quantity('2G'))", { memory: '1e9' })).toBe(true);
  });

  it('adds, subtracts and converts like resource.Quantity', () => {
    expect(evaluate("quantity('0.1').add(quantity('0.2')).compareTo(quantity('300m'))")).toBe(0n);
    expect(evaluate("quantity('5').sub(7).sign()")).toBe(-1n);
    expect(evaluate("quantity('2k').asInteger()")).toBe(2000n);
    expect(evaluate("quantity('1.5').isInteger()")).toBe(false);
    expect(evaluate("quantity('1.5').asApproximateFloat()")).toBe(1.5);
    expect(() => evaluate("quantity('1.5').asInteger()")).toThrow('cannot convert value to integer');
  });

  it("tells quantities from other strings with resource.ParseQuantity's errors", () => {
    expect(evaluate("isQuantity('10Gi') && !isQuantity('10 Gi') && !isQuantity('')")).toBe(true);
    expect(parseQuantity('abc')).toEqual(new Error("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"));
    expect(parseQuantity('1Qi')).toEqual(new Error("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"));
    expect(parseQuantity('1iK')).toEqual(new Error("unable to parse quantity's suffix"));
    expect(() => evaluate("quantity('x')")).toThrow(/quantities must match/);
  });
});
