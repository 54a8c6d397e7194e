/**
 * What the readiness rules say about one object, before it becomes a blocker of the object
 * being explained (its own, or a child's): a severity, a rank and the evidence. One ranking
 * for every source, here, so that "what to look at first" is decided in one place:
 *
 *   deletion held by finalizers < something failed (Degraded, CrashLoopBackOff, repeated
 *   errors) < the controller has not seen the spec < the last reconcile failed < what the
 *   object says it is doing (Progressing, a rollout) < children on their way < a False Ready
 *   or Available (the symptom) < the last write of an external client < the last 409s.
 */
import type { BlockerSeverity, Evidence, ObjectPageTab } from '@dojo/console-protocol';

export const ranks = {
  deletion: 10,
  failed: 20,
  staleSpec: 30,
  lastError: 35,
  progress: 40,
  children: 45,
  notReady: 50,
  lastWrite: 60,
  conflicts: 70,
} as const;

export interface Finding {
  /** What it is about, unique per object: "condition/Degraded", "container/app/CrashLoopBackOff", "rollout". */
  readonly code: string;
  readonly severity: BlockerSeverity;
  readonly rank: number;
  readonly title: string;
  readonly detail?: string | undefined;
  readonly since?: number | undefined;
  readonly evidence: readonly Evidence[];
  /** The tab of the object's page that shows it best. */
  readonly tab?: ObjectPageTab;
}

/** A metav1.Time as epoch ms, when it parses. */
export function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `{label, value}` for the facts that are known; unknown ones are left out, not shown empty. */
export function facts(entries: Record<string, string | number | boolean | undefined>): Evidence[] {
  const out: Evidence[] = [];
  for (const [label, value] of Object.entries(entries)) if (value !== undefined && value !== '') out.push({ label, value: String(value) });
  return out;
}
