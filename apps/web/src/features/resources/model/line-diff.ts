/**
 * A line diff of two texts (two versions of an object as YAML), from their longest common
 * subsequence. Objects are small; the table is bounded so a huge object degrades to
 * "everything changed" instead of freezing the tab.
 */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

const maxCells = 4_000_000;

export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // Common head and tail cost nothing and shrink the table.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const out: DiffLine[] = a.slice(0, head).map((text) => ({ kind: 'same', text }));
  if ((midA.length + 1) * (midB.length + 1) > maxCells) {
    out.push(...midA.map((text): DiffLine => ({ kind: 'removed', text })), ...midB.map((text): DiffLine => ({ kind: 'added', text })));
  } else {
    const n = midA.length;
    const m = midB.length;
    const table = new Uint32Array((n + 1) * (m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        table[i * (m + 1) + j] =
          midA[i] === midB[j] ? table[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (midA[i] === midB[j]) {
        out.push({ kind: 'same', text: midA[i]! });
        i++;
        j++;
      } else if (table[(i + 1) * (m + 1) + j]! >= table[i * (m + 1) + j + 1]!) out.push({ kind: 'removed', text: midA[i++]! });
      else out.push({ kind: 'added', text: midB[j++]! });
    }
    while (i < n) out.push({ kind: 'removed', text: midA[i++]! });
    while (j < m) out.push({ kind: 'added', text: midB[j++]! });
  }
  out.push(...a.slice(a.length - tail).map((text): DiffLine => ({ kind: 'same', text })));
  return out;
}
