/**
 * Every value a Secret had while the console watched, kept so that an export can scrub it
 * later, after the Secret was rotated or deleted (when neither the cluster nor the embedded
 * store holds the old value any more) — and kept without the value itself: in memory and in
 * `<data-dir>/secret-value-hashes` (mode 0600) there are only salted hashes.
 *
 * For each value of at least `minScrubbed` characters (as it is, base64-encoded and as it
 * appears inside a JSON string) the ledger keeps
 * - HMAC-SHA256(salt, form): what a candidate is checked against;
 * - its length, and a 16-bit salted fingerprint of its first `minScrubbed` characters: what
 *   finds candidates in a text in one pass.
 * The salt is random per data directory, and is written beside the hashes.
 *
 * Scrubbing a text reads it once: at each position the fingerprint of the next
 * `minScrubbed` characters picks the lengths of the values that could start there (none at
 * almost every position), and only those windows are hashed and compared. So the cost is
 * linear in the text, plus one HMAC per fingerprint hit (about one position in 65,536 per
 * remembered form, more where the text really holds a value's beginning).
 *
 * What this cannot do (docs/recordings.md): find a value in another encoding (URL-encoded,
 * hex, inside a larger base64 text, split across lines, in other letter case), or a part of
 * one. And the hashes guard values that cannot be guessed: whoever reads the data directory
 * has the salt and can test guesses (a dictionary password) against them, as against any
 * password hash; the short fingerprint narrows a guess of a value's first characters.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { KubeObject } from '@dojo/kube-api';
import { redactedValue } from '@dojo/console-live';
import { minScrubbed, secretValuesOf } from './secret-values.ts';

const fileName = 'secret-value-hashes';
const magic = 'dojo-secret-value-hashes v1';
/** Forms kept at most: the oldest go first (each value is three forms). */
export const maxRememberedForms = 100_000;
/**
 * How many of the oldest forms go at once when the ledger is full. Forgetting re-indexes the
 * rest and rewrites the file, both proportional to the whole ledger: done for every Secret
 * written past the limit, it held the console's event loop ~100 ms each time, and 10,000 Dojos
 * (each with its database's Secrets) stalled behind it. In batches it costs a few microseconds
 * per form remembered.
 */
export const formsForgottenAtOnce = 10_000;

interface Entry {
  readonly length: number;
  readonly prefix: number;
  readonly hmac: string;
}

/** The forms of a value found in a record's JSON text: as it is, base64, JSON-escaped. */
function formsOf(value: string): string[] {
  const base64 = Buffer.from(value, 'utf8').toString('base64');
  return [...new Set([value, base64, JSON.stringify(value).slice(1, -1)])].filter((f) => f.length >= minScrubbed);
}

export class SecretValueLedger {
  readonly path: string;
  readonly #salt: Buffer;
  readonly #seed: number;
  readonly #entries = new Map<string, Entry>();
  /** Lengths by prefix fingerprint. */
  readonly #lengths = new Map<number, number[]>();

  private constructor(path: string, salt: Buffer, entries: readonly Entry[]) {
    this.path = path;
    this.#salt = salt;
    this.#seed = salt.readUInt32LE(0);
    for (const e of entries) this.#add(e);
  }

  /** The ledger of a data directory, created (with a new salt) when it has none. */
  static open(dataDir: string): SecretValueLedger {
    const path = join(dataDir, fileName);
    const read = SecretValueLedger.#read(path);
    if (read) return read;
    const salt = randomBytes(32);
    writeFileSync(path, `${magic} ${salt.toString('hex')}\n`, { mode: 0o600 });
    return new SecretValueLedger(path, salt, []);
  }

  /** The ledger of a data directory if it has one (an export reads it, never creates it). */
  static read(dataDir: string): SecretValueLedger | undefined {
    return SecretValueLedger.#read(join(dataDir, fileName));
  }

