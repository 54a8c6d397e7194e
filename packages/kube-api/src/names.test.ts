import { describe, expect, it } from 'vitest';
import { validateDNS1123Label, validateDNS1123Subdomain } from './names.ts';

describe('name validation', () => {
  it('accepts DNS-1123 subdomains and rejects upper case with the apimachinery message', () => {
    expect(validateDNS1123Subdomain('my-dojo.v1')).toEqual([]);
    expect(validateDNS1123Subdomain('MyDojo')[0]).toMatch(/^a lowercase RFC 1123 subdomain must consist of/);
  });

  it('limits labels to 63 characters', () => {
    expect(validateDNS1123Label('a'.repeat(64))).toContain('must be no more than 63 characters');
    expect(validateDNS1123Label('with.dot')).toHaveLength(1);
  });
});
