import { describe, expect, it } from 'vitest';
import { utf8Length, validateDNS1123Label, validateDNS1123Subdomain, validateLabelValue, validateQualifiedName } from './names.ts';

describe('name validation', () => {
  it('accepts DNS-1123 subdomains and rejects upper case with the apimachinery message', () => {
    expect(validateDNS1123Subdomain('my-dojo.v1')).toEqual([]);
    expect(validateDNS1123Subdomain('MyDojo')[0]).toMatch(/^a lowercase RFC 1123 subdomain must consist of/);
  });

  it('limits labels to 63 characters', () => {
    expect(validateDNS1123Label('a'.repeat(64))).toContain('must be no more than 63 characters');
    expect(validateDNS1123Label('with.dot')).toHaveLength(1);
  });

  it("counts lengths in UTF-8 bytes, as Go's len() does", () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
    expect(validateLabelValue('é'.repeat(40))[0]).toBe('must be no more than 63 bytes');
  });
});

describe('label keys and values (1.37 api/validate/content, checked against kube-apiserver 1.37.2)', () => {
  it('says "bytes" for the lengths of a label value, a key\'s name part and its prefix', () => {
    expect(validateLabelValue('x'.repeat(64))).toEqual(['must be no more than 63 bytes']);
    expect(validateQualifiedName('y'.repeat(64))).toEqual(['name part must be no more than 63 bytes']);
    expect(validateQualifiedName(`${'p'.repeat(254)}/x`)).toEqual(['prefix part must be no more than 253 bytes']);
  });

  it('gives an empty name part both its errors, the pattern checked even when empty', () => {
    expect(validateQualifiedName('example.com/')).toEqual([
      'name part must be non-empty',
      "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ]);
  });

  it('calls a key with two slashes "a valid label key"', () => {
    expect(validateQualifiedName('a/b/c')).toEqual([
      "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ]);
  });
});
