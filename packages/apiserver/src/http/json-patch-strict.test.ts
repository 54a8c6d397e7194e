import { describe, expect, it } from 'vitest';
import { StatusError } from '@dojo/kube-api';
import { operationKeysInText, strictJsonPatchErrors } from './json-patch-strict.ts';

const errorsOf = (text: string, fieldValidation?: string) => strictJsonPatchErrors(text, JSON.parse(text), fieldValidation);
const refusal = (text: string, fieldValidation?: string): string => {
  try {
    errorsOf(text, fieldValidation);
  } catch (err) {
    if (err instanceof StatusError) return `${err.status.code} ${err.status.message}`;
    throw err;
  }
  throw new Error('not refused');
};

describe("a JSON patch body decoded as kube's patch handler decodes it (strictly, into []jsonPatchOp)", () => {
  it('refuses an object body in the decoder of []handlers.jsonPatchOp (client-node sends a plain object as a JSON patch by default)', () => {
    expect(refusal('{"op":"add"}')).toBe('400 error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp');
    expect(refusal('{"op":"add"}', 'Strict')).toMatch(/\[\]handlers\.jsonPatchOp$/);
  });

  it('refuses an operation that is not an object, and a field of the wrong type, naming the first in the text', () => {
    expect(refusal('[5]')).toBe('400 error decoding patch: json: cannot unmarshal number into Go value of type handlers.jsonPatchOp');
    expect(refusal('[{"op":"add","path":5,"from":6}]')).toBe(
      '400 error decoding patch: json: cannot unmarshal number into Go struct field jsonPatchOp.path of type string',
    );
    expect(refusal('[{"op":true}]')).toBe('400 error decoding patch: json: cannot unmarshal bool into Go struct field jsonPatchOp.op of type string');
  });

  it('reports unknown fields (case matters) and repeated fields of each operation, in the order of the text', () => {
    expect(errorsOf('[{"op":"add","path":"/a","value":1,"valeu":1,"op":"add"},{"OP":"x"}]')).toEqual([
      'json patch unknown field "[0].valeu"',
      'json patch duplicate field "[0].op"',
      'json patch unknown field "[1].OP"',
    ]);
  });

  it('accepts null for the body, an operation and its fields, and any value', () => {
    expect(errorsOf('null')).toEqual([]);
    expect(errorsOf('[null,{"op":null,"value":{"op":5,"x":[1]}}]')).toEqual([]);
  });

  it('checks nothing under fieldValidation=Ignore: the patch library words the refusal then', () => {
    expect(errorsOf('{"op":"add"}', 'Ignore')).toEqual([]);
  });
});

describe('the keys of each operation as the text has them', () => {
  it('keeps repeated keys, skips nested values and strings with brackets and escaped quotes', () => {
    expect(operationKeysInText(' [ {"a":1,"b":{"c":[1,"]}"]},"a":2}, 7, "x", {"z\\"q":null} ] ')).toEqual([['a', 'b', 'a'], [], [], ['z"q']]);
  });
});
