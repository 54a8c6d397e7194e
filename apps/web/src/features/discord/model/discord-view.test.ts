import { describe, expect, it } from 'vitest';
import { allChannels, decodeDiscordView, messageCount } from './discord-view.ts';

const state = {
  bot: { id: '1', username: 'dojo-bot' },
  guilds: [
    {
      id: '10',
      name: 'Jutsu',
      channels: [
        {
          id: '12',
          type: 0,
          name: 'alarms',
          parent_id: '11',
          position: 1,
          messages: [{ id: 'm1', content: 'Dojo default/a is Degraded', author: { username: 'dojo-bot' }, timestamp: '2024-01-01T00:00:00Z' }],
        },
        { id: '11', type: 4, name: 'Operations', parent_id: null, position: 0 },
        { id: '13', type: 0, name: 'general', parent_id: null, position: 2, messages: [] },
      ],
    },
  ],
};

describe('decodeDiscordView', () => {
  it('puts text channels under their category and keeps the others at the top level', () => {
    const view = decodeDiscordView(state);
    const guild = view.guilds[0]!;
    expect(guild.categories.map((c) => [c.name, c.channels.map((ch) => ch.name)])).toEqual([['Operations', ['alarms']]]);
    expect(guild.channels.map((c) => c.name)).toEqual(['general']);
    expect(allChannels(guild)).toHaveLength(2);
  });

  it('reads messages with their author', () => {
    const view = decodeDiscordView(state);
    expect(view.guilds[0]!.categories[0]!.channels[0]!.messages[0]).toEqual({
      id: 'm1',
      content: 'Dojo default/a is Degraded',
      author: 'dojo-bot',
      timestamp: '2024-01-01T00:00:00Z',
    });
    expect(messageCount(view)).toBe(1);
  });

  it('accepts the state wrapped with its fault knobs', () => {
    const view = decodeDiscordView({ state, faults: { rate429: 0.5, rate5xx: 0.1, latencyMs: 20, retryAfterSeconds: 1 } });
    expect(view.guilds).toHaveLength(1);
    expect(view.faults).toEqual({ rate429: 0.5, rate5xx: 0.1, latencyMs: 20 });
  });

  it('decodes garbage into an empty view', () => {
    expect(decodeDiscordView(undefined)).toEqual({ guilds: [] });
    expect(decodeDiscordView({ guilds: [{ channels: 'x' }] }).guilds[0]).toMatchObject({ categories: [], channels: [] });
  });
});
