/**
 * The recordings a console opened for its people (dropped onto its UI): each in a console of
 * its own on a free port of the same host, signed into with the same token (so the browser's
 * cookie opens it too), its import in a directory of its own that goes when it stops.
 *
 * Promises:
 * - One console per recording: a file with the same bytes (its SHA-256) dropped again, from
 *   any tab, is answered by the console already serving it, not by another listening port.
 *   Two drops of one file at the same moment open it once.
 * - A recording console no tab has open (no live connection) is stopped when another file is
 *   opened, once it has had `idleAfterMs` to be opened by the tab that dropped it.
 * - At most `limit` recording consoles run: opening one more stops the one used longest ago
 *   (opened or dropped again), so a day of drag and drop does not leave a port per drop.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenedRecording, RecordingSession } from '@dojo/console-protocol';

/** What this needs of a running recording console. */
export interface OpenedConsole {
  readonly loginUrl: string;
  readonly recording: RecordingSession;
  /** Whether a tab has it open; without it, a console counts as in use. */
  inUse?(): boolean;
  stop(): Promise<void>;
}

export interface RecordingConsoleRequest {
  readonly file: string;
  readonly name: string;
  readonly dataDir: string;
  readonly host: string;
  readonly port: number;
  readonly token: string;
}

export interface RecordingConsolesSettings {
  readonly host: string;
  readonly token: string;
  readonly dataDir: string;
  /** How many recording consoles may run at once (default 3). */
  readonly limit?: number;
  /** How long a console no tab has open is kept after it was last opened or dropped (default a minute). */
  readonly idleAfterMs?: number;
  readonly now?: () => number;
}

interface Running {
  readonly dataDir: string;
  readonly opening: Promise<OpenedConsole>;
  /** Set once it opened. */
  opened?: OpenedConsole;
  usedAt: number;
}

export const defaultRecordingConsoleLimit = 3;
const defaultIdleAfterMs = 60_000;

async function contentHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export class RecordingConsoles {
  readonly #settings: RecordingConsolesSettings;
  readonly #open: (request: RecordingConsoleRequest) => Promise<OpenedConsole>;
  /** By content hash; a Map keeps insertion order, which is kept as "used longest ago first". */
  readonly #running = new Map<string, Running>();

  constructor(settings: RecordingConsolesSettings, open: (request: RecordingConsoleRequest) => Promise<OpenedConsole>) {
    this.#settings = settings;
    this.#open = open;
  }

  /** How many recording consoles run (or are opening) now. */
  get size(): number {
    return this.#running.size;
  }

  async open(file: string, name: string): Promise<OpenedRecording> {
    const hash = await contentHash(file);
    const now = (this.#settings.now ?? Date.now)();
    let running = this.#running.get(hash);
    if (running) {
      // Used again: it becomes the newest.
      this.#running.delete(hash);
      this.#running.set(hash, running);
      running.usedAt = now;
    } else {
      // Claimed before anything is awaited, so a second drop of the file waits for this one.
      const evicted = [...this.#evictUnused(now), ...this.#evictForOneMore()];
      const dataDir = join(this.#settings.dataDir, 'recordings', randomBytes(6).toString('hex'));
      const opening = Promise.all(evicted.map(stopRunning)).then(() =>
        this.#open({ file, name, dataDir, host: this.#settings.host, port: 0, token: this.#settings.token }),
      );
      const claimed: Running = { dataDir, opening, usedAt: now };
      running = claimed;
      this.#running.set(hash, claimed);
      opening.then(
        (opened) => (claimed.opened = opened),
        () => {
          if (this.#running.get(hash) === claimed) this.#running.delete(hash);
          rmSync(dataDir, { recursive: true, force: true });
        },
      );
    }
    const opened = await running.opening;
    return { url: opened.loginUrl, recording: opened.recording };
  }

  /** Takes out the opened consoles no tab has open, past their grace; the caller stops them. */
  #evictUnused(now: number): Running[] {
    const idleAfterMs = this.#settings.idleAfterMs ?? defaultIdleAfterMs;
    const evicted: Running[] = [];
    for (const [hash, running] of this.#running) {
      if (!running.opened?.inUse || running.opened.inUse() || now - running.usedAt < idleAfterMs) continue;
      this.#running.delete(hash);
      evicted.push(running);
    }
    return evicted;
  }

  /** Takes out the consoles used longest ago until one more fits; the caller stops them. */
  #evictForOneMore(): Running[] {
    const limit = Math.max(1, this.#settings.limit ?? defaultRecordingConsoleLimit);
    const evicted: Running[] = [];
    while (this.#running.size >= limit) {
      const [hash, oldest] = this.#running.entries().next().value!;
      this.#running.delete(hash);
      evicted.push(oldest);
    }
    return evicted;
  }

  async close(): Promise<void> {
    const all = [...this.#running.values()];
    this.#running.clear();
    for (const running of all) await stopRunning(running);
  }
}

async function stopRunning(running: Running): Promise<void> {
  try {
    await (await running.opening).stop();
  } catch {
    // It never opened: nothing listens.
  }
  rmSync(running.dataDir, { recursive: true, force: true });
}
