import { describe, expect, it } from 'vitest';
import { equalizeIntended, withoutIntendedDifferences } from './fuzz-intended-differences.ts';

const head = 'failed to create typed patch object (/a; fuzz.dojo.dev/v1, Kind=Widget): ';
const answer = (message: string, code: number) =>
  `PATCH widget a (apply)\nstatus ${code}\n${JSON.stringify({ apiVersion: 'v1', code, kind: 'Status', message, metadata: {}, ...(code === 400 ? { reason: 'BadRequest' } : {}), status: 'Failure' }, null, 2)}`;

describe("the fuzzer's intended differences of an apply's typed conversion", () => {
  it('compares the error lines sorted, as Go walks a map in random order', () => {
    const one = answer(`${head}errors:\n  .spec.z: field not declared in schema\n  .spec.mode: expected numeric (int or float), got string`, 500);
    const other = answer(`${head}errors:\n  .spec.mode: expected numeric (int or float), got string\n  .spec.z: field not declared in schema`, 500);
    expect(withoutIntendedDifferences(one)).toBe(withoutIntendedDifferences(other));
  });

  it("takes kube's 500 for our 400 when kube names only errors we name (SMD stopped at an undeclared field), and not otherwise", () => {
    const ours = answer(`${head}errors:\n  .spec.enabled: expected boolean, got &{map[nested:1]}\n  .spec.unknownField: field not declared in schema`, 400);
    const [a, b] = equalizeIntended(ours, answer(`${head}.spec.unknownField: field not declared in schema`, 500));
    expect(a).toBe(b);
    const [c, d] = equalizeIntended(ours, answer(`${head}.spec.other: field not declared in schema`, 500));
    expect(c).not.toBe(d);
  });
});
