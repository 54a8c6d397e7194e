import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { setWarnings } from './responses.ts';

const response = () => new ServerResponse(new IncomingMessage(new Socket()));

describe('setWarnings', () => {
  it('adds warnings to those already set, once each, in the 299 format', () => {
    const res = response();
    setWarnings(res, ['example.com/v1alpha1 Widget is deprecated']);
    setWarnings(res, ['example.com/v1alpha1 Widget is deprecated', 'unknown field "spec.x"']);
    expect(res.getHeader('Warning')).toEqual(['299 - "example.com/v1alpha1 Widget is deprecated"', '299 - "unknown field \\"spec.x\\""']);
  });

  it('sends a text beyond ASCII as an RFC 2047 encoded word, which a header can carry', () => {
    const res = response();
    const text = 'v1alpha1 is deprecated → use v1';
    setWarnings(res, [text]);
    const [value] = res.getHeader('Warning') as string[];
    const encoded = /^299 - "=\?UTF-8\?B\?(.+)\?="$/.exec(value!)?.[1];
    expect(Buffer.from(encoded!, 'base64').toString('utf8')).toBe(text);
  });
});
