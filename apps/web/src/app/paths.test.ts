import { describe, expect, it } from 'vitest';
import { navItems, parseRoute, paths } from './paths.ts';

const dojos = { group: 'core.jutsu.com', version: 'v1', resource: 'dojos' };
const namespaces = { group: '', version: 'v1', resource: 'namespaces' };

describe('page paths', () => {
  it('opens the overview at the root', () => {
    expect(parseRoute('/')).toEqual({ name: 'overview' });
  });

  it('round-trips a namespaced object detail with its tab', () => {
    const url = new URL(paths.resourceDetail({ gvr: dojos, namespace: 'default', objectName: 'my dojo', tab: 'yaml' }), 'http://x');
    expect(url.pathname).toBe('/resources/core.jutsu.com/v1/dojos/default/my%20dojo');
    expect(parseRoute(url.pathname, url.searchParams)).toEqual({
      name: 'resource-detail',
      gvr: dojos,
      namespace: 'default',
      objectName: 'my dojo',
      tab: 'yaml',
    });
  });

  it('writes the core group as "core" and cluster-scoped objects with "_"', () => {
    const path = paths.resourceDetail({ gvr: namespaces, objectName: 'kube-system' });
    expect(path).toBe('/resources/core/v1/namespaces/_/kube-system');
    expect(parseRoute(path)).toEqual({ name: 'resource-detail', gvr: namespaces, objectName: 'kube-system', tab: 'overview' });
  });

  it('parses list, create and edit pages', () => {
    expect(parseRoute(paths.resourceList({ gvr: dojos }))).toEqual({ name: 'resource-list', gvr: dojos });
    expect(parseRoute(paths.resourceCreate({ gvr: dojos }))).toEqual({ name: 'resource-create', gvr: dojos });
    expect(parseRoute(paths.resourceEdit({ gvr: dojos, namespace: 'default', objectName: 'a' }))).toEqual({
      name: 'resource-edit',
      gvr: dojos,
      namespace: 'default',
      objectName: 'a',
    });
  });

  it('keeps a list view in the URL: namespace, label selector, name filter and sort', () => {
    const path = paths.resourceList({ gvr: dojos, namespace: 'team-a', labelSelector: 'app=web,tier!=db', q: 'hall', sort: '-age' });
    expect(path).toBe('/resources/core.jutsu.com/v1/dojos?namespace=team-a&labelSelector=app%3Dweb%2Ctier%21%3Ddb&q=hall&sort=-age');
    const url = new URL(path, 'http://x');
    expect(parseRoute(url.pathname, url.searchParams)).toEqual({
      name: 'resource-list',
      gvr: dojos,
      namespace: 'team-a',
      labelSelector: 'app=web,tier!=db',
      q: 'hall',
      sort: '-age',
    });
  });

  it('falls back to the overview tab for an unknown tab', () => {
    expect(parseRoute('/resources/core/v1/pods/default/p', new URLSearchParams('tab=nope'))).toMatchObject({ tab: 'overview' });
  });

  it('parses the controller views with and without a controller', () => {
    expect(parseRoute('/workqueue')).toEqual({ name: 'workqueue' });
    expect(parseRoute(paths.workqueue({ controller: 'dojo' }))).toEqual({ name: 'workqueue', controller: 'dojo' });
    expect(parseRoute(paths.debug({ controller: 'discordchannel' }))).toEqual({ name: 'debug', controller: 'discordchannel' });
    expect(parseRoute('/timeline')).toEqual({ name: 'timeline' });
    expect(paths.timeline({ object: 'default/a' })).toBe('/timeline?object=default%2Fa');
  });

  it('keeps the timeline view in the URL: filters, the selected reconcile and the time window', () => {
    const path = paths.timeline({ controller: 'dojo', object: 'default/a', trigger: 'Deployment', reconcile: 'r-1', from: 1000, to: 2000 });
    const url = new URL(path, 'http://x');
    expect(parseRoute(url.pathname, url.searchParams)).toEqual({
      name: 'timeline',
      controller: 'dojo',
      object: 'default/a',
      trigger: 'Deployment',
      reconcile: 'r-1',
      from: 1000,
      to: 2000,
    });
    expect(parseRoute('/timeline', new URLSearchParams('from=soon'))).toEqual({ name: 'timeline' });
  });

  it("points an object's page at a version or a reconcile", () => {
    const url = new URL(paths.resourceDetail({ gvr: dojos, namespace: 'default', objectName: 'a', tab: 'versions', rv: '42', reconcile: 'r-9' }), 'http://x');
    expect(parseRoute(url.pathname, url.searchParams)).toEqual({
      name: 'resource-detail',
      gvr: dojos,
      namespace: 'default',
      objectName: 'a',
      tab: 'versions',
      rv: '42',
      reconcile: 'r-9',
    });
  });

  it('opens a connected client’s page by its name, on the tab asked for', () => {
    expect(parseRoute('/clients/my-operator', new URLSearchParams('tab=faults'))).toEqual({ name: 'client', client: 'my-operator', tab: 'faults' });
    expect(paths.client({ client: 'my-operator' })).toBe('/clients/my-operator');
  });

  it('lists Simulators in the sidebar, and keeps the old Discord page’s URL as a route of its own (it redirects)', () => {
    expect(navItems.map((item) => item.label)).toContain('Simulators');
    expect(navItems.map((item) => item.label)).not.toContain('Discord');
    expect(parseRoute(paths.simulators({}))).toEqual({ name: 'simulators' });
    expect(parseRoute('/discord')).toEqual({ name: 'discord' });
  });

  it('answers not-found for paths it does not know', () => {
    expect(parseRoute('/nope')).toEqual({ name: 'not-found' });
    expect(parseRoute('/resources/core.jutsu.com')).toEqual({ name: 'not-found' });
    expect(parseRoute('/resources/core/v1/pods/ns/name/other')).toEqual({ name: 'not-found' });
    expect(parseRoute('/conflicts/extra')).toEqual({ name: 'not-found' });
  });
});
