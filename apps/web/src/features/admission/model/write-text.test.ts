import { describe, expect, it } from 'vitest';
import { answerText, writerText, writeVerbText } from './write-text.ts';

describe('write text', () => {
  it('says what was asked, with the subresource, patch type and dry run', () => {
    expect(writeVerbText({ verb: 'create' })).toBe('create');
    expect(writeVerbText({ verb: 'patch', subresource: 'status', patchType: 'apply', dryRun: true })).toBe('patch status (apply) · dry run');
  });

  it('gives the answer code with its reason when it failed', () => {
    expect(answerText({ code: 201 })).toBe('201');
    expect(answerText({ code: 400, reason: 'BadRequest' })).toBe('400 BadRequest');
  });

  it("names the client, whom it impersonated, and its user agent's product", () => {
    expect(writerText({ user: 'admin', userAgent: 'kubectl/v1.33.0 (linux/amd64) kubernetes/abc' })).toBe('admin (kubectl/v1.33.0)');
    expect(writerText({ user: 'alice', impersonatedUser: 'bob' })).toBe('alice as bob');
  });
});
