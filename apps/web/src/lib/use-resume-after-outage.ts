/**
 * After the live connection comes back from "reconnecting" (the server restarted, the network
 * returned), every query that failed meanwhile is asked again, so error notices left by the
 * outage clear by themselves; watches and telemetry resume on their own (lib/live-socket.ts).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveSocket } from './live-socket-context.tsx';

export function useResumeAfterOutage(): void {
  const socket = useLiveSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    let dropped = false;
    return socket.onState((state) => {
      if (state === 'reconnecting') dropped = true;
      if (state !== 'live' || !dropped) return;
      dropped = false;
      void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
    });
  }, [socket, queryClient]);
}
