import { describe, expect, it } from 'vitest';
import type { Status, StatusCause } from '@dojo/kube-api';
import { countProblems, problemsText } from './form-problems.ts';
import { placeStatusCauses } from './form-values.ts';

const invalid = (causes: StatusCause[]): Status => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  code: 422,
  reason: 'Invalid',
  details: { causes },
});

// What the embedded API server answers a Dojo dry run with replicas -1 and nothing else filled in.
const dojoDryRun = invalid([
  { reason: 'FieldValueInvalid', message: 'Invalid value: -1: spec.replicas in body should be greater than or equal to 0', field: 'spec.replicas' },
  { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.accountId' },
  { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.title' },
  { reason: 'FieldValueInvalid', message: 'Invalid value: -1: should be a non-negative integer', field: '.spec.replicas' },
]);
const ids = ['spec.replicas', 'spec.accountId', 'spec.title'];

describe('the problems the form reports', () => {
  it('writes two objections to the same rejected value as one line under the field', () => {
    const placed = placeStatusCauses(dojoDryRun, ids);
    expect(placed.byField.get('spec.replicas')).toEqual([
      'Invalid value: -1: spec.replicas in body should be greater than or equal to 0; should be a non-negative integer',
    ]);
  });

  it('lists the same field and message once, however the path is written', () => {
    const placed = placeStatusCauses(
      invalid([
        { field: 'spec.title', message: 'Required value' },
        { field: '.spec.title', message: 'Required value' },
      ]),
      ids,
    );
    expect(placed.byField.get('spec.title')).toEqual(['Required value']);
  });

  it('counts one problem per marked field, not per message', () => {
    const placed = placeStatusCauses(dojoDryRun, ids);
    expect(countProblems(placed, () => true, true)).toEqual({ shown: 3, notYetShown: 0 });
  });

  it('counts only what is shown, and how many fields have not been reached yet', () => {
    const placed = placeStatusCauses(dojoDryRun, ids);
    expect(countProblems(placed, (id) => id === 'spec.replicas', true)).toEqual({ shown: 1, notYetShown: 2 });
  });

  it('counts messages that belong to no field once they are shown', () => {
    const placed = placeStatusCauses(invalid([{ message: 'whole object is wrong' }]), ids);
    expect(countProblems(placed, () => false, false)).toEqual({ shown: 0, notYetShown: 1 });
    expect(countProblems(placed, () => false, true)).toEqual({ shown: 1, notYetShown: 0 });
  });

  it('says "1 problem" and "2 problems"', () => {
    expect([problemsText(1), problemsText(2)]).toEqual(['1 problem', '2 problems']);
  });
});
