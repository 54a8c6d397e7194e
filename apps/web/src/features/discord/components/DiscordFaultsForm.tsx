/** Fault knobs of the Discord simulator: share of requests answered 429 or 5xx, added latency. */
import type { FormEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { useLiveInput } from '../../../lib/use-live-input.ts';
import { useDiscordState } from '../api/discord-state.ts';
import { useDiscordFaults, useSetDiscordFaults } from '../api/discord-faults.ts';

const input = 'w-24 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm tabular-nums dark:border-slate-600 dark:bg-slate-950';

/** `simulator`: the running Discord simulator's name (`GET /api/simulators`). */
export function DiscordFaultsForm({ simulator }: { simulator: string }) {
  const { data: view } = useDiscordState(simulator);
  const inForce = useDiscordFaults(simulator);
  const setFaults = useSetDiscordFaults(simulator);
  const current = inForce.data ?? view?.faults;
  const rate429 = useLiveInput(String(Math.round((current?.rate429 ?? 0) * 100)));
  const rate5xx = useLiveInput(String(Math.round((current?.rate5xx ?? 0) * 100)));
  const latency = useLiveInput(String(current?.latencyMs ?? 0));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pct = (text: string) => Math.min(100, Math.max(0, Number(text) || 0)) / 100;
    const reset = () => [rate429, rate5xx, latency].forEach((input) => input.reset());
    setFaults.mutate({ rate429: pct(rate429.value), rate5xx: pct(rate5xx.value), latencyMs: Math.max(0, Number(latency.value) || 0) }, { onSuccess: reset });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          429 rate (%)
          <input type="number" min={0} max={100} step={5} {...rate429.inputProps} className={input} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          5xx rate (%)
          <input type="number" min={0} max={100} step={5} {...rate5xx.inputProps} className={input} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Discord latency (ms)
          <input type="number" min={0} step={10} {...latency.inputProps} className={input} />
        </label>
        <Button type="submit" disabled={setFaults.isPending}>
          Apply Discord faults
        </Button>
      </div>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {current
          ? `Now: ${Math.round(current.rate429 * 100)}% 429, ${Math.round(current.rate5xx * 100)}% 5xx, ${current.latencyMs} ms latency.`
          : inForce.isError
            ? `Could not read the current settings: ${inForce.error.message}`
            : 'Reading the current settings…'}
      </p>
      {setFaults.error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {setFaults.error.message}
        </p>
      ) : null}
    </form>
  );
}
