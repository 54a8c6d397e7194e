/**
 * A mutation's JSON Patch (RFC 6902) as a diff a person reads: one `-` / `+` line per
 * path, the path written the way field paths are read (`metadata.labels["example.com/team"]`).
 * A removal or replacement shows its path only: the patch does not carry old values, and the
 * record does not carry the object the patch was applied to.
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

/** The diff lines of a patch, one or two per operation, in the order they were applied. */
export function patchDiffLines(operations: readonly AdmissionPatchOperation[]): PatchDiffLine[] {
  const lines: PatchDiffLine[] = [];
  for (const op of operations) {
    const path = readablePath(op.path);
    switch (op.op) {
      case 'add':
        lines.push({ kind: 'added', text: `${path}: ${valueText(op.value)}` });
        break;
      case 'remove':
        lines.push({ kind: 'removed', text: path });
        break;
      case 'replace':
        lines.push({ kind: 'removed', text: path }, { kind: 'added', text: `${path}: ${valueText(op.value)}` });
        break;
      case 'move':
        lines.push({ kind: 'removed', text: readablePath(op.from ?? '') }, { kind: 'added', text: `${path} (moved from ${readablePath(op.from ?? '')})` });
        break;
      case 'copy':
        lines.push({ kind: 'added', text: `${path} (copied from ${readablePath(op.from ?? '')})` });
        break;
      case 'test':
        lines.push({ kind: 'same', text: `${path} must be ${valueText(op.value)} (test)` });
        break;
    }
  }
  return lines;
}
