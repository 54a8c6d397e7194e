/**
 * The Admission tab of an object's page: each write of this object that admission webhooks or
 * policies saw, newest first, with every decision made for it. A create they refused never
 * made an object, so it is shown on the page of the object that has its name.
 */
import type { ObjectIdentity } from '@dojo/kube-api';
import { EmptyState, Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { useObjectAdmission } from '../api/object-admission.ts';
import { AdmittedWriteItem } from './AdmittedWriteItem.tsx';

export function ObjectAdmission({ identity, resource }: { identity: ObjectIdentity; resource: string }) {
  const { data: writes, error, isPending } = useObjectAdmission(identity, resource);
  if (isPending) return <Loading label="Reading the request log…" />;
  if (error) return <ErrorNotice error={error} title="Could not read the request log" />;
  if (writes.length === 0) return <NoAdmission kind={identity.kind} />;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Every write of this {identity.kind} that an admission webhook or policy saw, newest first (the latest 50, as far back as the console&apos;s request log
        reaches).
      </p>
      {writes.map((write) => (
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
