/**
 * Least-privilege RBAC from what one client did (as audit2rbac does from audit logs): the
 * ClusterRole/Role YAML and the kubebuilder markers, each with a copy button; a role file
 * pasted to compare (grants missing, grants never used); and, for a client connected with
 * --service-account, each 403 with the rule that would have allowed it.
 */
import { useState } from 'react';
import type { DerivedRbacRule, UnusedGrant } from '@dojo/console-protocol';
import { Button } from '../../../components/Button.tsx';
import { CommandBlock } from '../../../components/CommandBlock.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { formatClock } from '../../../lib/time-format.ts';
import { useClientRbac, useCompareRoleFile } from '../api/client-rbac.ts';
import { useClientForbidden, type ForbiddenRecord } from '../api/journal-records.ts';
import { journalRecordText, policyRuleText } from '../model/journal-text.ts';
import { inputClass } from './form-fields.tsx';

const ruleWhere = (r: { namespace?: string }) => (r.namespace ? `Role in ${r.namespace}` : 'ClusterRole');

function RuleList({ rules, empty, label }: { rules: readonly DerivedRbacRule[]; empty: string; label: string }) {
  if (!rules.length) return <p className="text-sm text-slate-500 dark:text-slate-400">{empty}</p>;
  return (
    <ul aria-label={label} className="flex flex-col gap-1 text-sm">
      {rules.map((r) => (
        <li key={`${r.namespace ?? ''}:${policyRuleText(r.rule)}`}>
          <span className="font-mono text-xs">{policyRuleText(r.rule)}</span> <span className="text-slate-500 dark:text-slate-400">({ruleWhere(r)})</span>
          {r.notes.length ? <span className="block text-xs text-slate-500 dark:text-slate-400">{r.notes.join(' ')}</span> : null}
        </li>
      ))}
    </ul>
  );
}

const unusedText = (g: UnusedGrant) =>
  `${g.verb} ${g.nonResourceURL ?? `${g.resource ?? '*'}${g.apiGroup ? `.${g.apiGroup}` : ''}${g.resourceName ? ` ${g.resourceName}` : ''}`}`;

function CompareBox({ client }: { client: string }) {
  const [roleFile, setRoleFile] = useState('');
  const compare = useCompareRoleFile(client);
  const result = compare.data;
  return (
    <Panel
      title="Compare with a role file"
      description="Paste a role.yaml (e.g. config/rbac/role.yaml): what it misses, and what it grants that the client never used."
    >
      <form
        aria-label="Compare with a role file"
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          compare.mutate(roleFile);
        }}
      >
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300">
          Role file (YAML)
          <textarea className={`${inputClass} h-40 font-mono text-xs`} value={roleFile} onChange={(e) => setRoleFile(e.target.value)} spellCheck={false} />
        </label>
        <Button type="submit" className="self-start" disabled={compare.isPending || !roleFile.trim()}>
          Compare
        </Button>
      </form>
      {compare.error ? <ErrorNotice error={compare.error} title="Could not compare the role file" /> : null}
      {result ? (
        <div className="mt-3 grid grid-cols-1 gap-4 lg:grid-cols-2">
          <section aria-label="Missing grants">
            <h4 className="mb-1 text-sm font-semibold">Missing ({result.missing.length}): the client will be refused</h4>
            <RuleList rules={result.missing} empty="Nothing missing." label="Missing grants" />
            {result.grantedToEveryone.length ? (
              <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
                Not in the file but granted to every authenticated user: {result.grantedToEveryone.map((r) => policyRuleText(r.rule)).join('; ')}
              </p>
            ) : null}
          </section>
          <section aria-label="Grants never used">
            <h4 className="mb-1 text-sm font-semibold">Never used ({result.unused.length})</h4>
            {result.unused.length ? (
              <ul className="flex flex-col gap-0.5 font-mono text-xs">
                {result.unused.map((g, i) => (
                  <li key={i}>
                    {unusedText(g)}{' '}
                    <span className="font-sans text-slate-500 dark:text-slate-400">
                      ({g.role.kind} {g.role.name})
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">Every grant was used.</p>
            )}
            {result.ignored.length ? <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Ignored (no rules): {result.ignored.join(', ')}</p> : null}
          </section>
        </div>
      ) : null}
    </Panel>
  );
}

function ForbiddenPanel({ client }: { client: string }) {
  const { data, error } = useClientForbidden(client);
  if (error) return <ErrorNotice error={error} title="Could not read its 403s" />;
  if (!data?.length) return null;
  return (
    <Panel
      title={`Refused by RBAC (${data.length})`}
      description="Its requests answered 403 by the authorizer, with the one rule that would have allowed each."
      bodyClassName="p-0"
    >
      <DataTable<ForbiddenRecord>
        caption="Requests refused by RBAC"
        focusable
        rows={data}
        rowKey={(r) => String(r.seq)}
        columns={[
          { id: 'time', header: 'Time', cell: (r) => formatClock(r.time) },
          { id: 'request', header: 'Request', cell: (r) => <span className="font-mono text-xs">{journalRecordText(r)}</span> },
          { id: 'as', header: 'As', cell: (r) => <span className="font-mono text-xs">{r.forbidden.authorizedAs}</span> },
          {
            id: 'rule',
            header: 'Rule that would allow it',
            cell: (r) => <span className="font-mono text-xs">{`${policyRuleText(r.forbidden.rule)} (${ruleWhere(r.forbidden)})`}</span>,
          },
        ]}
      />
    </Panel>
  );
}

export function RbacTab({ client }: { client: string }) {
  const { data, error, isPending } = useClientRbac(client);
  if (isPending) return <Loading label="Deriving the client's RBAC…" />;
  if (error) return <ErrorNotice error={error} title="Could not derive the client's RBAC" />;
  return (
    <div className="flex flex-col gap-4">
      <ForbiddenPanel client={client} />
      <Panel
        title="Least privilege, from what it did"
        description={`${data.rules.length} rule${data.rules.length === 1 ? '' : 's'} from ${data.from.records} journal record${data.from.records === 1 ? '' : 's'}${
          data.serviceAccount ? `, bound to ServiceAccount ${data.serviceAccount.namespace}/${data.serviceAccount.name}` : ''
        }. Only what it did so far: exercise every path before trusting it.`}
      >
        <RuleList rules={data.rules} empty="No request from it yet." label="Derived rules" />
        <div className="mt-3 grid grid-cols-1 gap-4 xl:grid-cols-2">
          <div className="min-w-0">
            <h4 className="text-xs font-medium text-slate-700 dark:text-slate-300">YAML (kubectl apply -f)</h4>
            <CommandBlock label="RBAC YAML" text={data.yaml} />
          </div>
          <div className="min-w-0">
            <h4 className="text-xs font-medium text-slate-700 dark:text-slate-300">kubebuilder markers</h4>
            <CommandBlock label="kubebuilder RBAC markers" text={data.markers} />
          </div>
        </div>
      </Panel>
      <CompareBox client={client} />
    </div>
  );
}
