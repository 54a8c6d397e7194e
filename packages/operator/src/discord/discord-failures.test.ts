import { describe, expect, it } from 'vitest';
import { DiscordApiError, discordErrors } from '@dojo/discord';
import { newConflict } from '@dojo/kube-api';
import { classifyDiscordFailure } from './discord-failures.ts';

describe('classifyDiscordFailure', () => {
  it('turns a 429, from Discord or refused locally, into requeueAfter retry_after', () => {
    expect(classifyDiscordFailure(discordErrors.rateLimited(1.5))).toEqual({ kind: 'rateLimited', retryAfterMs: 1500 });
    expect(classifyDiscordFailure(discordErrors.rateLimited(0.25, false, false))).toEqual({ kind: 'rateLimited', retryAfterMs: 250 });
  });

  it('treats 5xx, lost connections and a bad token as transient (retried with backoff)', () => {
    for (const error of [discordErrors.internalServerError(), discordErrors.timedOut(100), discordErrors.unauthorized()]) {
      expect(classifyDiscordFailure(error)).toEqual({ kind: 'transient' });
    }
  });

  it('treats a refused parent as transient: the parent recorded in Kubernetes is stale, not the spec wrong', () => {
    const staleParent = discordErrors.invalidFormBody({ parent_id: { _errors: [{ code: 'CHANNEL_PARENT_INVALID', message: 'Category does not exist.' }] } });
    expect(classifyDiscordFailure(staleParent)).toEqual({ kind: 'transient' });
  });

  it('reports other 4xx as a rejection of the spec, naming the fields Discord named', () => {
    const invalid = discordErrors.invalidFormBody({ name: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 2 and 100 in length.' }] } });
    expect(classifyDiscordFailure(invalid)).toMatchObject({
      kind: 'rejected',
      reason: 'InvalidSpec',
      message: expect.stringContaining('name: Must be between 2 and 100'),
    });
    expect(classifyDiscordFailure(new DiscordApiError({ status: 403, code: 50013, message: 'Missing Permissions' }))).toMatchObject({
      kind: 'rejected',
      reason: 'Forbidden',
    });
    expect(classifyDiscordFailure(discordErrors.unknownChannel())).toEqual({ kind: 'notFound' });
  });

  it('leaves errors that did not come from Discord to the caller', () => {
    expect(classifyDiscordFailure(newConflict({ group: 'core.jutsu.com', resource: 'dojos' }, 'x'))).toBeUndefined();
  });
});
