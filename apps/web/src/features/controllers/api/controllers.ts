/**
 * Controller summaries, live: GET /api/controllers once, then the socket's `metrics`
 * subscription (one message a second) replaces them and appends to their history. One
 * subscription per tab, however many components ask.
 */
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ControllerSummary } from '@dojo/console-protocol';
import { consoleRequest } from '../../../lib/console-api.ts';
import { useLiveSocket } from '../../../lib/live-socket-context.tsx';
import type { LiveSocket } from '../../../lib/live-socket.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { appendSamples, type MetricsHistory } from '../model/metrics-history.ts';

export const controllersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.controllers.list(),
    queryFn: async ({ signal }): Promise<readonly ControllerSummary[]> => (await consoleRequest('GET /api/controllers', { signal })).controllers,
    staleTime: Infinity,
  });

export const controllerHistoryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.controllers.history(),
    queryFn: (): MetricsHistory => ({}),
    staleTime: Infinity,
    gcTime: Infinity,
  });

let metricsHolders = 0;
let stopMetrics: (() => void) | undefined;

function retainMetrics(socket: LiveSocket, queryClient: QueryClient): () => void {
  metricsHolders++;
  if (!stopMetrics) {
    stopMetrics = socket.metrics({
      onMetrics: (controllers) => {
        queryClient.setQueryData(queryKeys.controllers.list(), controllers);
        queryClient.setQueryData<MetricsHistory>(queryKeys.controllers.history(), (history) => appendSamples(history ?? {}, controllers, Date.now()));
      },
      onError: () => {
        stopMetrics = undefined;
      },
    });
  }
  return () => {
    metricsHolders--;
    if (metricsHolders === 0) {
      stopMetrics?.();
      stopMetrics = undefined;
    }
  };
}

export function useControllers() {
  const socket = useLiveSocket();
  const queryClient = useQueryClient();
  useEffect(() => retainMetrics(socket, queryClient), [socket, queryClient]);
  return useQuery(controllersQueryOptions());
}

export function useControllerHistory() {
  return useQuery(controllerHistoryQueryOptions());
}
