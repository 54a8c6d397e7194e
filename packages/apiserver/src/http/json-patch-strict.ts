/**
 * A JSON patch's body under fieldValidation Warn or Strict (Warn is the default). Before it
 * applies the patch, kube's patch handler (apiserver handlers/patch.go, applyJSPatch) decodes the
 * body strictly — case-sensitive, unknown and duplicate fields reported — into
 * `[]jsonPatchOp{op, path, from string; value any}`. A body of the wrong shape fails there, in
 * that decoder's words (a 400 `error decoding patch: ...`); a surplus or repeated field of an
 * operation is a strict decoding error: a Warning under Warn, a 422 under Strict. Under Ignore
 * the body goes straight to the JSON patch library (patch/json-patch.ts), which words its
 * refusals differently.
 */
import { newBadRequest } from '@dojo/kube-api';
import { goJsonKind, isJsonObject } from '../patch/json-value.ts';

const operationFields = new Set(['op', 'path', 'from', 'value']);
const stringFields = new Set(['op', 'path', 'from']);

const decodeError = (detail: string) => newBadRequest(`error decoding patch: json: ${detail}`);

/**
 * The keys of each object directly inside the top-level array, in the order and number the
 * text has them (JSON.parse keeps only the last of a repeated key). Elements that are not
 * objects give an empty list. The text is known to be valid JSON.
 */
export function operationKeysInText(text: string): string[][] {
  const keys: string[][] = [];
  let i = 0;
  const space = (): void => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  };
  const stringToken = (): string => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  // Skips one value of any kind, strings and nesting included.
  const skipValue = (): void => {
    space();
    if (text[i] === '"') {
      stringToken();
      return;
    }
    if (text[i] === '{' || text[i] === '[') {
      let depth = 0;
      do {
        if (text[i] === '"') {
          stringToken();
          continue;
        }
        if (text[i] === '{' || text[i] === '[') depth++;
        else if (text[i] === '}' || text[i] === ']') depth--;
        i++;
      } while (depth > 0);
      return;
    }
    while (i < text.length && !',]} \t\r\n'.includes(text[i]!)) i++;
  };
  space();
  if (text[i] !== '[') return keys;
  i++;
  for (;;) {
    space();
    if (text[i] === ']') return keys;
    if (text[i] === '{') {
      const objectKeys: string[] = [];
      i++;
      for (;;) {
        space();
        if (text[i] === '}') break;
        objectKeys.push(stringToken());
        space();
        i++; // ':'
        skipValue();
        space();
        if (text[i] === ',') i++;
      }
      i++;
      keys.push(objectKeys);
    } else {
      skipValue();
      keys.push([]);
    }
    space();
    if (text[i] === ',') i++;
  }
}

/**
 * Decodes `patch` (parsed from `text`) as kube's strict decoder does; throws its 400 for a body
 * of the wrong shape and returns the strict decoding errors (`json patch unknown field
 * "[0].valeu"`), in the order the text has them. Under Ignore it checks nothing.
 */
export function strictJsonPatchErrors(text: string, patch: unknown, fieldValidation: string | undefined): string[] {
  if (fieldValidation === 'Ignore' || patch === null) return [];
  if (!Array.isArray(patch)) throw decodeError(`cannot unmarshal ${goJsonKind(patch)} into Go value of type []handlers.jsonPatchOp`);
  // encoding/json goes on after a type error and answers the first one: check them all first.
  for (const operation of patch) {
    if (operation === null) continue;
    if (!isJsonObject(operation)) throw decodeError(`cannot unmarshal ${goJsonKind(operation)} into Go value of type handlers.jsonPatchOp`);
    for (const [field, value] of Object.entries(operation)) {
      if (stringFields.has(field) && value !== null && typeof value !== 'string') {
        throw decodeError(`cannot unmarshal ${goJsonKind(value)} into Go struct field jsonPatchOp.${field} of type string`);
      }
    }
  }
  const errors: string[] = [];
  operationKeysInText(text).forEach((keys, index) => {
    const seen = new Set<string>();
    for (const key of keys) {
      if (!operationFields.has(key)) errors.push(`json patch unknown field "[${index}].${key}"`);
      else if (seen.has(key)) errors.push(`json patch duplicate field "[${index}].${key}"`);
      seen.add(key);
    }
  });
  return errors;
}
