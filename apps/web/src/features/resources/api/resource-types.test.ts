import { describe, expect, it } from 'vitest';
import type { ServedResource } from '@dojo/console-protocol';
import { findResourceType } from './resource-types.ts';

const kafkaTopics: ServedResource = {
  group: 'kafka.example.com',
  version: 'v1',
  versions: ['v1', 'v1alpha1'],
  resource: 'kafkatopics',
  kind: 'KafkaTopic',
  namespaced: true,
  verbs: ['create', 'get', 'list', 'watch'],
};
const configMaps: ServedResource = { group: '', version: 'v1', versions: ['v1'], resource: 'configmaps', kind: 'ConfigMap', namespaced: true, verbs: ['list'] };
const types = [configMaps, kafkaTopics];

describe('findResourceType', () => {
  it('finds a kind at its preferred version', () => {
    expect(findResourceType(types, { group: 'kafka.example.com', version: 'v1', resource: 'kafkatopics' })).toBe(kafkaTopics);
  });

  it('resolves another served version of the kind to that version', () => {
    expect(findResourceType(types, { group: 'kafka.example.com', version: 'v1alpha1', resource: 'kafkatopics' })).toEqual({
      ...kafkaTopics,
      version: 'v1alpha1',
    });
  });

  it('falls back to the preferred version for a version the cluster does not serve', () => {
    expect(findResourceType(types, { group: 'kafka.example.com', version: 'v1beta9', resource: 'kafkatopics' })).toBe(kafkaTopics);
  });

  it('finds nothing for a resource the cluster does not serve', () => {
    expect(findResourceType(types, { group: 'kafka.example.com', version: 'v1', resource: 'kafkausers' })).toBeUndefined();
  });
});
