/**
 * The e2e console's Discord simulator, spoken to as the operator speaks to it: Discord's REST
 * API with the bot token. The console starts the simulator on a free port and does not print
 * it, so it is found among the listening sockets of the console process (Linux /proc, which is
 * what `ss -ltnp` reads) as the one port that answers the simulator's control API.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dataDir } from './console.ts';

/** The token `dojo-console up` gives its simulator (kept in its data dir) unless DISCORD_BOT_TOKEN says otherwise. */
const botToken = (): string => process.env.DISCORD_BOT_TOKEN ?? readFileSync(join(dataDir, 'discord-simulator-token'), 'utf8').trim();

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

async function isSimulator(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/_sim/faults`, { headers: { authorization: `Bot ${botToken()}` }, signal: AbortSignal.timeout(2000) });
    return res.ok && 'rate429' in ((await res.json()) as object);
  } catch {
    return false; // the console's HTTPS API server, or another listener
  }
}

export interface DiscordSimulatorClient {
  url: string;
  /** No injected 429s, 5xx or latency (another spec may have left some). */
  clearFaults(): Promise<void>;
  /** Posts a message as the bot, waiting out 429s as a Discord client must. */
  postMessage(channelId: string, content: string): Promise<{ id: string; content: string }>;
}

export async function discordSimulator(): Promise<DiscordSimulatorClient> {
  const ports = consoleProcesses().flatMap((pid) => listeningPorts(socketInodes(pid)));
  let url: string | undefined;
  for (const port of ports) if (await isSimulator(port)) url = `http://127.0.0.1:${port}`;
  if (!url) throw new Error(`no Discord simulator among the ports of the console on ${dataDir}: ${ports.join(', ') || 'no console process found'}`);
  const base = url;
  return {
    url: base,
    async clearFaults() {
      const res = await fetch(`${base}/_sim/faults`, { method: 'PUT', headers: { authorization: `Bot ${botToken()}`, 'content-type': 'application/json' }, body: JSON.stringify({ rate429: 0, rate5xx: 0, rate5xxAfterWrite: 0, latencyMs: 0 }) });
      if (!res.ok) throw new Error(`PUT /_sim/faults: ${res.status} ${await res.text()}`);
    },
    async postMessage(channelId, content) {
      for (;;) {
        const res = await fetch(`${base}/api/v10/channels/${channelId}/messages`, {
          method: 'POST',
          headers: { authorization: `Bot ${botToken()}`, 'content-type': 'application/json' },
          body: JSON.stringify({ content }),
        });
        const body = (await res.json()) as { id: string; content: string; retry_after?: number };
        if (res.status === 429) {
          await new Promise((r) => setTimeout(r, Math.ceil((body.retry_after ?? 1) * 1000)));
          continue;
        }
        if (!res.ok) throw new Error(`POST message: ${res.status} ${JSON.stringify(body)}`);
        return body;
      }
    },
  };
}
