/** The served kind behind a resource URL (at the URL's version when served), or why there is none. */
import { useMemo } from 'react';
import type { GroupVersionResource } from '@dojo/kube-api';
import { findResourceType, useResourceTypes } from '../../features/resources/api/resource-types.ts';

export function useResourceType(gvr: GroupVersionResource) {
  const types = useResourceTypes();
  const { group, version, resource } = gvr;
  // One object per kind and version, so that pages may key memos and effects on it.
  const type = useMemo(() => findResourceType(types.data, { group, version, resource }), [types.data, group, version, resource]);
  return { ...types, type };
}
