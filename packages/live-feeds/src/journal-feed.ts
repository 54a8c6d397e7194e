/**
 * The console's reader of the API server's request journal (`GET /debug/requests`, JSON lines,
 * admin credential). It reconnects after any error with backoff and resumes after the last
 * `seq` it handed on, so a restart of either side loses nothing the journal still holds; when
 * the journal no longer holds what it asked for, the hello says `resync` and the feed counts a
 * gap (the handler drops what it derived from the lost records).
 *
 * A server without a journal (404: journal off, or a real cluster) is "unavailable"; the feed
 * keeps asking, slowly.
 */
import type { IncomingMessage } from 'node:http';
import type { JournalFeedState, RequestJournalLine } from '@dojo/console-protocol';
import { StatusError } from '@dojo/kube-api';
import type { KubeTransport } from '@dojo/runtime';
import type { ActivityFeed, JournalFeedHandler } from '@dojo/activity';

export interface JournalFeedOptions {
  transport: KubeTransport;
  handler: JournalFeedHandler;
  /** Resume after this seq (default 0: everything the journal still holds). */
  sinceSeq?: number;
  backoff?: { initialMs: number; maxMs: number };
  /** Retry interval while the server has no journal. */
  unavailableRetryMs?: number;
}

export class JournalFeed implements ActivityFeed {
  readonly #options: JournalFeedOptions;
  readonly #abort = new AbortController();
  #lastSeq: number;
  #gaps = 0;
  #state: JournalFeedState['state'] = 'connecting';
  #detail: string | undefined;
  #attempt = 0;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: JournalFeedOptions) {
    this.#options = options;
    this.#lastSeq = options.sinceSeq ?? 0;
  }

  get state(): JournalFeedState {
    return { state: this.#state, lastSeq: this.#lastSeq, gaps: this.#gaps, ...(this.#detail ? { detail: this.#detail } : {}) };
  }

  start(): void {
    void this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#abort.abort();
  }

  async #connect(): Promise<void> {
    if (this.#stopped) return;
    let stream: IncomingMessage;
    try {
      stream = await this.#options.transport.openStream({ method: 'GET', path: `/debug/requests?sinceSeq=${this.#lastSeq}`, signal: this.#abort.signal });
    } catch (error) {
      if (error instanceof StatusError && error.code === 404)
        return this.#retry('unavailable', 'the API server keeps no request journal', this.#options.unavailableRetryMs ?? 30_000);
      return this.#retry('connecting', errorText(error));
    }
    try {
      await this.#read(stream);
      this.#retry('connecting', 'the journal stream ended');
    } catch (error) {
      this.#retry('connecting', errorText(error));
    }
  }

  async #read(stream: IncomingMessage): Promise<void> {
    stream.setEncoding('utf8');
    let buffer = '';
    for await (const chunk of stream) {
      buffer += chunk as string;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line) this.#line(JSON.parse(line) as RequestJournalLine);
      }
    }
  }

  #line(line: RequestJournalLine): void {
    if (line.type === 'hello') {
      this.#state = 'live';
      this.#detail = undefined;
      this.#attempt = 0;
      if (line.resync) this.#gaps++;
      this.#options.handler.hello(line);
      return;
    }
    if (line.seq <= this.#lastSeq) return;
    this.#lastSeq = line.seq;
    this.#options.handler.record(line);
  }

  #retry(state: JournalFeedState['state'], detail: string, delayMs?: number): void {
    if (this.#stopped) return;
    this.#state = state;
    this.#detail = detail;
    const { initialMs, maxMs } = this.#options.backoff ?? { initialMs: 500, maxMs: 10_000 };
    const delay = delayMs ?? Math.min(maxMs, initialMs * 2 ** this.#attempt++);
    this.#timer = setTimeout(() => void this.#connect(), delay);
    this.#timer.unref();
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
