/** The tab's one LiveSocket, provided to every feature, and its connection state as a hook. */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { LiveSocket } from './live-socket.ts';
import type { ConnectionState } from './live-socket-types.ts';

const LiveSocketContext = createContext<LiveSocket | undefined>(undefined);

export function LiveSocketProvider({ socket, children }: { socket: LiveSocket; children: ReactNode }) {
  return <LiveSocketContext.Provider value={socket}>{children}</LiveSocketContext.Provider>;
}

export function useLiveSocket(): LiveSocket {
  const socket = useContext(LiveSocketContext);
  if (!socket) throw new Error('useLiveSocket needs a LiveSocketProvider above it');
  return socket;
}

export function useConnectionState(): ConnectionState {
  const socket = useLiveSocket();
  return useSyncExternalStore(
    (onChange) => socket.onState(onChange),
    () => socket.state,
  );
}
