/** `GET /api/resources` through the console: every served version of each kind. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../testing/console-harness.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

const group = 'discovery.example.com';

/** A CRD of `group` whose versions are all the same open schema (conversion None). */
function crd(plural: string, kind: string, versions: { name: string; served: boolean; storage: boolean }[]) {
  const schema = { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: { plural, kind, singular: kind.toLowerCase(), listKind: `${kind}List` },
      versions: versions.map((v) => ({ ...v, schema })),
    },
  };
}

interface Served {
  group: string;
  version: string;
  versions: string[];
  resource: string;
}

async function served(resource: string, inGroup: string): Promise<Served | undefined> {
  const res = await c.http('GET', '/api/resources');
  return (res.body.resources as Served[]).find((r) => r.group === inGroup && r.resource === resource);
}

describe('discoverResources', () => {
  it('lists every served version of a kind, the preferred one first', async () => {
    expect(await served('kafkatopics', 'kafka.example.com')).toMatchObject({ version: 'v1', versions: ['v1', 'v1alpha1'] });
    expect(await served('configmaps', '')).toMatchObject({ version: 'v1', versions: ['v1'] });
  });

  it('leaves out versions that are not served, and describes a kind missing from the preferred version at the first version that serves it', async () => {
    const widgets = crd('widgets', 'Widget', [
      { name: 'v1', served: true, storage: true },
      { name: 'v1beta1', served: true, storage: false },
      { name: 'v2alpha1', served: false, storage: false },
    ]);
    const gadgets = crd('gadgets', 'Gadget', [{ name: 'v1beta1', served: true, storage: true }]);
    for (const body of [widgets, gadgets]) {
      expect((await c.http('POST', '/api/kube/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body })).status).toBe(201);
    }
    await expect.poll(() => served('gadgets', group), { timeout: 15_000 }).toMatchObject({ version: 'v1beta1', versions: ['v1beta1'] });
    expect(await served('widgets', group)).toMatchObject({ version: 'v1', versions: ['v1', 'v1beta1'] });
  });
});

describe('schemaOf', () => {
  it('gives a built-in kind’s schema with the definitions its $refs reach, and no others', async () => {
    const res = await c.http('GET', '/api/schema/apps/v1/Deployment');
    expect(res.status).toBe(200);
    const { schema, definitions } = res.body as { schema: { properties: Record<string, unknown> }; definitions: Record<string, { description?: string }> };
    expect(schema.properties.spec).toMatchObject({ allOf: [{ $ref: '#/components/schemas/io.k8s.api.apps.v1.DeploymentSpec' }] });
    expect(definitions['io.k8s.api.apps.v1.DeploymentStrategy']?.description).toBe('DeploymentStrategy describes how to replace existing pods with new ones.');
    // Reached through the pod template: PodSpec, then Container.
    expect(definitions['io.k8s.api.core.v1.Container']).toBeDefined();
    expect(definitions['io.k8s.api.apps.v1.StatefulSetSpec']).toBeUndefined();
  });
});
