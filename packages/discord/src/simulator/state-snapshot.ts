import type { Channel, Guild, Message, User } from '../types.ts';

/** Everything the simulator keeps, as written to its data file. */
export interface StateSnapshot {
  version: 1;
  /** The last snowflake issued, so ids keep increasing across restarts. */
  lastSnowflake: string;
  bot: User;
  guilds: Guild[];
  channels: Channel[];
  /** Per channel, oldest first. */
  messages: Record<string, Message[]>;
}

/** A shallow shape check: enough to refuse a foreign or truncated file with a clear error. */
export function isStateSnapshot(value: unknown): value is StateSnapshot {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Partial<Record<keyof StateSnapshot, unknown>>;
  return (
    v.version === 1 &&
    typeof v.lastSnowflake === 'string' &&
    v.bot !== null &&
    typeof v.bot === 'object' &&
    Array.isArray(v.guilds) &&
    Array.isArray(v.channels) &&
    v.messages !== null &&
    typeof v.messages === 'object'
  );
}
