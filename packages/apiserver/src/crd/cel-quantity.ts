/**
 * Kubernetes' CEL quantity library (k8s.io/apiserver/pkg/cel/library/quantity.go), used by
 * CRD rules and admission policies: `quantity('500Mi')`, `isQuantity(s)`, and on a Quantity
 * `isInteger`, `asInteger`, `asApproximateFloat`, `sign`, `isGreaterThan`, `isLessThan`,
 * `compareTo`, `add` and `sub` (with a Quantity or an int).
 *
 * Values are exact rationals (numerator / denominator as bigints), so `quantity('1Ki')` equals
 * `quantity('1024')` and `quantity('0.1')` adds up exactly; parse errors are
 * resource.ParseQuantity's texts. Sub-nano precision is kept instead of being rounded up.
 */
import type { Environment } from '@marcbachmann/cel-js';

const formatWrong = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const suffixWrong = "unable to parse quantity's suffix";
const int64Max = 2n ** 63n - 1n;
const int64Min = -(2n ** 63n);

const decimalSuffixes: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const binarySuffixes: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}

export class Quantity {
  readonly numerator: bigint;
  /** Always positive. */
  readonly denominator: bigint;

  constructor(numerator: bigint, denominator: bigint) {
    const divisor = gcd(numerator, denominator);
    this.numerator = numerator / divisor;
    this.denominator = denominator / divisor;
  }

  compare(other: Quantity): number {
    const left = this.numerator * other.denominator;
    const right = other.numerator * this.denominator;
    return left < right ? -1 : left > right ? 1 : 0;
  }

  plus(other: Quantity): Quantity {
    return new Quantity(this.numerator * other.denominator + other.numerator * this.denominator, this.denominator * other.denominator);
  }

  negated(): Quantity {
    return new Quantity(-this.numerator, this.denominator);
  }

  /** resource.Quantity.AsInt64: whole and within int64. */
  asInt64(): bigint | undefined {
    if (this.denominator !== 1n || this.numerator > int64Max || this.numerator < int64Min) return undefined;
    return this.numerator;
  }
}

function scaled(numerator: bigint, denominator: bigint, base: bigint, exponent: number): Quantity {
  const factor = base ** BigInt(Math.abs(exponent));
  return exponent >= 0 ? new Quantity(numerator * factor, denominator) : new Quantity(numerator, denominator * factor);
}

/** resource.ParseQuantity, exactly. */
export function parseQuantity(text: string): Quantity | Error {
  const match = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(.*)$/s.exec(text);
  if (!match || text === '' || (match[2] === '' && match[3] === undefined)) return new Error(formatWrong);
  const [, sign, whole = '', fraction = '', suffix = ''] = match;
  if (!/^[eEinumkKMGTP]*[-+]?[0-9]*$/.test(suffix)) return new Error(formatWrong);
  let numerator = BigInt(`${whole || '0'}${fraction}`);
  if (sign === '-') numerator = -numerator;
  const denominator = 10n ** BigInt(fraction.length);
  if (Object.hasOwn(decimalSuffixes, suffix)) return scaled(numerator, denominator, 10n, decimalSuffixes[suffix]!);
  if (Object.hasOwn(binarySuffixes, suffix)) return scaled(numerator, denominator, 2n, binarySuffixes[suffix]!);
  const exponent = /^[eE]([-+]?[0-9]+)$/.exec(suffix);
  if (exponent) return scaled(numerator, denominator, 10n, Number(exponent[1]));
  return new Error(suffixWrong);
}

function quantity(text: string): Quantity {
  const parsed = parseQuantity(text);
  if (parsed instanceof Error) throw parsed;
  return parsed;
}

const type = 'kubernetes.Quantity';

export function withQuantityLibrary(env: Environment): Environment {
  const ofInt = (n: bigint) => new Quantity(n, 1n);
  return (
    env
      .registerType(type, Quantity)
      // cel-go's Quantity equality is resource.Quantity.Equal: the same amount, whatever the suffix.
      .registerOperator(`${type} == ${type}`, (a: Quantity, b: Quantity) => a.compare(b) === 0)
      .registerFunction(`quantity(string): ${type}`, quantity)
      .registerFunction('isQuantity(string): bool', (text: string) => !(parseQuantity(text) instanceof Error))
      .registerFunction(`${type}.isInteger(): bool`, (q: Quantity) => q.asInt64() !== undefined)
      .registerFunction(`${type}.asInteger(): int`, (q: Quantity) => {
        const value = q.asInt64();
        if (value === undefined) throw new Error('cannot convert value to integer');
        return value;
      })
      .registerFunction(`${type}.asApproximateFloat(): double`, (q: Quantity) => Number(q.numerator) / Number(q.denominator))
      .registerFunction(`${type}.sign(): int`, (q: Quantity) => BigInt(q.compare(ofInt(0n))))
      .registerFunction(`${type}.isGreaterThan(${type}): bool`, (a: Quantity, b: Quantity) => a.compare(b) > 0)
      .registerFunction(`${type}.isLessThan(${type}): bool`, (a: Quantity, b: Quantity) => a.compare(b) < 0)
      .registerFunction(`${type}.compareTo(${type}): int`, (a: Quantity, b: Quantity) => BigInt(a.compare(b)))
      .registerFunction(`${type}.add(${type}): ${type}`, (a: Quantity, b: Quantity) => a.plus(b))
      .registerFunction(`${type}.add(int): ${type}`, (a: Quantity, b: bigint) => a.plus(ofInt(b)))
      .registerFunction(`${type}.sub(${type}): ${type}`, (a: Quantity, b: Quantity) => a.plus(b.negated()))
      .registerFunction(`${type}.sub(int): ${type}`, (a: Quantity, b: bigint) => a.plus(ofInt(-b)))
  );
}
