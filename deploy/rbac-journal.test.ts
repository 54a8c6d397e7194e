/**
 * The RBAC of deploy/ against the telemetry journal of any run, e.g. the end-to-end suite's:
 *
 *   DOJO_RBAC_JOURNAL=path/to/journal.jsonl npx vitest run deploy/rbac-journal.test.ts
 *
 * The file is JSON lines as the runtime's JournalFile writes them; its `api-call` records are
 * what reconciles sent. Skipped when the variable is not set.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readJournalFile } from '@dojo/runtime';
import { callsFromJournal, describeCall, grantsFor, uncoveredCalls, type Grant } from './rbac-check.ts';
import { renderBase } from './testing/rendered-base.ts';

const journal = process.env.DOJO_RBAC_JOURNAL;
let grants: Grant[];

beforeAll(async () => {
  if (!journal) return;
  grants = grantsFor((await renderBase()).objects, { namespace: 'dojo-console', name: 'dojo-console' });
});

describe.runIf(journal)('the RBAC of deploy/, against the journal in $DOJO_RBAC_JOURNAL', () => {
  it("allows every API call the journal's reconciles made", () => {
    const calls = callsFromJournal(readJournalFile(journal!));
    expect(calls.length, `no api-call records in ${journal}`).toBeGreaterThan(0);
    expect(uncoveredCalls(grants, calls).map(describeCall)).toEqual([]);
  });
});
