/**
 * Says a reconcile was inferred, not recorded: the console did not run it, it grouped the
 * client's requests into this pass and linked it to what reached the client just before — by
 * which rule, and how sure it is.
 */
import type { InferredPass } from '@dojo/console-protocol';

const ruleLabels: Record<InferredPass['rule'], string> = {
  'same-object-event': 'an event about this object reached it just before',
  'owned-object-event': 'an event about an object this one controls reached it just before',
  'initial-list': 'no event; it had just listed this kind (a start or a relist)',
  periodic: 'no event; passes over this object recur steadily (resync or requeueAfter)',
  'no-trigger': 'no event explains it: a requeue, a timer or outside input',
};

export function InferredPassNote({ inferred }: { inferred: InferredPass }) {
  return (
    <section
      aria-label="Inferred"
      className="rounded-md border border-violet-300 bg-violet-50 p-2 text-xs text-violet-900 dark:border-violet-800 dark:bg-violet-950/50 dark:text-violet-100"
    >
      <p>
        <strong>Inferred</strong> from {inferred.client}&apos;s requests ({Math.round(inferred.confidence * 100)}% sure) · rule{' '}
        <code className="font-mono">{inferred.rule}</code>: {ruleLabels[inferred.rule]}.
      </p>
      <p className="mt-1">{inferred.explanation}</p>
    </section>
  );
}
