/**
 * A custom resource's printer columns at one version, from its CRD (the columns `kubectl get`
 * shows). Built-in kinds have no CRD and get the generic columns only.
 */
import { useQuery } from '@tanstack/react-query';
import { customResourceDefinitionQueryOptions } from './custom-resource-definition.ts';

export function usePrinterColumns(group: string, version: string, resource: string) {
  return useQuery({
    ...customResourceDefinitionQueryOptions(group, resource),
    select: (crd) => crd?.spec.versions.find((v) => v.name === version)?.additionalPrinterColumns ?? [],
  });
}
