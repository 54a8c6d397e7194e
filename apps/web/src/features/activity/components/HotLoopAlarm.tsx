/**
 * The hot-loop alarm, on every page: each object being rewritten right now for no outside
 * reason — which field flaps, who writes it, how fast, and the usual cure. It goes away when the
 * loop stops.
 */
import type { HotLoop } from '@dojo/console-protocol';
import { Link } from '../../../lib/router.tsx';
import { formatRate } from '../../../lib/time-format.ts';
import { useActivity } from '../api/activity.ts';
import { describeHotLoopParts } from '../model/hot-loop-text.ts';

/** `objectOf`: the page of the object the loop rewrites (undefined when its kind is not served). */
export function HotLoopAlarm({ timelineOf, objectOf }: { timelineOf: (loop: HotLoop) => string; objectOf: (loop: HotLoop) => string | undefined }) {
  const { data } = useActivity();
  const active = data?.hotLoops.filter((l) => l.active) ?? [];
  if (active.length === 0) return null;
  return (
    <section aria-label="Hot loops" className="mb-4 flex flex-col gap-2">
      {active.map((loop) => {
        const text = describeHotLoopParts(loop);
        const objectPage = objectOf(loop);
        return (
          <div
            key={loop.id}
            role="alert"
            className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950/60 dark:text-rose-100"
          >
            <p>
              <strong>Hot loop:</strong> {text.before}
              {objectPage ? (
                <Link to={objectPage} className="font-medium underline">
                  {text.object}
                </Link>
              ) : (
                text.object
              )}
              {text.after} — {formatRate(loop.ratePerSecond)} writes/s, {loop.writes.toLocaleString()} so far.{' '}
              <Link to={timelineOf(loop)} className="font-medium underline">
                See it in the timeline
              </Link>
            </p>
            <p className="mt-1 text-xs">
              <span className="font-medium">Usual cure:</span> {loop.cure}
            </p>
          </div>
        );
      })}
    </section>
  );
}
