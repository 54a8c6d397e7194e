import { describe, expect, it } from 'vitest';
import { celCompileProblem, type CelDeclarations } from './admission-cel.ts';

const webhookCondition: CelDeclarations = { params: false, authorizer: true, variables: false };
const policyWithParams: CelDeclarations = { params: true, authorizer: true, variables: true };

describe('admission CEL compile checks', () => {
  it('accepts a condition on the request and the object', () => {
    expect(celCompileProblem("request.userInfo.username != 'admin' && has(object.metadata.labels)", 'bool', webhookCondition)).toBeUndefined();
  });

  it("reports a name the environment does not declare in cel-go's words", () => {
    expect(celCompileProblem('params.x == 1', 'bool', webhookCondition)).toBe(
      "compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x == 1\n | ^",
    );
    expect(celCompileProblem('params.x == 1 && variables.y', 'bool', policyWithParams)).toBeUndefined();
  });

  it('knows the authorizer library where kube declares the authorizer, and not in a message expression', () => {
    const check = "authorizer.group('apps').resource('deployments').check('create').allowed()";
    expect(celCompileProblem(check, 'bool', webhookCondition)).toBeUndefined();
    expect(celCompileProblem(`${check} ? 'a' : 'b'`, 'string', { ...webhookCondition, authorizer: false })).toMatch(/undeclared reference to 'authorizer'/);
  });

  it('refuses a result of the wrong type, saying what it got', () => {
    expect(celCompileProblem("'s'", 'bool', webhookCondition)).toBe('must evaluate to bool but got string');
    expect(celCompileProblem('1', 'string-or-null', policyWithParams)).toBe('must evaluate to one of [string null_type] but got int');
    expect(celCompileProblem('null', 'string-or-null', policyWithParams)).toBeUndefined();
    expect(celCompileProblem('1', 'any', policyWithParams)).toBeUndefined();
  });

  it('points a syntax error at its column', () => {
    expect(celCompileProblem('1 +', 'bool', webhookCondition)).toMatch(/^compilation failed: ERROR: <input>:1:4: Syntax error: .*\n \| 1 \+\n \| \.\.\.\^$/);
  });
});

describe("Kubernetes' CEL libraries", () => {
  it.each([
    "quantity(object.spec.memory).isGreaterThan(quantity('1Gi'))",
    "isURL(object.spec.endpoint) && url(object.spec.endpoint).getScheme() == 'https'",
    "cidr('10.0.0.0/8').containsIP(object.spec.ip) && ip(object.spec.ip).family() == 4",
    "sets.contains(object.spec.allowed, ['a'])",
    '!format.dns1123Label().validate(object.metadata.name).hasValue()',
    "'%s-%d'.format([object.metadata.name, 1]) != ''",
  ])('compiles %s as kube does', (expression) => {
    expect(celCompileProblem(expression, 'bool', policyWithParams)).toBeUndefined();
  });
});
