/** Fault knobs of the Discord simulator: share of requests answered 429 or 5xx, added latency. */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { useDiscordState } from '../api/discord-state.ts';
import { useSetDiscordFaults } from '../api/discord-faults.ts';
import { decodeFaults } from '../model/discord-view.ts';

const input = 'w-24 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm tabular-nums dark:border-slate-600 dark:bg-slate-950';

export function DiscordFaultsForm() {
  const { data: view } = useDiscordState();
  const setFaults = useSetDiscordFaults();
  const [rate429, setRate429] = useState('0');
  const [rate5xx, setRate5xx] = useState('0');
  const [latency, setLatency] = useState('0');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pct = (text: string) => Math.min(100, Math.max(0, Number(text) || 0)) / 100;
    setFaults.mutate({ rate429: pct(rate429), rate5xx: pct(rate5xx), latencyMs: Math.max(0, Number(latency) || 0) });
  };
  const current = view?.faults ?? decodeFaults(setFaults.data);
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          429 rate (%)
          <input type="number" min={0} max={100} step={5} value={rate429} onChange={(e) => setRate429(e.target.value)} className={input} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          5xx rate (%)
          <input type="number" min={0} max={100} step={5} value={rate5xx} onChange={(e) => setRate5xx(e.target.value)} className={input} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Discord latency (ms)
          <input type="number" min={0} step={10} value={latency} onChange={(e) => setLatency(e.target.value)} className={input} />
        </label>
        <Button type="submit" disabled={setFaults.isPending}>
          Apply Discord faults
        </Button>
      </div>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {current
          ? `Now: ${Math.round(current.rate429 * 100)}% 429, ${Math.round(current.rate5xx * 100)}% 5xx, ${current.latencyMs} ms latency.`
          : 'Current settings unknown.'}
      </p>
      {setFaults.error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {setFaults.error.message}
        </p>
      ) : null}
    </form>
  );
}
