import { describe, expect, it } from 'vitest';
import type { ServedResource } from '@dojo/console-protocol';
import { searchPalette, type NamedObject, type PaletteItem, type PaletteLink } from './palette-search.ts';

const type = (kind: string, resource: string, shortNames: string[] = [], group = ''): ServedResource => ({
  group,
  version: 'v1',
  resource,
  kind,
  namespaced: true,
  verbs: ['list'],
  shortNames,
});
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

const label = (item: PaletteItem) =>
  item.kind === 'kind' ? `kind ${item.type.kind}` : item.kind === 'link' ? `${item.what} ${item.label}` : `${item.type.kind} ${item.namespace}/${item.name}`;
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

  describe('after the Dojo "alpha" made its children and a few dozen Events', () => {
    const events = type('Event', 'events', ['ev']);
    const replicaSets = type('ReplicaSet', 'replicasets', ['rs'], 'apps');
    const secrets = type('Secret', 'secrets');
    const all = [events, pods, replicaSets, secrets, deployments, dojos];
    // Events come first from the server (most objects, listed first), as they did in the issue.
    const world: NamedObject[] = [
      ...Array.from({ length: 30 }, (_, i) => ({ type: events, namespace: 'default', name: `alpha.17f3${i.toString(16)}` })),
      { type: replicaSets, namespace: 'default', name: 'alpha-7d9' },
      { type: pods, namespace: 'default', name: 'alpha-7d9-x1' },
      { type: pods, namespace: 'default', name: 'alpha-7d9-x2' },
      { type: secrets, namespace: 'default', name: 'alpha-app' },
      { type: deployments, namespace: 'default', name: 'alpha' },
      { type: dojos, namespace: 'default', name: 'alpha' },
    ];
    const links: PaletteLink[] = [
      { label: 'Timeline', to: '/timeline', what: 'page' },
      { label: 'Conflicts', to: '/conflicts', what: 'page' },
      { label: 'Workqueue · dojo', to: '/workqueue/dojo', what: 'controller', words: ['dojo'] },
    ];
    const find = (q: string, limit = 50) => searchPalette(q, all, world, limit, links).map(label);

    it("lists the operator's object, its workloads and their plumbing before any Event", () => {
      expect(find('alpha', 7)).toEqual([
        'Dojo default/alpha',
        'Deployment default/alpha',
        'Pod default/alpha-7d9-x1',
        'Pod default/alpha-7d9-x2',
        'ReplicaSet default/alpha-7d9',
        'Secret default/alpha-app',
        'Event default/alpha.17f30',
      ]);
      expect(
        find('alpha')
          .slice(6)
          .every((item) => item.startsWith('Event ')),
      ).toBe(true);
    });

    it('opens pages of the console by their name', () => {
      expect(find('timeline')).toEqual(['page Timeline']);
      expect(find('confl')).toEqual(['page Conflicts']);
    });

    it("finds a controller's pages by its name, after its kind", () => {
      expect(find('dojo').slice(0, 2)).toEqual(['kind Dojo', 'controller Workqueue · dojo']);
    });

    it('still narrows to a kind named first, pages aside', () => {
      expect(find('ev alpha.17f30')).toEqual(['Event default/alpha.17f30']);
    });
  });
});
