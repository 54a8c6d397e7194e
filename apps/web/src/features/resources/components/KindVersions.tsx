/**
 * What an upgrade of a kind looks like: every version the cluster serves it at (each a link to
 * the list at that version), the preferred and the current one, and for a custom resource what
 * its CRD says: storage, deprecated with the warning clients get, the versions objects are
 * stored as and the conversion strategy. A CRD with one version and nothing to migrate gets a
 * single line; a built-in kind with one version, nothing.
 */
import type { ServedResource } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Link } from '../../../lib/router.tsx';
import { useCustomResourceDefinition } from '../api/custom-resource-definition.ts';
import { conversionText, kindVersions, storedVersions, type CustomResourceDefinition, type KindVersion } from '../model/kind-versions.ts';

export interface KindVersionsProps {
  /** The kind at the version the page shows. */
  type: ServedResource;
  versionPath: (version: string) => string;
  className?: string;
}

export function KindVersions({ type, versionPath, className }: KindVersionsProps) {
  const crd = useCustomResourceDefinition(type.group, type.resource);
  // Wait for the CRD (or its absence) rather than redraw the table when it arrives.
  if (crd.isPending) return null;
  const definition = crd.data ?? null;
  const versions = kindVersions(type, definition);
  if (!definition && versions.length < 2) return null;
  if (definition && versions.length === 1 && !versions[0]!.deprecated && storedVersions(definition).length <= 1) {
    // One version, nothing to migrate: a line, not a table.
    return (
      <section aria-label="Versions" className={`flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400 ${className ?? ''}`}>
        <span className="font-medium text-slate-700 dark:text-slate-300">Version</span>
        <span className="font-mono">{versions[0]!.name}</span>
        <VersionBadges version={{ ...versions[0]!, current: false }} />
        <span>
          · <CrdSummary crd={definition} />
        </span>
      </section>
    );
  }
  const columns: DataColumn<KindVersion>[] = [
    { id: 'version', header: 'Version', cell: (v) => <VersionLink version={v} path={versionPath(v.name)} /> },
    { id: 'role', header: 'Role', cell: (v) => <VersionBadges version={v} /> },
  ];
  if (versions.some((v) => v.deprecationWarning)) {
    columns.push({
      id: 'warning',
      header: 'Deprecation warning',
      className: 'text-xs text-slate-600 dark:text-slate-400',
      cell: (v) => v.deprecationWarning ?? '',
    });
  }
  return (
    <Panel
      title="Versions"
      className={className}
      bodyClassName=""
      description={definition ? <CrdSummary crd={definition} /> : 'Served versions of a built-in kind; the API server converts between them.'}
    >
      <DataTable caption={`Versions of ${type.kind}`} columns={columns} rows={versions} rowKey={(v) => v.name} />
    </Panel>
  );
}

function VersionLink({ version, path }: { version: KindVersion; path: string }) {
  if (!version.served) return <span className="font-mono text-slate-500">{version.name}</span>;
  return (
    <Link
      to={path}
      aria-current={version.current ? 'page' : undefined}
      className={
        version.current
          ? 'rounded bg-indigo-600 px-1.5 py-0.5 font-mono font-semibold text-white dark:bg-indigo-500'
          : 'font-mono text-indigo-700 hover:underline dark:text-indigo-300'
      }
    >
      {version.name}
    </Link>
  );
}

function VersionBadges({ version }: { version: KindVersion }) {
  return (
    <span className="flex flex-wrap gap-1">
      {version.current ? <Badge tone="neutral">current</Badge> : null}
      {version.preferred ? <Badge tone="busy">preferred</Badge> : null}
      {version.storage ? <Badge tone="good">storage</Badge> : null}
      {version.deprecated ? <Badge tone="unknown">deprecated</Badge> : null}
      {version.served ? null : <Badge tone="neutral">not served</Badge>}
    </span>
  );
}

function CrdSummary({ crd }: { crd: CustomResourceDefinition }) {
  const stored = storedVersions(crd);
  return (
    <>
      From the CRD <span className="font-mono">{crd.metadata.name}</span> · objects stored as:{' '}
      <span className="font-mono">{stored.join(', ') || 'none yet'}</span>
      {stored.length > 1 ? ' (not all migrated to the storage version)' : ''} · conversion: <span className="font-mono">{conversionText(crd)}</span>
    </>
  );
}
