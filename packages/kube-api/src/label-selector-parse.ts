/**
 * The label selector string grammar as apimachinery's labels.Parse reads it: a lexer of
 * identifiers, keywords (`in`, `notin`) and operator symbols, then a recursive descent over the
 * tokens. Clients show its error texts as they are, so they follow kube's word for word
 * (including the `<nil>` path of a key error: kube's parser validates keys with a nil path).
 */
import { validateLabelValue, validateQualifiedName } from './names.ts';

export type Operator = 'Equals' | 'NotEquals' | 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'GreaterThan' | 'LessThan';

export interface Requirement {
  key: string;
  operator: Operator;
  values: string[];
}

type TokenKind = 'end' | 'identifier' | 'in' | 'notin' | '(' | ')' | ',' | '!' | '=' | '==' | '!=' | '>' | '<';

interface Token {
  kind: TokenKind;
  literal: string;
}

const symbolTokens: ReadonlySet<string> = new Set(['(', ')', ',', '!', '=', '==', '!=', '>', '<']);
const isSpecial = (ch: string): boolean => '=!(),<>'.includes(ch);
const isWhitespace = (ch: string): boolean => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';

function lex(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  for (;;) {
    while (at < text.length && isWhitespace(text[at]!)) at++;
    if (at >= text.length) {
      tokens.push({ kind: 'end', literal: '' });
      return tokens;
    }
    if (isSpecial(text[at]!)) {
      // The longest run of symbols that is still a token: `=x` is `=` then `x`, `!=` one token.
      let token: string | undefined;
      let end = at;
      while (end < text.length && isSpecial(text[end]!)) {
        const candidate = text.slice(at, end + 1);
        if (symbolTokens.has(candidate)) token = candidate;
        else if (token) break;
        end++;
      }
      // Every single symbol is a token, so `token` is set once one character was read.
      tokens.push({ kind: token as TokenKind, literal: token! });
      at += token!.length;
      continue;
    }
    const start = at;
    while (at < text.length && !isSpecial(text[at]!) && !isWhitespace(text[at]!)) at++;
    const word = text.slice(start, at);
    tokens.push({ kind: word === 'in' || word === 'notin' ? word : 'identifier', literal: word });
  }
}

const binaryOperators = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];

class Parser {
  private position = 0;

  constructor(private readonly tokens: Token[]) {}

  /** In a value position `in` and `notin` are plain identifiers (`x in (in)`). */
  private peek(values = true): Token {
    const token = this.tokens[this.position]!;
    return values && (token.kind === 'in' || token.kind === 'notin') ? { kind: 'identifier', literal: token.literal } : token;
  }

  private next(values = true): Token {
    const token = this.peek(values);
    this.position++;
    return token;
  }

  parse(): Requirement[] {
    const requirements: Requirement[] = [];
    for (;;) {
      const token = this.peek();
      if (token.kind === 'end') return requirements;
      if (token.kind !== 'identifier' && token.kind !== '!') throw new Error(`found '${token.literal}', expected: !, identifier, or 'end of string'`);
      try {
        requirements.push(this.requirement());
      } catch (err) {
        throw new Error(`unable to parse requirement: ${(err as Error).message}`);
      }
      const after = this.next();
      if (after.kind === 'end') return requirements;
      if (after.kind !== ',') throw new Error(`found '${after.literal}', expected: ',' or 'end of string'`);
      const following = this.peek();
      if (following.kind !== 'identifier' && following.kind !== '!') throw new Error(`found '${following.literal}', expected: identifier after ','`);
    }
  }

  private requirement(): Requirement {
    let token = this.next();
    const negated = token.kind === '!';
    if (negated) token = this.next();
    if (token.kind !== 'identifier') throw new Error(`found '${token.literal}', expected: identifier`);
    const key = token.literal;
    const keyErrors = validateQualifiedName(key);
    if (keyErrors.length) throw new Error(`<nil>: Invalid value: ${JSON.stringify(key)}: ${keyErrors.join('; ')}`);
    const lookahead = this.peek().kind;
    if (negated || lookahead === 'end' || lookahead === ',') return newRequirement(key, negated ? 'DoesNotExist' : 'Exists', []);
    const operator = this.operator();
    const values = operator === 'In' || operator === 'NotIn' ? this.setValues() : this.exactValue();
    return newRequirement(key, operator, values);
  }

