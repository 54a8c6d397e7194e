/**
 * What a request asks to do, as kube's authorizer.Attributes carries it: a resource request
 * (verb, API group and version, resource, subresource, namespace, name) or a non-resource one
 * (verb and path), and the user asking.
 */
import type { UserInfo } from '../auth/user-info.ts';

interface CommonAttributes {
  user: UserInfo;
  verb: string;
}

export interface ResourceAttributes extends CommonAttributes {
  resourceRequest: true;
  apiGroup: string;
  apiVersion: string;
  resource: string;
  subresource: string;
  namespace: string;
  name: string;
}

export interface NonResourceAttributes extends CommonAttributes {
  resourceRequest: false;
  path: string;
}

export type RequestAttributes = ResourceAttributes | NonResourceAttributes;
