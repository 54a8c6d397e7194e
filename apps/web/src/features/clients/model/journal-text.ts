/** A request journal record in one line, for evidence (stale writes, 403s, admission verdicts), and an RBAC rule as kube prints it. */
import type { RbacPolicyRule, RequestJournalRecord, RequestRecord } from '@dojo/console-protocol';

const objectPath = (r: { namespace?: string; name?: string }) =>
  r.name ? ` ${r.namespace ? `${r.namespace}/` : ''}${r.name}` : r.namespace ? ` in ${r.namespace}` : '';

/** A write's admission, compactly: each webhook or policy and its verdict, in the order they ran, and how many records past the journal's limit were not kept. */
function admissionText(record: RequestRecord): string {
  if (!record.admission?.length) return '';
  const notKept = record.admissionDropped ? ` (+${record.admissionDropped} not kept)` : '';
  return ` · admission: ${record.admission.map((a) => `${a.name} ${a.verdict}${a.ignored ? ' (ignored)' : ''}`).join(', ')}${notKept}`;
}

export function journalRecordText(record: RequestJournalRecord): string {
  switch (record.type) {
    case 'request': {
      const what = record.resource ? `${record.resource}${record.subresource ? `/${record.subresource}` : ''}${objectPath(record)}` : (record.path ?? '');
      const rv = record.rvReturned ? ` → rv ${record.rvReturned}` : '';
      return `${record.verb} ${what} ${record.code}${rv} by ${record.user}${admissionText(record)}`;
    }
    case 'watch-open':
      return `watch ${record.resource}${objectPath(record)} from rv ${record.resourceVersion ?? 'now'} by ${record.user}`;
    case 'watch-event':
      return `${record.event}${objectPath(record)} at rv ${record.resourceVersion ?? '?'} delivered on watch ${record.watchId}`;
    case 'watch-close':
      return `watch ${record.watchId} closed (${record.reason}) after ${record.events} events`;
  }
}

/** `verbs=[get,list] apiGroups=[apps] resources=[deployments]`, the fields a rule sets, in kube's order. */
export function policyRuleText(rule: RbacPolicyRule): string {
  const list = (name: string, values: readonly string[] | undefined) =>
    values?.length ? [`${name}=[${values.map((v) => (v === '' ? '""' : v)).join(',')}]`] : [];
  return [
    ...list('verbs', rule.verbs),
    ...list('apiGroups', rule.apiGroups),
    ...list('resources', rule.resources),
    ...list('resourceNames', rule.resourceNames),
    ...list('nonResourceURLs', rule.nonResourceURLs),
  ].join(' ');
}
