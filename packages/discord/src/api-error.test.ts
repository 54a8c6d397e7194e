import { describe, expect, it } from 'vitest';
import { DiscordApiError, discordErrors, isNetworkError, isNotFound, isRateLimited, isServerError } from './api-error.ts';

describe('DiscordApiError', () => {
  it("round-trips Discord's error body", () => {
    const original = discordErrors.invalidFormBody({
      name: { _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }] },
    });
    const decoded = DiscordApiError.fromResponse(400, JSON.parse(JSON.stringify(original.body)));
    expect(decoded.body).toEqual(original.body);
    expect(decoded).toMatchObject({ status: 400, code: 50035, message: 'Invalid Form Body' });
  });

  it('flattens nested form errors into field paths', () => {
    const err = discordErrors.invalidFormBody({
      _errors: [{ code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used in a DictType' }],
      embeds: { 0: { title: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 256 or fewer in length.' }] } } },
    });
    expect(err.fieldErrors()).toEqual([
      { path: '', code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used in a DictType' },
      { path: 'embeds.0.title', code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 256 or fewer in length.' },
    ]);
  });

  it("decodes a body that is not Discord's, such as a proxy's HTML 502, by its status", () => {
    const err = DiscordApiError.fromResponse(502, '<html>Bad Gateway</html>', { statusText: 'Bad Gateway' });
    expect(err).toMatchObject({ status: 502, code: 0, message: '502: Bad Gateway' });
    expect(isServerError(err)).toBe(true);
  });

  it('takes retry_after from the body and falls back to the Retry-After header', () => {
    const fromBody = DiscordApiError.fromResponse(429, { message: 'You are being rate limited.', retry_after: 1.5, global: true });
    expect(fromBody).toMatchObject({ retryAfterSeconds: 1.5, global: true });
    const fromHeader = DiscordApiError.fromResponse(429, undefined, { retryAfterHeader: '3' });
    expect(fromHeader).toMatchObject({ retryAfterSeconds: 3, global: false });
    expect(isRateLimited(fromHeader)).toBe(true);
  });

  it('classifies errors for the reconciler', () => {
    expect(isNotFound(discordErrors.unknownChannel())).toBe(true);
    expect(isNotFound(discordErrors.unauthorized())).toBe(false);
    expect(isNetworkError(discordErrors.timedOut(100))).toBe(true);
    expect(isServerError(new Error('boom'))).toBe(false);
  });
});
