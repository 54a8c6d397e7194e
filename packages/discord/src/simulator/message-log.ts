import type { Message } from '../types.ts';

/**
 * Each text channel's messages, oldest first (ids increase with time), trimmed to the most
 * recent `maxPerChannel` so a chatty alarm channel cannot grow the data file without bound.
 */
export class MessageLog {
  private readonly byChannel = new Map<string, Message[]>();

  constructor(
    private readonly maxPerChannel: number,
    initial: Record<string, Message[]> = {},
  ) {
    for (const [channelId, messages] of Object.entries(initial)) this.byChannel.set(channelId, [...messages]);
  }

  append(message: Message): void {
    const list = this.byChannel.get(message.channel_id) ?? [];
    list.push(message);
    if (list.length > this.maxPerChannel) list.splice(0, list.length - this.maxPerChannel);
    this.byChannel.set(message.channel_id, list);
  }

  /**
   * The newest message in the channel by `authorId` with this nonce, created at or after
   * `sinceMs`: what Discord returns instead of a duplicate when `enforce_nonce` is set.
   */
  findByNonce(channelId: string, authorId: string, nonce: string | number, sinceMs: number): Message | undefined {
    const list = this.byChannel.get(channelId) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const message = list[i];
      if (!message || Date.parse(message.timestamp) < sinceMs) return undefined;
      if (message.author.id === authorId && message.nonce !== undefined && String(message.nonce) === String(nonce)) {
        return message;
      }
    }
    return undefined;
  }

  /** Newest first, as Discord pages them: `before`/`after` are exclusive id bounds. */
  list(channelId: string, query: { limit: number; before?: string | undefined; after?: string | undefined }): Message[] {
    const before = query.before === undefined ? undefined : BigInt(query.before);
    const after = query.after === undefined ? undefined : BigInt(query.after);
    const matching = (this.byChannel.get(channelId) ?? []).filter((m) => {
      const id = BigInt(m.id);
      return (before === undefined || id < before) && (after === undefined || id > after);
    });
    // With only `after`, Discord returns the messages right after it, not the newest ones.
    const onlyAfter = after !== undefined && before === undefined;
    const window = onlyAfter ? matching.slice(0, query.limit) : matching.slice(-query.limit);
    return window.reverse();
  }

  deleteChannel(channelId: string): void {
    this.byChannel.delete(channelId);
  }

  clear(): void {
    this.byChannel.clear();
  }

  snapshot(): Record<string, Message[]> {
    return Object.fromEntries([...this.byChannel].map(([id, messages]) => [id, [...messages]]));
  }
}
