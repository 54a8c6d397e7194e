import { describe, expect, it } from 'vitest';
import type { Status } from '@dojo/kube-api';
import { redactSecretAnswer, redactSecrets, redactSecretStatus } from './secret-redaction.ts';

const secret = (kind = 'Secret') => ({
  apiVersion: 'v1',
  kind,
  metadata: { name: 'db', annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{"data":{"password":"aHVudGVyMg=="}}' } },
  data: { password: 'aHVudGVyMg==' },
});

describe('redaction', () => {
  it('hides the values of any object in an answer about Secrets, whatever kind it claims and wherever it sits', () => {
    const shapes = [
      secret('NotSecret'),
      { kind: 'SecretList', items: [secret('NotSecret')] },
      { kind: 'Table', rows: [{ cells: ['db'], object: secret('NotSecret') }] },
      { type: 'MODIFIED', object: secret('') },
      { kind: 'List', items: [{ kind: 'List', items: [secret('Other')] }] },
    ];
    for (const body of shapes) {
      const text = JSON.stringify(redactSecretAnswer(200, body));
      expect(text).not.toContain('aHVudGVyMg');
      expect(text).toContain('"password":"<redacted>"');
    }
  });

  it('finds v1 Secrets at any depth of any other answer', () => {
    expect(JSON.stringify(redactSecrets({ kind: 'List', items: [{ kind: 'List', items: [secret()] }] }))).not.toContain('aHVudGVyMg');
    expect(redactSecrets({ apiVersion: 'v1', kind: 'ConfigMap', data: { a: 'b' } })).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', data: { a: 'b' } });
  });

  it('replaces error texts that may quote a value, keeping code, reason and field paths', () => {
    const invalid: Status = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      code: 422,
      reason: 'Invalid',
      message: 'Secret "db" is invalid: metadata.name: Invalid value: "aHVudGVyMg==": a lowercase RFC 1123 subdomain ...',
      details: { name: 'db', kind: 'Secret', causes: [{ reason: 'FieldValueInvalid', field: 'metadata.name', message: 'Invalid value: "aHVudGVyMg=="' }] },
    };
    const redacted = redactSecretStatus(invalid);
    expect(JSON.stringify(redacted)).not.toContain('aHVudGVyMg');
    expect(redacted).toMatchObject({
      code: 422,
      reason: 'Invalid',
      details: { name: 'db', causes: [{ reason: 'FieldValueInvalid', field: 'metadata.name' }] },
    });
    expect(redacted.message).toBe('Secret "db" is invalid: metadata.name: Invalid value (the message is hidden: it may quote Secret values)');
    const bad = redactSecretStatus({
      ...invalid,
      code: 400,
      reason: 'BadRequest',
      message: 'the name of the object (aHVudGVyMg==) does not match the name on the URL (db)',
      details: { name: 'db' },
    });
    expect(bad.message).not.toContain('aHVudGVyMg');
    const notFound = { ...invalid, code: 404, reason: 'NotFound' as const, message: 'secrets "db" not found' };
    expect(redactSecretStatus(notFound)).toBe(notFound);
    expect(JSON.stringify(redactSecretAnswer(200, 'raw aHVudGVyMg== text'))).not.toContain('aHVudGVyMg');
  });
});
