/**
 * The JSONPath subset CRD printer columns use (kubectl's `additionalPrinterColumns`):
 * `.a.b`, `.a[0]`, `.a[*].b`, `.a[?(@.type=="Ready")].status`. Anything else yields nothing,
 * never an exception: a column with an unsupported path shows empty, as kubectl does.
 */
type Step =
  | { kind: 'field'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'all' }
  | { kind: 'filter'; field: string[]; equals: string | number | boolean };

function parseLiteral(text: string): string | number | boolean | undefined {
  const t = text.trim();
  if ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'"))) return t.slice(1, -1);
  if (t === 'true' || t === 'false') return t === 'true';
  const n = Number(t);
  return t !== '' && Number.isFinite(n) ? n : undefined;
}

export function parseJsonPath(path: string): Step[] | undefined {
  let text = path.trim();
  if (text.startsWith('{') && text.endsWith('}')) text = text.slice(1, -1);
  if (text.startsWith('$')) text = text.slice(1);
  const steps: Step[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '.') {
      const m = /^\.([A-Za-z0-9_\-$]+)/.exec(text.slice(i));
      if (!m) return undefined;
      steps.push({ kind: 'field', name: m[1]! });
      i += m[0].length;
    } else if (c === '[') {
      const close = text.indexOf(']', i);
      if (close < 0) return undefined;
      const inner = text.slice(i + 1, close).trim();
      i = close + 1;
      if (inner === '*') steps.push({ kind: 'all' });
      else if (/^-?\d+$/.test(inner)) steps.push({ kind: 'index', index: Number(inner) });
      else if (/^'[^']*'$|^"[^"]*"$/.test(inner)) steps.push({ kind: 'field', name: inner.slice(1, -1) });
      else {
        const m = /^\?\(@((?:\.[A-Za-z0-9_-]+)+)\s*==\s*(.+)\)$/.exec(inner);
        if (!m) return undefined;
        const equals = parseLiteral(m[2]!);
        if (equals === undefined) return undefined;
        steps.push({ kind: 'filter', field: m[1]!.slice(1).split('.'), equals });
      }
    } else return undefined;
  }
  return steps;
}

function get(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;
}

/** Every value the path selects, in document order. */
export function evaluateJsonPath(value: unknown, path: string): unknown[] {
  const steps = parseJsonPath(path);
  if (!steps) return [];
  let current: unknown[] = [value];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const item of current) {
      if (step.kind === 'field') {
        const v = get(item, step.name);
        if (v !== undefined) next.push(v);
      } else if (Array.isArray(item)) {
        if (step.kind === 'index') {
          const v = item[step.index < 0 ? item.length + step.index : step.index];
          if (v !== undefined) next.push(v);
        } else if (step.kind === 'all') next.push(...item);
        else {
          for (const element of item) {
            const v = step.field.reduce<unknown>((acc, name) => get(acc, name), element);
            if (v === step.equals) next.push(element);
          }
        }
      }
    }
    current = next;
  }
  return current;
}
