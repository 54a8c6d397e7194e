/**
 * Field paths rendered like apimachinery's `field.Path.String()`: `spec.items[0]`, `spec.labels[app]`.
 * The empty string stands for Go's nil path, which prints as `<nil>`: kube-apiserver really
 * reports root-level schema and CEL failures as `<nil>: Invalid value: ...`.
 */

export const nilPath = '';

export function childPath(base: string, name: string): string {
  return base === nilPath ? name : `${base}.${name}`;
}

/** Map keys are printed unquoted inside brackets, as `Path.Key` does. */
export function keyPath(base: string, key: string): string {
  return `${base}[${key}]`;
}

export function indexPath(base: string, index: number): string {
  return `${base}[${index}]`;
}

export function renderPath(path: string): string {
  return path === nilPath ? '<nil>' : path;
}
