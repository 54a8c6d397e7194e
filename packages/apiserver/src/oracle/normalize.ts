/**
 * Normalizing two servers' answers so that only differences that matter remain: the values a
 * server invents (uids, resourceVersions, timestamps, generated names, ports) are replaced by
 * placeholders, numbered by first appearance so that "the same resourceVersion twice" and
 * "a newer one" still show; JSON keys are sorted (member order carries no meaning in JSON), and
 * so are an Invalid Status's causes with the aggregate in its message: kube-openapi validates a
 * custom resource's properties in Go map order, which changes from one request to the next.
 */

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const rfc3339Anywhere = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g;

/** Numbers each distinct invented value of one kind in order of appearance: rv-1, rv-2, ... */
class Placeholders {
  private readonly seen = new Map<string, string>();
  constructor(private readonly kind: string) {}
  of(value: string): string {
    let placeholder = this.seen.get(value);
    if (!placeholder) {
      placeholder = `<${this.kind}-${this.seen.size + 1}>`;
      this.seen.set(value, placeholder);
    }
    return placeholder;
  }
}

export interface Normalizer {
  json(value: unknown): string;
  text(value: string): string;
}

/**
 * One normalizer per observed answer pair side: `generatedPrefixes` are the generateName
 * prefixes a step used (the 5 random characters after them become `<gen>`).
 */
export function createNormalizer(generatedPrefixes: string[] = []): Normalizer {
  const rvs = new Placeholders('rv');
  const uids = new Placeholders('uid');
  const generated = generatedPrefixes.map((prefix) => new RegExp(`\\b${prefix.replace(/[.-]/g, '\\$&')}[a-z0-9]{5}\\b`, 'g'));

  const text = (value: string): string => {
    let out = value.replace(uuid, (u) => uids.of(u)).replace(rfc3339Anywhere, '<time>');
    generated.forEach((re, i) => (out = out.replace(re, `${generatedPrefixes[i]}<gen>`)));
    return (
      out
        .replace(/https:\/\/127\.0\.0\.1:\d+/g, 'https://<server>')
        .replace(/resourceVersion[=:]\s*"?(\d+)"?/g, (_m, rv: string) => `resourceVersion: ${rvs.of(rv)}`)
        // A failed delete precondition names the stored object's resourceVersion in its message.
        .replace(/ResourceVersion in record \((\d+)\)/g, (_m, rv: string) => `ResourceVersion in record (${rvs.of(rv)})`)
    );
  };

  const walk = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return key === 'managedFields' ? byManager(value.map((item) => walk(item))) : value.map((item) => walk(item));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(value).sort()) out[k] = walk((value as Record<string, unknown>)[k], k);
      return out;
    }
    if (typeof value !== 'string') return value;
    if (key === 'resourceVersion') return rvs.of(value);
    if (key === 'uid') return uids.of(value);
    if (key === 'continue') return value === '' ? '' : '<continue>';
    if (rfc3339.test(value)) return '<time>';
    return text(value);
  };

  return { json: (value) => JSON.stringify(walk(sortCauses(value)), null, 2), text };
}

/**
 * managedFields in a time-free order. kube sorts the entries by operation, then time, then
 * manager; with times normalized away, two entries written in the same second on one server and
 * a second apart on the other would differ by their order alone.
 */
function byManager(entries: unknown[]): unknown[] {
  const sortKey = (e: unknown): string => {
    const entry = (e ?? {}) as { operation?: string; manager?: string; subresource?: string };
    return `${entry.operation === 'Apply' ? 0 : 1}\u0000${entry.manager ?? ''}\u0000${entry.subresource ?? ''}`;
  };
  return [...entries].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
}

interface Cause {
  field?: string;
  message?: string;
}

/**
 * A Status with several causes, them sorted by field and message, and its message's
 * `[a, b, c]` aggregate (when it is exactly those causes) sorted alike.
 */
function sortCauses(value: unknown): unknown {
  const status = value as { kind?: unknown; message?: unknown; details?: { causes?: Cause[] } } | null;
  const causes = status?.details?.causes;
  if (status?.kind !== 'Status' || !Array.isArray(causes) || causes.length < 2) return value;
  const line = (c: Cause): string => (c.field ? `${c.field}: ${c.message ?? ''}` : (c.message ?? ''));
  const sorted = [...causes].sort((a, b) => (line(a) < line(b) ? -1 : line(a) > line(b) ? 1 : 0));
  let message = status.message;
  if (typeof message === 'string') {
    const marker = ' is invalid: [';
    const at = message.indexOf(marker);
    const start = at + marker.length;
    const aggregate = at >= 0 && message.endsWith(']') ? message.slice(start, -1) : undefined;
    const lines = sorted.map(line);
    if (aggregate !== undefined && aggregate.length === lines.join(', ').length && lines.every((l) => aggregate.includes(l))) {
      message = `${message.slice(0, start)}${lines.join(', ')}]`;
    }
  }
  return { ...status, message, details: { ...status.details, causes: sorted } };
}

/** kubectl's AGE column ("12s", "3m4s", "<invalid>") changes with the clock, not the server. */
export function normalizeAges(table: string): string {
  return table.replace(/(?<=\s)(\d+[smhd])+(?=\s|$)|<invalid>/gm, '<age>');
}
