/**
 * What a list row shows of any object, derived from conventions every kind follows rather than
 * from per-kind code: `status.conditions`, replica counts, `status.phase`, owner references,
 * deletion state.
 */
import { evaluatePath, type Condition, type KubeObject } from '@dojo/kube-api';

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function conditionsOf(obj: KubeObject): Condition[] {
  const conditions = record(obj.status)?.conditions;
  if (!Array.isArray(conditions)) return [];
  return conditions.filter((c): c is Condition => typeof record(c)?.type === 'string' && typeof record(c)?.status === 'string');
}

/** "ready/desired" for anything with replicas; `status.readyStatus` when the kind reports one. */
export function readyText(obj: KubeObject): string | undefined {
  const status = record(obj.status);
  const spec = record(obj.spec);
  if (typeof status?.readyStatus === 'string') return status.readyStatus;
  const desired = typeof spec?.replicas === 'number' ? spec.replicas : undefined;
  if (desired === undefined) return undefined;
  const ready = typeof status?.readyReplicas === 'number' ? status.readyReplicas : 0;
  return `${ready}/${desired}`;
}

export function phaseOf(obj: KubeObject): string | undefined {
  const phase = record(obj.status)?.phase;
  return typeof phase === 'string' ? phase : undefined;
}

export function controllerOwner(obj: KubeObject): { kind: string; name: string } | undefined {
  const refs = obj.metadata.ownerReferences ?? [];
  const owner = refs.find((r) => r.controller) ?? refs[0];
  return owner ? { kind: owner.kind, name: owner.name } : undefined;
}

export function isTerminating(obj: KubeObject): boolean {
  return Boolean(obj.metadata.deletionTimestamp);
}

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  priority?: number;
}

/** Printer columns the generic columns already show (name, age, conditions) are left out. */
export function extraPrinterColumns(columns: readonly PrinterColumn[]): PrinterColumn[] {
  return columns.filter((c) => (c.priority ?? 0) === 0 && c.jsonPath !== '.metadata.creationTimestamp' && !c.jsonPath.startsWith('.status.conditions'));
}

export function printerCell(obj: KubeObject, column: PrinterColumn): string {
  const values = evaluatePath(obj, column.jsonPath);
  return values
    .filter((v) => v !== null && v !== undefined)
    .map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v)))
    .join(',');
}
