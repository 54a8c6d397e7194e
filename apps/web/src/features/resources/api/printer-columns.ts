/**
 * A custom resource's printer columns, read from its CRD (the columns `kubectl get` shows).
 * Built-in kinds have no CRD and get the generic columns only.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { StatusError, type KubeObject } from '@dojo/kube-api';
import { apiRequest } from '../../../lib/api-client.ts';
import { kubePath } from '../../../lib/kube-paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { PrinterColumn } from '../model/object-summary.ts';

const crds = { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions' };

interface CrdVersion {
  name: string;
  additionalPrinterColumns?: PrinterColumn[];
}

export const printerColumnsQueryOptions = (group: string, version: string, resource: string) =>
  queryOptions({
    queryKey: queryKeys.printerColumns(group, version, resource),
    queryFn: async ({ signal }): Promise<PrinterColumn[]> => {
      if (!group.includes('.') || group.endsWith('.k8s.io')) return [];
      try {
        const crd = await apiRequest<KubeObject & { spec?: { versions?: CrdVersion[] } }>(kubePath(crds, { name: `${resource}.${group}` }), { signal });
        return crd.spec?.versions?.find((v) => v.name === version)?.additionalPrinterColumns ?? [];
      } catch (error) {
        if (error instanceof StatusError && (error.code === 404 || error.code === 403)) return [];
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });

export function usePrinterColumns(group: string, version: string, resource: string) {
  return useQuery(printerColumnsQueryOptions(group, version, resource));
}
