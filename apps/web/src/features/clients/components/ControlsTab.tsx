/**
 * Pause, resume, step, breakpoints and the stale view of one connected client, with every event
 * the server holds back from it (oldest first: the first row is the one Step delivers).
 * docs/client-controls.md says what each control does to the client and its limits.
 */
import { useState, type FormEvent } from 'react';
import type { ClientStaleView, ClientViewCommand } from '@dojo/console-protocol';
import { Button } from '../../../components/Button.tsx';
import { Badge } from '../../../components/ConditionChip.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { formatAge, formatClock } from '../../../lib/time-format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useClientView, useClientViewCommand } from '../api/client-view.ts';
import { breakpointText, heldOldestFirst, keptNote, objectText, staleText, type HeldRow } from '../model/view-text.ts';
import { inputBaseClass, TextField } from './form-fields.tsx';

function BreakpointForm({ onAdd, busy }: { onAdd: (command: ClientViewCommand) => void; busy: boolean }) {
  const [kind, setKind] = useState('');
  const [namespace, setNamespace] = useState('');
  const [name, setName] = useState('');
  const [labelSelector, setLabelSelector] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onAdd({
      op: 'break',
      breakpoint: {
        kind: kind.trim(),
        ...(namespace.trim() ? { namespace: namespace.trim() } : {}),
        ...(name.trim() ? { name: name.trim() } : { ...(labelSelector.trim() ? { labelSelector: labelSelector.trim() } : {}) }),
      },
    });
  };
  return (
    <form aria-label="Add a breakpoint" onSubmit={submit} className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
      <TextField label="Kind" value={kind} onChange={setKind} placeholder="ConfigMap" />
      <TextField label="Namespace" value={namespace} onChange={setNamespace} placeholder="any" />
      <TextField label="Name" value={name} onChange={setName} placeholder="any" />
      <TextField label="or label selector" value={labelSelector} onChange={setLabelSelector} placeholder="app=web" />
      <Button type="submit" disabled={busy || !kind.trim() || (name.trim() !== '' && labelSelector.trim() !== '')}>
        Add breakpoint
      </Button>
    </form>
  );
}

function StaleForm({ current, onSet, busy }: { current?: ClientStaleView | undefined; onSet: (stale: ClientStaleView | null) => void; busy: boolean }) {
  const [mode, setMode] = useState<'behind' | 'seconds'>('behind');
  const [amount, setAmount] = useState('5');
  const value = Number(amount);
  return (
    <form
      aria-label="Stale view"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSet(mode === 'behind' ? { behind: value } : { seconds: value });
      }}
    >
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300">
        Reads answered
        <span className="flex gap-2">
          <input
            aria-label="How far behind"
            className={`${inputBaseClass} w-20`}
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <select aria-label="Behind in" className={inputBaseClass} value={mode} onChange={(e) => setMode(e.target.value as 'behind' | 'seconds')}>
            <option value="behind">versions behind</option>
            <option value="seconds">seconds behind</option>
          </select>
        </span>
      </label>
      <Button type="submit" disabled={busy || !(Number.isInteger(value) && value > 0)}>
        Set stale view
      </Button>
      <Button disabled={busy || !current} onClick={() => onSet(null)}>
        Turn off
      </Button>
    </form>
  );
}

export function ControlsTab({ client }: { client: string }) {
  const { data: view, error, isPending } = useClientView(client);
  const command = useClientViewCommand(client);
  const now = useNow();
  if (isPending) return <Loading label="Loading the client's controls…" />;
  if (error) return <ErrorNotice error={error} title="Could not load the client's controls" />;
  const send = (c: ClientViewCommand) => command.mutate(c);
  const held = heldOldestFirst(view);
  const busy = command.isPending;
  return (
    <div className="flex flex-col gap-4">
      <Panel
        title="View"
        description={
          view.paused
            ? `Paused ${formatAge(view.paused.since, now)} ago at resourceVersion ${view.paused.resourceVersion}: its watch events are held and its reads answered as of then.`
            : 'Live: the client sees the cluster as it is.'
        }
        actions={
          <>
            {view.paused ? <Badge tone="busy">paused</Badge> : <Badge tone="good">live</Badge>}
            <Button variant="primary" disabled={busy || !!view.paused} onClick={() => send({ op: 'pause' })}>
              Pause
            </Button>
            <Button disabled={busy || !view.paused} onClick={() => send({ op: 'resume' })}>
              Resume
            </Button>
            <Button disabled={busy || held.length === 0} onClick={() => send({ op: 'step' })}>
              Step
            </Button>
          </>
        }
      >
        {command.error ? <ErrorNotice error={command.error} title="The console refused the command" /> : null}
        {command.data?.stepped ? (
          <p role="status" className="mb-2 text-sm">
            Stepped: {command.data.stepped.type} {command.data.stepped.kind} {objectText(command.data.stepped)} at {command.data.stepped.resourceVersion}.
          </p>
        ) : null}
        <DataTable<HeldRow>
          caption="Held events, oldest first"
          focusable
          captionHidden={false}
          rows={held}
          rowKey={(r) => `${r.watch.watchId ?? r.watch.resource}:${r.resourceVersion}:${r.name}`}
          empty="Nothing is held."
          columns={[
            { id: 'event', header: 'Event', cell: (r) => <span className="font-mono text-xs">{r.type}</span> },
            { id: 'object', header: 'Object', cell: (r) => `${r.kind} ${objectText(r)}` },
            { id: 'rv', header: 'Version', cell: (r) => <span className="font-mono text-xs">{r.resourceVersion}</span> },
            {
              id: 'watch',
              header: 'Watch',
              cell: (r) => (
                <span className="font-mono text-xs">{`${r.watch.resource}${r.watch.namespace ? ` in ${r.watch.namespace}` : ''}${r.watch.watchId ? ` (${r.watch.watchId})` : ''}`}</span>
              ),
            },
            {
              id: 'since',
              header: 'Held since',
              cell: (r) => (
                <span title={new Date(r.since).toISOString()}>
                  {formatClock(r.since)} ({formatAge(r.since, now)})
                </span>
              ),
            },
            { id: 'because', header: 'Because', cell: (r) => r.because },
          ]}
        />
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          Step delivers the first row.{' '}
          {view.readsAt ? `Its GETs and LISTs are answered at resourceVersion ${view.readsAt}.` : 'Its GETs and LISTs see the latest state.'}
        </p>
      </Panel>
      <Panel
        title="Breakpoints"
        description="Hold, for this client only, the events about objects that match."
        actions={
          <Button disabled={busy || view.breakpoints.length === 0} onClick={() => send({ op: 'continue' })}>
            Continue
          </Button>
        }
      >
        {view.breakpoints.length ? (
          <ul className="mb-3 list-disc pl-5 text-sm">
            {view.breakpoints.map((b) => (
              <li key={breakpointText(b)}>{breakpointText(b)}</li>
            ))}
          </ul>
        ) : (
          <p className="mb-3 text-sm text-slate-500 dark:text-slate-400">No breakpoint.</p>
        )}
        <BreakpointForm onAdd={send} busy={busy} />
      </Panel>
      <Panel
        title="Stale view"
        description={`Its GETs and LISTs answered from an older resourceVersion, as a lagging cache would. Now: ${staleText(view.stale)}.`}
      >
        <StaleForm current={view.stale} onSet={(stale) => send({ op: 'stale', stale })} busy={busy} />
      </Panel>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Kept since {new Date(view.keptSince).toLocaleString()}. {keptNote}
      </p>
    </div>
  );
}
