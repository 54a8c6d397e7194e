/**
 * How the generic store describes a write to the asynchronous admission step: the request's
 * attributes and its options as kube sends them (`request.options`: CreateOptions,
 * UpdateOptions — a patch's too, as kube's patchToUpdateOptions — or DeleteOptions).
 */
import type { KubeObject } from '@dojo/kube-api';
import type { DeleteOptions, WriteOptions } from '../registry/request-options.ts';
import type { ResourceInfo } from '../registry/resource-info.ts';
import type { AdmissionAttributes, AdmissionOperation, AdmissionTarget, AdmissionView } from './admission-attributes.ts';

const optionsKinds = { CREATE: 'CreateOptions', UPDATE: 'UpdateOptions', DELETE: 'DeleteOptions', CONNECT: 'ConnectOptions' } as const;

/**
 * The request's namespace as kube's RequestInfo gives it: a namespaced object's, '' for a
 * cluster-scoped one, and a namespace's own name for requests addressed to a namespace.
 */
export function requestNamespace(info: ResourceInfo, namespace: string | undefined, name: string, operation: AdmissionOperation): string {
  if (info.namespaced) return namespace ?? '';
  if (info.group === '' && info.resource === 'namespaces' && operation !== 'CREATE') return name;
  return '';
}

export function admissionTarget(info: ResourceInfo, subresource: string, operation: AdmissionOperation, namespace: string): AdmissionTarget {
  return { info, subresource, operation, namespace };
}

function operationOptions(operation: AdmissionOperation, options: WriteOptions | DeleteOptions): Record<string, unknown> {
  const shared = {
    kind: optionsKinds[operation],
    apiVersion: 'meta.k8s.io/v1',
    ...(options.dryRun ? { dryRun: ['All'] } : {}),
  };
  if (operation === 'DELETE') {
    const del = options as DeleteOptions;
    return {
      ...shared,
      ...(del.gracePeriodSeconds !== undefined ? { gracePeriodSeconds: del.gracePeriodSeconds } : {}),
      ...(del.preconditions ? { preconditions: del.preconditions } : {}),
      ...(del.propagationPolicy ? { propagationPolicy: del.propagationPolicy } : {}),
    };
  }
  return { ...shared, ...(options.fieldManager ? { fieldManager: options.fieldManager } : {}) };
}

export function admissionAttributes(
  target: AdmissionTarget,
  name: string,
  object: KubeObject | undefined,
  oldObject: KubeObject | undefined,
  options: WriteOptions | DeleteOptions,
  view?: AdmissionView,
): AdmissionAttributes {
  return {
    ...target,
    ...(view ? { kind: view.kind } : {}),
    name,
    object: object && view ? view.toView(object) : object,
    oldObject: oldObject && view ? view.toView(oldObject) : oldObject,
    dryRun: options.dryRun,
    user: options.user,
    operationOptions: operationOptions(target.operation, options),
    observer: options.observer,
  };
}
