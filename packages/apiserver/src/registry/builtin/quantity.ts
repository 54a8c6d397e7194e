/**
 * resource.Quantity values ("10Gi", "500m", "1e3") as numbers: enough to order and sign-check
 * them the way validation does, not a canonical serializer.
 */

const binarySuffix: Readonly<Record<string, number>> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const decimalSuffix: Readonly<Record<string, number>> = { n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

/** The value of a quantity, or NaN when it is not one. */
export function quantityValue(q: unknown): number {
  if (typeof q === 'number') return q;
  const match = /^([+-]?(?:\d+\.?\d*|\.\d+))(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?\d+)?$/.exec(String(q).trim());
  if (!match) return Number.NaN;
  const n = Number(match[1]);
  const suffix = match[2] ?? '';
  if (binarySuffix[suffix] !== undefined) return n * binarySuffix[suffix]!;
  if (decimalSuffix[suffix] !== undefined) return n * decimalSuffix[suffix]!;
  return n * 10 ** Number(suffix.slice(1));
}

export function compareQuantities(a: unknown, b: unknown): number {
  return Math.sign(quantityValue(a) - quantityValue(b));
}
