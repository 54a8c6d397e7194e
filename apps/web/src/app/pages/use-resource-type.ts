/** The served kind behind a resource URL, or why there is none. */
import type { GroupVersionResource } from '@dojo/kube-api';
import { findResourceType, useResourceTypes } from '../../features/resources/api/resource-types.ts';

export function useResourceType(gvr: GroupVersionResource) {
  const types = useResourceTypes();
  return { ...types, type: findResourceType(types.data, gvr) };
}
