/**
 * CEL message construction for mutating policies, on a CEL implementation without it.
 *
 * MutatingAdmissionPolicy expressions build typed values: `Object{spec: Object.spec{replicas: 3}}`
 * (ApplyConfiguration) and `JSONPatch{op: "add", path: "/x", value: 1}`. cel-go parses a
 * qualified name followed by `{` as a message with identifier field names; the CEL library this
 * server uses (@marcbachmann/cel-js) has no message construction, so expressions are rewritten
 * before parsing into calls of a registered function that tags a map with its type name:
 *
 *   Object.spec{replicas: 3}   ->   typedObject("Object.spec", {"replicas": 3})
 *
 * and cel-go's namespaced functions (`jsonpatch.escapeKey(s)`, `sets.contains(a, b)`), which this
 * library cannot declare, into plain ones (`jsonpatchEscapeKey(s)`, `setsContains(a, b)`;
 * `namespacedFunctions`). Message construction and `jsonpatch` are rewritten only where mutating
 * policies allow them (`messages`). The rewrite is
 * lexical (strings, comments and numbers are copied untouched), so positions in compile errors
 * of rewritten expressions refer to the rewritten text.
 */

export const typedObjectFunction = 'typedObject';
export const escapeKeyFunction = 'jsonpatchEscapeKey';

/** cel-go namespaced function -> the name it is registered under here. */
export const namespacedFunctions: Readonly<Record<string, string>> = {
  'jsonpatch.escapeKey': escapeKeyFunction,
  'sets.contains': 'setsContains',
  'sets.equivalent': 'setsEquivalent',
  'sets.intersects': 'setsIntersects',
};

/** Offered only in mutations, with message construction (kube's HasPatchTypes). */
const patchTypeFunctions = new Set(['jsonpatch.escapeKey']);

/** The type name a constructed value was tagged with (`Object.spec`, `JSONPatch`). */
const typeNameKey = Symbol('celTypeName');

export function tagTypeName(value: Record<string, unknown>, typeName: string): Record<string, unknown> {
  Object.defineProperty(value, typeNameKey, { value: typeName, enumerable: false });
  return value;
}

export function typeNameOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  return (value as { [typeNameKey]?: string })[typeNameKey];
}

interface Token {
  kind: 'space' | 'ident' | 'string' | 'other';
  text: string;
}

const identStart = /[A-Za-z_]/;
const identPart = /[A-Za-z0-9_]/;

function stringEnd(source: string, start: number): number {
  let i = start;
  while (i < source.length && /[rRbB]/.test(source[i]!)) i++;
  const raw = /[rR]/.test(source.slice(start, i));
  const quote = source[i]!;
  const triple = source.startsWith(quote.repeat(3), i);
  const close = triple ? quote.repeat(3) : quote;
  i += close.length;
  while (i < source.length) {
    if (!raw && source[i] === '\\') {
      i += 2;
      continue;
    }
    if (source.startsWith(close, i)) return i + close.length;
    if (!triple && source[i] === '\n') return i;
    i++;
  }
  return i;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    let end: number;
    let kind: Token['kind'] = 'other';
    if (/\s/.test(c)) {
      end = i + 1;
      while (end < source.length && /\s/.test(source[end]!)) end++;
      kind = 'space';
    } else if (source.startsWith('//', i)) {
      end = source.indexOf('\n', i);
      if (end < 0) end = source.length;
      kind = 'space';
    } else if (c === '"' || c === "'" || (/[rRbB]/.test(c) && /^[rRbB]{0,2}["']/.test(source.slice(i, i + 3)))) {
      end = stringEnd(source, i);
      kind = 'string';
    } else if (identStart.test(c)) {
      end = i + 1;
      while (end < source.length && identPart.test(source[end]!)) end++;
      kind = 'ident';
    } else if (/[0-9]/.test(c)) {
      end = i + 1;
      while (end < source.length && /[0-9A-Za-z.]/.test(source[end]!)) end++;
    } else {
      end = i + 1;
    }
    tokens.push({ kind, text: source.slice(i, end) });
    i = end;
  }
  return tokens;
}

/** Rewrites message constructions and namespaced functions; other expressions come back unchanged. */
export function rewriteMessageConstruction(source: string, options: { messages: boolean } = { messages: true }): string {
  const tokens = tokenize(source);
  const significant = (from: number, step: 1 | -1): number => {
    let j = from;
    while (j >= 0 && j < tokens.length && tokens[j]!.kind === 'space') j += step;
    return j;
  };
  /** One entry per open bracket: whether it is a message body, and whether a field name is due. */
  const stack: { message: boolean; expectField: boolean; close: string }[] = [];
  let out = '';
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    const top = stack[stack.length - 1];
    if (token.kind === 'ident' && top?.message && top.expectField) {
      const colon = significant(i + 1, 1);
      if (tokens[colon]?.text === ':') {
        out += JSON.stringify(token.text);
        top.expectField = false;
        i++;
        continue;
      }
    }
    if (token.kind === 'ident' && tokens[significant(i - 1, -1)]?.text !== '.') {
      // A qualified name: IDENT ('.' IDENT)*
      const names = [token.text];
      let last = i;
      for (;;) {
        const dot = significant(last + 1, 1);
        const next = significant(dot + 1, 1);
        if (tokens[dot]?.text !== '.' || tokens[next]?.kind !== 'ident') break;
        names.push(tokens[next]!.text);
        last = next;
      }
      const after = significant(last + 1, 1);
      if (options.messages && tokens[after]?.text === '{') {
        out += `${typedObjectFunction}(${JSON.stringify(names.join('.'))}, {`;
        stack.push({ message: true, expectField: true, close: '})' });
        i = after + 1;
        continue;
      }
      const qualified = names.join('.');
      const plain = Object.hasOwn(namespacedFunctions, qualified) ? namespacedFunctions[qualified] : undefined;
      if (plain && tokens[after]?.text === '(' && (options.messages || !patchTypeFunctions.has(qualified))) {
        out += plain;
        i = last + 1;
        continue;
      }
    }
    if (token.text === '{' || token.text === '(' || token.text === '[') {
      stack.push({ message: false, expectField: false, close: token.text === '{' ? '}' : token.text === '(' ? ')' : ']' });
    } else if ((token.text === '}' || token.text === ')' || token.text === ']') && top) {
      stack.pop();
      out += top.message ? top.close : token.text;
      i++;
      continue;
    } else if (token.text === ',' && top?.message) {
      top.expectField = true;
    }
    out += token.text;
    i++;
  }
  return out;
}
