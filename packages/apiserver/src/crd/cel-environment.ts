/**
 * The CEL environment x-kubernetes-validations rules are compiled in. `self` (and `oldSelf`) are
 * declared `dyn`: values carry Kubernetes' types at runtime (int64 as bigint, double as number,
 * timestamps, durations), so `self.replicas >= oldSelf.replicas` compares ints, but field typos
 * surface when a rule runs ("no such key") instead of when the CRD is created.
 *
 * Besides the CEL standard library that @marcbachmann/cel-js provides (size, has, all, exists,
 * exists_one, map, filter, matches, startsWith, endsWith, contains, split, join, lowerAscii,
 * upperAscii, trim, indexOf, substring, timestamp, duration, optionals), this adds the most used
 * functions of cel-go's strings extension and Kubernetes' list, regex and quantity
 * (cel-quantity.ts) libraries.
 */
import { Environment } from '@marcbachmann/cel-js';
import { withQuantityLibrary } from './cel-quantity.ts';
import { compileGoRegexp } from './go-regexp.ts';

function regexp(pattern: string): RegExp {
  const re = compileGoRegexp(pattern);
  if (re instanceof Error) throw re;
  return re;
}

type Comparable = bigint | number | string | boolean;

function compare(a: Comparable, b: Comparable): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function extremum(list: Comparable[], sign: 1 | -1): Comparable {
  if (list.length === 0) throw new Error('min called on empty list');
  return list.reduce((best, v) => (compare(v, best) * sign > 0 ? v : best));
}

/** Adds the Kubernetes CEL libraries this server implements (also used by admission policies). */
export function withKubernetesLibraries(env: Environment): Environment {
  return withQuantityLibrary(env)
    .registerFunction('string.charAt(int): string', (s: string, i: bigint) => {
      const chars = [...s];
      if (i < 0n || i > BigInt(chars.length)) throw new Error(`index out of range: ${i}`);
      return chars[Number(i)] ?? '';
    })
    .registerFunction('string.replace(string, string): string', (s: string, from: string, to: string) => s.split(from).join(to))
    .registerFunction('string.replace(string, string, int): string', (s: string, from: string, to: string, n: bigint) => {
      if (n < 0n) return s.split(from).join(to);
      const parts = s.split(from);
      const head = parts.slice(0, Number(n) + 1).join(to);
      return [head, ...parts.slice(Number(n) + 1)].join(from);
    })
    .registerFunction('string.reverse(): string', (s: string) => [...s].reverse().join(''))
    .registerFunction('string.find(string): string', (s: string, re: string) => regexp(re).exec(s)?.[0] ?? '')
    .registerFunction('string.findAll(string): list<string>', (s: string, re: string) =>
      [...s.matchAll(new RegExp(regexp(re).source, regexp(re).flags.replace('g', '') + 'g'))].map((m) => m[0]),
    )
    .registerFunction('list<dyn>.isSorted(): bool', (l: Comparable[]) => l.every((v, i) => i === 0 || compare(l[i - 1]!, v) <= 0))
    .registerFunction('list<dyn>.sum(): dyn', (l: (bigint | number)[]) =>
      l.length > 0 && typeof l[0] === 'bigint' ? (l as bigint[]).reduce((a, b) => a + b, 0n) : (l as number[]).reduce((a, b) => a + b, 0),
    )
    .registerFunction('list<dyn>.min(): dyn', (l: Comparable[]) => extremum(l, -1))
    .registerFunction('list<dyn>.max(): dyn', (l: Comparable[]) => extremum(l, 1))
    .registerFunction('list<dyn>.indexOf(dyn): int', (l: unknown[], v: unknown) => BigInt(l.indexOf(v)))
    .registerFunction('list<dyn>.lastIndexOf(dyn): int', (l: unknown[], v: unknown) => BigInt(l.lastIndexOf(v)));
}

function newEnvironment(oldSelfType: 'dyn' | 'optional<dyn>'): Environment {
  const env = new Environment({ homogeneousAggregateLiterals: false, enableOptionalTypes: true })
    .registerVariable('self', 'dyn')
    .registerVariable('oldSelf', oldSelfType);
  return withKubernetesLibraries(env);
}

/** Building an environment is expensive; the two variants are shared by all CRDs. */
let environments: { plain: Environment; optionalOldSelf: Environment } | undefined;

/** `optionalOldSelf` rules see `oldSelf` as an optional that is empty on create. */
export function celEnvironment(optionalOldSelf: boolean): Environment {
  environments ??= { plain: newEnvironment('dyn'), optionalOldSelf: newEnvironment('optional<dyn>') };
  return optionalOldSelf ? environments.optionalOldSelf : environments.plain;
}
