/**
 * The forms of built-in kinds, read from kube-apiserver 1.37's own OpenAPI v3 documents (the
 * ones the embedded server serves, recorded in packages/apiserver/src/http/openapi-v3-builtin.br).
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { allFieldIds, formFieldsForKind, inputCount, longFormInputs, type FormField } from './form-schema.ts';
import type { Definitions, SchemaNode } from './schema-refs.ts';

/** The recorded file: a JSON header line naming each document's path and length in bytes, then the documents. */
function kubeDocuments(): Map<string, { components: { schemas: Record<string, SchemaNode & { 'x-kubernetes-group-version-kind'?: { kind: string }[] }> } }> {
  const content = brotliDecompressSync(readFileSync(new URL('../../../../../../packages/apiserver/src/http/openapi-v3-builtin.br', import.meta.url)));
  const newline = content.indexOf(0x0a);
  const header = JSON.parse(content.subarray(0, newline).toString('utf8')) as { documents: { path: string; length: number }[] };
  const documents = new Map();
  let offset = newline + 1;
  for (const { path, length } of header.documents) {
    documents.set(path, JSON.parse(content.subarray(offset, offset + length).toString('utf8')));
    offset += length;
  }
  return documents;
}

const documents = kubeDocuments();

function formOf(path: string, kind: string): FormField[] {
  const schemas = documents.get(path)!.components.schemas;
  const schema = Object.values(schemas).find((s) => s['x-kubernetes-group-version-kind']?.some((g) => g.kind === kind))!;
  return formFieldsForKind(schema, () => undefined, schemas as Definitions);
}

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

describe('forms of kube’s built-in kinds', () => {
  it('give a ConfigMap key/value editors for its data, and no YAML box', () => {
    const fields = formOf('api/v1', 'ConfigMap');
    expect(fields.map((f) => [f.id, f.kind])).toEqual([
      ['binaryData', 'map'],
      ['data', 'map'],
      ['immutable', 'boolean'],
    ]);
    expect(find(fields, 'binaryData')).toMatchObject({ valueFormat: 'byte' });
    expect(find(fields, 'data')?.description).toMatch(/^Data contains the configuration data/);
  });

  it('give a Secret base64 data, plain-text stringData, and its type', () => {
    const fields = formOf('api/v1', 'Secret');
    expect(find(fields, 'data')).toMatchObject({ kind: 'map', valueFormat: 'byte' });
    expect(find(fields, 'stringData')).toMatchObject({ kind: 'map' });
    expect(find(fields, 'stringData')).not.toHaveProperty('valueFormat');
    expect(find(fields, 'type')?.kind).toBe('string');
  });

  it('read a Deployment through its $refs: typed strategy, int-or-string surge, YAML containers', () => {
    const fields = formOf('apis/apps/v1', 'Deployment');
    expect(find(fields, 'spec.replicas')).toMatchObject({ kind: 'integer' });
    expect(find(fields, 'spec.selector')).toMatchObject({ kind: 'object', required: true });
    expect(find(fields, 'spec.selector.matchLabels')).toMatchObject({ kind: 'map' });
    expect(find(fields, 'spec.strategy')?.description).toBe('The deployment strategy to use to replace existing pods with new ones.');
    expect(find(fields, 'spec.strategy.rollingUpdate.maxSurge')?.kind).toBe('intOrString');
    expect(find(fields, 'spec.template.spec.containers')).toMatchObject({ kind: 'yaml', required: true });
    expect(find(fields, 'spec.template.spec.overhead')).toMatchObject({ kind: 'map' });
  });

  it('ask of a pod template’s metadata only what people write: labels and annotations', () => {
    const metadata = find(formOf('apis/apps/v1', 'Deployment'), 'spec.template.metadata');
    expect(metadata?.kind === 'object' && metadata.fields.map((f) => [f.id, f.kind])).toEqual([
      ['spec.template.metadata.labels', 'map'],
      ['spec.template.metadata.annotations', 'map'],
    ]);
  });

  it('make a Pod a long form that folds its optional groups, built to a bounded depth', () => {
    const fields = formOf('api/v1', 'Pod');
    expect(inputCount(fields)).toBeGreaterThan(longFormInputs);
    expect(inputCount(fields)).toBeLessThan(400);
    expect(Math.max(...allFieldIds(fields).map((id) => id.split('.').length))).toBeLessThanOrEqual(9);
    expect(find(fields, 'spec.securityContext.seccompProfile.type')?.kind).toMatch(/enum|string/);
  });

  it('give an HPA’s target a typed group of fields', () => {
    const fields = formOf('apis/autoscaling/v1', 'HorizontalPodAutoscaler');
    expect(find(fields, 'spec.scaleTargetRef.kind')).toMatchObject({ kind: 'string', required: true });
    expect(find(fields, 'spec.maxReplicas')).toMatchObject({ kind: 'integer', required: true });
  });

  it('read every built-in kind without a definition opening inside itself forever', () => {
    for (const [path, document] of documents) {
      for (const schema of Object.values(document.components?.schemas ?? {})) {
        for (const gvk of schema['x-kubernetes-group-version-kind'] ?? []) {
          expect(() => formOf(path, gvk.kind), `${path} ${gvk.kind}`).not.toThrow();
        }
      }
    }
  });
});
