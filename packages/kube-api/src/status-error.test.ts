import { describe, expect, it } from 'vitest';
import { fieldError } from './field-errors.ts';
import { isConflict, newConflict, newInvalid, newNotFound, StatusError } from './status-error.ts';

const dojos = { group: 'core.jutsu.com', resource: 'dojos' };
const dojoKind = { group: 'core.jutsu.com', kind: 'Dojo' };

describe('StatusError factories', () => {
  it('words a stale write exactly as kube-apiserver does', () => {
    const err = newConflict(dojos, 'kyoto');
    expect(err.code).toBe(409);
    expect(err.reason).toBe('Conflict');
    expect(err.message).toBe(
      'Operation cannot be fulfilled on dojos.core.jutsu.com "kyoto": the object has been modified; please apply your changes to the latest version and try again',
    );
    expect(isConflict(err)).toBe(true);
  });

  it('names core-group resources without a group suffix', () => {
    expect(newNotFound({ group: '', resource: 'pods' }, 'web-0').message).toBe('pods "web-0" not found');
  });

  it('omits empty details members as kube-apiserver does (omitempty): no group for a core kind, no name for a nameless object', () => {
    expect(newNotFound({ group: '', resource: 'pods' }, 'web-0').status.details).toEqual({ name: 'web-0', kind: 'pods' });
    const nameless = newInvalid({ group: '', kind: 'ConfigMap' }, '', [fieldError.required('metadata.name')]);
    expect(Object.keys(nameless.status.details!)).toEqual(['kind', 'causes']);
  });

  it('renders a minimum violation with kubectl-identical text and a field cause', () => {
    const err = newInvalid(dojoKind, 'kyoto', [fieldError.invalid('spec.replicas', -1, 'spec.replicas in body should be greater than or equal to 0')]);
    expect(err.code).toBe(422);
    expect(err.message).toBe(
      'Dojo.core.jutsu.com "kyoto" is invalid: spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0',
    );
    expect(err.status.details?.causes).toEqual([
      {
        reason: 'FieldValueInvalid',
        message: 'Invalid value: -1: spec.replicas in body should be greater than or equal to 0',
        field: 'spec.replicas',
      },
    ]);
  });

  it('lists supported enum values and brackets several errors', () => {
    const err = newInvalid(dojoKind, 'kyoto', [fieldError.notSupported('spec.database', 'MySQL', ['Postgres', 'Mongo']), fieldError.required('spec.title')]);
    expect(err.message).toBe(
      'Dojo.core.jutsu.com "kyoto" is invalid: [spec.database: Unsupported value: "MySQL": supported values: "Postgres", "Mongo", spec.title: Required value]',
    );
  });

  it('prints an object or list bad value as JSON, as apimachinery 1.37 does, with a map of strings sorted like a Go map', () => {
    const err = newInvalid({ group: 'apps', kind: 'Deployment' }, 'web', [
      fieldError.invalid('spec.template.metadata.labels', { tier: 'web', app: 'a' }, '`selector` does not match template `labels`'),
      fieldError.invalid('spec.selector', { matchLabels: { app: 'b' }, matchExpressions: [] }, 'field is immutable'),
      fieldError.invalid('spec.note', { text: '<b>&' }, 'bad'),
    ]);
    expect(err.status.details?.causes?.map((c) => c.message)).toEqual([
      'Invalid value: {"app":"a","tier":"web"}: `selector` does not match template `labels`',
      'Invalid value: {"matchLabels":{"app":"b"},"matchExpressions":[]}: field is immutable',
      'Invalid value: {"text":"\\u003cb\\u003e\\u0026"}: bad',
    ]);
  });

  it('decodes a Status body from a response and falls back to the HTTP code', () => {
    const original = newNotFound(dojos, 'gone');
    const decoded = StatusError.fromResponse(404, JSON.parse(JSON.stringify(original.status)));
    expect(decoded.status).toEqual(original.status);
    const fallback = StatusError.fromResponse(503, 'upstream down');
    expect(fallback.reason).toBe('ServiceUnavailable');
    expect(fallback.message).toBe('upstream down');
  });
});
