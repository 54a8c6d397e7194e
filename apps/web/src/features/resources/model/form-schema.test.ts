import { describe, expect, it } from 'vitest';
import type { ServedResource } from '@dojo/console-protocol';
import { allFieldIds, constraintText, formFieldsForKind, humanize, repeatedLabels, type FormField } from './form-schema.ts';
import type { SchemaNode } from './schema-refs.ts';
import { referenceTargetResolver } from './reference-target.ts';

const dojoSchema: SchemaNode = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { allOf: [{ $ref: '#/components/schemas/ObjectMeta' }] },
    spec: {
      type: 'object',
      required: ['accountId', 'title', 'credentialsRef'],
      properties: {
        accountId: { type: 'string', minLength: 1, description: 'The account that owns this Dojo.' },
        title: { type: 'string', minLength: 1, maxLength: 128 },
        database: { type: 'string', enum: ['Postgres', 'Mongo'], default: 'Postgres' },
        credentialsRef: {
          type: 'object',
          description: 'The Secret holding the database credentials, produced by CloudNativePG for the database owner.',
          required: ['name'],
          properties: { name: { type: 'string' }, namespace: { type: 'string' } },
        },
        replicas: { type: 'integer', format: 'int32', minimum: 0, default: 1 },
        image: { type: 'string' },
        alarms: {
          type: 'object',
          properties: {
            channelRef: {
              type: 'object',
              description: 'The DiscordChannel that receives alarm messages.',
              required: ['name'],
              properties: { name: { type: 'string' }, namespace: { type: 'string' } },
            },
          },
        },
      },
    },
    status: { type: 'object', properties: { readyStatus: { type: 'string' } } },
  },
};

const kind = (group: string, kindName: string, resource: string, namespaced = true): ServedResource => ({
  group,
  version: 'v1',
  resource,
  kind: kindName,
  namespaced,
  verbs: ['get', 'list', 'watch', 'create'],
});

const types: ServedResource[] = [
  kind('', 'Secret', 'secrets'),
  kind('', 'ConfigMap', 'configmaps'),
  kind('', 'Namespace', 'namespaces', false),
  kind('postgresql.cnpg.io', 'Database', 'databases'),
  kind('core.jutsu.com', 'Dojo', 'dojos'),
  kind('core.jutsu.com', 'DiscordChannel', 'discordchannels'),
  kind('core.jutsu.com', 'DiscordGroup', 'discordgroups'),
];

function find(fields: readonly FormField[], id: string): FormField | undefined {
  for (const f of fields) {
    if (f.id === id) return f;
    if (f.kind === 'object' || f.kind === 'reference') {
      const inner = find(f.fields, id);
      if (inner) return inner;
    }
  }
  return undefined;
}

