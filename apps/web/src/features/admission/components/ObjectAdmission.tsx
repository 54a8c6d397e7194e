/**
 * The Admission tab of an object's page: each write of this object that admission webhooks or
 * policies saw, newest first, with every decision made for it. A create they refused never
 * made an object, so it is shown on the page of the object that has its name. Dry runs (a form
 * checking its draft calls the webhooks too) are asked for only when "Show dry runs" is ticked,
 * on their own page, so they never take the real writes' places.
 */
import { useState } from 'react';
import type { ObjectIdentity } from '@dojo/kube-api';
import { EmptyState, Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { useObjectAdmission, writesPerPage } from '../api/object-admission.ts';
import { newestFirst, searchStoppedAt } from '../model/object-admission.ts';
import { AdmittedWriteItem } from './AdmittedWriteItem.tsx';
import { SearchStoppedNote } from './SearchStoppedNote.tsx';

export function ObjectAdmission({
  identity,
  resource,
  showDryRunsAtFirst = false,
}: {
  identity: ObjectIdentity;
  resource: string;
  showDryRunsAtFirst?: boolean;
}) {
  const [withDryRuns, setWithDryRuns] = useState(showDryRunsAtFirst);
  const writes = useObjectAdmission(identity, resource, false);
  const dryRuns = useObjectAdmission(identity, resource, true, withDryRuns);
  if (writes.isPending) return <Loading label="Reading the request log…" />;
  if (writes.error) return <ErrorNotice error={writes.error} title="Could not read the request log" />;
  const writePages = writes.data.pages;
  const dryRunPages = withDryRuns ? (dryRuns.data?.pages ?? []) : [];
  const shown = newestFirst(writePages, dryRunPages);
  const writesStoppedAt = searchStoppedAt(writePages);
  const dryRunsStoppedAt = searchStoppedAt(dryRunPages);
  const dryRunCount = newestFirst(dryRunPages).length;
  if (shown.length === 0 && writesStoppedAt === undefined && !withDryRuns)
    return <NoAdmission kind={identity.kind} onShowDryRuns={() => setWithDryRuns(true)} />;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Every write of this {identity.kind} that an admission webhook or policy saw, newest first (the latest {writesPerPage}, as far back as the
          console&apos;s request log reaches).
        </p>
        <label className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
          <input type="checkbox" checked={withDryRuns} onChange={(event) => setWithDryRuns(event.target.checked)} />
          Show dry runs{withDryRuns && dryRuns.data ? ` (${dryRunCount})` : ''}
        </label>
      </div>
      {withDryRuns && dryRuns.isPending ? <Loading label="Reading the dry runs…" /> : null}
      {withDryRuns && dryRuns.error ? <ErrorNotice error={dryRuns.error} title="Could not read the dry runs" /> : null}
      {shown.length === 0 && writesStoppedAt !== undefined ? (
        <EmptyState title={`No write of this ${identity.kind} that admission saw in the part of the request log searched so far.`} />
      ) : null}
      {shown.length === 0 && writesStoppedAt === undefined && withDryRuns && dryRuns.data ? (
        <EmptyState title={`No webhook or policy has seen a write or a dry run of this ${identity.kind} yet.`} />
      ) : null}
      {shown.map((write) => (
        <AdmittedWriteItem key={write.seq} write={write} />
      ))}
      {writesStoppedAt !== undefined ? (
        <SearchStoppedNote
          searchedBackTo={writesStoppedAt}
          what="writes"
          looking={writes.isFetchingNextPage}
          onLookFurther={() => void writes.fetchNextPage()}
        />
      ) : null}
      {dryRunsStoppedAt !== undefined ? (
        <SearchStoppedNote
          searchedBackTo={dryRunsStoppedAt}
          what="dry runs"
          looking={dryRuns.isFetchingNextPage}
          onLookFurther={() => void dryRuns.fetchNextPage()}
        />
      ) : null}
    </div>
  );
}

function NoAdmission({ kind, onShowDryRuns }: { kind: string; onShowDryRuns: () => void }) {
  return (
    <EmptyState title={`No admission webhook or policy has seen a write of this ${kind} yet.`}>
      <p className="mx-auto max-w-prose">
        When a MutatingWebhookConfiguration, ValidatingWebhookConfiguration, MutatingAdmissionPolicy or ValidatingAdmissionPolicy (with its binding) matches a
        create, update or delete of it, each write shows here: who wrote it and the answer it got, then every webhook called and policy evaluated, its verdict,
        latency and message, and a mutation&apos;s patch as a diff. How webhooks and policies are called: docs/admission.md.
      </p>
      <button type="button" className="mt-2 text-indigo-700 underline dark:text-indigo-300" onClick={onShowDryRuns}>
        Show dry runs (a form checking its draft)
      </button>
    </EmptyState>
  );
}
