import { describe, expect, it } from 'vitest';
import { rateLimitRoute } from './rate-limit-route.ts';

describe('rateLimitRoute', () => {
  it('keys a channel route by its shape and the channel id as the major parameter', () => {
    expect(rateLimitRoute('post', '/channels/123/messages?limit=5')).toEqual({
      key: 'POST /channels/:id/messages',
      majorId: '123',
    });
  });

  it('gives two channels of the same route the same key and different majors', () => {
    const a = rateLimitRoute('GET', '/channels/1');
    const b = rateLimitRoute('GET', '/channels/2');
    expect(a.key).toBe(b.key);
    expect(a.majorId).not.toBe(b.majorId);
  });

  it('has no major parameter for routes outside channels, guilds and webhooks', () => {
    expect(rateLimitRoute('GET', '/users/@me/guilds')).toEqual({ key: 'GET /users/@me/guilds', majorId: '' });
    expect(rateLimitRoute('POST', '/guilds')).toEqual({ key: 'POST /guilds', majorId: '' });
  });

  it('separates methods on the same path', () => {
    expect(rateLimitRoute('DELETE', '/guilds/9').key).not.toBe(rateLimitRoute('GET', '/guilds/9').key);
  });
});
