import type { Trigger } from '@dojo/console-protocol';
/** One line for a queue trigger: why a key was added ("watch MODIFIED Deployment default/a @ RV 42"). */

export function describeTrigger(trigger: Trigger): string {
  const parts: string[] = [trigger.reason];
  if (trigger.event) parts.push(trigger.event);
  if (trigger.kind) parts.push(trigger.kind);
  if (trigger.key) parts.push(trigger.key);
  let text = parts.join(' ');
  if (trigger.resourceVersion) text += ` @ RV ${trigger.resourceVersion}`;
  if (trigger.reconcileId) text += ` (from reconcile ${trigger.reconcileId})`;
  return text;
}

/** "3 × watch, 1 × requeue": what a key's merged triggers were, by reason. */
export function summarizeTriggers(triggers: readonly Trigger[], dropped = 0): string {
  if (triggers.length === 0) return dropped ? `${dropped} triggers` : '—';
  const counts = new Map<string, number>();
  for (const t of triggers) counts.set(t.reason, (counts.get(t.reason) ?? 0) + 1);
  const text = [...counts.entries()].map(([reason, n]) => (n > 1 ? `${n} × ${reason}` : reason)).join(', ');
  return dropped ? `${text} (+${dropped} more)` : text;
}
