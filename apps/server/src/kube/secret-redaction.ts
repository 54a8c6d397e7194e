/**
 * Secret values never reach the browser unless the console was started with
 * --allow-secret-data: `data` and `stringData` values of Secrets (alone, in lists, in Tables
 * with full objects, in watch events) are replaced, keys are kept so people see what exists.
 */
export const redactedValue = '<redacted>';

type Json = Record<string, unknown>;

function redactSecret(obj: Json): Json {
  const out: Json = { ...obj };
  for (const field of ['data', 'stringData']) {
    const values = obj[field];
    if (values && typeof values === 'object') out[field] = Object.fromEntries(Object.keys(values).map((k) => [k, redactedValue]));
  }
  const annotations = (obj.metadata as Json | undefined)?.annotations as Record<string, string> | undefined;
  // kubectl apply keeps the whole last-applied Secret, values included, in an annotation.
  if (annotations?.['kubectl.kubernetes.io/last-applied-configuration']) {
    out.metadata = { ...(obj.metadata as Json), annotations: { ...annotations, 'kubectl.kubernetes.io/last-applied-configuration': redactedValue } };
  }
  return out;
}

/** Redacts any Secret inside a Kubernetes response body (object, list, Table, watch event). */
export function redactSecrets(body: unknown): unknown {
  if (body === null || typeof body !== 'object') return body;
  const obj = body as Json;
  if (obj.kind === 'Secret' && obj.apiVersion === 'v1') return redactSecret(obj);
  if (Array.isArray(obj.items)) return { ...obj, items: obj.items.map(redactSecrets) };
  if (obj.kind === 'Table' && Array.isArray(obj.rows)) {
    return { ...obj, rows: obj.rows.map((row: Json) => ({ ...row, object: redactSecrets(row.object) })) };
  }
  if (typeof obj.type === 'string' && obj.object !== undefined) return { ...obj, object: redactSecrets(obj.object) };
  return body;
}

/**
 * Redacts every Secret anywhere inside a value, however deep and whatever carries it (a
 * version's body, a request record's object, a list inside an event): what leaves the console
 * in a recording. A Secret is recognised by its kind alone here, since a record may carry one
 * without its apiVersion.
 */
export function redactSecretsDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecretsDeep);
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Json;
  const walked: Json = {};
  for (const [key, field] of Object.entries(obj)) walked[key] = redactSecretsDeep(field);
  return obj.kind === 'Secret' ? redactSecret(walked) : walked;
}
