/**
 * Label selectors with Kubernetes' string grammar (`a=b,c!=d,e in (f,g),!h`) and the
 * metav1.LabelSelector object form (matchLabels + matchExpressions).
 */
import { validateLabelValue, validateQualifiedName } from './names.ts';

export type Operator = 'Equals' | 'NotEquals' | 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';

export interface Requirement {
  key: string;
  operator: Operator;
  values: string[];
}

export interface LabelSelectorObject {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}

export class LabelSelector {
  constructor(readonly requirements: readonly Requirement[]) {}

  static everything(): LabelSelector {
    return new LabelSelector([]);
  }

  /** Parses the `labelSelector` query parameter; throws Error with a kubectl-style message. */
  static parse(text: string): LabelSelector {
    return new LabelSelector(parseRequirements(text));
  }

  static fromObject(selector: LabelSelectorObject | undefined): LabelSelector {
    if (!selector) return LabelSelector.everything();
    const reqs: Requirement[] = [];
    for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
      reqs.push({ key, operator: 'Equals', values: [value] });
    }
    for (const expr of selector.matchExpressions ?? []) {
      reqs.push({ key: expr.key, operator: expr.operator, values: expr.values ?? [] });
    }
    return new LabelSelector(reqs);
  }

  isEmpty(): boolean {
    return this.requirements.length === 0;
  }

  matches(labels: Readonly<Record<string, string>> | undefined): boolean {
    const l = labels ?? {};
    return this.requirements.every((r) => requirementMatches(r, l));
  }

  toString(): string {
    return this.requirements.map(formatRequirement).join(',');
  }
}

function requirementMatches(r: Requirement, labels: Readonly<Record<string, string>>): boolean {
  const has = Object.hasOwn(labels, r.key);
  const value = labels[r.key];
  switch (r.operator) {
    case 'Equals':
    case 'In':
      return has && r.values.includes(value!);
    case 'NotEquals':
    case 'NotIn':
      return !has || !r.values.includes(value!);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
  }
}

function formatRequirement(r: Requirement): string {
  switch (r.operator) {
    case 'Equals': return `${r.key}=${r.values[0] ?? ''}`;
    case 'NotEquals': return `${r.key}!=${r.values[0] ?? ''}`;
    case 'In': return `${r.key} in (${r.values.join(',')})`;
    case 'NotIn': return `${r.key} notin (${r.values.join(',')})`;
    case 'Exists': return r.key;
    case 'DoesNotExist': return `!${r.key}`;
  }
}

/** Splits on commas that are not inside parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function checkKey(key: string): string {
  const errs = validateQualifiedName(key);
  if (errs.length) throw new Error(`unable to parse requirement: invalid label key "${key}": ${errs.join('; ')}`);
  return key;
}

function checkValue(value: string): string {
  const errs = validateLabelValue(value);
  if (errs.length) throw new Error(`unable to parse requirement: invalid label value: "${value}": ${errs.join('; ')}`);
  return value;
}

/** The selector lexer's tokens made of special symbols (labels/selector.go string2token). */
const symbolTokens = new Set(['!', '!=', '(', ')', ',', '=', '==', '>', '<']);

/**
 * The token kube's lexer reads at the start of `text` when it opens with a special symbol: the
 * longest run that is still a token (`=x` lexes as `=`, then `x`); undefined otherwise.
 */
function leadingSymbolToken(text: string): string | undefined {
  let token: string | undefined;
  for (let end = 1; end <= text.length && '!=(),<>'.includes(text[end - 1]!); end++) {
    const candidate = text.slice(0, end);
    if (symbolTokens.has(candidate)) token = candidate;
    else if (token) break;
  }
  return token;
}

function parseRequirements(text: string): Requirement[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  return splitTopLevel(trimmed).map((raw) => {
    const part = raw.trim();
    const setMatch = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(part);
    if (setMatch) {
      const values = setMatch[3]!.split(',').map((v) => checkValue(v.trim()));
      return { key: checkKey(setMatch[1]!), operator: setMatch[2] === 'in' ? 'In' : 'NotIn', values };
    }
    const opMatch = /^([^=!\s]+)\s*(==|=|!=)\s*(.*)$/.exec(part);
    if (opMatch) {
      // The key is read (and validated) before the value, as kube's parser does.
      const key = checkKey(opMatch[1]!);
      const value = opMatch[3]!.trim();
      const symbol = leadingSymbolToken(value);
      if (symbol) throw new Error(`unable to parse requirement: found '${symbol}', expected: identifier`);
      return { key, operator: opMatch[2] === '!=' ? 'NotEquals' : 'Equals', values: [checkValue(value)] };
    }
    if (part.startsWith('!')) return { key: checkKey(part.slice(1).trim()), operator: 'DoesNotExist', values: [] };
    if (/^\S+$/.test(part)) return { key: checkKey(part), operator: 'Exists', values: [] };
    throw new Error(`unable to parse requirement: found '${part}', expected: identifier`);
  });
}
