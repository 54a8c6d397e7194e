import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordingSession } from '@dojo/console-protocol';
import { RecordingConsoles, type OpenedConsole, type RecordingConsoleRequest } from './recording-consoles.ts';

const dir = mkdtempSync(join(tmpdir(), 'recording-consoles-'));
const listening = new Set<Server>();

/** Opens a "console" that really listens on a port, as a recording console does. */
async function listen(request: RecordingConsoleRequest): Promise<OpenedConsole> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  listening.add(server);
  const port = (server.address() as { port: number }).port;
  return {
    loginUrl: `http://127.0.0.1:${port}/login`,
    recording: { name: request.name } as RecordingSession,
    stop: () => new Promise<void>((resolve) => server.close(() => (listening.delete(server), resolve()))),
  };
}

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

let consoles: RecordingConsoles;
afterEach(() => consoles?.close());

describe('RecordingConsoles', () => {
  it('answers a file with the same bytes with the console already serving it, whatever its name', async () => {
    consoles = new RecordingConsoles({ host: '127.0.0.1', token: 't', dataDir: dir }, listen);
    const first = await consoles.open(file('a.dojotrace', 'same bytes'), 'a.dojotrace');
    const again = await consoles.open(file('copy.dojotrace', 'same bytes'), 'copy.dojotrace');
    expect(again.url).toBe(first.url);
    expect(listening.size).toBe(1);
  });

  it('opens a file dropped twice at the same moment once', async () => {
    consoles = new RecordingConsoles({ host: '127.0.0.1', token: 't', dataDir: dir }, listen);
    const path = file('twice.dojotrace', 'twice');
    const [one, two] = await Promise.all([consoles.open(path, 'twice'), consoles.open(path, 'twice')]);
    expect(one.url).toBe(two.url);
    expect(listening.size).toBe(1);
  });

  it('keeps at most `limit` consoles, stopping the one used longest ago', async () => {
    consoles = new RecordingConsoles({ host: '127.0.0.1', token: 't', dataDir: dir, limit: 2 }, listen);
    const a = await consoles.open(file('1', 'one'), '1');
    const b = await consoles.open(file('2', 'two'), '2');
    expect((await consoles.open(file('1-again', 'one'), '1')).url).toBe(a.url);
    await consoles.open(file('3', 'three'), '3');
    expect(listening.size).toBe(2);
    expect(consoles.size).toBe(2);
    expect((await consoles.open(file('1-once-more', 'one'), '1')).url).toBe(a.url);
    expect((await consoles.open(file('2-again', 'two'), '2')).url).not.toBe(b.url);
  });

  it('stops a console no tab has open when another file is opened, once it had time to be opened', async () => {
    let clock = 0;
    const tabs = new Map<string, boolean>();
    consoles = new RecordingConsoles({ host: '127.0.0.1', token: 't', dataDir: dir, idleAfterMs: 60_000, now: () => clock }, async (request) => {
      const opened = await listen(request);
      return { ...opened, inUse: () => tabs.get(request.name) ?? false };
    });
    const watched = await consoles.open(file('watched', 'watched'), 'watched');
    tabs.set('watched', true);
    await consoles.open(file('left', 'left'), 'left');
    clock = 30_000;
    await consoles.open(file('fresh', 'fresh'), 'fresh');
    // "left" had not had its minute yet: all three run.
    expect(listening.size).toBe(3);
    clock = 120_000;
    await consoles.open(file('fourth', 'fourth'), 'fourth');
    // "left" and "fresh" are stopped (no tab, past their minute); "watched" has a tab.
    expect(listening.size).toBe(2);
    expect((await consoles.open(file('watched-again', 'watched'), 'watched')).url).toBe(watched.url);
  });

  it('forgets a file that failed to open, so dropping it again tries again', async () => {
    let fail = true;
    consoles = new RecordingConsoles({ host: '127.0.0.1', token: 't', dataDir: dir }, async (request) => {
      if (fail) throw new Error('not a recording');
      return listen(request);
    });
    const path = file('bad', 'bad');
    await expect(consoles.open(path, 'bad')).rejects.toThrow('not a recording');
    fail = false;
    await expect(consoles.open(path, 'bad')).resolves.toMatchObject({ url: expect.stringMatching(/^http:/) });
  });
});
