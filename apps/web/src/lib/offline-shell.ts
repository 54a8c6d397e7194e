/**
 * The tab's side of `public/shell-worker.js`, the service worker that answers a page load
 * failing at the network (the console server restarting) with the last page shell it kept.
 *
 * A shell served that way may be of an earlier build and was loaded without the server seeing
 * the login cookie, so once the server answers the tab reloads: the server then serves the
 * real page (or its login page). Meanwhile the shell is the console as a person knows it,
 * saying "Waiting for the console server" (OutageNotice, chunk-retry.ts).
 *
 * Service workers need a secure context: `http://127.0.0.1`/`localhost` or HTTPS. Over plain
 * HTTP to another host name the browser has none, and a tab opened while the server is away
 * shows the browser's error page (docs/web-ui.md).
 */
import { defaultReconnectBackoff, reconnectDelay, type Backoff } from './reconnect-backoff.ts';

export const shellWorkerUrl = '/shell-worker.js';

/** Registers the worker where the browser has service workers; a failure only costs the offline page. */
export function registerShellWorker(container: ServiceWorkerContainer | undefined): void {
  if (!container) return;
  container.register(shellWorkerUrl, { scope: '/' }).catch(() => undefined);
}

/** Whether this document is the shell the worker served because the server did not answer. */
export function servedOffline(doc: Pick<Document, 'querySelector'>): boolean {
  return doc.querySelector('meta[name="dojo-shell"][content="offline"]') !== null;
}

export interface ReloadWhenBackOptions {
  /** Resolves true once the server answers (`GET /healthz`). */
  probe: () => Promise<boolean>;
  reload: () => void;
  sleep: (ms: number) => Promise<void>;
  random?: () => number;
  backoff?: Backoff;
}

/** Asks the server, pausing as the live socket does between attempts, and reloads once it answers. */
export async function reloadWhenServerAnswers(options: ReloadWhenBackOptions): Promise<void> {
  const { probe, reload, sleep, random = Math.random, backoff = defaultReconnectBackoff } = options;
  for (let attempt = 0; ; attempt++) {
    if (await probe().catch(() => false)) {
      reload();
      return;
    }
    await sleep(reconnectDelay(attempt, backoff, random));
  }
}

/** The browser's probe: the server's health endpoint, past every cache. */
export async function healthzAnswers(): Promise<boolean> {
  const response = await fetch('/healthz', { cache: 'no-store' });
  return response.ok;
}
