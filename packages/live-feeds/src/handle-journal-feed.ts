/**
 * The console's reader of the embedded API server's request journal when that server runs in
 * this process (on its own thread): records come over a MessagePort in batches
 * (ApiServerHandle.followJournal) instead of `GET /debug/requests` over HTTPS, so the
 * console's event loop pays neither TLS nor HTTP framing for them. The journal file stays as
 * it is, for restarts and for `dojo-console connect`ed readers.
 *
 * Same promises as JournalFeed: records in `seq` order, each handed on once; a `hello` with
 * `resync` counts a gap. If the server stops, the feed says so (`unavailable`, with why).
 */
import type { JournalFeedState } from '@dojo/console-protocol';
import type { ApiServerHandle } from '@dojo/apiserver';
import type { ActivityFeed, JournalFeedHandler } from '@dojo/activity';

/** How long the feed works through a batch before it lets the console's event loop run. */
const sliceMs = 10;

export class HandleJournalFeed implements ActivityFeed {
  readonly #server: ApiServerHandle;
  readonly #handler: JournalFeedHandler;
  #lastSeq = 0;
  #gaps = 0;
  #state: JournalFeedState['state'] = 'connecting';
  #detail: string | undefined;
  #stop: (() => void) | undefined;

  constructor(server: ApiServerHandle, handler: JournalFeedHandler) {
    this.#server = server;
    this.#handler = handler;
  }

  get state(): JournalFeedState {
    return { state: this.#state, lastSeq: this.#lastSeq, gaps: this.#gaps, ...(this.#detail ? { detail: this.#detail } : {}) };
  }

  start(): void {
    if (!this.#server.followJournal) return this.#unavailable('the API server keeps no request journal');
    this.#server.onFailure((error) => this.#unavailable(error.message));
    this.#stop = this.#server.followJournal(this.#lastSeq, {
      hello: (hello) => {
        this.#state = 'live';
        if (hello.resync) this.#gaps++;
        this.#handler.hello(hello);
      },
      // Inferring activity from a record can take milliseconds on a large cluster: a batch
      // of a thousand is worked through in slices, so the UI's requests are answered between
      // them. The next batch waits until this one is done.
      records: async (batch) => {
        let sliceStart = performance.now();
        for (const record of batch) {
          if (!this.#stop) return;
          if (record.seq <= this.#lastSeq) continue;
          this.#lastSeq = record.seq;
          this.#handler.record(record);
          if (performance.now() - sliceStart > sliceMs) {
            await new Promise((resolve) => setImmediate(resolve));
            sliceStart = performance.now();
          }
        }
      },
    });
  }

  stop(): void {
    this.#stop?.();
    this.#stop = undefined;
  }

  #unavailable(detail: string): void {
    this.#state = 'unavailable';
    this.#detail = detail;
  }
}
