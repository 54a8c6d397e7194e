/** A permission use as kube's authorizer attributes, so kube's own rule matching (`ruleAllows`) decides coverage. */
import type { RequestAttributes } from '@dojo/apiserver';
import { isUrlUse, type PermissionUse } from './rbac-uses.ts';

// Rules do not look at the user: any will do.
const anyone = { name: 'dojo:rbac-derivation', groups: [] };

export function attributesOf(use: PermissionUse): RequestAttributes {
  if (isUrlUse(use)) return { user: anyone, verb: use.verb, resourceRequest: false, path: use.url };
  const [resource = '', subresource = ''] = use.resource.split('/');
  return {
    user: anyone,
    verb: use.verb,
    resourceRequest: true,
    apiGroup: use.apiGroup,
    apiVersion: '',
    resource,
    subresource,
    namespace: use.namespace,
    name: use.name,
  };
}
