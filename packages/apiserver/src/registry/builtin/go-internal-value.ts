/**
 * The bad value a field error shows for a whole internal Go struct (`field.Invalid(fldPath,
 * spec, ...)` on pkg/apis types): internal types carry no json tags, so json.Marshal writes each
 * Go field name in declaration order, an unset pointer as null; members of tagged types
 * (metav1.LabelSelector) keep their json names and omitempty.
 */
import { field, record } from './unstructured.ts';

/** `[GoFieldName, value]` in the struct's declaration order; undefined becomes null. */
export function goInternalStruct(fields: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  return Object.fromEntries(fields.map(([name, value]) => [name, value === undefined ? null : value]));
}

/** metav1.LabelSelector as json.Marshal writes it: matchLabels, then matchExpressions (key, operator, values). */
export function goLabelSelector(selector: unknown): Record<string, unknown> | null {
  if (selector === undefined || selector === null) return null;
  const result: Record<string, unknown> = {};
  const labels = record(field(selector, 'matchLabels'));
  if (Object.keys(labels).length) result.matchLabels = labels;
  const expressions = field(selector, 'matchExpressions');
  if (Array.isArray(expressions) && expressions.length) {
    result.matchExpressions = expressions.map((e) => {
      const values = field(e, 'values');
      return { key: field(e, 'key') ?? '', operator: field(e, 'operator') ?? '', ...(Array.isArray(values) && values.length ? { values } : {}) };
    });
  }
  return result;
}
