/**
 * The AdmissionAttributes of a write as the generic store sees it (a resource, the objects and
 * its WriteOptions), for the lead's wiring. A write without a requesting user is the server's
 * own, which kube makes as its loopback user `system:apiserver` (system:masters).
 */
import type { KubeObject } from '@dojo/kube-api';
import { systemAuthenticated, systemMasters, type UserInfo } from '../../auth/user-info.ts';
import type { WriteOptions } from '../../registry/request-options.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import type { AdmissionAttributes, AdmissionOperation } from './policy-types.ts';

const loopbackUser: UserInfo = { name: 'system:apiserver', groups: [systemAuthenticated, systemMasters] };

const optionsKind: Record<AdmissionOperation, string> = {
  CREATE: 'CreateOptions',
  UPDATE: 'UpdateOptions',
  DELETE: 'DeleteOptions',
  CONNECT: '',
};

export interface WriteDescription {
  info: Pick<ResourceInfo, 'group' | 'version' | 'resource' | 'kind'>;
  operation: AdmissionOperation;
  subresource?: string;
  /** The request's name ('' for a create that generates one). */
  name: string;
  namespace: string;
  object?: KubeObject | undefined;
  oldObject?: KubeObject | undefined;
  options: Pick<WriteOptions, 'dryRun' | 'fieldManager' | 'user'>;
}

export function admissionAttributesOf(write: WriteDescription): AdmissionAttributes {
  const { info, operation } = write;
  const options: Record<string, unknown> = { kind: optionsKind[operation], apiVersion: 'meta.k8s.io/v1' };
  if (write.options.dryRun) options.dryRun = ['All'];
  if (write.options.fieldManager) options.fieldManager = write.options.fieldManager;
  return {
    operation,
    resource: { group: info.group, version: info.version, resource: info.resource },
    subresource: write.subresource ?? '',
    kind: { group: info.group, version: info.version, kind: info.kind },
    name: write.name,
    namespace: write.namespace,
    userInfo: write.options.user ?? loopbackUser,
    dryRun: write.options.dryRun,
    object: write.object,
    oldObject: write.oldObject,
    options: operation === 'CONNECT' ? undefined : options,
  };
}
