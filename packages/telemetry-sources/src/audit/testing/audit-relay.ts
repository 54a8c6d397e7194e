/**
 * Plays kube-apiserver's batching audit webhook backend for a test: an embedded API server's
 * request journal, turned into audit events (journal-to-audit.ts), posted to a console's
 * `--audit-webhook` as an EventList every 200 ms.
 */
import type { RequestJournalRecord } from '@dojo/console-protocol';
import { JournalToAudit, type AuditPolicy } from './journal-to-audit.ts';

/** Stop it (which posts the rest) before stopping either side. */
export class AuditRelay {
  readonly #convert: JournalToAudit;
  #sinceSeq = 0;
  #timer: NodeJS.Timeout | undefined;
  #busy: Promise<void> = Promise.resolve();
  posted = 0;

  constructor(
    policy: AuditPolicy,
    readonly read: (sinceSeq: number) => RequestJournalRecord[],
    readonly url: string,
    readonly token: string,
  ) {
    this.#convert = new JournalToAudit(policy);
  }

  start(): void {
    this.#timer = setInterval(() => (this.#busy = this.#busy.then(() => this.flush())), 200);
  }

  /** Posts what the journal holds now; resolves when the console answered. */
  async flush(): Promise<void> {
    const records = this.read(this.#sinceSeq);
    if (records.length === 0) return;
    this.#sinceSeq = records.at(-1)!.seq;
    const items = records.flatMap((r) => this.#convert.events(r));
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'EventList', apiVersion: 'audit.k8s.io/v1', items }),
    });
    if (res.status !== 200) throw new Error(`the audit webhook answered ${res.status}: ${await res.text()}`);
    this.posted += items.length;
  }

  /** Stops, then posts the rest. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#busy;
    await this.flush();
  }
}
