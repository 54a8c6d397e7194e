/**
 * A blame of an object's YAML: each line with the field it shows and that field's last change
 * (writer and when). A field's line is its key's line, and every line of its value when the
 * value spans several (a block string, a list of scalars); the lines of a map or list that
 * holds other fields carry its path but no change of their own.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, stringify, type Node } from 'yaml';
import type { BlameLine, VersionRef } from '@dojo/console-protocol';
import { fieldPath, itemPath, leavesOf, listKey, walksItems } from './field-paths.ts';

export function yamlBlame(body: unknown, lastChange: (path: string) => VersionRef | undefined): BlameLine[] {
  const text = stringify(body);
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  const paths: (string | undefined)[] = lines.map(() => undefined);
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const leaves = leavesOf(body);
  const lineOf = (offset: number) => counter.linePos(offset).line - 1;
  const mark = (from: number, to: number, path: string) => {
    for (let line = lineOf(from); line <= Math.min(lineOf(Math.max(from, to - 1)), lines.length - 1); line++) paths[line] = path;
  };

  const walk = (node: Node | null | undefined, value: unknown, path: string): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isScalar(pair.key) || !pair.key.range) continue;
        const name = String(pair.key.value);
        const child = fieldPath(path, name);
        const childValue = (value as Record<string, unknown> | undefined)?.[name];
        const valueNode = pair.value as Node | null;
        if (leaves.has(child)) {
          mark(pair.key.range[0], valueNode?.range?.[1] ?? pair.key.range[1], child);
        } else {
          if (paths[lineOf(pair.key.range[0])] === undefined) paths[lineOf(pair.key.range[0])] = child;
          walk(valueNode, childValue, child);
        }
      }
    } else if (isSeq(node) && Array.isArray(value) && walksItems(value)) {
      const key = listKey(value);
      node.items.forEach((item, i) => walk(item as Node, value[i], itemPath(path, key, value[i], i)));
    } else if (node?.range && leaves.has(path)) {
      mark(node.range[0], node.range[1], path);
    }
  };
  walk(doc.contents as Node | null, body, '');

  return lines.map((line, i) => {
    const path = paths[i];
    const last = path === undefined ? undefined : lastChange(path);
    return { text: line, ...(path === undefined ? {} : { path }), ...(last ? { last } : {}) };
  });
}
