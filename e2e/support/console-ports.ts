/**
 * The ports the e2e console's process listens on. The console starts its simulators (Discord,
 * the Kafka broker) on free ports it does not print where a spec can read them, so a spec finds
 * them among the listening sockets of the console process (Linux /proc, which is what
 * `ss -ltnp` reads) and asks each which it is.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { dataDir } from './console.ts';

function consoleProcesses(): string[] {
  const wanted = [resolve(dataDir), dataDir];
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const dir = argv[argv.indexOf('--data-dir') + 1];
      return argv.some((a) => a.endsWith('apps/server/src/cli.ts')) && dir !== undefined && wanted.includes(dir);
    } catch {
      return false; // gone, or not ours to read
    }
  });
}

function socketInodes(pid: string): Set<string> {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const target = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (target) inodes.add(target[1]!);
    }
  } catch {
    // The process ended while we looked.
  }
  return inodes;
}

/** TCP ports in LISTEN state (st 0A) whose socket inode is one of `inodes`. */
function listeningPorts(inodes: Set<string>): number[] {
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === '0A' && inodes.has(cols[9] ?? '')) ports.push(parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/** Every port the console process on the e2e data directory listens on. */
export function consolePorts(): number[] {
  return consoleProcesses().flatMap((pid) => listeningPorts(socketInodes(pid)));
}

/** The first of the console's ports that `isIt` recognizes, as a base URL. */
export async function findConsoleService(what: string, isIt: (port: number) => Promise<boolean>): Promise<string> {
  const ports = consolePorts();
  for (const port of ports) if (await isIt(port)) return `http://127.0.0.1:${port}`;
  throw new Error(`no ${what} among the ports of the console on ${dataDir}: ${ports.join(', ') || 'no console process found'}`);
}
