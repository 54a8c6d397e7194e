/**
 * The e2e console's Discord simulator, spoken to as the operator speaks to it: Discord's REST
 * API with the bot token. It is the one port of the console process (console-ports.ts) that
 * answers the simulator's control API.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from './console.ts';
import { findConsoleService } from './console-ports.ts';

/** The token `dojo-console up` gives its simulator (kept in its data dir) unless DISCORD_BOT_TOKEN says otherwise. */
const botToken = (): string => process.env.DISCORD_BOT_TOKEN ?? readFileSync(join(dataDir, 'discord-simulator-token'), 'utf8').trim();

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
  const base = await findConsoleService('Discord simulator', isSimulator);
  return {
    url: base,
    async clearFaults() {
      const res = await fetch(`${base}/_sim/faults`, {
        method: 'PUT',
        headers: { authorization: `Bot ${botToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ rate429: 0, rate5xx: 0, rate5xxAfterWrite: 0, latencyMs: 0 }),
      });
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
