/**
 * Loading a page's code when the server may be away. A page chunk that fails to load (the
 * console restarting, the network gone) is asked for again, with growing pauses, until it
 * comes: the page waits instead of the app going blank, and resumes by itself. While a load is
 * failing, `useWaitingForServer` says so, for the page to tell the person.
 *
 * A browser may remember a failed module fetch for its URL; a retry then asks for the same
 * file under a new query string, which only the browser's module map tells apart.
 */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let failing = 0;

function setFailing(delta: number): void {
  failing += delta;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

export function useWaitingForServer(): boolean {
  return useSyncExternalStore(subscribe, () => failing > 0);
}

/** The URL in Chromium's and Firefox's "failed to fetch dynamically imported module: <url>". */
function failedModuleUrl(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : '';
  return /(https?:\/\/\S+\.js)\b/.exec(message)?.[1];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  /** First pause; it doubles up to `maxMs`. */
  initialMs?: number;
  maxMs?: number;
}

/** `load()` until it succeeds, pausing between attempts; never rejects. */
export async function loadWithRetry<M>(load: () => Promise<M>, options: RetryOptions = {}): Promise<M> {
  const { initialMs = 500, maxMs = 2_500 } = options; // as low as the live socket's cap (reconnect-backoff.ts)
  let attempt = 0;
  let waiting = false;
  try {
    for (;;) {
      try {
        return await load();
      } catch (error) {
        if (!waiting) setFailing(+1);
        waiting = true;
        await pause(Math.min(maxMs, initialMs * 2 ** attempt));
        attempt++;
        const url = failedModuleUrl(error);
        if (url) {
          try {
            return (await import(/* @vite-ignore */ `${url}?attempt=${attempt}`)) as M;
          } catch {
            // Still away: go round again.
          }
        }
      }
    }
  } finally {
    if (waiting) setFailing(-1);
  }
}
