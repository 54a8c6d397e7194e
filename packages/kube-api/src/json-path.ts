/**
 * The JSONPath subset CRD printer columns use (`.spec.title`, `.items[0]`, `[*]`,
 * `.status.conditions[?(@.type=="Available")].status`), evaluated like kubectl's jsonpath:
 * a path yields every match; a missing field yields nothing. Shared by the API server's
 * Tables and the UI's lists, so both print a column the same way.
 */

type Step = { field: string } | { index: number } | { all: true } | { filter: { path: string[]; op: '==' | '!='; value: unknown } };

export function parseJsonPath(path: string): Step[] {
  let text = path.trim();
  if (text.startsWith('{') && text.endsWith('}')) text = text.slice(1, -1);
  if (text.startsWith('$')) text = text.slice(1);
  const steps: Step[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '.') {
      const m = /^\.([A-Za-z0-9_\-$]+)/.exec(text.slice(i));
      if (!m) throw new Error(`invalid JSONPath ${path}`);
      steps.push({ field: m[1]! });
      i += m[0].length;
    } else if (ch === '[') {
      const end = text.indexOf(']', i);
      if (end < 0) throw new Error(`unterminated [ in JSONPath ${path}`);
      const inner = text.slice(i + 1, end).trim();
      if (inner === '*') steps.push({ all: true });
      else if (/^-?\d+$/.test(inner)) steps.push({ index: Number(inner) });
      else if (/^['"].*['"]$/.test(inner)) steps.push({ field: inner.slice(1, -1) });
      else {
        const f = /^\?\(@((?:\.[A-Za-z0-9_\-$]+)+)\s*(==|!=)\s*(.+)\)$/.exec(inner);
        if (!f) throw new Error(`unsupported JSONPath filter ${inner}`);
        const raw = f[3]!.trim();
        const value: unknown = /^['"].*['"]$/.test(raw) ? raw.slice(1, -1) : JSON.parse(raw);
        steps.push({ filter: { path: f[1]!.slice(1).split('.'), op: f[2] as '==' | '!=', value } });
      }
      i = end + 1;
    } else throw new Error(`invalid JSONPath ${path}`);
  }
  return steps;
}

function fieldOf(value: unknown, field: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[field] : undefined;
}

export function evaluateJsonPath(steps: readonly Step[], root: unknown): unknown[] {
  let current: unknown[] = [root];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const value of current) {
      if ('field' in step) {
        const v = fieldOf(value, step.field);
        if (v !== undefined) next.push(v);
      } else if ('index' in step) {
        if (Array.isArray(value)) {
          const v = value[step.index < 0 ? value.length + step.index : step.index];
          if (v !== undefined) next.push(v);
        }
      } else if ('all' in step) {
        if (Array.isArray(value)) next.push(...value);
        else if (value && typeof value === 'object') next.push(...Object.values(value));
      } else if (Array.isArray(value)) {
        for (const item of value) {
          let v: unknown = item;
          for (const f of step.filter.path) v = fieldOf(v, f);
          if ((v === step.filter.value) === (step.filter.op === '==')) next.push(item);
        }
      }
    }
    current = next;
  }
  return current;
}

/** Evaluates `path` against `value`; a path outside the subset yields nothing, never throws. */
export function evaluatePath(value: unknown, path: string): unknown[] {
  let steps: Step[];
  try {
    steps = parseJsonPath(path);
  } catch {
    return [];
  }
  return evaluateJsonPath(steps, value);
}
