import { describe, expect, it } from 'vitest';
import type { ResourceType } from '@dojo/console-protocol';
import { searchPalette, type NamedObject, type PaletteItem } from './palette-search.ts';

const type = (kind: string, resource: string, shortNames: string[] = [], group = ''): ResourceType => ({ group, version: 'v1', resource, kind, namespaced: true, verbs: ['list'], shortNames });
const pods = type('Pod', 'pods', ['po']);
const deployments = type('Deployment', 'deployments', ['deploy'], 'apps');
const dojos = type('Dojo', 'dojos', [], 'core.jutsu.com');
const types = [pods, deployments, dojos];
const objects: NamedObject[] = [
  { type: pods, namespace: 'default', name: 'web-7d9' },
  { type: deployments, namespace: 'default', name: 'web' },
  { type: dojos, namespace: 'team-a', name: 'hall' },
  { type: pods, namespace: 'team-a', name: 'hall-5f2' },
];

const label = (item: PaletteItem) => (item.kind === 'kind' ? `kind ${item.type.kind}` : `${item.type.kind} ${item.namespace}/${item.name}`);
const search = (q: string) => searchPalette(q, types, objects).map(label);

describe('the command palette search', () => {
  it('finds objects by name, exact matches first', () => {
    expect(search('web')).toEqual(['Deployment default/web', 'Pod default/web-7d9']);
  });

  it('narrows to a kind named by its first word, as kubectl get takes it', () => {
    expect(search('po hall')).toEqual(['Pod team-a/hall-5f2']);
    expect(search('deploy/web')).toEqual(['Deployment default/web']);
    expect(search('dojos ')).toEqual(['Dojo team-a/hall']);
  });

  it('finds kinds by kind, plural or short name, before objects of the same rank', () => {
    expect(search('deploy')).toEqual(['kind Deployment']);
    expect(search('dojo')).toEqual(['kind Dojo']);
    expect(search('po').slice(0, 1)).toEqual(['kind Pod']);
  });

  it('finds an object by namespace/name', () => {
    expect(search('team-a/ha')).toEqual(['Dojo team-a/hall', 'Pod team-a/hall-5f2']);
  });

  it('stops at the limit', () => {
    expect(searchPalette('', types, objects, 2)).toHaveLength(2);
  });
});
