/**
 * The recordings a console opened for its people (dropped onto its UI): each in a console of
 * its own on a free port of the same host, signed into with the same token (so the browser's
 * cookie opens it too), its import in a directory of its own that goes when it stops.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenedRecording, RecordingSession } from '@dojo/console-protocol';

/** What this needs of a running recording console. */
export interface OpenedConsole {
  readonly loginUrl: string;
  readonly recording: RecordingSession;
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

export class RecordingConsoles {
  readonly #settings: { host: string; token: string; dataDir: string };
  readonly #open: (request: RecordingConsoleRequest) => Promise<OpenedConsole>;
  readonly #running = new Map<string, OpenedConsole>();

  constructor(settings: { host: string; token: string; dataDir: string }, open: (request: RecordingConsoleRequest) => Promise<OpenedConsole>) {
    this.#settings = settings;
    this.#open = open;
  }

  async open(file: string, name: string): Promise<OpenedRecording> {
    const id = randomBytes(6).toString('hex');
    const dataDir = join(this.#settings.dataDir, 'recordings', id);
    try {
      const opened = await this.#open({ file, name, dataDir, host: this.#settings.host, port: 0, token: this.#settings.token });
      this.#running.set(dataDir, opened);
      return { url: opened.loginUrl, recording: opened.recording };
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }

  async close(): Promise<void> {
    for (const [dataDir, opened] of this.#running) {
      await opened.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    this.#running.clear();
  }
}
