/**
 * A kind's versions as discovery and, for a custom resource, its CRD describe them: which
 * versions serve it, which one the console prefers, which one objects are stored as, which are
 * deprecated and why. Discovery says what is served now; the CRD also knows what is stored.
 */
import type { ServedResource } from '@dojo/console-protocol';
import type { PrinterColumn } from './object-summary.ts';

export interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  additionalPrinterColumns?: PrinterColumn[];
}

export interface CustomResourceDefinition {
  metadata: { name?: string };
  spec: {
    group: string;
    versions: CrdVersion[];
    /** Absent means None: between versions only apiVersion is rewritten. */
    conversion?: { strategy: 'None' | 'Webhook'; webhook?: { clientConfig?: { url?: string; service?: { namespace: string; name: string; path?: string } } } };
  };
  status?: { storedVersions?: string[] };
}

export interface KindVersion {
  name: string;
  served: boolean;
  /** The group's preferred version: the one the console uses by default. */
  preferred: boolean;
  /** The version the page shows. */
  current: boolean;
  /** From the CRD; unknown (undefined) for a built-in kind. */
  storage?: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
}

/** Every version that serves the kind, the preferred one first (an older server lists none). */
export function servedVersions(type: ServedResource): readonly string[] {
  return type.versions ?? [type.version];
}

/** Served versions in discovery's order (preferred first), then the CRD's other versions. */
export function kindVersions(type: ServedResource, crd: CustomResourceDefinition | null | undefined): KindVersion[] {
  const served = servedVersions(type);
  const crdVersions = new Map((crd?.spec.versions ?? []).map((v) => [v.name, v]));
  const names = [...served, ...[...crdVersions.keys()].filter((name) => !served.includes(name))];
  return names.map((name) => {
    const fromCrd = crdVersions.get(name);
    return {
      name,
      served: served.includes(name),
      preferred: name === served[0],
      current: name === type.version,
      ...(fromCrd
        ? {
            storage: fromCrd.storage,
            deprecated: fromCrd.deprecated === true,
            ...(fromCrd.deprecationWarning ? { deprecationWarning: fromCrd.deprecationWarning } : {}),
          }
        : {}),
    };
  });
}

/** How the API server converts between versions: None, or the webhook it calls. */
export function conversionText(crd: CustomResourceDefinition): string {
  const conversion = crd.spec.conversion;
  if (!conversion || conversion.strategy === 'None') return 'None';
  const client = conversion.webhook?.clientConfig;
  const service = client?.service;
  const target = service ? `${service.namespace}/${service.name}${service.path ?? ''}` : client?.url;
  return target ? `Webhook (${target})` : 'Webhook';
}

/**
 * The versions objects may be stored as (status.storedVersions). More than one means some
 * objects were written before the storage version changed and are not migrated yet.
 */
export function storedVersions(crd: CustomResourceDefinition): string[] {
  return crd.status?.storedVersions ?? crd.spec.versions.filter((v) => v.storage).map((v) => v.name);
}
