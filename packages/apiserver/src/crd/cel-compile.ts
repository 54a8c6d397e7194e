/**
 * Compilation of x-kubernetes-validations rules and messageExpressions, cached by expression:
 * each distinct rule text is parsed and checked once per process, however many objects and
 * CRD versions use it. Compile errors are reported with cel-go's layout
 * ("compilation failed: ERROR: <input>:1:18: Syntax error: ...\n | source\n | ....^"); the
 * wording after the position is this CEL implementation's, not cel-go's.
 */
import { ParseError, type Environment, type ParseResult } from '@marcbachmann/cel-js';
import { celEnvironment } from './cel-environment.ts';
import { validFieldPath } from './cel-field-path.ts';
import type { JSONSchemaProps, ValidationRule } from './schema-types.ts';

interface CompiledExpression {
  program?: ParseResult | undefined;
  /** cel-go's `issues.String()` equivalent. */
  issues?: string;
  resultType?: string | undefined;
  usesOldSelf: boolean;
}

export interface CompiledRule {
  rule: ValidationRule;
  /** Undefined for an empty rule (nothing to evaluate) or a compile error. */
  program?: ParseResult | undefined;
  /** Detail of a compile error, as CRD validation reports it. */
  error?: string;
  messageProgram?: ParseResult | undefined;
  messageError?: string;
  usesOldSelf: boolean;
  /** `fieldPath` normalized to a field path relative to the rule's node ("" when unset). */
  fieldPath: string;
}

const cache = new Map<string, CompiledExpression>();
const maxCacheEntries = 10_000;

function location(source: string, offset: number): { line: number; column: number; text: string } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = source.indexOf('\n', lineStart);
  return { line, column: offset - lineStart + 1, text: source.slice(lineStart, lineEnd < 0 ? undefined : lineEnd) };
}

function issue(source: string, offset: number, message: string): string {
  const at = location(source, Math.max(0, Math.min(offset, source.length)));
  return `ERROR: <input>:${at.line}:${at.column}: ${message}\n | ${at.text}\n | ${'.'.repeat(at.column - 1)}^`;
}

/** cel-go's checker wording where this implementation's differs. */
function goCheckerWording(message: string): string {
  const unknown = /^Unknown variable: (.*)$/.exec(message);
  return unknown ? `undeclared reference to '${unknown[1]}' (in container '')` : message;
}

function summaryOf(error: unknown): { message: string; offset: number } {
  const e = error as { summary?: string; message?: string; range?: { start: number } };
  const message = e.summary ?? (e.message ?? String(error)).split('\n')[0] ?? '';
  return { message: goCheckerWording(message), offset: e.range?.start ?? 0 };
}

function mentionsOldSelf(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(mentionsOldSelf);
  const n = node as { op?: unknown; args?: unknown };
  if (n.op === 'id' && n.args === 'oldSelf') return true;
  return mentionsOldSelf(n.args);
}

export interface CheckedExpression {
  program?: ParseResult | undefined;
  /** cel-go's `issues.String()` equivalent. */
  issues?: string;
  resultType?: string | undefined;
}

/** Parses and type-checks `expression` in `env`, reporting failures with cel-go's layout. */
export function checkCelExpression(env: Environment, expression: string): CheckedExpression {
  try {
    const program = env.parse(expression);
    const checked = program.check();
    if (checked.valid) return { program, resultType: checked.type };
    const { message, offset } = summaryOf(checked.error);
    return { issues: issue(expression, offset, message) };
  } catch (error) {
    const { message, offset } = summaryOf(error);
    const prefix = error instanceof ParseError ? 'Syntax error: ' : '';
    return { issues: issue(expression, offset, prefix + message) };
  }
}

function compileExpression(expression: string, optionalOldSelf: boolean): CompiledExpression {
  const key = `${optionalOldSelf ? 'o' : 'p'}:${expression}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const checked = checkCelExpression(celEnvironment(optionalOldSelf), expression);
  const compiled: CompiledExpression = checked.program
    ? { program: checked.program, resultType: checked.resultType, usesOldSelf: mentionsOldSelf(checked.program.ast) }
    : { issues: checked.issues ?? '', usesOldSelf: false };
  if (cache.size >= maxCacheEntries) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

/** Compiles one rule declared on `schema` (the node whose value is `self`). */
export function compileRule(rule: ValidationRule, schema: JSONSchemaProps): CompiledRule {
  const optional = rule.optionalOldSelf === true;
  const result: CompiledRule = { rule, usesOldSelf: false, fieldPath: '' };
  if (rule.fieldPath) {
    const resolved = validFieldPath(rule.fieldPath, schema);
    if (!(resolved instanceof Error)) result.fieldPath = resolved.path;
  }
  if ((rule.rule ?? '').trim() !== '') {
    const compiled = compileExpression(rule.rule, optional);
    result.usesOldSelf = compiled.usesOldSelf;
    if (compiled.issues) result.error = `compilation failed: ${compiled.issues}`;
    else if (compiled.resultType !== 'bool' && compiled.resultType !== 'dyn') result.error = 'cel expression must evaluate to a bool';
    else result.program = compiled.program;
  }
  if (rule.messageExpression && rule.messageExpression.trim() !== '') {
    const compiled = compileExpression(rule.messageExpression, optional);
    if (compiled.issues) result.messageError = `messageExpression compilation failed: ${compiled.issues}`;
    else if (compiled.resultType !== 'string' && compiled.resultType !== 'dyn') result.messageError = 'must evaluate to a string';
    else result.messageProgram = compiled.program;
  }
  return result;
}

/** Rules of a schema node, compiled (cached per node, since schemas are immutable once served). */
const byNode = new WeakMap<JSONSchemaProps, CompiledRule[]>();

export function compiledRules(schema: JSONSchemaProps): CompiledRule[] {
  let rules = byNode.get(schema);
  if (!rules) {
    rules = (schema['x-kubernetes-validations'] ?? []).map((rule) => compileRule(rule, schema));
    byNode.set(schema, rules);
  }
  return rules;
}
