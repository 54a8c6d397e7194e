/**
 * Columns for `Accept: application/json;as=Table` (what `kubectl get` prints): the Name column,
 * kind-specific columns, and Age rendered as kube-apiserver's HumanDuration.
 */
import { evaluateJsonPath, parseJsonPath } from './json-path.ts';
import type { KubeObject } from './types.ts';

export interface TableColumn {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  format?: string;
  description: string;
  priority: number;
  /** `list` holds every object of the table when it renders a list (kube's list printers see them all). */
  cell(obj: KubeObject, now: number, list?: readonly KubeObject[]): unknown;
}

/** k8s.io/apimachinery/pkg/util/duration.HumanDuration. */
export function humanDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) return hours % 24 === 0 ? `${hours / 24}d` : `${Math.floor(hours / 24)}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const days = Math.floor(hours / 24) % 365;
    const years = Math.floor(hours / 24 / 365);
    return days === 0 ? `${years}y` : `${years}y${days}d`;
  }
  return `${Math.floor(hours / 24 / 365)}y`;
}

export function ageOf(timestamp: unknown, now: number): string {
  if (typeof timestamp !== 'string') return '<unknown>';
  const t = Date.parse(timestamp);
  return Number.isNaN(t) ? '<unknown>' : humanDuration(now - t);
}

export const nameColumn: TableColumn = {
  name: 'Name',
  type: 'string',
  format: 'name',
  // metav1.ObjectMeta{}.SwaggerDoc()["name"], as both the built-in printers and the CRD table
  // convertor describe it.
  description:
    'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names',
  priority: 0,
  cell: (obj) => obj.metadata.name ?? '',
};

export const ageColumn: TableColumn = {
  name: 'Age',
  type: 'string',
  description: 'CreationTimestamp is a timestamp representing the server time when this object was created.',
  priority: 0,
  cell: (obj, now) => ageOf(obj.metadata.creationTimestamp, now),
};

/** rest.DefaultTableConvertor's second column: the creation time in RFC 3339, UTC. */
export const createdAtColumn: TableColumn = {
  name: 'Created At',
  type: 'date',
  description: ageColumn.description,
  priority: 0,
  cell: (obj) => obj.metadata.creationTimestamp ?? '',
};

export interface PrinterColumnSpec {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  priority?: number;
  format?: string;
}

/** A CRD additionalPrinterColumn: JSONPath cell; `date` columns print as an age. */
export function printerColumn(spec: PrinterColumnSpec): TableColumn {
  let steps: ReturnType<typeof parseJsonPath> | undefined;
  try {
    steps = parseJsonPath(spec.jsonPath);
  } catch {
    steps = undefined;
  }
  const type = (['string', 'integer', 'number', 'boolean', 'date'].includes(spec.type) ? spec.type : 'string') as TableColumn['type'];
  const column: TableColumn = {
    name: spec.name,
    type,
    // The CRD table convertor's description for a column that gives none.
    description: spec.description || `Custom resource definition column (in JSONPath format): ${spec.jsonPath}`,
    priority: spec.priority ?? 0,
    cell(obj, now) {
      if (!steps) return null;
      const values = evaluateJsonPath(steps, obj);
      if (values.length === 0) return null;
      const first = values[0];
      if (type === 'date') return ageOf(first, now);
      if (values.length > 1) return values.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
      if (first !== null && typeof first === 'object') return JSON.stringify(first);
      return first;
    },
  };
  if (spec.format) column.format = spec.format;
  return column;
}
