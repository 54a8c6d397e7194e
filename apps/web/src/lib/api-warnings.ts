/**
 * Warnings the API server sent with any response (a deprecated API version, a ratcheted
 * validation rule), for the page to show the way kubectl prints `Warning: ...`. Promises:
 * - One notice per distinct text: a repeat (every dry run of a form repeats it) only counts up
 *   and records the latest request that got it.
 * - A dismissed text stays dismissed until the page is loaded again, as kubectl's deduplicating
 *   warning writer prints each text once per run.
 * - At most `limit` notices, the oldest dropped first.
 * - `snapshot()` keeps its identity until something changes (useSyncExternalStore relies on it).
 */

export interface ApiWarning {
  text: string;
  /** The latest request that got it, e.g. `POST /apis/kafka.example.com/v1alpha1/...`. */
  source: string;
  /** How many responses carried it. */
  count: number;
}

export class ApiWarningStore {
  readonly #limit: number;
  #warnings: readonly ApiWarning[] = [];
  readonly #dismissed = new Set<string>();
  readonly #listeners = new Set<() => void>();

  constructor(options: { limit?: number } = {}) {
    this.#limit = options.limit ?? 5;
  }

  report(texts: readonly string[], source: string): void {
    let next = this.#warnings;
    for (const text of new Set(texts)) {
      if (this.#dismissed.has(text)) continue;
      const seen = next.find((w) => w.text === text);
      next = seen ? next.map((w) => (w === seen ? { text, source, count: w.count + 1 } : w)) : [...next, { text, source, count: 1 }].slice(-this.#limit);
    }
    this.#set(next);
  }

  dismiss(text: string): void {
    this.#dismissed.add(text);
    this.#set(this.#warnings.filter((w) => w.text !== text));
  }

  snapshot = (): readonly ApiWarning[] => this.#warnings;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(next: readonly ApiWarning[]): void {
    if (next === this.#warnings) return;
    if (next.length === this.#warnings.length && next.every((w, i) => w === this.#warnings[i])) return;
    this.#warnings = next;
    for (const listener of [...this.#listeners]) listener();
  }
}

/** The page's warnings: the browser's API client reports into it, the layout shows it. */
export const apiWarnings = new ApiWarningStore();
