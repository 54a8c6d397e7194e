/**
 * The CEL environment of admission policies (k8s.io/apiserver's admission/plugin/cel): the
 * CRD rules' CEL library (../../crd/cel-environment.ts) with the admission variables `object`,
 * `oldObject`, `params`, `request`, `namespaceObject` and `variables`, plus what mutating
 * policies construct (`Object{…}`, `JSONPatch{…}`, `jsonpatch.escapeKey`, see
 * message-construction.ts) and `authorizer` (policy-authorizer.ts). Expressions compile once per process and text; errors read as
 * kube-apiserver's ("compilation failed: ERROR: <input>:1:9: …", "expression '…' resulted in
 * error: no such key: x").
 */
import { Environment, type ParseResult } from '@marcbachmann/cel-js';
import { checkCelExpression } from '../../crd/cel-compile.ts';
import { withKubernetesLibraries } from '../../crd/cel-environment.ts';
import { toCelValue } from '../../crd/cel-values.ts';
import { withAuthorizerLibrary } from './policy-authorizer.ts';
import { withSetsLibrary } from './sets-library.ts';
import { escapeKeyFunction, rewriteMessageConstruction, tagTypeName, typedObjectFunction } from './message-construction.ts';

export interface CompiledPolicyExpression {
  expression: string;
  program?: ParseResult | undefined;
  /** kube's CompilationResult error text, when the expression does not compile. */
  error?: string;
}

/** The values an expression sees; `variables` is filled lazily by policy-variables.ts. */
export interface PolicyActivation {
  object: unknown;
  oldObject: unknown;
  params: unknown;
  request: unknown;
  namespaceObject: unknown;
  variables: Record<string, unknown>;
  /** Absent when the server has no authorizer to ask (expressions using it then fail). */
  authorizer?: unknown;
}

function escapeKey(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * Which optional variables an expression may use (cel.OptionalVariableDeclarations): `params`
 * only when the policy has a paramKind, `authorizer` everywhere but in messageExpression, and
 * `Object{…}` / `JSONPatch{…}` only in mutations. Anything else is a compile error, as in kube
 * ("undeclared reference to 'params' (in container '')").
 */
export interface PolicyDeclarations {
  params: boolean;
  authorizer: boolean;
  patchTypes: boolean;
}

function newEnvironment(declarations: PolicyDeclarations): Environment {
  let env = new Environment({ homogeneousAggregateLiterals: false, enableOptionalTypes: true })
    .registerVariable('object', 'dyn')
    .registerVariable('oldObject', 'dyn')
    .registerVariable('request', 'dyn')
    .registerVariable('namespaceObject', 'dyn')
    .registerVariable('variables', 'dyn');
  if (declarations.params) env = env.registerVariable('params', 'dyn');
  if (declarations.patchTypes) {
    env = env
      .registerFunction(`${typedObjectFunction}(string, map<string, dyn>): dyn`, (typeName: string, fields: Record<string, unknown>) =>
        tagTypeName({ ...fields }, typeName),
      )
      .registerFunction(`${escapeKeyFunction}(string): string`, escapeKey);
  }
  return withAuthorizerLibrary(withSetsLibrary(withKubernetesLibraries(env)), declarations.authorizer);
}

const environments = new Map<string, Environment>();
const cache = new Map<string, CompiledPolicyExpression>();
const maxCacheEntries = 10_000;

function keyOf(declarations: PolicyDeclarations): string {
  return `${declarations.params ? 'p' : '-'}${declarations.authorizer ? 'a' : '-'}${declarations.patchTypes ? 't' : '-'}`;
}

/** cel-go's type names (`list(dyn)`) for this implementation's (`list<dyn>`). */
function goTypeName(type: string): string {
  return type
    .replaceAll('<', '(')
    .replaceAll('>', ')')
    .replace(/^null$/, 'null_type');
}

/**
 * CompileCELExpression's result type check: an expression whose type is known must have one of
 * `returnTypes` ("must evaluate to bool but got int"); `dyn` passes and is checked when it runs.
 */
function returnTypeError(resultType: string | undefined, returnTypes: readonly string[] | undefined): string | undefined {
  if (!returnTypes || resultType === undefined || resultType === 'dyn') return undefined;
  const actual = goTypeName(resultType);
  if (returnTypes.includes(actual)) return undefined;
  return returnTypes.length === 1
    ? `must evaluate to ${returnTypes[0]} but got ${actual}`
    : `must evaluate to one of [${returnTypes.join(' ')}] but got ${actual}`;
}

export function compilePolicyExpression(expression: string, declarations: PolicyDeclarations, returnTypes?: readonly string[]): CompiledPolicyExpression {
  const envKey = keyOf(declarations);
  const cacheKey = `${envKey}:${returnTypes?.join(',') ?? '*'}:${expression}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  let environment = environments.get(envKey);
  if (!environment) {
    environment = newEnvironment(declarations);
    environments.set(envKey, environment);
  }
  const source = rewriteMessageConstruction(expression, { messages: declarations.patchTypes });
  const checked = checkCelExpression(environment, source);
  const typeError = checked.program ? returnTypeError(checked.resultType, returnTypes) : undefined;
  const compiled: CompiledPolicyExpression =
    checked.program && !typeError
      ? { expression, program: checked.program }
      : { expression, error: typeError ?? `compilation failed: ${checked.issues ?? ''}` };
  if (cache.size >= maxCacheEntries) cache.clear();
  cache.set(cacheKey, compiled);
  return compiled;
}

/** cel-go (v0.29, kube 1.37's) wording for the runtime errors this implementation words differently. */
export function celGoErrorText(error: unknown): string {
  const e = error as { summary?: string; message?: string };
  const first = e.summary ?? (e.message ?? String(error)).split('\n')[0] ?? '';
  const outOfBounds = /^No such key: index out of bounds, index (-?\d+) >= size (\d+)$/.exec(first);
  if (outOfBounds) return `index '${outOfBounds[1]}' out of range in list size '${outOfBounds[2]}'`;
  return first.replace(/^No such key/, 'no such key').replace(/^integer overflow: .*$/, 'integer overflow');
}

export type EvaluationOutcome = { value: unknown } | { error: string };

/** Runs a compiled expression; compile and runtime failures come back as kube's texts. */
export function evaluatePolicyExpression(compiled: CompiledPolicyExpression, activation: PolicyActivation): EvaluationOutcome {
  if (!compiled.program) return { error: `compilation error: ${compiled.error ?? ''}` };
  try {
    return { value: compiled.program(activation) };
  } catch (error) {
    return { error: `expression '${compiled.expression}' resulted in error: ${celGoErrorText(error)}` };
  }
}

/** A JSON value (object, params, namespace) as CEL sees it: whole numbers are ints. */
export function celValueOf(value: unknown): unknown {
  return value === undefined ? null : toCelValue(value, undefined);
}

/** A CEL result back to JSON: ints to numbers, timestamps to RFC 3339, bytes to base64. */
export function jsonValueOf(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString().replace(/\.000Z$/, 'Z');
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Map) return jsonValueOf(Object.fromEntries(value));
  if (Array.isArray(value)) return value.map(jsonValueOf);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) out[key] = jsonValueOf(field);
    return out;
  }
  return value;
}
