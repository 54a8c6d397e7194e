/**
 * Debugging one controller live: pause and resume its workers, let exactly one item through,
 * change MaxConcurrentReconciles. The effect shows at once in the workqueue and the timeline.
 */
import type { FormEvent } from 'react';
import type { ControllerDetails } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { Button } from '../../../components/Button.tsx';
import { useLiveInput } from '../../../lib/use-live-input.ts';
import { useControllerCommand } from '../api/controller-commands.ts';
import { runState } from '../model/run-state.ts';

const numberInput = 'w-24 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm tabular-nums dark:border-slate-600 dark:bg-slate-950';

export function DebugControls({ details }: { details: ControllerDetails }) {
  const command = useControllerCommand(details.name);
  const max = useLiveInput(String(details.workers.max));
  const held = details.state.heldAtBreakpoint;
  const blocked = details.state.blockedByBreakpoint;
  const continued = details.state.continuedPastBreakpoint;
  const run = runState(details.state);
  const applyMax = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(max.value);
    if (Number.isInteger(value) && value >= 1) command.mutate({ type: 'concurrency', maxConcurrentReconciles: value }, { onSuccess: max.reset });
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm">
          State: <Badge tone={run.tone}>{run.label}</Badge>
          {run.detail ? ` · ${run.detail}` : ''}
        </span>
        {details.paused ? (
          <Button variant="primary" onClick={() => command.mutate({ type: 'resume' })} disabled={command.isPending}>
            Resume
          </Button>
        ) : (
          <Button onClick={() => command.mutate({ type: 'pause' })} disabled={command.isPending}>
            Pause
          </Button>
        )}
        <Button
          onClick={() => command.mutate({ type: 'step' })}
          disabled={!details.paused || command.isPending}
          title="Let one queued item through while paused"
        >
          Step one item
        </Button>
        <span className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
          Workers busy {details.state.workers.busy}/{details.state.workers.max} · depth {details.depth}
        </span>
      </div>
      <form onSubmit={applyMax} className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Max concurrent reconciles
          <input type="number" min={1} max={64} step={1} className={numberInput} {...max.inputProps} />
        </label>
        <Button type="submit" disabled={command.isPending}>
          Apply
        </Button>
      </form>
      {held.length ? (
        <section aria-label="Held at a breakpoint" className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm dark:border-sky-700 dark:bg-sky-950/60">
          <h4 className="font-medium">Held at a breakpoint</h4>
          <ul className="mt-1 flex flex-col gap-1">
            {held.map((h) => (
              <li key={`${h.worker}-${h.key}`} className="flex flex-wrap items-center gap-2">
                <span>
                  worker #{h.worker} holds <span className="font-mono">{h.key}</span>
                </span>
                <Button
                  onClick={() => command.mutate({ type: 'continue', key: h.key })}
                  disabled={command.isPending}
                  title="Let this key run; the breakpoint then stops it again only for a real change"
                >
                  Continue {h.key}
                </Button>
              </li>
            ))}
          </ul>
          <p className="mt-2" role="status">
            {blocked.length === 0 ? (
              'No other key is waiting behind it.'
            ) : (
              <>
                {blocked.length} key{blocked.length === 1 ? '' : 's'} blocked behind it: <span className="font-mono">{blocked.slice(0, 20).join(', ')}</span>
                {blocked.length > 20 ? ` and ${blocked.length - 20} more` : ''}
              </>
            )}
          </p>
        </section>
      ) : null}
      {continued.length ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Continued, waiting for a real change (a new generation or a change from outside this controller):{' '}
          <span className="font-mono">{continued.join(', ')}</span>
        </p>
      ) : null}
      {command.error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {command.error.message}
        </p>
      ) : null}
    </div>
  );
}
