import { describe, expect, it } from 'vitest';
import { mapRoute, oneOfParam, pathRoute, pathSegments, textParam } from './route.ts';

const at = (url: string) => {
  const { pathname, searchParams } = new URL(url, 'http://console.local');
  return [pathSegments(pathname), searchParams] as const;
};

describe('pathRoute', () => {
  it('matches literal segments and names the params', () => {
    const route = pathRoute('/things/:kind/:name');
    expect(route.parse(...at('/things/dojo/kyoto'))).toEqual({ kind: 'dojo', name: 'kyoto' });
    expect(route.parse(...at('/things/dojo'))).toBeUndefined();
    expect(route.parse(...at('/other/dojo/kyoto'))).toBeUndefined();
    expect(route.parse(...at('/things/dojo/kyoto/more'))).toBeUndefined();
  });

  it('leaves an optional last param out when the path ends before it', () => {
    const route = pathRoute('/workqueue/:controller?');
    expect(route.parse(...at('/workqueue'))).toEqual({});
    expect(route.parse(...at('/workqueue/'))).toEqual({});
    expect(route.parse(...at('/workqueue/dojo'))).toEqual({ controller: 'dojo' });
    expect(route.build({})).toBe('/workqueue');
    expect(route.build({ controller: 'dojo' })).toBe('/workqueue/dojo');
  });

  it('decodes segments when parsing and encodes them when building', () => {
    const route = pathRoute('/objects/:name');
    expect(route.build({ name: 'my dojo/1' })).toBe('/objects/my%20dojo%2F1');
    expect(route.parse(...at(route.build({ name: 'my dojo/1' })))).toEqual({ name: 'my dojo/1' });
    expect(route.parse(...at('/objects/%E0%A4%A'))).toEqual({ name: '%E0%A4%A' });
  });

  it('parses the search params a page declares and builds links with them', () => {
    const route = pathRoute('/timeline', { controller: textParam, object: textParam });
    expect(route.parse(...at('/timeline?object=default%2Fa&other=1'))).toEqual({ object: 'default/a' });
    expect(route.build({ controller: 'dojo', object: 'default/a' })).toBe('/timeline?controller=dojo&object=default%2Fa');
    expect(route.build({ controller: '' })).toBe('/timeline');
  });

  it('reads an unknown choice as the fallback and leaves the fallback out of URLs', () => {
    const route = pathRoute('/detail', { tab: oneOfParam(['overview', 'yaml'] as const, 'overview') });
    expect(route.parse(...at('/detail?tab=yaml'))).toEqual({ tab: 'yaml' });
    expect(route.parse(...at('/detail?tab=nope'))).toEqual({ tab: 'overview' });
    expect(route.build({ tab: 'overview' })).toBe('/detail');
    expect(route.build({ tab: 'yaml' })).toBe('/detail?tab=yaml');
  });
});

describe('mapRoute', () => {
  it('shapes the params for the page both ways', () => {
    const route = mapRoute(pathRoute('/n/:namespace'), {
      parse: ({ namespace }) => (namespace === '_' ? {} : { namespace }),
      build: ({ namespace }: { namespace?: string }) => ({ namespace: namespace || '_' }),
    });
    expect(route.parse(...at('/n/_'))).toEqual({});
    expect(route.parse(...at('/n/default'))).toEqual({ namespace: 'default' });
    expect(route.build({})).toBe('/n/_');
  });
});
