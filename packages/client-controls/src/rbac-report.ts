/**
 * A client's least-privilege RBAC, from its records in the data dir's request journal: what
 * `dojo-console rbac NAME` prints and `GET /api/clients/:name/rbac` answers, and the comparison
 * with a role file. The roles are named after the client; with a ServiceAccount recorded for it
 * (`connect --service-account`), the YAML binds them to that ServiceAccount.
 */
import type { ClientRbac, RbacComparison, RequestJournalRecord } from '@dojo/console-protocol';
import { clientServiceAccount, clientsDirOf, validateClientName } from '@dojo/apiserver';
import { clientJournalRecords } from './rbac-journal.ts';
import { compareRbac } from './rbac-compare.ts';
import { deriveRbacRules } from './rbac-derive.ts';
import { rbacMarkers, rbacYaml } from './rbac-manifests.ts';
import { permissionUsesOf, type PermissionUse } from './rbac-uses.ts';

function span(records: readonly RequestJournalRecord[]): ClientRbac['from'] {
  const first = records[0];
  const last = records[records.length - 1];
  return { records: records.length, ...(first && last ? { firstSeq: first.seq, lastSeq: last.seq, firstTime: first.time, lastTime: last.time } : {}) };
}

export function clientRbacOf(
  client: string,
  records: readonly RequestJournalRecord[],
  serviceAccount?: { namespace: string; name: string },
): { rbac: ClientRbac; uses: PermissionUse[] } {
  const uses = permissionUsesOf(records, client);
  const rules = deriveRbacRules(uses);
  const from = span(records);
  const header = [
    `Least-privilege RBAC for "${client}", derived by dojo-console from ${uses.length} requests and watches`,
    from.firstTime !== undefined
      ? `(journal seq ${from.firstSeq}–${from.lastSeq}, ${new Date(from.firstTime).toISOString()} to ${new Date(from.lastTime!).toISOString()}).`
      : '(none journaled).',
    'It covers what the client did, not what it may do later: exercise every path before applying it.',
  ];
  const rbac: ClientRbac = {
    client,
    ...(serviceAccount ? { serviceAccount } : {}),
    from,
    rules,
    yaml: rbacYaml(rules, { name: client, header, ...(serviceAccount ? { serviceAccount } : {}) }),
    markers: rbacMarkers(rules),
  };
  return { rbac, uses };
}

/** A client's RBAC and a comparer of role files with what it did, by client name. */
export type ClientRbacSource = (client: string) => Promise<{ rbac: ClientRbac; compare(roleFile: string): RbacComparison }>;

/** Reads the data dir's journal (the console need not run). Throws Invalid for a name no client can have. */
export async function clientRbacFromDataDir(dataDir: string, client: string): Promise<{ rbac: ClientRbac; compare(roleFile: string): RbacComparison }> {
  validateClientName(client);
  const records = await clientJournalRecords(dataDir, client);
  const { rbac, uses } = clientRbacOf(client, records, clientServiceAccount(clientsDirOf(dataDir), client));
  return { rbac, compare: (roleFile) => compareRbac(uses, roleFile) };
}
