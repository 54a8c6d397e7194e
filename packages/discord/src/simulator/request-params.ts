import { discordErrors } from '../api-error.ts';
import { ChannelType } from '../types.ts';
import type {
  CreateGuildChannelParams,
  CreateGuildParams,
  CreateMessageParams,
  ListGuildsQuery,
  ListMessagesQuery,
  ModifyChannelParams,
  ModifyGuildParams,
} from '../types.ts';
import { asDict, FormValidator } from './form-validator.ts';

/**
 * Decodes request bodies and queries into typed params with Discord's limits (guild names
 * 2-100, channel names 1-100, topics up to 1024, content up to 2000). Checks that need the
 * current state, such as whether a parent category exists, live in the state itself.
 */

const SUPPORTED_CHANNEL_TYPES = [ChannelType.GuildText, ChannelType.GuildCategory] as const;

export function parseCreateGuild(body: unknown): CreateGuildParams {
  const form = new FormValidator(asDict(body));
  const name = form.string('name', { required: true, min: 2, max: 100 });
  const description = form.string('description', { nullable: true, max: 120 });
  form.done();
  return { name: name ?? '', description };
}

export function parseModifyGuild(body: unknown): ModifyGuildParams {
  const form = new FormValidator(asDict(body));
  const name = form.string('name', { min: 2, max: 100 });
  const description = form.string('description', { nullable: true, max: 120 });
  form.done();
  return { name: name ?? undefined, description };
}

export function parseCreateChannel(body: unknown): CreateGuildChannelParams {
  const form = new FormValidator(asDict(body));
  const name = form.string('name', { required: true, min: 1, max: 100 });
  const type = form.integer('type', { choices: SUPPORTED_CHANNEL_TYPES }) as ChannelType | undefined;
  const parentId = form.snowflake('parent_id');
  const topic = form.string('topic', { nullable: true, max: 1024 });
  const position = form.integer('position', { min: 0 });
  const nsfw = form.boolean('nsfw');
  form.done();
  return { name: name ?? '', type: type ?? ChannelType.GuildText, parent_id: parentId, topic, position, nsfw };
}

/** `type` is returned separately: Discord refuses to turn a category into a text channel. */
export function parseModifyChannel(body: unknown): ModifyChannelParams & { type?: number | undefined } {
  const form = new FormValidator(asDict(body));
  const name = form.string('name', { min: 1, max: 100 });
  const type = form.integer('type', { choices: SUPPORTED_CHANNEL_TYPES });
  const parentId = form.snowflake('parent_id');
  const topic = form.string('topic', { nullable: true, max: 1024 });
  const position = form.integer('position', { min: 0 });
  const nsfw = form.boolean('nsfw');
  form.done();
  return { name: name ?? undefined, type, parent_id: parentId, topic, position, nsfw };
}

export function parseCreateMessage(body: unknown): CreateMessageParams {
  const form = new FormValidator(asDict(body));
  const content = form.string('content', { max: 2000 });
  const nonce = form.nonce('nonce');
  const enforceNonce = form.boolean('enforce_nonce');
  form.done();
  if (!content) throw discordErrors.emptyMessage();
  return { content, nonce, enforce_nonce: enforceNonce };
}

export function parseListMessagesQuery(query: URLSearchParams): ListMessagesQuery {
  const form = new FormValidator(Object.fromEntries(query));
  const limit = form.integer('limit', { min: 1, max: 100 });
  const before = form.snowflake('before') ?? undefined;
  const after = form.snowflake('after') ?? undefined;
  form.done();
  return { limit: limit ?? 50, before, after };
}

export function parseListGuildsQuery(query: URLSearchParams): ListGuildsQuery {
  const form = new FormValidator(Object.fromEntries(query));
  const limit = form.integer('limit', { min: 1, max: 200 });
  const before = form.snowflake('before') ?? undefined;
  const after = form.snowflake('after') ?? undefined;
  form.done();
  return { limit: limit ?? 200, before, after };
}
