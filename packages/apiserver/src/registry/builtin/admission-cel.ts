/**
 * Compile checks of the CEL expressions in admission configuration (matchConditions,
 * validations, messageExpression, auditAnnotations, variables, mutations), as
 * plugincel.CompileCELExpression reports them in validation: "compilation failed: ERROR: ..."
 * for a syntax or check error, "must evaluate to bool but got string" for a wrong result type.
 *
 * The environment is the CRD rules' (the same CEL library and Kubernetes extensions) with the
 * admission variables declared `dyn`: object, oldObject, request and namespaceObject always;
 * params, authorizer and variables where kube declares them. Types are therefore known only for literals and functions, so a rule
 * returning a field (`object.spec.x`) is accepted here as kube accepts a dyn result. Evaluation
 * is the admission policies' own work (packages/apiserver/src/admission/policies).
 */
import { ParseError, type Environment } from '@marcbachmann/cel-js';
import { celEnvironment } from '../../crd/cel-environment.ts';

/** The result types an expression may have (ExpressionAccessor.ReturnTypes). */
export type CelResultType = 'bool' | 'string' | 'string-or-null' | 'any';

/** plugincel.OptionalVariableDeclarations: which variables besides object, oldObject, request and namespaceObject exist. */
export interface CelDeclarations {
  params: boolean;
  authorizer: boolean;
  /** A policy with spec.variables compiles in the composition environment, which declares `variables`. */
  variables: boolean;
}

/**
 * The authorizer library's calls (authorizer.group(g).resource(r).check(verb).allowed(), ...)
 * declared on `dyn`, since the receivers are untyped here.
 */
function withAuthorizerLibrary(env: Environment): Environment {
  return env
    .registerFunction('dyn.group(string): dyn', () => undefined)
    .registerFunction('dyn.resource(string): dyn', () => undefined)
    .registerFunction('dyn.subresource(string): dyn', () => undefined)
    .registerFunction('dyn.namespace(string): dyn', () => undefined)
    .registerFunction('dyn.name(string): dyn', () => undefined)
    .registerFunction('dyn.path(string): dyn', () => undefined)
    .registerFunction('dyn.serviceAccount(string, string): dyn', () => undefined)
    .registerFunction('dyn.check(string): dyn', () => undefined)
    .registerFunction('dyn.allowed(): bool', () => false)
    .registerFunction('dyn.reason(): string', () => '')
    .registerFunction('dyn.errored(): bool', () => false)
    .registerFunction('dyn.error(): string', () => '');
}

/**
 * Kubernetes' CEL libraries that the CRD environment lacks (URL, IP, CIDR, semver,
 * named formats, sets, jsonpatch, string formatting), declared only so that expressions using
 * them compile as they do in kube-apiserver; receivers are `dyn` and the implementations are
 * never called here. Namespaced functions (`sets.contains`, `format.dns1123Label()`) are calls on
 * a `dyn` variable of that name.
 */
const kubernetesLibraryDeclarations = [
  'url(string): dyn',
  'isURL(string): bool',
  'ip(string): dyn',
  'isIP(string): bool',
  'cidr(string): dyn',
  'isCIDR(string): bool',
  'semver(string): dyn',
  'semver(string, bool): dyn',
  'isSemver(string): bool',
  'isSemver(string, bool): bool',
  'dyn.getScheme(): string',
  'dyn.getHost(): string',
  'dyn.getHostname(): string',
  'dyn.getPort(): string',
  'dyn.getEscapedPath(): string',
  'dyn.getQuery(): dyn',
  'dyn.family(): int',
  'dyn.isUnspecified(): bool',
  'dyn.isLoopback(): bool',
  'dyn.isLinkLocalMulticast(): bool',
  'dyn.isLinkLocalUnicast(): bool',
  'dyn.isGlobalUnicast(): bool',
  'dyn.isCanonical(string): bool',
  'dyn.containsIP(dyn): bool',
  'dyn.containsCIDR(dyn): bool',
  'dyn.ip(): dyn',
  'dyn.masked(): dyn',
  'dyn.prefixLength(): int',
  'dyn.major(): int',
  'dyn.minor(): int',
  'dyn.patch(): int',
  'string.format(list<dyn>): string',
  'dyn.quote(string): string',
  'dyn.contains(list<dyn>, list<dyn>): bool',
  'dyn.equivalent(list<dyn>, list<dyn>): bool',
  'dyn.intersects(list<dyn>, list<dyn>): bool',
  'dyn.escapeKey(string): string',
  'dyn.named(string): optional<dyn>',
  'dyn.validate(string): optional<list<string>>',
  ...[
    'dns1123Label',
    'dns1123Subdomain',
    'dns1035Label',
    'qualifiedName',
    'dns1123LabelPrefix',
    'dns1123SubdomainPrefix',
    'dns1035LabelPrefix',
    'labelValue',
    'uri',
    'uuid',
    'byte',
    'date',
    'datetime',
  ].map((name) => `dyn.${name}(): dyn`),
];
const libraryNamespaces = ['sets', 'jsonpatch', 'format', 'strings'];

