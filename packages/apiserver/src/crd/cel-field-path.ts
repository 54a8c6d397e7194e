/**
 * `fieldPath` of a validation rule: a JSON path of field (`.spec.port`) and map
 * (`['my-key']`) accessors, checked against the schema and normalized to a field path, as
 * apiextensions' cel.ValidFieldPath does. The error texts are the ones CRD validation reports.
 */
import { childPath, keyPath, nilPath } from './field-path.ts';
import type { JSONSchemaProps } from './schema-types.ts';

function tokenize(jsonPath: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < jsonPath.length) {
    const c = jsonPath[i]!;
    if (c === '.' || c === '[' || c === ']') {
      tokens.push(c);
      i++;
    } else if (c === "'") {
      let j = i + 1;
      while (j < jsonPath.length && !(jsonPath[j] === "'" && jsonPath[j - 1] !== '\\')) j++;
      tokens.push(jsonPath.slice(i, j + 1));
      i = j + 1;
    } else {
      let j = i;
      while (j < jsonPath.length && !'.[]'.includes(jsonPath[j]!)) j++;
      tokens.push(jsonPath.slice(i, j));
      i = j;
    }
  }
  return tokens;
}

const escapes: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', "'": "'", '\\': '\\' };

function unescapeSingleQuote(text: string): string {
  return text.replace(/\\(.)/g, (match, c: string) => {
    const replacement = escapes[c];
    if (replacement === undefined) throw new Error(`invalid string literal: invalid escape char ${match}`);
    return replacement;
  });
}

export interface ValidFieldPath {
  /** The normalized field path (`spec.port`, `spec.labels[my-key]`). */
  path: string;
  schema: JSONSchemaProps;
}

/** Resolves `jsonPath` below `schema`, or returns the reason it is not a valid field path. */
export function validFieldPath(jsonPath: string, schema: JSONSchemaProps): ValidFieldPath | Error {
  let path = nilPath;
  let current: JSONSchemaProps = schema;
  const step = (name: string): Error | undefined => {
    if (current.properties) {
      const next = Object.hasOwn(current.properties, name) ? current.properties[name] : undefined;
      if (!next) return new Error('does not refer to a valid field');
      path = childPath(path, name);
      current = next;
    } else if (typeof current.additionalProperties === 'object') {
      path = keyPath(path, name);
      current = current.additionalProperties;
    } else {
      return new Error('does not refer to a valid field');
    }
    return undefined;
  };
  const tokens = tokenize(jsonPath);
  try {
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token === '[') {
        const quoted = tokens[++i];
        if (quoted === undefined) return new Error('unexpected end of JSON path');
        if (quoted.length < 2 || !quoted.startsWith("'") || !quoted.endsWith("'")) return new Error(`expected single quoted string but got ${quoted}`);
        const failure = step(unescapeSingleQuote(quoted.slice(1, -1)));
        if (failure) return failure;
        const close = tokens[++i];
        if (close === undefined) return new Error('unexpected end of JSON path');
        if (close !== ']') return new Error(`expected ] but got ${close}`);
      } else if (token === '.') {
        const name = tokens[++i];
        if (name === undefined) return new Error('unexpected end of JSON path');
        const failure = step(name);
        if (failure) return failure;
      } else {
        return new Error(`expected [ or . but got: ${token}`);
      }
    }
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
  return { path, schema: current };
}
