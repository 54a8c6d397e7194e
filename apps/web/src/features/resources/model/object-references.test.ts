import { describe, expect, it } from 'vitest';
import type { ServedResource } from '@dojo/console-protocol';
import { formFieldsForKind } from './form-schema.ts';
import type { SchemaNode } from './schema-refs.ts';
import { objectReferences } from './object-references.ts';
import { referenceTargetResolver } from './reference-target.ts';

const ref = (description: string): SchemaNode => ({
  type: 'object',
  description,
  required: ['name'],
  properties: { name: { type: 'string' }, namespace: { type: 'string' } },
});
const schema: SchemaNode = {
  properties: {
    spec: {
      type: 'object',
      properties: {
        credentialsRef: ref('The Secret holding the credentials.'),
        alarms: { type: 'object', properties: { channelRef: ref('The DiscordChannel that receives alarms.') } },
      },
    },
  },
};
const types: ServedResource[] = [
  { group: '', version: 'v1', resource: 'secrets', kind: 'Secret', namespaced: true, verbs: ['list'] },
  { group: 'core.jutsu.com', version: 'v1', resource: 'discordchannels', kind: 'DiscordChannel', namespaced: true, verbs: ['list'] },
];

describe('objectReferences', () => {
  const fields = formFieldsForKind(schema, referenceTargetResolver(types));

  it('finds every named reference with its target kind, defaulting to the object namespace', () => {
    const dojo = {
      metadata: { name: 'a', namespace: 'team' },
      spec: { credentialsRef: { name: 'db-app' }, alarms: { channelRef: { name: 'alarms', namespace: 'ops' } } },
    };
    expect(objectReferences(dojo, fields)).toEqual([
      { field: 'spec.credentialsRef', label: 'Credentials ref', target: expect.objectContaining({ kind: 'Secret' }), name: 'db-app', namespace: 'team' },
      { field: 'spec.alarms.channelRef', label: 'Channel ref', target: expect.objectContaining({ kind: 'DiscordChannel' }), name: 'alarms', namespace: 'ops' },
    ]);
  });

  it('skips references that are not set', () => {
    expect(objectReferences({ metadata: { name: 'a' }, spec: {} }, fields)).toEqual([]);
  });
});
