import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileDecoder } from './decode-compiled.ts';
import { applyDefaults } from './defaults.ts';
import { everyKeywordSchema, repositorySchemas, valueFor } from './fixtures/schema-arbitraries.ts';
import { prune } from './prune.ts';
import type { JSONSchemaProps } from './schema-types.ts';

const schemas: [string, JSONSchemaProps][] = [...repositorySchemas(), ['a schema with every keyword', everyKeywordSchema]];

/** The value as JSON text: equal texts mean equal members in the same order. */
const text = (value: unknown) => JSON.stringify(value) ?? 'undefined';

describe('compileDecoder', () => {
  it.each(schemas)('defaults and prunes exactly as the interpreters do, key order and pruned paths included, for %s', (_, schema) => {
    const decoder = compileDecoder(schema);
    let defaulted = 0;
    let pruned = 0;
    fc.assert(
      fc.property(valueFor(schema), (value) => {
        const interpreted = structuredClone(value);
        const compiled = structuredClone(value);
        applyDefaults(schema, interpreted);
        decoder.applyDefaults(compiled);
        expect(text(compiled)).toBe(text(interpreted));
        if (text(interpreted) !== text(value)) defaulted++;
        const interpretedPaths = prune(schema, interpreted, { isResourceRoot: true });
        expect(decoder.prune(compiled)).toEqual(interpretedPaths);
        expect(text(compiled)).toBe(text(interpreted));
        if (interpretedPaths.length) pruned++;
      }),
      { numRuns: 300 },
    );
    expect(pruned).toBeGreaterThan(0);
    if (text(schema).includes('"default"')) expect(defaulted).toBeGreaterThan(0);
  });

  it("drops a request body's non-nullable nulls without defaults, but keeps an apply's (keepNulls), defaulting both", () => {
    const decoder = compileDecoder({ type: 'object', properties: { tags: { type: 'boolean' }, size: { type: 'integer', default: 3 } } });
    const body = { tags: null, size: null };
    decoder.applyDefaults(body);
    expect(body).toEqual({ size: 3 });
    const applied = { tags: null, size: null };
    decoder.applyDefaults(applied, { keepNulls: true });
    expect(applied).toEqual({ tags: null, size: 3 });
  });

  it('never shares a default between objects', () => {
    const decoder = compileDecoder(everyKeywordSchema);
    const a = { spec: { name: 'ab' } } as { spec: { nested?: object } };
    const b = { spec: { name: 'cd' } } as { spec: { nested?: object } };
    decoder.applyDefaults(a);
    decoder.applyDefaults(b);
    expect(a.spec.nested).toEqual({ deep: 'd' });
    expect(a.spec.nested).not.toBe(b.spec.nested);
  });
});
