import type { Trigger } from '@dojo/console-protocol';
/** One line for a queue trigger: why a key was added ("watch MODIFIED Deployment default/a @ RV 42 · gen 3"). */

export function describeTrigger(trigger: Trigger): string {
  const parts: string[] = [trigger.reason];
  if (trigger.event) parts.push(trigger.event);
  if (trigger.kind) parts.push(trigger.kind);
  if (trigger.key) parts.push(trigger.key);
  let text = parts.join(' ');
  if (trigger.resourceVersion) text += ` @ RV ${trigger.resourceVersion}`;
  if (trigger.generation !== undefined) text += ` · gen ${trigger.generation}`;
  if (trigger.reconcileId) text += ` (from reconcile ${trigger.reconcileId})`;
  return text;
}

export type TriggerChange = 'created' | 'deleted' | 'spec' | 'churn';

/**
 * What happened to the object behind a watch trigger: it was created (ADDED: not an edit, even
 * though its spec is new), deleted, its spec edited (a new generation), or only its status or
 * metadata changed (churn); undefined when the trigger cannot say.
 */
export function triggerChange(trigger: Trigger): TriggerChange | undefined {
  if (trigger.event === 'ADDED') return 'created';
  if (trigger.event === 'DELETED') return 'deleted';
  if (trigger.specChanged === undefined) return undefined;
  return trigger.specChanged ? 'spec' : 'churn';
}

/** The badge for each change, and its tone. */
export const triggerChangeBadge: Record<TriggerChange, { label: string; tone: 'busy' | 'neutral' | 'good' | 'bad' }> = {
  created: { label: 'created', tone: 'good' },
  deleted: { label: 'deleted', tone: 'bad' },
  spec: { label: 'spec changed (an edit)', tone: 'busy' },
  churn: { label: 'status/metadata churn', tone: 'neutral' },
};

/** "3 × watch, 1 × requeue": what a key's merged triggers were, by reason. */
export function summarizeTriggers(triggers: readonly Trigger[], dropped = 0): string {
  if (triggers.length === 0) return dropped ? `${dropped} triggers` : '—';
  const counts = new Map<string, number>();
  for (const t of triggers) counts.set(t.reason, (counts.get(t.reason) ?? 0) + 1);
  const text = [...counts.entries()].map(([reason, n]) => (n > 1 ? `${n} × ${reason}` : reason)).join(', ');
  return dropped ? `${text} (+${dropped} more)` : text;
}
