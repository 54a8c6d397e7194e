/**
 * The pieces kubectl's printers (pkg/printers/internalversion/printers.go) build cells from,
 * shared by the kinds that print them: container names and images, label selectors, label sets,
 * access modes.
 */
import { LabelSelector, type KubeObject, type LabelSelectorObject, type TableColumn } from '@dojo/kube-api';
import { field, record } from './unstructured.ts';

export const column = (name: string, cell: TableColumn['cell'], type: TableColumn['type'] = 'string', priority = 0): TableColumn => ({
  name,
  type,
  description: name,
  priority,
  cell,
});

/** layoutContainerCells: "a,b" and "img-a,img-b". */
export function containerCells(podSpec: unknown): { names: string; images: string } {
  const containers = (field(podSpec, 'containers') as unknown[] | undefined) ?? [];
  return { names: containers.map((c) => String(field(c, 'name') ?? '')).join(','), images: containers.map((c) => String(field(c, 'image') ?? '')).join(',') };
}

/** The Containers and Images wide columns of a kind whose pod spec is at `podSpecPath`. */
export function containerColumns(...podSpecPath: string[]): TableColumn[] {
  return [
    column('Containers', (o) => containerCells(field(o, ...podSpecPath)).names, 'string', 1),
    column('Images', (o) => containerCells(field(o, ...podSpecPath)).images, 'string', 1),
  ];
}

/** metav1.FormatLabelSelector. */
export function formatLabelSelector(selector: unknown): string {
  if (!selector) return '<none>';
  try {
    return LabelSelector.fromObject(selector as LabelSelectorObject).toString() || '<none>';
  } catch {
    return '<error>';
  }
}

/** labels.FormatLabels: sorted k=v pairs. */
export function formatLabels(labels: unknown): string {
  const entries = Object.entries(record(labels)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length ? entries.map(([k, v]) => `${k}=${String(v)}`).join(',') : '<none>';
}

const accessModeAbbreviations: ReadonlyArray<[string, string]> = [
  ['ReadWriteOnce', 'RWO'],
  ['ReadOnlyMany', 'ROX'],
  ['ReadWriteMany', 'RWX'],
  ['ReadWriteOncePod', 'RWOP'],
];

/** helper.GetAccessModesAsString: "RWO,ROX", in that fixed order. */
export function accessModesText(modes: unknown): string {
  const list = Array.isArray(modes) ? modes : [];
  return accessModeAbbreviations
    .filter(([mode]) => list.includes(mode))
    .map(([, short]) => short)
    .join(',');
}

/** printBool / printBoolPtr. */
export function boolText(value: unknown): string {
  if (value === undefined || value === null) return '<unset>';
  return value === true ? 'True' : 'False';
}

export const hasCondition = (obj: KubeObject, type: string): boolean =>
  ((field(obj, 'status', 'conditions') as unknown[] | undefined) ?? []).some((c) => field(c, 'type') === type && field(c, 'status') === 'True');
