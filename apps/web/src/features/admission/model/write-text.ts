/** A write of the request log in the words of the Admission tab: what was asked, by whom, and what the server answered. */
import type { RequestRecord } from '@dojo/console-protocol';

/** `create`, `update status`, `patch (apply)`, with `dry run` when it was one. */
export function writeVerbText(record: Pick<RequestRecord, 'verb' | 'subresource' | 'patchType' | 'dryRun'>): string {
  return [record.verb, record.subresource, record.patchType ? `(${record.patchType})` : undefined, record.dryRun ? '· dry run' : undefined]
    .filter(Boolean)
    .join(' ');
}

/** `201`, `400 BadRequest`: the HTTP answer the client got. */
export function answerText(record: Pick<RequestRecord, 'code' | 'reason'>): string {
  return record.reason ? `${record.code} ${record.reason}` : String(record.code);
}

/** The client as the server authenticated it: `admin`, `alice as bob`, with its user agent's product when it sent one. */
export function writerText(record: Pick<RequestRecord, 'user' | 'impersonatedUser' | 'userAgent'>): string {
  const who = record.impersonatedUser ? `${record.user} as ${record.impersonatedUser}` : record.user;
  const agent = record.userAgent?.split(' ')[0];
  return agent ? `${who} (${agent})` : who;
}
