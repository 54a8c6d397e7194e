import { describe, expect, it } from 'vitest';
import { resolveNode, type Definitions } from './schema-refs.ts';

const definitions: Definitions = {
  'io.k8s.api.apps.v1.DeploymentStrategy': {
    description: 'DeploymentStrategy describes how to replace existing pods with new ones.',
    type: 'object',
    properties: { type: { type: 'string', enum: ['Recreate', 'RollingUpdate'] } },
  },
  'io.k8s.apimachinery.pkg.api.resource.Quantity': { description: 'Quantity is a fixed-point representation of a number.', type: 'string' },
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': {
    description: 'IntOrString is a type that can hold an int32 or a string.',
    type: 'string',
    format: 'int-or-string',
  },
  'example.v1.Props': { type: 'object', properties: { not: { allOf: [{ $ref: '#/components/schemas/example.v1.Props' }] }, title: { type: 'string' } } },
};

describe('resolveNode', () => {
  it('reads an allOf-wrapped $ref as the definition, with the field’s own description and default on top', () => {
    const resolved = resolveNode(
      { allOf: [{ $ref: '#/components/schemas/io.k8s.api.apps.v1.DeploymentStrategy' }], default: {}, description: 'The deployment strategy to use.' },
      definitions,
    );
    expect(resolved).toMatchObject({
      node: { type: 'object', description: 'The deployment strategy to use.', default: {}, properties: { type: { enum: ['Recreate', 'RollingUpdate'] } } },
    });
  });

  it('tells a Quantity by its definition’s name, and keeps IntOrString’s own format', () => {
    expect(resolveNode({ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.api.resource.Quantity' }, definitions)).toMatchObject({
      node: { type: 'string', format: 'quantity' },
    });
    expect(resolveNode({ allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.util.intstr.IntOrString' }] }, definitions)).toMatchObject({
      node: { format: 'int-or-string' },
    });
  });

  it('joins the properties and required lists of allOf parts', () => {
    const resolved = resolveNode(
      {
        allOf: [
          { properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'integer' } }, required: ['b'] },
        ],
      },
      {},
    );
    expect(resolved).toMatchObject({ node: { properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a', 'b'] } });
  });

  it('reports a definition met again inside itself as a cycle, not an endless unrolling', () => {
    const outer = resolveNode({ $ref: '#/components/schemas/example.v1.Props' }, definitions);
    expect(outer).not.toBe('cycle');
    if (outer === 'cycle') return;
    expect(resolveNode(outer.node.properties!.not!, definitions, outer.open)).toBe('cycle');
  });

  it('reads a definition the document does not carry as an empty node', () => {
    expect(resolveNode({ $ref: '#/components/schemas/missing.v1.Thing', description: 'A thing.' }, definitions)).toMatchObject({
      node: { description: 'A thing.' },
    });
  });
});
