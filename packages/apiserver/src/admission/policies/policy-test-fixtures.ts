/**
 * Requests for the policy tests: a Deployment or Pod create/update by a named user, shaped as
 * the store hands them to admission. Test support only.
 */
import type { KubeObject } from '@dojo/kube-api';
import { parseAllDocuments } from 'yaml';
import { builtinResources } from '../../registry/builtin/builtin-resources.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';

/** Kubernetes objects from a multi-document YAML text. */
export function objectsFromYaml(text: string): KubeObject[] {
  return parseAllDocuments(text).map((doc) => doc.toJS() as KubeObject);
}

export function deployment(name: string, namespace: string, replicas: number, labels: Record<string, string> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace, labels },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
    },
  };
}

export function namespaceObject(name: string, labels: Record<string, string> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, labels, uid: `uid-${name}` },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  };
}

export function createOf(object: KubeObject, resource: { group: string; version: string; resource: string }): AdmissionAttributes {
  const [group, version] = object.apiVersion?.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion ?? 'v1'];
  return {
    operation: 'CREATE',
    resource,
    subresource: '',
    kind: { group: group!, version: version!, kind: object.kind ?? '' },
    name: object.metadata.name ?? '',
    namespace: object.metadata.namespace ?? '',
    userInfo: { name: 'alice', groups: ['system:authenticated'] },
    dryRun: false,
    object,
    options: { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1' },
    info: builtinResources.find((info) => info.group === resource.group && info.version === resource.version && info.resource === resource.resource)!,
  };
}

export function createDeployment(object: KubeObject): AdmissionAttributes {
  return createOf(object, { group: 'apps', version: 'v1', resource: 'deployments' });
}

export function updateDeployment(object: KubeObject, old: KubeObject): AdmissionAttributes {
  return { ...createDeployment(object), operation: 'UPDATE', oldObject: old, options: { kind: 'UpdateOptions', apiVersion: 'meta.k8s.io/v1' } };
}

const admissionregistration = '/apis/admissionregistration.k8s.io/v1';

/**
 * A policy and a binding of it, as the API takes them (the binding's `policyName` filled in),
 * with the paths to POST them to, in the order to create them.
 */
export function policyAndBinding(
  kind: 'Validating' | 'Mutating',
  policy: { name: string; spec: Record<string, unknown> },
  binding: { name: string; spec?: Record<string, unknown> },
): [{ path: string; body: KubeObject }, { path: string; body: KubeObject }] {
  const policyKind = `${kind}AdmissionPolicy`;
  const apiVersion = 'admissionregistration.k8s.io/v1';
  return [
    {
      path: `${admissionregistration}/${kind.toLowerCase()}admissionpolicies`,
      body: { apiVersion, kind: policyKind, metadata: { name: policy.name }, spec: policy.spec },
    },
    {
      path: `${admissionregistration}/${kind.toLowerCase()}admissionpolicybindings`,
      body: { apiVersion, kind: `${policyKind}Binding`, metadata: { name: binding.name }, spec: { policyName: policy.name, ...binding.spec } },
    },
  ];
}
