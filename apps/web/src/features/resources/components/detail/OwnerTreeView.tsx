/**
 * The object's owners (up) and what it owns (down, recursively), e.g. Dojo -> Deployment ->
 * ReplicaSet -> Pods and Dojo -> Database -> Secret. Each node links to its own page.
 */
import { parseApiVersion, type KubeObject } from '@dojo/kube-api';
import type { ServedResource } from '@dojo/console-protocol';
import { Badge, ConditionChip } from '../../../../components/ConditionChip.tsx';
import { Loading } from '../../../../components/EmptyState.tsx';
import { Link } from '../../../../lib/router.tsx';
import { useOwnedObjects } from '../../api/owned-objects.ts';
import { findKind, useResourceTypes } from '../../api/resource-types.ts';
import { buildOwnerTree, countNodes, type OwnerTreeNode } from '../../model/owner-tree.ts';
import { conditionsOf, isTerminating, phaseOf, readyText } from '../../model/object-summary.ts';

export type DetailPath = (type: ServedResource, namespace: string | undefined, name: string) => string;

function NodeLabel({ node, detailPath }: { node: OwnerTreeNode<ServedResource>; detailPath: DetailPath }) {
  const { object, type } = node;
  const ready = readyText(object);
  const phase = phaseOf(object);
  return (
    <span className="flex flex-wrap items-center gap-2 py-1">
      <span className="font-mono text-xs text-slate-500 dark:text-slate-400">{type.kind}</span>
      <Link
        to={detailPath(type, object.metadata.namespace, object.metadata.name ?? '')}
        className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
      >
        <bdi>{object.metadata.name}</bdi>
      </Link>
      {ready ? <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">ready {ready}</span> : null}
      {phase ? <Badge tone={phase === 'Running' || phase === 'Succeeded' ? 'good' : phase === 'Failed' ? 'bad' : 'busy'}>{phase}</Badge> : null}
      {conditionsOf(object).map((c) => (
        <ConditionChip key={c.type} condition={c} />
      ))}
      {isTerminating(object) ? <Badge tone="unknown">Terminating</Badge> : null}
    </span>
  );
}

function TreeItems({ nodes, detailPath }: { nodes: OwnerTreeNode<ServedResource>[]; detailPath: DetailPath }) {
  return (
    <ul role="group" className="ml-3 border-l border-slate-200 pl-4 dark:border-slate-700">
      {nodes.map((node) => (
        <li
          key={node.object.metadata.uid ?? node.object.metadata.name}
          role="treeitem"
          aria-expanded={node.children.length ? true : undefined}
          aria-selected={false}
        >
          <NodeLabel node={node} detailPath={detailPath} />
          {node.children.length ? <TreeItems nodes={node.children} detailPath={detailPath} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function OwnerTreeView({ object, type, detailPath }: { object: KubeObject; type: ServedResource; detailPath: DetailPath }) {
  const { data: types } = useResourceTypes();
  const owned = useOwnedObjects(object.metadata.namespace, object.metadata.uid, types);
  const owners = object.metadata.ownerReferences ?? [];
  return (
    <div className="flex flex-col gap-3 text-sm">
      {owners.length ? (
        <div>
          <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Owned by</h4>
          <ul className="mt-1">
            {owners.map((ref) => {
              const ownerType = findKind(types, parseApiVersion(ref.apiVersion).group, ref.kind);
              return (
                <li key={ref.uid} className="flex items-center gap-2 py-0.5">
                  <span className="font-mono text-xs text-slate-500">{ref.kind}</span>
                  {ownerType ? (
                    <Link
                      to={detailPath(ownerType, object.metadata.namespace, ref.name)}
                      className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                    >
                      <bdi>{ref.name}</bdi>
                    </Link>
                  ) : (
                    <bdi>{ref.name}</bdi>
                  )}
                  {ref.controller ? <Badge>controller</Badge> : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {!object.metadata.namespace ? (
        <p className="text-slate-500">Owner trees are shown for namespaced objects.</p>
      ) : owned.isPending ? (
        <Loading label="Looking for owned objects…" />
      ) : (
        (() => {
          const tree = buildOwnerTree({ object: { ...object, kind: object.kind ?? type.kind }, type }, owned.data ?? []);
          return (
            <div>
              <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Owns ({countNodes(tree) - 1})</h4>
              <div role="tree" aria-label={`Objects owned by ${object.metadata.name}`}>
                <div role="treeitem" aria-expanded={tree.children.length > 0} aria-selected={false}>
                  <NodeLabel node={tree} detailPath={detailPath} />
                  {tree.children.length ? <TreeItems nodes={tree.children} detailPath={detailPath} /> : <p className="text-slate-500">Owns nothing.</p>}
                </div>
              </div>
            </div>
          );
        })()
      )}
    </div>
  );
}
