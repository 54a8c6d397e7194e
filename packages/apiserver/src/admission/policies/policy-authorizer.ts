/**
 * The `authorizer` variable of admission policies (k8s.io/apiserver/pkg/cel/library/authz.go):
 * policies ask the server's authorizer about the requesting user, e.g.
 *
 *   authorizer.group('apps').resource('deployments').namespace(object.metadata.namespace).check('delete').allowed()
 *   authorizer.requestResource.check('escalate').allowed()
 *   authorizer.serviceAccount('ns', 'sa').path('/healthz').check('get').reason()
 *
 * Resource checks ask for every API version ("*"), as kube's do. Field and label selector
 * checks (`fieldSelector`, `labelSelector`) are not offered.
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { AuthorizationResult, Authorizer } from '../../auth/authorizer.ts';
import { allServiceAccountsGroup, serviceAccountNamespaceGroup, serviceAccountUsername, type UserInfo } from '../../auth/user-info.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';

const prefix = 'kubernetes.authorization.';
const authorizerType = `${prefix}Authorizer`;
const pathCheckType = `${prefix}PathCheck`;
const groupCheckType = `${prefix}GroupCheck`;
const resourceCheckType = `${prefix}ResourceCheck`;
const decisionType = `${prefix}Decision`;

class Decision {
  constructor(readonly result: AuthorizationResult) {}
}

class ResourceCheck {
  constructor(
    readonly authorizer: PolicyAuthorizer,
    readonly group: string,
    readonly resource: string,
    readonly subresource = '',
    readonly namespace = '',
    readonly name = '',
  ) {}

  with(field: 'subresource' | 'namespace' | 'name', value: string): ResourceCheck {
    const next = { subresource: this.subresource, namespace: this.namespace, name: this.name, [field]: value };
    return new ResourceCheck(this.authorizer, this.group, this.resource, next.subresource, next.namespace, next.name);
  }

  check(verb: string): Decision {
    const { user, authorizer } = this.authorizer;
    return new Decision(
      authorizer.authorize({
        resourceRequest: true,
        user,
        verb,
        apiGroup: this.group,
        apiVersion: '*',
        resource: this.resource,
        subresource: this.subresource,
        namespace: this.namespace,
        name: this.name,
      }),
    );
  }
}

class GroupCheck {
  constructor(
    readonly authorizer: PolicyAuthorizer,
    readonly group: string,
  ) {}
}

class PathCheck {
  constructor(
    readonly authorizer: PolicyAuthorizer,
    readonly path: string,
  ) {}
}

class PolicyAuthorizer {
  /** `authorizer.requestResource`: the request's own resource, namespace and name. */
  requestResource: ResourceCheck | null = null;

  constructor(
    readonly user: UserInfo,
    readonly authorizer: Authorizer,
  ) {}
}

/** The `authorizer` value for one request; `undefined` when the server has no authorizer to ask. */
export function policyAuthorizerFor(attributes: AdmissionAttributes, authorizer: Authorizer | undefined): PolicyAuthorizer | undefined {
  if (!authorizer) return undefined;
  const value = new PolicyAuthorizer(attributes.userInfo, authorizer);
  value.requestResource = new ResourceCheck(
    value,
    attributes.resource.group,
    attributes.resource.resource,
    attributes.subresource,
    attributes.namespace,
    attributes.name,
  );
  return value;
}

function serviceAccount(authorizer: PolicyAuthorizer, namespace: string, name: string): PolicyAuthorizer {
  // serviceaccount.ServiceAccountInfo.UserInfo(): the two service account groups only.
  const user: UserInfo = { name: serviceAccountUsername(namespace, name), groups: [allServiceAccountsGroup, serviceAccountNamespaceGroup(namespace)] };
  return new PolicyAuthorizer(user, authorizer.authorizer);
}

/** The authorizer types and functions; the `authorizer` variable itself only when `declared`. */
export function withAuthorizerLibrary(env: Environment, declared: boolean): Environment {
  const withTypes = env
    .registerType(authorizerType, { ctor: PolicyAuthorizer, fields: { requestResource: resourceCheckType } })
    .registerType(pathCheckType, PathCheck)
    .registerType(groupCheckType, GroupCheck)
    .registerType(resourceCheckType, ResourceCheck)
    .registerType(decisionType, Decision);
  return (declared ? withTypes.registerVariable('authorizer', authorizerType) : withTypes)
    .registerFunction(`${authorizerType}.path(string): ${pathCheckType}`, (a: PolicyAuthorizer, path: string) => new PathCheck(a, path))
    .registerFunction(`${authorizerType}.group(string): ${groupCheckType}`, (a: PolicyAuthorizer, group: string) => new GroupCheck(a, group))
    .registerFunction(`${authorizerType}.serviceAccount(string, string): ${authorizerType}`, serviceAccount)
    .registerFunction(
      `${groupCheckType}.resource(string): ${resourceCheckType}`,
      (g: GroupCheck, resource: string) => new ResourceCheck(g.authorizer, g.group, resource),
    )
    .registerFunction(`${resourceCheckType}.subresource(string): ${resourceCheckType}`, (r: ResourceCheck, v: string) => r.with('subresource', v))
    .registerFunction(`${resourceCheckType}.namespace(string): ${resourceCheckType}`, (r: ResourceCheck, v: string) => r.with('namespace', v))
    .registerFunction(`${resourceCheckType}.name(string): ${resourceCheckType}`, (r: ResourceCheck, v: string) => r.with('name', v))
    .registerFunction(`${resourceCheckType}.check(string): ${decisionType}`, (r: ResourceCheck, verb: string) => r.check(verb))
    .registerFunction(`${pathCheckType}.check(string): ${decisionType}`, (p: PathCheck, verb: string) => {
      const { user, authorizer } = p.authorizer;
      return new Decision(authorizer.authorize({ resourceRequest: false, user, verb, path: p.path }));
    })
    .registerFunction(`${decisionType}.allowed(): bool`, (d: Decision) => d.result.decision === 'Allow')
    .registerFunction(`${decisionType}.reason(): string`, (d: Decision) => d.result.reason)
    .registerFunction(`${decisionType}.errored(): bool`, (d: Decision) => Boolean(d.result.evaluationError))
    .registerFunction(`${decisionType}.error(): string`, (d: Decision) => d.result.evaluationError ?? '');
}
