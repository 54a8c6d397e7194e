import { describe, expect, it } from 'vitest';
import { parseWarningHeader } from './warning-header.ts';

describe('parseWarningHeader', () => {
  it('reads the text of a kube-apiserver warning', () => {
    expect(parseWarningHeader('299 - "kafka.example.com/v1alpha1 KafkaTopic is deprecated; use kafka.example.com/v1 KafkaTopic"')).toEqual([
      'kafka.example.com/v1alpha1 KafkaTopic is deprecated; use kafka.example.com/v1 KafkaTopic',
    ]);
  });

  it('has no warnings for a missing or empty header', () => {
    expect(parseWarningHeader(null)).toEqual([]);
    expect(parseWarningHeader('')).toEqual([]);
  });

  it('splits warnings the browser joined with ", " but not a comma inside the quotes, and skips a warn-date', () => {
    expect(parseWarningHeader('299 - "one, two", 299 kube-apiserver "three" "Tue, 15 Nov 1994 08:12:31 GMT", 299 - "four"')).toEqual([
      'one, two',
      'three',
      'four',
    ]);
  });

  it('unescapes quotes and backslashes', () => {
    expect(parseWarningHeader('299 - "say \\"hi\\" to C:\\\\temp"')).toEqual(['say "hi" to C:\\temp']);
  });

  it('keeps only warn-code 299 with a text', () => {
    expect(parseWarningHeader('199 - "transient", 299 - "", 299 - "kept"')).toEqual(['kept']);
  });

  it('stops at a value that does not parse, keeping what came before it', () => {
    expect(parseWarningHeader('299 - "first", 299 - unquoted, 299 - "lost"')).toEqual(['first']);
    expect(parseWarningHeader('299 - "trailing" garbage, 299 - "lost"')).toEqual([]);
  });

  it('decodes the RFC 2047 encoded-word the console proxy sends for a text outside ASCII', () => {
    const text = 'Größe ist veraltet → nimm v1';
    const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(text)));
    expect(parseWarningHeader(`299 - "=?UTF-8?B?${encoded}?="`)).toEqual([text]);
    expect(parseWarningHeader('299 - "=?utf-8?q?Gr=C3=B6=C3=9Fe_v1?="')).toEqual(['Größe v1']);
  });

  it('decodes raw UTF-8 bytes, which the browser hands over one char per byte', () => {
    const bytes = String.fromCharCode(...new TextEncoder().encode('Größe'));
    expect(parseWarningHeader(`299 - "${bytes}"`)).toEqual(['Größe']);
  });
});
