/** Fault injection for one controller's reconciles: conflicts on the next writes, throws, latency. */
import { useState, type FormEvent } from 'react';
import type { ControllerDetails } from '@dojo/console-protocol';
import { Button } from '../../../components/Button.tsx';
import { useLiveInput } from '../../../lib/use-live-input.ts';
import { useControllerCommand } from '../api/controller-commands.ts';

const numberInput = 'w-28 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm tabular-nums dark:border-slate-600 dark:bg-slate-950';

export function FaultsEditor({ details }: { details: ControllerDetails }) {
  const command = useControllerCommand(details.name);
  // Empty until the person chooses: a prefilled 1 would inject a conflict nobody asked for.
  const [conflicts, setConflicts] = useState('');
  const [throws, setThrows] = useState('');
  const latency = useLiveInput(String(details.faults.latencyMs));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    command.mutate(
      { type: 'faults', faults: { conflictNextWrites: Number(conflicts) || 0, throwNext: Number(throws) || 0, latencyMs: Number(latency.value) || 0 } },
      { onSuccess: latency.reset },
    );
  };
  const f = details.faults;
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Conflict on next writes
          <input type="number" min={0} step={1} placeholder="0" value={conflicts} onChange={(e) => setConflicts(e.target.value)} className={numberInput} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Throw in next reconciles
          <input type="number" min={0} step={1} placeholder="0" value={throws} onChange={(e) => setThrows(e.target.value)} className={numberInput} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Added latency (ms)
          <input type="number" min={0} step={10} {...latency.inputProps} className={numberInput} />
        </label>
        <Button type="submit" variant="primary" disabled={command.isPending}>
          Inject faults
        </Button>
      </div>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        Pending: {f.conflictNextWrites} conflicts, {f.throwNext} throws, {f.latencyMs} ms latency. Injected so far: {f.injected.conflicts} conflicts,{' '}
        {f.injected.throws} throws.
      </p>
      {command.error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {command.error.message}
        </p>
      ) : null}
    </form>
  );
}
