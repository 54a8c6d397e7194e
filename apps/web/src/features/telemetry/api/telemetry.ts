/**
 * Telemetry for views: the tab's store (started on first use, kept for the life of the tab so
 * the timeline has history when you come back), a throttled version for React views, and
 * backfills of one object's or one type's older records through GET /api/telemetry.
 */
import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TelemetryQuery } from '@dojo/console-protocol';
import { consoleRequest } from '../../../lib/console-api.ts';
import { useLiveSocket } from '../../../lib/live-socket-context.tsx';
import type { LiveSocket } from '../../../lib/live-socket.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { TelemetryStore } from '../model/telemetry-store.ts';
import { startTelemetryFeed, type TelemetryFeed } from './telemetry-feed.ts';

const feeds = new WeakMap<LiveSocket, TelemetryFeed>();

export function useTelemetryStore(): TelemetryStore {
  const socket = useLiveSocket();
  let feed = feeds.get(socket);
  if (!feed) {
    feed = startTelemetryFeed(socket);
    feeds.set(socket, feed);
  }
  return feed.store;
}

/** Re-renders at most every `throttleMs` while the store changes; returns its version. */
export function useStoreVersion(store: TelemetryStore, throttleMs = 250): number {
  const [version, setVersion] = useState(store.version);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe(() => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        setVersion(store.version);
      }, throttleMs);
    });
    setVersion(store.version);
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [store, throttleMs]);
  return version;
}

export const telemetryQueryOptions = (query: TelemetryQuery) =>
  queryOptions({
    queryKey: queryKeys.telemetry(query),
    queryFn: ({ signal }) => consoleRequest('GET /api/telemetry', { query: { ...query }, signal }),
    staleTime: 60_000,
    retry: false,
  });

/** Loads older records matching `query` into the store (once per query), e.g. one object's history. */
export function useTelemetryBackfill(query: TelemetryQuery | undefined) {
  const store = useTelemetryStore();
  const page = useQuery({ ...telemetryQueryOptions(query ?? {}), enabled: query !== undefined });
  useEffect(() => {
    if (page.data) store.ingest(page.data.records);
  }, [page.data, store]);
  return page;
}
