/**
 * A ListerWatcher whose connection the test controls: cut the open watch stream (as a dropped
 * connection or a proxy timeout would), cut every stream after a chosen delay, or refuse new
 * requests for a while. The requests that do go through reach the real API server.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { ListerWatcher } from '../watcher/lister-watcher.ts';

export interface FlakyListerWatcher<T extends KubeObject = KubeObject> extends ListerWatcher<T> {
  /** Cuts every watch stream open now. */
  cut(): void;
  /** Refuses new lists and watches (ECONNREFUSED) until `release()`. */
  hold(): void;
  release(): void;
  readonly lists: number;
  readonly watches: number;
}

export interface FlakyOptions {
  /** For each watch request, after how long to cut it (undefined: leave it open). */
  cutAfterMs?: () => number | undefined;
}

function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED (refused by the test)'), { code: 'ECONNREFUSED' });
}

export function flakyListerWatcher<T extends KubeObject>(source: ListerWatcher<T>, options: FlakyOptions = {}): FlakyListerWatcher<T> {
  const open = new Set<AbortController>();
  let held = false;
  let lists = 0;
  let watches = 0;
  return {
    get lists() {
      return lists;
    },
    get watches() {
      return watches;
    },
    cut() {
      for (const cut of open) cut.abort(new Error('connection cut by the test'));
      open.clear();
    },
    hold() {
      held = true;
    },
    release() {
      held = false;
    },
    async list(request) {
      if (held) throw refused();
      lists++;
      return source.list(request);
    },
    async *watch(request) {
      if (held) throw refused();
      watches++;
      const cut = new AbortController();
      open.add(cut);
      const delay = options.cutAfterMs?.();
      const timer = delay === undefined ? undefined : setTimeout(() => cut.abort(new Error('connection cut by the test')), delay);
      try {
        yield* source.watch({ ...request, signal: AbortSignal.any([request.signal, cut.signal]) });
      } finally {
        clearTimeout(timer);
        open.delete(cut);
      }
    },
  };
}