  private operator(): Operator {
    const token = this.next(false);
    switch (token.kind) {
      case 'in':
        return 'In';
      case 'notin':
        return 'NotIn';
      case '=':
      case '==':
        return 'Equals';
      case '!=':
        return 'NotEquals';
      case '>':
        return 'GreaterThan';
      case '<':
        return 'LessThan';
      default:
        throw new Error(`found '${token.literal}', expected: ${binaryOperators.join(', ')}`);
    }
  }

  /** `(a,b,c)`, where empty members are the empty value: `(,a)`, `()`. */
  private setValues(): string[] {
    const open = this.next();
    if (open.kind !== '(') throw new Error(`found '${open.literal}' expected: '('`);
    const first = this.peek();
    if (first.kind === ')') {
      this.next();
      return [''];
    }
    if (first.kind !== 'identifier' && first.kind !== ',') throw new Error(`found '${first.literal}', expected: ',', ')' or identifier`);
    const values = this.identifierList();
    if (this.next().kind !== ')') throw new Error(`found '${first.literal}', expected: ')'`);
    return values;
  }

  private identifierList(): string[] {
    const values = new Set<string>();
    for (;;) {
      const token = this.next();
      if (token.kind === 'identifier') {
        values.add(token.literal);
        const after = this.peek();
        if (after.kind === ')') return [...values];
        if (after.kind !== ',') throw new Error(`found '${after.literal}', expected: ',' or ')'`);
      } else if (token.kind === ',') {
        if (values.size === 0) values.add('');
        const after = this.peek().kind;
        if (after === ')') {
          values.add('');
          return [...values];
        }
        if (after === ',') values.add('');
      } else throw new Error(`found '${token.literal}', expected: ',', or identifier`);
    }
  }

  private exactValue(): string[] {
    const lookahead = this.peek().kind;
    if (lookahead === 'end' || lookahead === ',') return [''];
    const token = this.next();
    if (token.kind === 'identifier') return [token.literal];
    throw new Error(`found '${token.literal}', expected: identifier`);
  }
}

const int64 = /^[+-]?\d+$/;

/** Parses a Gt/Lt operand as Go's strconv.ParseInt(v, 10, 64) does; undefined when it would fail. */
export function parseInt64(value: string): bigint | undefined {
  if (!int64.test(value)) return undefined;
  const n = BigInt(value);
  return n >= -(2n ** 63n) && n < 2n ** 63n ? n : undefined;
}

/** labels.NewRequirement's checks on the operator's values, each problem one error, aggregated. */
function newRequirement(key: string, operator: Operator, unsorted: string[]): Requirement {
  const values = [...new Set(unsorted)].sort();
  const errors: string[] = [];
  if ((operator === 'GreaterThan' || operator === 'LessThan') && values.length === 1 && parseInt64(values[0]!) === undefined) {
    errors.push(`values[0]: Invalid value: ${JSON.stringify(values[0])}: for 'Gt', 'Lt' operators, the value must be an integer`);
  }
  values.forEach((value, i) => {
    const problems = validateLabelValue(value);
    if (problems.length) errors.push(`values[${i}][${key}]: Invalid value: ${JSON.stringify(value)}: ${problems.join('; ')}`);
  });
  if (errors.length === 1) throw new Error(errors[0]);
  if (errors.length > 1) throw new Error(`[${errors.join(', ')}]`);
  return { key, operator, values };
}

/** A selector string's requirements, sorted by key as kube sorts them; throws kube's error text. */
export function parseLabelSelector(text: string): Requirement[] {
  const requirements = new Parser(lex(text)).parse();
  return requirements.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
