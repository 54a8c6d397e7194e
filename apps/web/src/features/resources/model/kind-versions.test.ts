import { describe, expect, it } from 'vitest';
import type { ServedResource } from '@dojo/console-protocol';
import { conversionText, kindVersions, storedVersions, type CustomResourceDefinition } from './kind-versions.ts';

const widgets = (version: string, versions: string[]): ServedResource => ({
  group: 'example.com',
  version,
  versions,
  resource: 'widgets',
  kind: 'Widget',
  namespaced: true,
  verbs: ['list', 'watch'],
});

const crd = (overrides: Partial<CustomResourceDefinition['spec']> = {}, storedVersions?: string[]): CustomResourceDefinition => ({
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    versions: [
      {
        name: 'v1alpha1',
        served: true,
        storage: false,
        deprecated: true,
        deprecationWarning: 'example.com/v1alpha1 Widget is deprecated; use example.com/v1 Widget',
      },
      { name: 'v1', served: true, storage: true },
      { name: 'v0', served: false, storage: false },
    ],
    ...overrides,
  },
  ...(storedVersions ? { status: { storedVersions } } : {}),
});

describe('kindVersions', () => {
  it("lists a CRD's served versions in discovery's order, then the versions it no longer serves", () => {
    expect(kindVersions(widgets('v1alpha1', ['v1', 'v1alpha1']), crd())).toEqual([
      { name: 'v1', served: true, preferred: true, current: false, storage: true, deprecated: false },
      {
        name: 'v1alpha1',
        served: true,
        preferred: false,
        current: true,
        storage: false,
        deprecated: true,
        deprecationWarning: 'example.com/v1alpha1 Widget is deprecated; use example.com/v1 Widget',
      },
      { name: 'v0', served: false, preferred: false, current: false, storage: false, deprecated: false },
    ]);
  });

  it('knows nothing of storage or deprecation for a built-in kind', () => {
    expect(kindVersions(widgets('v2', ['v2', 'v1']), null)).toEqual([
      { name: 'v2', served: true, preferred: true, current: true },
      { name: 'v1', served: true, preferred: false, current: false },
    ]);
  });

  it('takes the version alone when the server does not list versions', () => {
    const { versions: _, ...old } = widgets('v1', []);
    expect(kindVersions(old, undefined)).toEqual([{ name: 'v1', served: true, preferred: true, current: true }]);
  });
});

describe('storedVersions', () => {
  it('reads status.storedVersions, which may still name a version objects were written at before', () => {
    expect(storedVersions(crd({}, ['v1alpha1', 'v1']))).toEqual(['v1alpha1', 'v1']);
  });

  it('falls back to the storage version without a status', () => {
    expect(storedVersions(crd())).toEqual(['v1']);
  });
});

describe('conversionText', () => {
  it('says None when the CRD sets no conversion, as the API server defaults it', () => {
    expect(conversionText(crd())).toBe('None');
    expect(conversionText(crd({ conversion: { strategy: 'None' } }))).toBe('None');
  });

  it('names the webhook service a Webhook conversion calls', () => {
    expect(
      conversionText(
        crd({ conversion: { strategy: 'Webhook', webhook: { clientConfig: { service: { namespace: 'system', name: 'converter', path: '/convert' } } } } }),
      ),
    ).toBe('Webhook (system/converter/convert)');
  });
});
