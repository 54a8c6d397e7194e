/**
 * The Admission tab of an object's page: each write of this object that admission webhooks or
 * policies saw, newest first, with every decision made for it. A create they refused never
 * made an object, so it is shown on the page of the object that has its name. Dry runs (a form
 * checking its draft calls the webhooks too) are hidden until asked for.
 */
import { useState } from 'react';
import type { ObjectIdentity } from '@dojo/kube-api';
import { EmptyState, Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { useObjectAdmission } from '../api/object-admission.ts';
import { AdmittedWriteItem } from './AdmittedWriteItem.tsx';

export function ObjectAdmission({ identity, resource }: { identity: ObjectIdentity; resource: string }) {
  const { data: writes, error, isPending } = useObjectAdmission(identity, resource);
  // A form dry-runs its draft as the person types, and webhooks are called for each: shown on request only.
  const [withDryRuns, setWithDryRuns] = useState(false);
  if (isPending) return <Loading label="Reading the request log…" />;
  if (error) return <ErrorNotice error={error} title="Could not read the request log" />;
  if (writes.length === 0) return <NoAdmission kind={identity.kind} />;
  const dryRuns = writes.filter((w) => w.dryRun).length;
  const shown = withDryRuns ? writes : writes.filter((w) => !w.dryRun);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Every write of this {identity.kind} that an admission webhook or policy saw, newest first (the latest 50, as far back as the console&apos;s request
          log reaches).
        </p>
        {dryRuns ? (
          <label className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
            <input type="checkbox" checked={withDryRuns} onChange={(event) => setWithDryRuns(event.target.checked)} />
            Show dry runs ({dryRuns})
          </label>
        ) : null}
      </div>
      {shown.length === 0 ? <EmptyState title="Only dry runs (a form checking its draft) went through admission." /> : null}
      {shown.map((write) => (
        <AdmittedWriteItem key={write.seq} write={write} />
      ))}
    </div>
  );
}

function NoAdmission({ kind }: { kind: string }) {
  return (
    <EmptyState title={`No admission webhook or policy has seen a write of this ${kind} yet.`}>
      <p className="mx-auto max-w-prose">
        When a MutatingWebhookConfiguration, ValidatingWebhookConfiguration, MutatingAdmissionPolicy or ValidatingAdmissionPolicy (with its binding) matches a
        create, update or delete of it, each write shows here: who wrote it and the answer it got, then every webhook called and policy evaluated, its verdict,
        latency and message, and a mutation&apos;s patch as a diff. How webhooks and policies are called: docs/admission.md.
      </p>
    </EmptyState>
  );
}
