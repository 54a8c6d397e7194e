/**
 * How the generic store describes a write to the asynchronous admission step: the one
 * AdmissionAttributes of the write, with its options as kube sends them (`request.options`:
 * CreateOptions, UpdateOptions — a patch's too, as kube's patchToUpdateOptions — or
 * DeleteOptions). A write without a requesting user is the server's own, which kube makes as its
 * loopback user `system:apiserver` (system:masters).
 */
import type { KubeObject } from '@dojo/kube-api';
import { systemAuthenticated, systemMasters, type UserInfo } from '../auth/user-info.ts';
import type { DeleteOptions, WriteOptions } from '../registry/request-options.ts';
import type { ResourceInfo } from '../registry/resource-info.ts';
import { kindOf, resourceOf, type AdmissionAttributes, type AdmissionOperation, type AdmissionTarget, type AdmissionView } from './admission-attributes.ts';

const optionsKinds = { CREATE: 'CreateOptions', UPDATE: 'UpdateOptions', DELETE: 'DeleteOptions', CONNECT: 'ConnectOptions' } as const;

const loopbackUser: UserInfo = { name: 'system:apiserver', groups: [systemAuthenticated, systemMasters] };

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
  return { info, resource: resourceOf(info), subresource, operation, namespace };
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
    kind: view ? view.kind : kindOf(target.info),
    name,
    object: object && view ? view.toView(object) : object,
    oldObject: oldObject && view ? view.toView(oldObject) : oldObject,
    dryRun: options.dryRun,
    options: operationOptions(target.operation, options),
    userInfo: options.user ?? loopbackUser,
    observer: options.observer,
  };
}