  static #read(path: string): SecretValueLedger | undefined {
    if (!existsSync(path)) return undefined;
    const lines = readFileSync(path, 'utf8').split('\n');
    const head = lines[0]!.split(' ');
    if (`${head[0]} ${head[1]}` !== magic || !/^[0-9a-f]{64}$/.test(head[2] ?? '')) throw new Error(`${path} is not a ledger of Secret value hashes`);
    const entries: Entry[] = [];
    for (const line of lines.slice(1)) {
      const [length, prefix, hmac] = line.split(' ');
      if (hmac && /^[0-9a-f]{64}$/.test(hmac)) entries.push({ length: Number(length), prefix: Number(prefix), hmac });
    }
    const ledger = new SecretValueLedger(path, Buffer.from(head[2]!, 'hex'), entries.slice(-maxRememberedForms));
    if (entries.length > maxRememberedForms) ledger.#rewrite();
    return ledger;
  }

  /** How many forms of values are remembered. */
  get size(): number {
    return this.#entries.size;
  }

  /** Remembers the values of a Secret (as `secret-values.ts` picks them: not those that name things). */
  rememberSecret(secret: KubeObject): void {
    this.remember(secretValuesOf(secret));
  }

  remember(values: readonly string[]): void {
    const added: Entry[] = [];
    for (const value of values) {
      for (const form of formsOf(value)) {
        const entry = { length: form.length, prefix: this.#prefix(form, 0), hmac: this.#hmac(form) };
        if (this.#entries.has(entry.hmac)) continue;
        this.#add(entry);
        added.push(entry);
      }
    }
    if (!added.length) return;
    if (this.#entries.size > maxRememberedForms) {
      const forgotten = this.#entries.size - maxRememberedForms + formsForgottenAtOnce;
      for (const hmac of [...this.#entries.keys()].slice(0, forgotten)) this.#entries.delete(hmac);
      this.#reindex();
      this.#rewrite();
      return;
    }
    appendFileSync(this.path, added.map((e) => `${e.length} ${e.prefix} ${e.hmac}\n`).join(''), { mode: 0o600 });
  }

  /** `text` with every remembered value replaced by `<redacted>`, longest first where two overlap. */
  scrub(text: string): string {
    if (!this.#entries.size || text.length < minScrubbed) return text;
    let out = '';
    let copied = 0;
    for (let i = 0; i + minScrubbed <= text.length; i++) {
      const lengths = this.#lengths.get(this.#prefix(text, i));
      if (!lengths) continue;
      const length = lengths.find((l) => i + l <= text.length && this.#entries.has(this.#hmac(text.slice(i, i + l))));
      if (length === undefined) continue;
      out += text.slice(copied, i) + redactedValue;
      copied = i + length;
      i = copied - 1;
    }
    return copied === 0 ? text : out + text.slice(copied);
  }

  #add(entry: Entry): void {
    this.#entries.set(entry.hmac, entry);
    const lengths = this.#lengths.get(entry.prefix) ?? [];
    if (!lengths.includes(entry.length)) {
      lengths.push(entry.length);
      lengths.sort((a, b) => b - a);
    }
    this.#lengths.set(entry.prefix, lengths);
  }

  #reindex(): void {
    this.#lengths.clear();
    for (const e of [...this.#entries.values()]) this.#add(e);
  }

  #rewrite(): void {
    const lines = [...this.#entries.values()].map((e) => `${e.length} ${e.prefix} ${e.hmac}\n`).join('');
    writeFileSync(this.path, `${magic} ${this.#salt.toString('hex')}\n${lines}`, { mode: 0o600 });
  }

  #hmac(form: string): string {
    return createHmac('sha256', this.#salt).update(form, 'utf8').digest('hex');
  }

  /** FNV-1a over the first `minScrubbed` UTF-16 units from `at`, from a salted basis, folded to 16 bits. */
  #prefix(text: string, at: number): number {
    let h = this.#seed;
    for (let k = at; k < at + minScrubbed; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
    return ((h >>> 16) ^ h) & 0xffff;
  }
}
