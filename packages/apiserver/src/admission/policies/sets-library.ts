/**
 * cel-go's sets extension (ext.Sets), which kube's admission environment includes:
 * `sets.contains(list, sublist)`, `sets.equivalent(a, b)` and `sets.intersects(a, b)`, with
 * CEL's equality (1 == 1.0, lists and maps by value). Registered under the plain names that
 * message-construction.ts rewrites the namespaced calls to.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { namespacedFunctions } from './message-construction.ts';

function celEquals(a: unknown, b: unknown): boolean {
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) return Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => celEquals(item, b[i]));
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k) => Object.hasOwn(b, k) && celEquals((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return a === b;
}

const contains = (list: unknown[], sublist: unknown[]) => sublist.every((item) => list.some((candidate) => celEquals(candidate, item)));

export function withSetsLibrary(env: Environment): Environment {
  return env
    .registerFunction(`${namespacedFunctions['sets.contains']}(list, list): bool`, contains)
    .registerFunction(`${namespacedFunctions['sets.equivalent']}(list, list): bool`, (a: unknown[], b: unknown[]) => contains(a, b) && contains(b, a))
    .registerFunction(`${namespacedFunctions['sets.intersects']}(list, list): bool`, (a: unknown[], b: unknown[]) =>
      a.some((x) => b.some((y) => celEquals(x, y))),
    );
}
