/** Breakpoints on object keys: a worker that takes a key with a breakpoint holds it until stepped. */
import { useState, type FormEvent } from 'react';
import type { ControllerDetails } from '@dojo/console-protocol';
import { Button } from '../../../components/Button.tsx';
import { useControllerCommand } from '../api/controller-commands.ts';

export function BreakpointsEditor({ details }: { details: ControllerDetails }) {
  const command = useControllerCommand(details.name);
  const [key, setKey] = useState('');
  const suggestions = [...new Set([...details.state.queue.queued.map((q) => q.key), ...details.state.queue.processing.map((p) => p.key)])];
  const add = (event: FormEvent) => {
    event.preventDefault();
    const k = key.trim();
    if (!k || details.breakpoints.includes(k)) return;
    command.mutate({ type: 'breakpoints', keys: [...details.breakpoints, k] }, { onSuccess: () => setKey('') });
  };
  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={add} className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Breakpoint key
          <input
            type="text"
            list={`bp-${details.name}`}
            placeholder="namespace/name"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            className="w-64 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 font-mono text-sm dark:border-slate-600 dark:bg-slate-950"
          />
          <datalist id={`bp-${details.name}`}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </label>
        <Button type="submit" disabled={!key.trim() || command.isPending}>
          Add breakpoint
        </Button>
      </form>
      {details.breakpoints.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No breakpoints.</p>
      ) : (
        <ul aria-label="Breakpoints" className="flex flex-wrap gap-2">
          {details.breakpoints.map((bp) => (
            <li
              key={bp}
              className="flex items-center gap-1 rounded-full border border-sky-300 bg-sky-50 py-0.5 pr-1 pl-3 text-sm dark:border-sky-700 dark:bg-sky-950/60"
            >
              <span className="font-mono text-xs">{bp}</span>
              <button
                type="button"
                aria-label={`Remove breakpoint on ${bp}`}
                onClick={() => command.mutate({ type: 'breakpoints', keys: details.breakpoints.filter((b) => b !== bp) })}
                className="rounded-full px-1.5 text-slate-500 hover:bg-sky-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-sky-900"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
