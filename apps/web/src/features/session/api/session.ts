/** Who we are connected to: cluster mode and server, leader election, operators. */
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { StatusError } from '@dojo/kube-api';
import type { Session } from '@dojo/console-protocol';
import { consoleRequest } from '../../../lib/console-api.ts';
import { useLiveSocket } from '../../../lib/live-socket-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session(),
    queryFn: ({ signal }) => consoleRequest('GET /api/session', { signal }),
    staleTime: 30_000,
    retry: (failures, error) => !(error instanceof StatusError && (error.code === 401 || error.code === 404)) && failures < 2,
  });

/** The session, refreshed by the socket's `hello` after every (re)connect. */
export function useSession() {
  const socket = useLiveSocket();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      socket.onSession((session) => {
        // A full session replaces the cached one; anything less just asks for a fresh one.
        if (isSession(session)) queryClient.setQueryData(queryKeys.session(), session);
        else void queryClient.invalidateQueries({ queryKey: queryKeys.session() });
      }),
    [socket, queryClient],
  );
  return useQuery(sessionQueryOptions());
}

export function isSession(value: unknown): value is Session {
  const v = value as Partial<Session> | null;
  return typeof v === 'object' && v !== null && typeof v.cluster === 'object' && v.cluster !== null && typeof v.leader === 'object' && v.leader !== null;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof StatusError && error.code === 401;
}
