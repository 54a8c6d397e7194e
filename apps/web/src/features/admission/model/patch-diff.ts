/**
 * A mutation's JSON Patch (RFC 6902) as a diff a person reads: one `- old` / `+ new` line per
 * path, the path written the way field paths are read (`metadata.labels["example.com/team"]`).
 * Given the object the patch was applied to, removed and replaced values are shown too (the
 * operations are replayed on a copy, so a later operation sees the earlier ones' result);
 * without it a removal shows its path only, since the patch itself does not carry old values.
 */
import type { AdmissionPatchOperation } from '@dojo/console-protocol';

export interface PatchDiffLine {
  readonly kind: 'added' | 'removed' | 'same';
  readonly text: string;
}

/** RFC 6901: `~1` is `/`, `~0` is `~`, in that order. */
function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const plainKey = /^[A-Za-z_$][\w$-]*$/;

/** `/metadata/labels/example.com~1team` -> `metadata.labels["example.com/team"]`; list items as `[0]`. */
export function readablePath(pointer: string): string {
  const tokens = pointerTokens(pointer);
  if (tokens.length === 0) return '(the whole object)';
  return tokens.map((t, i) => (/^(\d+|-)$/.test(t) ? `[${t}]` : plainKey.test(t) ? `${i === 0 ? '' : '.'}${t}` : `[${JSON.stringify(t)}]`)).join('');
}

function valueText(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value);
}

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

/** The value at `pointer`, or undefined when the path does not exist (or the document is unknown). */
function valueAt(doc: unknown, pointer: string): unknown {
  let at: unknown = doc;
  for (const token of pointerTokens(pointer)) {
    if (!isContainer(at)) return undefined;
    at = Array.isArray(at) ? at[Number(token)] : at[token];
  }
  return at;
}

/** The container holding `pointer`'s target, and the target's key in it. */
function parentOf(root: unknown, pointer: string): { parent: Container; key: string } | undefined {
  const tokens = pointerTokens(pointer);
  const key = tokens.pop();
  let parent: unknown = root;
  for (const token of tokens) parent = isContainer(parent) ? (Array.isArray(parent) ? parent[Number(token)] : parent[token]) : undefined;
  return key !== undefined && isContainer(parent) ? { parent, key } : undefined;
}

/** Applies one operation in place to a document the function owns; a path that does not apply leaves it as it is. */
function applyOperation(doc: { root: unknown }, op: AdmissionPatchOperation): void {
  const write = (pointer: string, value: unknown, insert: boolean) => {
    if (pointer === '') {
      doc.root = value;
      return;
    }
    const at = parentOf(doc.root, pointer);
    if (!at) return;
    if (Array.isArray(at.parent)) at.parent.splice(at.key === '-' ? at.parent.length : Number(at.key), insert ? 0 : 1, value);
    else at.parent[at.key] = value;
  };
  const remove = (pointer: string) => {
    const at = parentOf(doc.root, pointer);
    if (!at) return;
    if (Array.isArray(at.parent)) at.parent.splice(Number(at.key), 1);
    else delete at.parent[at.key];
  };
  const copyOf = (value: unknown) => (value === undefined ? undefined : structuredClone(value));
  switch (op.op) {
    case 'add':
      write(op.path, copyOf(op.value), true);
      break;
    case 'replace':
      write(op.path, copyOf(op.value), false);
      break;
    case 'remove':
      remove(op.path);
      break;
    case 'move': {
      const moved = valueAt(doc.root, op.from ?? '');
      remove(op.from ?? '');
      write(op.path, moved, true);
      break;
    }
    case 'copy':
      write(op.path, copyOf(valueAt(doc.root, op.from ?? '')), true);
      break;
    case 'test':
      break;
  }
}

/**
 * The diff lines of a patch. `before`: the object the patch was applied to, when known (old
 * values of removals and replacements come from it).
 */
export function patchDiffLines(operations: readonly AdmissionPatchOperation[], before?: unknown): PatchDiffLine[] {
  const doc = { root: before === undefined ? undefined : structuredClone(before) };
  const known = before !== undefined;
  const old = (pointer: string) => {
    const value = known ? valueAt(doc.root, pointer) : undefined;
    return value === undefined ? '' : `: ${valueText(value)}`;
  };
  const lines: PatchDiffLine[] = [];
  for (const op of operations) {
    const path = readablePath(op.path);
    switch (op.op) {
      case 'add':
        lines.push({ kind: 'added', text: `${path}: ${valueText(op.value)}` });
        break;
      case 'remove':
        lines.push({ kind: 'removed', text: `${path}${old(op.path)}` });
        break;
      case 'replace':
        lines.push({ kind: 'removed', text: `${path}${old(op.path)}` }, { kind: 'added', text: `${path}: ${valueText(op.value)}` });
        break;
      case 'move':
        lines.push(
          { kind: 'removed', text: `${readablePath(op.from ?? '')}${old(op.from ?? '')}` },
          { kind: 'added', text: `${path} (moved from ${readablePath(op.from ?? '')})` },
        );
        break;
      case 'copy':
        lines.push({ kind: 'added', text: `${path} (copied from ${readablePath(op.from ?? '')})` });
        break;
      case 'test':
        lines.push({ kind: 'same', text: `${path} must be ${valueText(op.value)} (test)` });
        break;
    }
    if (known) applyOperation(doc, op);
  }
  return lines;
}
