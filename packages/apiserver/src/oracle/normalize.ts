/**
 * Normalizing two servers' answers so that only differences that matter remain: the values a
 * server invents (uids, resourceVersions, timestamps, generated names, ports) are replaced by
 * placeholders, numbered by first appearance so that "the same resourceVersion twice" and
 * "a newer one" still show; JSON keys are sorted (member order carries no meaning in JSON).
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
    return out
      .replace(/https:\/\/127\.0\.0\.1:\d+/g, 'https://<server>')
      .replace(/resourceVersion[=:]\s*"?(\d+)"?/g, (_m, rv: string) => `resourceVersion: ${rvs.of(rv)}`);
  };

  const walk = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item));
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

  return { json: (value) => JSON.stringify(walk(value), null, 2), text };
}

/** kubectl's AGE column ("12s", "3m4s", "<invalid>") changes with the clock, not the server. */
export function normalizeAges(table: string): string {
  return table.replace(/(?<=\s)(\d+[smhd])+(?=\s|$)|<invalid>/gm, '<age>');
}
