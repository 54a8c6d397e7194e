import { describe, expect, it } from 'vitest';
import { unstructuredConversionError } from './unstructured-conversion.ts';

const deployment = (spec: unknown, extra: object = {}) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec, ...extra });
const convert = (obj: unknown) => unstructuredConversionError('apps.v1.Deployment', obj);

describe("the unstructured converter's refusals (apimachinery runtime/converter.go)", () => {
  it('converts a well-typed object', () => {
    expect(convert(deployment({ replicas: 2, paused: true, template: { metadata: { labels: { a: 'b' } } } }))).toBeUndefined();
  });

  it('converts what reflect can convert: an integer into any number, a whole fraction into an integer, an int64 overflowing an int32', () => {
    expect(convert(deployment({ replicas: 2 ** 40, progressDeadlineSeconds: 1e300 }))).toBeUndefined();
  });

  it('refuses a fraction for an integer, and an integer for a string, as "cannot convert"', () => {
    expect(convert(deployment({ replicas: 1.5 }))).toBe('cannot convert float64 to int32');
    expect(convert(deployment({ minReadySeconds: 1 }, { metadata: { name: 7 } }))).toBe('cannot convert int64 to string');
  });

  it("names only the destination's kind for what reflect cannot convert at all", () => {
    expect(convert(deployment({ paused: 'yes' }))).toBe('unrecognized type: bool');
    expect(convert(deployment({ replicas: '2' }))).toBe('unrecognized type: int32');
    expect(convert(deployment({}, { metadata: { labels: { a: [1] } } }))).toBe('unrecognized type: string');
  });

  it("names the source's kind for a container of the wrong shape", () => {
    expect(convert(deployment(true))).toBe('cannot restore struct from: bool');
    expect(convert(deployment({ template: { spec: { containers: { name: 'c' } } } }))).toBe('cannot restore slice from map');
    expect(convert(deployment({ selector: { matchLabels: 'a=b' } }))).toBe('cannot restore map from string');
  });

  it('checks TypeMeta first, then the fields in their declaration order, and stops at the first problem', () => {
    expect(convert({ kind: 5, metadata: { name: 7 } })).toBe('cannot convert int64 to string');
    expect(convert(deployment({ paused: 'yes', replicas: 1.5 }))).toBe('cannot convert float64 to int32');
  });

  it("answers a time in metav1.Time's own UnmarshalJSON words, and leaves unworded a refusal it cannot word", () => {
    expect(convert(deployment({}, { metadata: { creationTimestamp: { at: 1 } } }))).toBe('json: cannot unmarshal object into Go value of type string');
    expect(convert(deployment({}, { metadata: { creationTimestamp: 'yesterday' } }))).toBeUndefined();
  });
});
