/**
 * Writes of Secrets through a console that redacts. The browser only ever saw `<redacted>` in
 * place of values, so a value it sends back as `<redacted>` means "keep what is stored", never
 * that text:
 *
 * - PUT: each such `data` value (and the last-applied annotation) is replaced by the stored one,
 *   read in the same request; the PUT carries that read's resourceVersion unless it names its
 *   own, so a change in between is a 409, not a silent overwrite. A `stringData` placeholder is
 *   dropped (its key's value is in `data`).
 * - merge and strategic merge PATCH: each such key is dropped from the patch, so it stays.
 * - Anything else still carrying the placeholder (create, JSON patch, apply, a key that is not
 *   stored) is refused with 400: it would store the placeholder as the value.
 */
import { newBadRequest } from '@dojo/kube-api';
import { lastAppliedAnnotation, redactedValue } from '../secret-redaction.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

const placeholderRefused = (where: string) =>
  newBadRequest(
    `${where} holds "${redactedValue}", the placeholder the console shows instead of a Secret value: send the new value, or leave the key out to keep it`,
  );

const jsonTypes = new Set(['', 'application/json', 'application/merge-patch+json', 'application/strategic-merge-patch+json']);

export interface SecretWrite {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The media type of the body, without parameters. */
  mediaType: string;
  body: string;
  /** The stored Secret (PUT only), or undefined when there is none. */
  readStored(): Promise<Json | undefined>;
}

/** Each key whose value is the placeholder: `keep(key)` decides what becomes of it. */
function resolvePlaceholders(values: unknown, keep: (key: string) => unknown): Json | undefined {
  if (!isObject(values)) return undefined;
  const out: Json = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== redactedValue) out[key] = value;
    else {
      const kept = keep(key);
      if (kept !== undefined) out[key] = kept;
    }
  }
  return out;
}

function withField(obj: Json, field: string, value: Json | undefined): void {
  if (value !== undefined) obj[field] = value;
}

async function resolvePut(obj: Json, readStored: () => Promise<Json | undefined>): Promise<void> {
  if (!JSON.stringify(obj).includes(redactedValue)) return;
  const stored = (await readStored()) ?? {};
  const storedData = isObject(stored.data) ? stored.data : {};
  withField(
    obj,
    'data',
    resolvePlaceholders(obj.data, (key) => {
      if (storedData[key] === undefined) throw placeholderRefused(`data[${key}]`);
      return storedData[key];
    }),
  );
  withField(
    obj,
    'stringData',
    resolvePlaceholders(obj.stringData, () => undefined),
  );
  const metadata = isObject(obj.metadata) ? obj.metadata : undefined;
  const storedMeta = isObject(stored.metadata) ? stored.metadata : {};
  if (metadata && isObject(metadata.annotations)) {
    const storedAnnotations = isObject(storedMeta.annotations) ? storedMeta.annotations : {};
    metadata.annotations = resolvePlaceholders(metadata.annotations, (key) => storedAnnotations[key]);
  }
  if (metadata && metadata.resourceVersion === undefined && storedMeta.resourceVersion !== undefined) metadata.resourceVersion = storedMeta.resourceVersion;
}

function resolvePatch(obj: Json): void {
  const drop = () => undefined;
  withField(obj, 'data', resolvePlaceholders(obj.data, drop));
  withField(obj, 'stringData', resolvePlaceholders(obj.stringData, drop));
  const metadata = obj.metadata;
  if (isObject(metadata) && isObject(metadata.annotations) && metadata.annotations[lastAppliedAnnotation] === redactedValue) {
    metadata.annotations = resolvePlaceholders(metadata.annotations, drop);
  }
}

/** The body to forward for a write of a Secret; throws 400 when it would store the placeholder. */
export async function prepareSecretWrite(write: SecretWrite): Promise<string> {
  const { method, mediaType, body } = write;
  const parsable = jsonTypes.has(mediaType) && (method === 'PUT' || method === 'PATCH');
  let parsed: unknown;
  if (parsable) {
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined; // the API server answers malformed JSON itself
    }
  }
  if (!isObject(parsed)) {
    if (body.includes(redactedValue)) throw placeholderRefused('the request body');
    return body;
  }
  if (method === 'PUT') await resolvePut(parsed, write.readStored);
  else resolvePatch(parsed);
  const forwarded = JSON.stringify(parsed);
  if (forwarded.includes(redactedValue)) throw placeholderRefused('the request body');
  return forwarded;
}
