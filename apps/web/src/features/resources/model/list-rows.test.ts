import { describe, expect, it } from 'vitest';
import type { KubeObject, Table } from '@dojo/kube-api';
import { cellsOfTable, printedColumns } from './kube-table.ts';
import { listRows } from './list-rows.ts';

const pod = (namespace: string, name: string, created: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace, uid: `${namespace}/${name}`, resourceVersion: '1', creationTimestamp: created },
});

const pods = [pod('b', 'web-10', '2025-01-01T00:00:00Z'), pod('a', 'web-2', '2025-01-03T00:00:00Z'), pod('a', 'db', '2025-01-02T00:00:00Z')];
const restarts: Record<string, number> = { 'web-10': 4, 'web-2': 0, db: 11 };
const table: Table<KubeObject> = {
  kind: 'Table',
  apiVersion: 'meta.k8s.io/v1',
  metadata: {},
  columnDefinitions: [
    { name: 'Name', type: 'string', format: 'name', description: '', priority: 0 },
    { name: 'Restarts', type: 'integer', format: '', description: '', priority: 0 },
    { name: 'Age', type: 'string', format: '', description: '', priority: 0 },
  ],
  rows: pods.map((p) => ({ cells: [p.metadata.name, restarts[p.metadata.name!], '1d'], object: p })),
};
const cells = cellsOfTable(table);
const columns = printedColumns(table.columnDefinitions);
const names = (query: Parameters<typeof listRows>[3]) => listRows(pods, cells, columns, query).map((r) => r.object.metadata.name);

describe('list rows', () => {
  it('shows objects by namespace and name when no order was asked for', () => {
    expect(names({})).toEqual(['db', 'web-2', 'web-10']);
  });

  it('sorts a printed column by its cells, as numbers for an integer column', () => {
    expect(names({ sort: '-restarts' })).toEqual(['db', 'web-10', 'web-2']);
  });

  it('sorts Age by the creation time, youngest first ascending', () => {
    expect(names({ sort: 'age' })).toEqual(['web-2', 'db', 'web-10']);
  });

  it('sorts names naturally and keeps the filter', () => {
    expect(names({ sort: 'name', q: 'WEB' })).toEqual(['web-2', 'web-10']);
  });

  it('keeps rows whose cells are not printed yet, without cells', () => {
    const fresh = pod('a', 'new', '2025-01-04T00:00:00Z');
    expect(listRows([fresh], cells, columns, {})).toEqual([{ object: fresh, cells: undefined }]);
  });
});
