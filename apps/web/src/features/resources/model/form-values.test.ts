import { describe, expect, it } from 'vitest';
import type { Status, StatusCause } from '@dojo/kube-api';
import { editableObject, getAt, parseListLines, placeStatusCauses, restOf, setAt, withRest } from './form-values.ts';

const invalid = (causes: StatusCause[]): Status => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  code: 422,
  reason: 'Invalid',
  message: 'Dojo.core.jutsu.com "a" is invalid',
  details: { causes },
});

describe('form values', () => {
  it('edits an object without its status and managed fields', () => {
    const stored = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'a', resourceVersion: '7', managedFields: [{ manager: 'kubectl' }] },
      data: { k: 'v' },
      status: { phase: 'x' },
    };
    expect(editableObject(stored)).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', resourceVersion: '7' }, data: { k: 'v' } });
  });

  it('sets nested fields without touching the original', () => {
    const start = { spec: { title: 'a' } };
    const next = setAt(start, ['spec', 'credentialsRef', 'name'], 'db-app');
    expect(next).toEqual({ spec: { title: 'a', credentialsRef: { name: 'db-app' } } });
    expect(start).toEqual({ spec: { title: 'a' } });
    expect(getAt(next, ['spec', 'credentialsRef', 'name'])).toBe('db-app');
  });

  it('removes a cleared field and the objects it leaves empty, so defaults apply', () => {
    const start = { spec: { title: 'a', alarms: { channelRef: { name: 'x' } } } };
    expect(setAt(start, ['spec', 'alarms', 'channelRef', 'name'], undefined)).toEqual({ spec: { title: 'a' } });
  });

  it('reads nothing through a scalar', () => {
    expect(getAt({ spec: 'x' }, ['spec', 'a'])).toBeUndefined();
  });

  it('edits the fields a schema does not describe as one object, keeping the described ones', () => {
    const described = new Set(['apiVersion', 'kind', 'metadata', 'status']);
    const draft = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { x: '1' } };
    expect(restOf(draft, described)).toEqual({ data: { x: '1' } });
    expect(withRest(draft, { data: { y: '2' }, metadata: { name: 'ignored' } }, described)).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'a' },
      data: { y: '2' },
    });
  });

  it('edits scalar lists one per line, checking numbers', () => {
    expect(parseListLines('a\n b\n', 'string')).toEqual({ value: ['a', 'b'] });
    expect(parseListLines('1\n2', 'integer')).toEqual({ value: [1, 2] });
    expect(parseListLines('1\n2.5', 'integer').error).toBe('line 2: "2.5" is not an integer');
  });
});

describe('placeStatusCauses', () => {
  const ids = ['metadata.name', 'spec', 'spec.replicas', 'spec.credentialsRef', 'spec.credentialsRef.name', 'spec.ports'];

  it('puts each cause under the field its path names', () => {
    const placed = placeStatusCauses(
      invalid([
        { reason: 'FieldValueInvalid', field: 'spec.replicas', message: 'spec.replicas in body should be greater than or equal to 0' },
        { reason: 'FieldValueRequired', field: 'spec.credentialsRef.name', message: 'Required value' },
      ]),
      ids,
    );
    expect(placed.byField.get('spec.replicas')).toEqual(['spec.replicas in body should be greater than or equal to 0']);
    expect(placed.byField.get('spec.credentialsRef.name')).toEqual(['Required value']);
    expect(placed.unplaced).toEqual([]);
  });

  it('reads paths written with a leading dot, as CEL rules write them', () => {
    const placed = placeStatusCauses(invalid([{ field: '.spec.replicas', message: 'should be a non-negative integer' }]), ids);
    expect(placed.byField.get('spec.replicas')).toEqual(['should be a non-negative integer']);
  });

  it('puts a cause inside a list on the list field', () => {
    const placed = placeStatusCauses(invalid([{ field: 'spec.ports[0].port', message: 'bad port' }]), ids);
    expect(placed.byField.get('spec.ports')).toEqual(['bad port']);
  });

  it('keeps causes outside the form, and a Status without causes, unplaced', () => {
    expect(placeStatusCauses(invalid([{ field: 'metadata.labels', message: 'bad label' }]), ['spec.replicas']).unplaced).toEqual([
      'metadata.labels: bad label',
    ]);
    expect(placeStatusCauses(invalid([{ message: 'whole object is wrong' }]), ids).unplaced).toEqual(['whole object is wrong']);
    const conflict: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 409, message: 'already exists' };
    expect(placeStatusCauses(conflict, ids).unplaced).toEqual(['already exists']);
  });

  it('keeps the message of an admission webhook that refused, naming it, while its causes go under their fields', () => {
    const refused: Status = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      code: 422,
      reason: 'Invalid',
      message: 'admission webhook "deny.dojos.example.com" denied the request: Dojo "a" is invalid: spec.replicas: Invalid value: 7: too many',
      details: { causes: [{ reason: 'FieldValueInvalid', field: 'spec.replicas', message: 'Invalid value: 7: too many' }] },
    };
    const placed = placeStatusCauses(refused, ids);
    expect(placed.admissionRefusal).toBe(refused.message);
    expect(placed.unplaced).toEqual([]);
    expect(placed.byField.get('spec.replicas')).toEqual(['Invalid value: 7: too many']);
  });

  it("does not repeat a policy's denial that its Status also carries as its one cause", () => {
    const denial = "ValidatingAdmissionPolicy 'limit' with binding 'limit-binding' denied request: at most 5 replicas";
    const forbidden: Status = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      code: 422,
      reason: 'Invalid',
      message: `dojos.core.jutsu.com "a" is forbidden: ${denial}`,
      details: { causes: [{ message: denial }] },
    };
    const placed = placeStatusCauses(forbidden, ids);
    expect(placed.unplaced).toEqual([forbidden.message]);
    expect(placed.admissionRefusal).toBeUndefined();
  });

  it('does not repeat the same message on a field', () => {
    const placed = placeStatusCauses(
      invalid([
        { field: 'spec.replicas', message: 'x' },
        { field: 'spec.replicas', message: 'x' },
      ]),
      ids,
    );
    expect(placed.byField.get('spec.replicas')).toEqual(['x']);
  });
});
