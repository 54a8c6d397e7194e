/**
 * How the console answers a person while the cluster churns: `GET /healthz` every
 * `healthzMs`, and every `pageMs` one UI page load as a browser makes it: `index.html`, then
 * every script and stylesheet it names (in parallel, as the browser fetches them), then the
 * overview's first API answers (by default the session, the controllers, the first page of
 * Dojos; `pageApiCalls` names others, e.g. support/overview-page-calls.ts). Each sample is timed
 * from its first request to its last byte, and each API call on its own as well; a sample still
 * running when the next is due is waited for, so a slow console gets fewer samples, not
 * overlapping ones.
 *
 * Without a built UI (`npm run build`) the page is the console's 404 and only the API answers
 * are timed; the result says so (`uiBuilt: false`).
 */
import { distribution, type Distribution } from './percentiles.ts';

export interface ResponsivenessResult {
  healthz: Distribution;
  pageLoad: Distribution;
  /** Every API call of every page load, each timed from its request to its last byte. */
  pageApi: Distribution;
  /** The same by call (`path`, and ` as Table` for a Table request), slowest p99 first. */
  pageApiByCall: Record<string, Distribution>;
  /** Files fetched per page load (index.html and its assets). */
  pageFiles: number;
  uiBuilt: boolean;
  /** Requests that failed or answered an error status. */
  failures: number;
}

/** One API request a page makes: its path, and the Accept header when it asks for more than JSON. */
export interface PageApiCall {
  path: string;
  accept?: string;
}

const overviewFirstAnswers: readonly PageApiCall[] = ['/api/session', '/api/controllers', '/api/kube/apis/core.jutsu.com/v1/dojos?limit=100'].map((path) => ({
  path,
}));

export interface ProberOptions {
  base: string;
  token: string;
  healthzMs?: number;
  /** 0: no page loads, `/healthz` alone (how the person measured). */
  pageMs?: number;
  pageApiCalls?: readonly PageApiCall[];
}

export class ResponsivenessProber {
  readonly #options: Required<ProberOptions>;
  readonly #healthz: number[] = [];
  readonly #pages: number[] = [];
  readonly #apiCalls = new Map<string, number[]>();
  #pageFiles = 0;
  #uiBuilt = false;
  #failures = 0;
  #running = false;
  #loops: Promise<void>[] = [];

  constructor(options: ProberOptions) {
    this.#options = { healthzMs: 100, pageMs: 1000, pageApiCalls: overviewFirstAnswers, ...options };
  }

  start(): void {
    this.#running = true;
    this.#loops = [
      this.#every(this.#options.healthzMs, () => this.#probeHealthz()),
      ...(this.#options.pageMs > 0 ? [this.#every(this.#options.pageMs, () => this.#probePage())] : []),
    ];
  }

  async stop(): Promise<ResponsivenessResult> {
    this.#running = false;
    await Promise.all(this.#loops);
    return {
      healthz: distribution(this.#healthz),
      pageLoad: distribution(this.#pages),
      pageApi: distribution([...this.#apiCalls.values()].flat()),
      pageApiByCall: Object.fromEntries(
        [...this.#apiCalls].map(([call, durations]) => [call, distribution(durations)] as const).sort((a, b) => b[1].p99Ms - a[1].p99Ms),
      ),
      pageFiles: this.#pageFiles,
      uiBuilt: this.#uiBuilt,
      failures: this.#failures,
    };
  }

  async #every(intervalMs: number, probe: () => Promise<void>): Promise<void> {
    while (this.#running) {
      const due = performance.now() + intervalMs;
      await probe();
      const wait = due - performance.now();
      if (wait > 0 && this.#running) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** With the console token, as the browser's cookie would carry it (every page and asset is behind it). */
  async #get(path: string, accept?: string): Promise<string> {
    try {
      const res = await fetch(`${this.#options.base}${path}`, { headers: { authorization: `Bearer ${this.#options.token}`, ...(accept ? { accept } : {}) } });
      const body = await res.text();
      if (!res.ok && !(path === '/' && res.status === 404)) this.#failures++;
      return res.ok ? body : '';
    } catch {
      // A refused or reset connection is a failure the result counts, not the end of the benchmark.
      this.#failures++;
      return '';
    }
  }

  async #probeHealthz(): Promise<void> {
    const started = performance.now();
    await this.#get('/healthz');
    this.#healthz.push(performance.now() - started);
  }

  async #probePage(): Promise<void> {
    const started = performance.now();
    const html = await this.#get('/');
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    this.#uiBuilt ||= html.includes('<div id="root">');
    await Promise.all(assets.map((asset) => this.#get(asset)));
    await Promise.all(this.#options.pageApiCalls.map((call) => this.#timedCall(call)));
    this.#pageFiles = 1 + assets.length;
    this.#pages.push(performance.now() - started);
  }

  async #timedCall(call: PageApiCall): Promise<void> {
    const started = performance.now();
    await this.#get(call.path, call.accept);
    const name = call.accept?.includes('as=Table') ? `${call.path} as Table` : call.path;
    const durations = this.#apiCalls.get(name) ?? [];
    durations.push(performance.now() - started);
    this.#apiCalls.set(name, durations);
  }
}
