/**
 * One client's records from the request journal a data dir holds (`request-journal.1.jsonl`,
 * then `request-journal.jsonl`: what the API server wrote, whether or not it still runs), read
 * as a stream. Only lines naming the client as their user are parsed; a line torn by a crash
 * is skipped, and seqs only go up, as the journal's own reader keeps them.
 */
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { RequestJournalRecord } from '@dojo/console-protocol';
import { journalFilesOldestFirst } from '@dojo/apiserver';

export async function clientJournalRecords(dataDir: string, client: string): Promise<RequestJournalRecord[]> {
  // Client names are DNS labels: their JSON string needs no escaping.
  const mark = `"user":${JSON.stringify(client)}`;
  const records: RequestJournalRecord[] = [];
  let lastSeq = 0;
  for (const file of journalFilesOldestFirst(dataDir)) {
    if (!existsSync(file)) continue;
    for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
      if (!line.includes(mark)) continue;
      let record: RequestJournalRecord;
      try {
        record = JSON.parse(line) as RequestJournalRecord;
      } catch {
        continue;
      }
      if (typeof record.seq !== 'number' || record.seq <= lastSeq) continue;
      lastSeq = record.seq;
      records.push(record);
    }
  }
  return records;
}
