import { describe, expect, it } from 'vitest';
import type { KubeObject, Table } from '@dojo/kube-api';
import { cellsOf, cellsOfTable, objectsToReprint, printedColumns } from './kube-table.ts';

const pod = (name: string, resourceVersion: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion },
});

const column = (name: string, priority = 0, format = '') => ({ name, type: name === 'Restarts' ? 'integer' : 'string', format, description: name, priority });

const table: Table<KubeObject> = {
  kind: 'Table',
  apiVersion: 'meta.k8s.io/v1',
  metadata: { resourceVersion: '9' },
  columnDefinitions: [column('Name', 0, 'name'), column('Ready'), column('Status'), column('Restarts'), column('Age'), column('IP', 1)],
  rows: [
    { cells: ['a', '1/1', 'Running', 0, '5m', '10.0.0.1'], object: pod('a', '3') },
    { cells: ['b', '0/1', 'Pending', 2, '1m', '10.0.0.2'], object: pod('b', '7') },
  ],
};

describe('kube tables', () => {
  it('shows the default columns of kubectl get, without Name, with Age marked for live rendering', () => {
    expect(printedColumns(table.columnDefinitions).map((c) => [c.id, c.index, c.age])).toEqual([
      ['ready', 1, false],
      ['status', 2, false],
      ['restarts', 3, false],
      ['age', 4, true],
    ]);
  });

  it('remembers each row by its object, with the version it was printed at', () => {
    const cells = cellsOfTable(table);
    expect(cellsOf(pod('b', '7'), cells)).toEqual(['b', '0/1', 'Pending', 2, '1m', '10.0.0.2']);
  });

  it('asks to print again what is new or has changed since it was printed', () => {
    const cells = cellsOfTable(table);
    expect(objectsToReprint([pod('a', '3'), pod('b', '8'), pod('c', '1')], cells).map((o) => o.metadata.name)).toEqual(['b', 'c']);
  });

  it('adds a single object printed again to the cells already known', () => {
    const again: Table<KubeObject> = { ...table, rows: [{ cells: ['b', '1/1', 'Running', 2, '1m'], object: pod('b', '8') }] };
    const cells = cellsOfTable(again, cellsOfTable(table));
    expect(cellsOf(pod('a', '3'), cells)?.[2]).toBe('Running');
    expect(objectsToReprint([pod('b', '8')], cells)).toEqual([]);
  });
});
