import { StatusError } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { decodeObjectBody } from './body.ts';

const configMap = { apiVersion: 'v1', kind: 'ConfigMap' };
const messageOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (err) {
    return err instanceof StatusError ? `${err.status.code} ${err.status.message}` : String(err);
  }
  return undefined;
};

describe('decoding a create or update body', () => {
  it('names the kind the URL expects and the body in hex when a built-in kind’s body is not an object', () => {
    expect(messageOf(() => decodeObjectBody('application/json', Buffer.from('["not", "an", "object"]'), configMap))).toBe(
      '400 the object provided is unrecognized (must be of type ConfigMap): couldn\'t get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" } (5b226e6f74222c2022616e222c20226f626a656374225d)',
    );
  });

  it('summarizes a body that opens as an object by its first 30 bytes as text', () => {
    const body = Buffer.from(`{"metadata": {"name": "x", "labels": ${'{'.repeat(3)}`);
    expect(messageOf(() => decodeObjectBody('application/json', body, configMap))).toMatch(/ \(\{"metadata": \{"name": "x", "la \.\.\.\)$/);
  });

  it('leaves a custom resource’s error as the decoder said it (no kind to name)', () => {
    expect(messageOf(() => decodeObjectBody('application/json', Buffer.from('[1]')))).toMatch(/^400 couldn't get version\/kind; json parse error/);
  });
});
