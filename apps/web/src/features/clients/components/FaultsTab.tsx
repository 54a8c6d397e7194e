/**
 * Fault rules on one connected client's requests: add one (which requests, what they get, how
 * often), the rules in force with how many requests each matched and faulted, clear one or all.
 * What each fault does to a client: docs/client-controls.md, "Faults".
 */
import { useState, type FormEvent } from 'react';
import type { FaultRuleState, FaultVerb } from '@dojo/console-protocol';
import { Button } from '../../../components/Button.tsx';
import { Badge } from '../../../components/ConditionChip.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { formatClock } from '../../../lib/time-format.ts';
import { useChangeClientFaults, useClientFaults } from '../api/client-faults.ts';
import { emptyFaultForm, faultEffects, faultRuleText, faultSpecFromForm, faultVerbs, type FaultEffect, type FaultForm } from '../model/fault-form.ts';
import { Field, inputBaseClass, inputClass, TextField } from './form-fields.tsx';

function AddFaultForm({ onAdd, busy }: { onAdd: (form: FaultForm) => string | undefined; busy: boolean }) {
  const [form, setForm] = useState<FaultForm>(emptyFaultForm);
  const [problem, setProblem] = useState<string>();
  const set = <K extends keyof FaultForm>(key: K, value: FaultForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const toggleVerb = (verb: FaultVerb) => set('verbs', form.verbs.includes(verb) ? form.verbs.filter((v) => v !== verb) : [...form.verbs, verb]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(onAdd(form));
  };
  return (
    <form aria-label="Add a fault rule" onSubmit={submit} className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
        <legend className="mb-1 text-xs font-medium text-slate-700 dark:text-slate-300">Verbs (none: every verb)</legend>
        {faultVerbs.map((verb) => (
          <label key={verb} className="flex items-center gap-1">
            <input type="checkbox" checked={form.verbs.includes(verb)} onChange={() => toggleVerb(verb)} />
            {verb}
          </label>
        ))}
      </fieldset>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label="Resource" value={form.resource} onChange={(v) => set('resource', v)} placeholder="configmaps, deployments.apps/status" />
        <TextField label="Namespace" value={form.namespace} onChange={(v) => set('namespace', v)} placeholder="any" />
        <TextField label="Name" value={form.name} onChange={(v) => set('name', v)} placeholder="any" />
        <TextField label="or label selector" value={form.labelSelector} onChange={(v) => set('labelSelector', v)} placeholder="app=web" />
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="What it gets">
          <select className={inputClass} value={form.effect} onChange={(e) => set('effect', e.target.value as FaultEffect)}>
            {Object.entries(faultEffects).map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <TextField label="Latency (ms)" value={form.latencyMs} onChange={(v) => set('latencyMs', v)} placeholder="none" />
        {form.effect === '429' ? (
          <TextField label="Retry-After (s)" value={form.retryAfterSeconds} onChange={(v) => set('retryAfterSeconds', v)} placeholder="1" />
        ) : null}
        <Field label="How often">
          <span className="flex gap-2">
            <select aria-label="How often" className={inputBaseClass} value={form.how} onChange={(e) => set('how', e.target.value as FaultForm['how'])}>
              <option value="always">every request</option>
              <option value="rate">at a rate</option>
              <option value="count">a count</option>
            </select>
            {form.how === 'rate' ? (
              <input aria-label="Rate (0 to 1)" className={inputClass} value={form.rate} onChange={(e) => set('rate', e.target.value)} />
            ) : null}
            {form.how === 'count' ? (
              <input aria-label="Count" className={inputClass} value={form.count} onChange={(e) => set('count', e.target.value)} />
            ) : null}
          </span>
        </Field>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" disabled={busy}>
          Add fault
        </Button>
        {problem ? (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {problem}
          </p>
        ) : null}
      </div>
    </form>
  );
}

export function FaultsTab({ client }: { client: string }) {
  const { data, error, isPending } = useClientFaults(client);
  const change = useChangeClientFaults(client);
  const add = (form: FaultForm) => {
    const result = faultSpecFromForm(form);
    if ('error' in result) return result.error;
    change.mutate({ add: result.spec });
    return undefined;
  };
  return (
    <div className="flex flex-col gap-4">
      <Panel
        title="Add a fault"
        description="Chosen requests of this client get the answer kube-apiserver gives when that goes wrong; other clients are never touched."
      >
        <AddFaultForm onAdd={add} busy={change.isPending} />
        {change.error ? <ErrorNotice error={change.error} title="The console refused the rule" /> : null}
      </Panel>
      <Panel
        title="Rules in force"
        description="For each request the first rule that matches and fires decides; every matching rule counts it."
        actions={
          <Button variant="danger" disabled={change.isPending || !data?.rules.length} onClick={() => change.mutate({ clear: 'all' })}>
            Clear all
          </Button>
        }
        bodyClassName="p-0"
      >
        {isPending ? <Loading label="Loading the rules…" /> : null}
        {error ? <ErrorNotice error={error} title="Could not load the client's faults" /> : null}
        {data ? (
          <DataTable<FaultRuleState>
            caption="Fault rules in force"
            rows={data.rules}
            rowKey={(r) => r.id}
            empty={<p className="p-4 text-sm text-slate-500 dark:text-slate-400">No fault rule.</p>}
            columns={[
              { id: 'id', header: 'Rule', cell: (r) => <span className="font-mono text-xs">{r.id}</span> },
              { id: 'does', header: 'Does', cell: (r) => faultRuleText(r.rule) },
              { id: 'matched', header: 'Matched', align: 'right', cell: (r) => r.matched },
              { id: 'injected', header: 'Injected', align: 'right', cell: (r) => r.injected },
              { id: 'state', header: 'State', cell: (r) => (r.exhausted ? <Badge>exhausted</Badge> : <Badge tone="busy">firing</Badge>) },
              { id: 'added', header: 'Added', cell: (r) => formatClock(r.addedAt) },
              {
                id: 'clear',
                header: <span className="sr-only">Clear</span>,
                cell: (r) => (
                  <Button variant="ghost" aria-label={`Clear rule ${r.id}`} disabled={change.isPending} onClick={() => change.mutate({ clear: r.id })}>
                    Clear
                  </Button>
                ),
              },
            ]}
          />
        ) : null}
      </Panel>
    </div>
  );
}
