import { describe, expect, it } from 'vitest';
import { listForWire, storedJsonWithoutTypeMeta } from './list-wire-form.ts';

const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v' } };
const widget = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: {} };

describe('list items on the wire', () => {
  it('drops apiVersion and kind from the items of a built-in kind, as a typed Go list encodes them', () => {
    const list = listForWire({}, { apiVersion: 'v1', kind: 'ConfigMapList', metadata: {}, items: [configMap] });
    expect(list.items).toEqual([{ metadata: { name: 'a' }, data: { k: 'v' } }]);
    expect(list.kind).toBe('ConfigMapList');
  });

  it('keeps them on the items of a custom resource list, which kube-apiserver serves unstructured, with an empty continue', () => {
    const list = { apiVersion: 'example.com/v1', kind: 'WidgetList', metadata: { resourceVersion: '7' }, items: [widget] };
    const wire = listForWire({ customResource: true }, list);
    expect(wire.items).toEqual([widget]);
    expect(wire.metadata).toEqual({ resourceVersion: '7', continue: '' });
  });

  it('cuts leading apiVersion and kind from stored JSON, and parses only when they are elsewhere', () => {
    expect(storedJsonWithoutTypeMeta(JSON.stringify(configMap))).toBe('{"metadata":{"name":"a"},"data":{"k":"v"}}');
    expect(storedJsonWithoutTypeMeta('{"metadata":{"name":"a"},"kind":"ConfigMap","apiVersion":"v1"}')).toBe('{"metadata":{"name":"a"}}');
    expect(storedJsonWithoutTypeMeta('{"apiVersion":"v1","kind":"Con\\"fig","metadata":{}}')).toBe('{"metadata":{}}');
  });
});