function withKubernetesLibraryDeclarations(env: Environment): Environment {
  for (const declaration of kubernetesLibraryDeclarations) env.registerFunction(declaration, () => undefined);
  for (const namespace of libraryNamespaces) env.registerVariable(namespace, 'dyn');
  return env;
}

const environments = new Map<string, Environment>();

function admissionEnvironment(declarations: CelDeclarations): Environment {
  const key = `${declarations.params ? 'p' : ''}${declarations.authorizer ? 'a' : ''}${declarations.variables ? 'v' : ''}`;
  let env = environments.get(key);
  if (!env) {
    env = withKubernetesLibraryDeclarations(celEnvironment(false).clone())
      .registerVariable('object', 'dyn')
      .registerVariable('oldObject', 'dyn')
      .registerVariable('request', 'dyn')
      .registerVariable('namespaceObject', 'dyn');
    if (declarations.params) env.registerVariable('params', 'dyn');
    if (declarations.authorizer) withAuthorizerLibrary(env.registerVariable('authorizer', 'dyn'));
    if (declarations.variables) env.registerVariable('variables', 'dyn');
    environments.set(key, env);
  }
  return env;
}

function position(source: string, offset: number): string {
  const before = source.slice(0, Math.max(0, Math.min(offset, source.length)));
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = source.indexOf('\n', lineStart);
  const column = before.length - lineStart + 1;
  return `<input>:${line}:${column}: @@\n | ${source.slice(lineStart, lineEnd < 0 ? undefined : lineEnd)}\n | ${'.'.repeat(column - 1)}^`;
}

function issueText(expression: string, error: unknown, syntax: boolean): string {
  const e = error as { summary?: string; message?: string; range?: { start: number } };
  const raw = e.summary ?? (e.message ?? String(error)).split('\n')[0] ?? '';
  // cel-go's wording for a name the environment does not declare.
  const message = raw.replace(/^Unknown variable: (\S+)$/, "undeclared reference to '$1' (in container '')");
  return `ERROR: ${position(expression, e.range?.start ?? 0).replace('@@', (syntax ? 'Syntax error: ' : '') + message)}`;
}

const accepts: Record<CelResultType, readonly string[]> = {
  bool: ['bool', 'dyn'],
  string: ['string', 'dyn'],
  'string-or-null': ['string', 'null', 'dyn'],
  any: [],
};

/** A type as cel-go's Type.String() spells it: null_type, list(int), map(string, int). */
const goCelTypeName = (type: string): string => (type === 'null' ? 'null_type' : type.replace(/</g, '(').replace(/>/g, ')'));

const goTypeName: Record<CelResultType, string> = { bool: 'bool', string: 'string', 'string-or-null': '[string null_type]', any: 'dyn' };

const cache = new Map<string, string | undefined>();

/** The detail of the field error kube reports for `expression`, or undefined when it compiles. */
export function celCompileProblem(expression: string, resultType: CelResultType, declarations: CelDeclarations): string | undefined {
  const key = `${resultType}:${JSON.stringify(declarations)}:${expression}`;
  if (cache.has(key)) return cache.get(key);
  let problem: string | undefined;
  try {
    const checked = admissionEnvironment(declarations).parse(expression).check();
    if (!checked.valid) problem = `compilation failed: ${issueText(expression, checked.error, false)}`;
    else if (resultType !== 'any' && !accepts[resultType].includes(checked.type ?? 'dyn')) {
      const expected = resultType === 'string-or-null' ? `one of ${goTypeName[resultType]}` : goTypeName[resultType];
      problem = `must evaluate to ${expected} but got ${goCelTypeName(checked.type ?? 'dyn')}`;
    }
  } catch (error) {
    problem = `compilation failed: ${issueText(expression, error, error instanceof ParseError)}`;
  }
  if (cache.size >= 10_000) cache.clear();
  cache.set(key, problem);
  return problem;
}
