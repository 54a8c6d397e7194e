import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { everyKeywordSchema, oldAndNew, repositorySchemas, valueFor } from './fixtures/schema-arbitraries.ts';
import type { JSONSchemaProps } from './schema-types.ts';
import { validateAgainstSchema } from './validate.ts';
import { compileValidator } from './validate-compiled.ts';

const schemas: [string, JSONSchemaProps][] = [...repositorySchemas(), ['a schema with every keyword', everyKeywordSchema]];

describe('compileValidator', () => {
  it('finds the repository CRDs to compare on', () => {
    expect(schemas.length).toBeGreaterThan(10);
  });

  it.each(schemas)("gives the interpreter's errors (messages, causes, order) for values of %s", (_, schema) => {
    const compiled = compileValidator(schema);
    let failing = 0;
    fc.assert(
      fc.property(valueFor(schema), (value) => {
        const expected = validateAgainstSchema(schema, value);
        if (expected.length) failing++;
        expect(compiled(value)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    expect(failing).toBeGreaterThan(0);
  });

  it.each(schemas)('ratchets like the interpreter against an old value, under a field prefix, for %s', (_, schema) => {
    const status = schema.properties?.status;
    const compiled = compileValidator(schema);
    const compiledStatus = status ? compileValidator(status) : undefined;
    fc.assert(
      fc.property(oldAndNew(schema), ([oldValue, value]) => {
        expect(compiled(value, { oldValue })).toEqual(validateAgainstSchema(schema, value, '', { oldValue }));
        const statusOf = (v: unknown) => (v && typeof v === 'object' ? (v as { status?: unknown }).status : undefined);
        if (compiledStatus && status) {
          const options = { fieldPrefix: 'status', oldValue: statusOf(oldValue) };
          expect(compiledStatus(statusOf(value), options)).toEqual(validateAgainstSchema(status, statusOf(value), '', options));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("names a Dojo's errors as kube-apiserver does", () => {
    const dojo = schemas.find(([name]) => name.includes('core.jutsu.com_dojos.yaml'))![1];
    const errors = compileValidator(dojo)({ spec: { accountId: '', title: 'T', database: 'MySQL', replicas: -1 } });
    expect(errors.map((e) => `${e.field}: ${e.type}`)).toEqual([
      'spec.accountId: FieldValueInvalid',
      'spec.database: FieldValueNotSupported',
      'spec.replicas: FieldValueInvalid',
      'spec.credentialsRef: FieldValueRequired',
    ]);
  });
});
