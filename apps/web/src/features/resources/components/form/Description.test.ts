import { describe, expect, it } from 'vitest';
import { firstSentence } from './Description.tsx';

describe('firstSentence', () => {
  it('shortens a kube description to its first sentence', () => {
    expect(firstSentence('Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment.')).toBe(
      'Label selector for pods.',
    );
  });

  it('leaves a description that is one sentence, or barely more, whole', () => {
    expect(firstSentence('The account that owns this Dojo.')).toBeUndefined();
    expect(firstSentence('Weight in grams. Or so.')).toBeUndefined();
  });

  it('does not end a sentence inside a number or a URL', () => {
    expect(
      firstSentence('Defaults to 0.5 of the limit when unset. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/'),
    ).toBe('Defaults to 0.5 of the limit when unset.');
  });
});
