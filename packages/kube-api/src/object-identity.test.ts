import { describe, expect, it } from 'vitest';
import { identityKey, identityOf, parseIdentityKey, sameIncarnation } from './object-identity.ts';

describe('object identity', () => {
  it('tells apart objects of different kinds that share a namespace and name', () => {
    const dojo = identityKey({ group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web' });
    const deployment = identityKey({ group: 'apps', kind: 'Deployment', namespace: 'default', name: 'web' });
    expect(dojo).toBe('core.jutsu.com/Dojo/default/web');
    expect(deployment).not.toBe(dojo);
  });

  it('keys core-group and cluster-scoped objects with empty segments, and parses every key back', () => {
    expect(identityKey({ group: '', kind: 'Namespace', name: 'team-a' })).toBe('/Namespace//team-a');
    expect(parseIdentityKey('/Namespace//team-a')).toEqual({ group: '', kind: 'Namespace', name: 'team-a' });
    expect(parseIdentityKey('apps/Deployment/default/web')).toEqual({ group: 'apps', kind: 'Deployment', namespace: 'default', name: 'web' });
    expect(parseIdentityKey('default/web')).toBeUndefined();
  });

  it('reads the group from apiVersion and keeps the uid of the object it saw', () => {
    const id = identityOf({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { namespace: 'default', name: 'web', uid: 'u1' } });
    expect(id).toEqual({ group: 'apps', kind: 'Deployment', namespace: 'default', name: 'web', uid: 'u1' });
    expect(identityOf({ metadata: { name: 'x' } }, { group: '', kind: 'Pod' })).toEqual({ group: '', kind: 'Pod', name: 'x' });
  });

  it('tells a re-created object (new uid) from the one before it, but matches when a uid is unknown', () => {
    const before = { group: 'apps', kind: 'Deployment', namespace: 'default', name: 'web', uid: 'u1' };
    expect(sameIncarnation(before, { ...before, uid: 'u2' })).toBe(false);
    expect(sameIncarnation(before, { group: 'apps', kind: 'Deployment', namespace: 'default', name: 'web' })).toBe(true);
  });
});
