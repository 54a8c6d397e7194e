/**
 * Follows a kube-apiserver audit log (`--audit-log-path`, `--audit-log-format=json`: one
 * `audit.k8s.io/v1` Event per line) the way `tail -F` does:
 *
 * - It starts at the end: what the file held before the console started is history it did not see.
 *   A file that does not exist yet is read from its start once it appears.
 * - Rotation by rename (kube-apiserver's lumberjack, logrotate): what was appended to the old
 *   file before the new one appeared is read to its end first, then the new file from its start.
 * - Truncation (logrotate's copytruncate): the file is read again from its start.
 * - Only whole lines are read; a line that is not JSON, or not an audit event the sink can read
 *   (audit-event-check.ts), is skipped and counted, and the lines after it are read as ever.
 *
 * `poll()` reads what is new now; `start()` polls every `intervalMs` on the injected clock.
 * Polls never overlap.
 */
import { open, stat, type FileHandle } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import type { Clock, Timer } from '@dojo/runtime';
import type { AuditSink } from './audit-feed.ts';

export interface AuditLogFollowerOptions {
  path: string;
  sink: AuditSink;
  clock: Clock;
  intervalMs?: number;
}

const chunkBytes = 1 << 20;

interface OpenLog {
  handle: FileHandle;
  ino: number;
  offset: number;
  /** The start of a line not yet ended by a newline. */
  partial: string;
  /** Keeps a UTF-8 character split between two reads whole. */
  decoder: StringDecoder;
}

const unreadable = Symbol('unreadable');

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return unreadable;
  }
}

export class AuditLogFollower {
  readonly #options: AuditLogFollowerOptions;
  #log: OpenLog | undefined;
  #started = false;
  #polling: Promise<void> | undefined;
  #timer: Timer | undefined;
  #stopped = false;
  #skipped = 0;

  constructor(options: AuditLogFollowerOptions) {
    this.#options = options;
  }

  /** Lines read that were not audit events (not JSON, or refused by the sink). */
  get skippedLines(): number {
    return this.#skipped;
  }

  start(): void {
    const tick = () => {
      if (this.#stopped) return;
      void this.poll().finally(() => {
        if (!this.#stopped) this.#timer = this.#options.clock.setTimer(this.#options.intervalMs ?? 1_000, tick);
      });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#timer?.cancel();
    await this.#polling;
    await this.#log?.handle.close();
    this.#log = undefined;
  }

  /** Reads what the log gained since the last poll, following a rotation or truncation. */
  poll(): Promise<void> {
    this.#polling ??= this.#poll().finally(() => (this.#polling = undefined));
    return this.#polling;
  }

  async #poll(): Promise<void> {
    const first = !this.#started;
    this.#started = true;
    const current = await stat(this.#options.path).catch(() => undefined);
    if (this.#log) {
      // Whatever was appended before a rotation is still readable through the open handle.
      const size = (await this.#log.handle.stat()).size;
      if (size < this.#log.offset) Object.assign(this.#log, { offset: 0, partial: '', decoder: new StringDecoder('utf8') });
      await this.#read(this.#log, size);
      if (current && current.ino === this.#log.ino) return;
      await this.#log.handle.close();
      this.#log = undefined;
    }
    if (!current) return;
    const handle = await open(this.#options.path, 'r');
    const opened = await handle.stat();
    this.#log = { handle, ino: opened.ino, offset: first ? opened.size : 0, partial: '', decoder: new StringDecoder('utf8') };
    await this.#read(this.#log, opened.size);
  }

  async #read(log: OpenLog, size: number): Promise<void> {
    const buffer = Buffer.alloc(Math.min(chunkBytes, Math.max(0, size - log.offset)));
    while (log.offset < size && !this.#stopped) {
      const { bytesRead } = await log.handle.read(buffer, 0, Math.min(buffer.length, size - log.offset), log.offset);
      if (bytesRead === 0) break;
      log.offset += bytesRead;
      const lines = (log.partial + log.decoder.write(buffer.subarray(0, bytesRead))).split('\n');
      log.partial = lines.pop() ?? '';
      const items: unknown[] = [];
      for (const line of lines) {
        if (!line.trim()) continue;
        const item = parseLine(line);
        if (item !== unreadable) items.push(item);
        else {
          this.#skipped += 1;
          this.#options.sink.refuseUnreadable?.('an audit log line is not JSON');
        }
      }
      if (items.length) this.#skipped += (await this.#options.sink.ingest(items)).refused.length;
    }
  }
}
