import type { DiscordFaults } from '@dojo/console-protocol';
/**
 * The Discord simulator's state as its users would see it: servers (guilds), their groups
 * (category channels, type 4) and text channels (type 0) with their latest messages. Decoding
 * is defensive (unknown fields ignored, missing ones empty) and accepts the state either bare
 * or as `{state, faults}`.
 */

export interface DiscordMessage {
  id: string;
  content: string;
  author: string;
  timestamp: string;
}

export interface DiscordChannel {
  id: string;
  name: string;
  topic?: string;
  messages: DiscordMessage[];
}

export interface DiscordCategory {
  id: string;
  name: string;
  channels: DiscordChannel[];
}

export interface DiscordGuild {
  id: string;
  name: string;
  description?: string;
  categories: DiscordCategory[];
  /** Text channels outside any category. */
  channels: DiscordChannel[];
}

export interface DiscordView {
  guilds: DiscordGuild[];
  faults?: DiscordFaults;
}

type Loose = Record<string, unknown>;
const obj = (v: unknown): Loose => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

const categoryType = 4;

function decodeMessage(value: unknown): DiscordMessage {
  const m = obj(value);
  const author = obj(m.author);
  return { id: str(m.id), content: str(m.content), author: str(author.global_name) || str(author.username) || 'unknown', timestamp: str(m.timestamp) };
}

function decodeChannel(c: Loose): DiscordChannel {
  const channel: DiscordChannel = { id: str(c.id), name: str(c.name), messages: arr(c.messages).map(decodeMessage) };
  if (typeof c.topic === 'string' && c.topic) channel.topic = c.topic;
  return channel;
}

function byPosition(a: Loose, b: Loose): number {
  return (Number(a.position) || 0) - (Number(b.position) || 0) || str(a.name).localeCompare(str(b.name));
}

function decodeGuild(value: unknown): DiscordGuild {
  const g = obj(value);
  const all = arr(g.channels).map(obj).sort(byPosition);
  const categories = all.filter((c) => c.type === categoryType).map((c): DiscordCategory => ({ id: str(c.id), name: str(c.name), channels: [] }));
  const byId = new Map(categories.map((c) => [c.id, c]));
  const loose: DiscordChannel[] = [];
  for (const c of all) {
    if (c.type === categoryType) continue;
    const parent = byId.get(str(c.parent_id));
    (parent ? parent.channels : loose).push(decodeChannel(c));
  }
  const guild: DiscordGuild = { id: str(g.id), name: str(g.name), categories, channels: loose };
  if (typeof g.description === 'string' && g.description) guild.description = g.description;
  return guild;
}

export function decodeDiscordView(value: unknown): DiscordView {
  const root = obj(value);
  const state = root.state !== undefined ? obj(root.state) : root;
  const view: DiscordView = { guilds: arr(state.guilds).map(decodeGuild) };
  const faults = decodeFaults(root.faults ?? state.faults);
  if (faults) view.faults = faults;
  return view;
}

/** The simulator's fault knobs, as `PUT /api/discord/faults` answers them. */
export function decodeFaults(value: unknown): DiscordFaults | undefined {
  const f = obj(value);
  if (!('rate429' in f || 'rate5xx' in f || 'latencyMs' in f)) return undefined;
  return { rate429: Number(f.rate429) || 0, rate5xx: Number(f.rate5xx) || 0, latencyMs: Number(f.latencyMs) || 0 };
}

export function allChannels(guild: DiscordGuild): DiscordChannel[] {
  return [...guild.channels, ...guild.categories.flatMap((c) => c.channels)];
}

export function messageCount(view: DiscordView): number {
  return view.guilds.reduce((n, g) => n + allChannels(g).reduce((m, c) => m + c.messages.length, 0), 0);
}