describe('formFieldsForKind', () => {
  const fields = formFieldsForKind(dojoSchema, referenceTargetResolver(types));

  it('leaves out apiVersion, kind, metadata and status', () => {
    expect(fields.map((f) => f.id)).toEqual(['spec']);
  });

  it('marks required fields and keeps their bounds', () => {
    expect(find(fields, 'spec.accountId')).toMatchObject({ kind: 'string', required: true, label: 'Account ID', minLength: 1 });
    expect(find(fields, 'spec.title')).toMatchObject({ kind: 'string', required: true, maxLength: 128 });
    expect(find(fields, 'spec.image')).toMatchObject({ kind: 'string', required: false });
  });

  it('turns an enum into a choice with its default', () => {
    expect(find(fields, 'spec.database')).toMatchObject({ kind: 'enum', options: ['Postgres', 'Mongo'], default: 'Postgres' });
  });

  it('keeps numeric bounds and defaults', () => {
    const replicas = find(fields, 'spec.replicas')!;
    expect(replicas).toMatchObject({ kind: 'integer', minimum: 0, default: 1, label: 'Replicas' });
    expect(constraintText(replicas)).toBe('≥ 0 · default 1');
  });

  it('makes *Ref objects reference pickers aimed at the kind their description names', () => {
    expect(find(fields, 'spec.credentialsRef')).toMatchObject({ kind: 'reference', required: true, target: { kind: 'Secret', group: '' } });
    expect(find(fields, 'spec.alarms.channelRef')).toMatchObject({ kind: 'reference', target: { kind: 'DiscordChannel' } });
    expect(find(fields, 'spec.alarms')).toMatchObject({ kind: 'object', required: false });
  });

  it('lists nested field ids, where server errors can be placed', () => {
    expect(allFieldIds(fields)).toContain('spec.credentialsRef.name');
    expect(allFieldIds(fields)).toContain('spec.alarms.channelRef.namespace');
  });

  it('finds the labels several inputs would share, the metadata inputs included', () => {
    expect([...repeatedLabels(fields, ['Name', 'Namespace'])].sort()).toEqual(['Name', 'Namespace']);
    expect(repeatedLabels(fields).has('Title')).toBe(false);
  });

  it('edits maps of strings, scalar lists, int-or-strings, and everything else as YAML', () => {
    const schema: SchemaNode = {
      properties: {
        spec: {
          type: 'object',
          properties: {
            labels: { type: 'object', additionalProperties: { type: 'string' } },
            hosts: { type: 'array', items: { type: 'string' } },
            ports: { type: 'array', items: { type: 'object', properties: { port: { type: 'integer' } } } },
            port: { 'x-kubernetes-int-or-string': true },
            extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
            enabled: { type: 'boolean', default: false },
            ratio: { type: 'number', minimum: 0, maximum: 1, exclusiveMaximum: true },
          },
        },
      },
    };
    const f = formFieldsForKind(schema);
    expect(find(f, 'spec.labels')?.kind).toBe('map');
    expect(find(f, 'spec.hosts')).toMatchObject({ kind: 'list', itemKind: 'string' });
    expect(find(f, 'spec.ports')?.kind).toBe('yaml');
    expect(find(f, 'spec.port')?.kind).toBe('intOrString');
    expect(find(f, 'spec.extra')?.kind).toBe('yaml');
    expect(find(f, 'spec.enabled')).toMatchObject({ kind: 'boolean', default: false });
    expect(constraintText(find(f, 'spec.ratio')!)).toBe('≥ 0 · < 1');
  });

  it('forms top-level fields of kinds without a spec, such as a Secret', () => {
    const secret: SchemaNode = {
      properties: {
        metadata: { type: 'object' },
        type: { type: 'string' },
        stringData: { type: 'object', additionalProperties: { type: 'string' } },
      },
    };
    expect(formFieldsForKind(secret).map((f) => [f.id, f.kind])).toEqual([
      ['type', 'string'],
      ['stringData', 'map'],
    ]);
  });
});

describe('kinds without a full schema', () => {
  it('edit everything the schema does not describe as one YAML field', () => {
    const configMap: SchemaNode = {
      type: 'object',
      'x-kubernetes-preserve-unknown-fields': true,
      properties: { apiVersion: { type: 'string' }, metadata: { type: 'object' } },
    };
    const fields = formFieldsForKind(configMap);
    expect(fields).toEqual([expect.objectContaining({ kind: 'yaml', path: [], id: '', label: 'Fields' })]);
    expect(allFieldIds(fields)).toEqual([]);
  });
});

describe('referenceTargetResolver', () => {
  const resolve = referenceTargetResolver(types);

  it('prefers a kind the field name spells out', () => {
    expect(resolve('secretRef', 'mentions a DiscordChannel')?.kind).toBe('Secret');
    expect(resolve('configMapRef', undefined)?.kind).toBe('ConfigMap');
  });

  it('falls back to the first kind the description names, as a whole word', () => {
    expect(resolve('credentialsRef', 'The Secret for the Database')?.kind).toBe('Secret');
    expect(resolve('ownerRef', 'the database that owns it')).toBeUndefined();
  });

  it('falls back to the only kind ending with the stem', () => {
    expect(resolve('channelRef', undefined)?.kind).toBe('DiscordChannel');
    expect(resolve('thingRef', undefined)).toBeUndefined();
  });
});

describe('humanize', () => {
  it('writes field names as labels', () => {
    expect(humanize('accountId')).toBe('Account ID');
    expect(humanize('credentialsRef')).toBe('Credentials ref');
    expect(humanize('maxConcurrentReconciles')).toBe('Max concurrent reconciles');
    expect(humanize('apiURL')).toBe('API URL');
    expect(humanize('replicas')).toBe('Replicas');
  });
});
