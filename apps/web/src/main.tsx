import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StatusError } from '@dojo/kube-api';
import { App } from './App.tsx';
import { browserSocket, liveSocketUrl } from './lib/browser-socket.ts';
import { onBrowserWakeup } from './lib/browser-wakeups.ts';
import { healthzAnswers, registerShellWorker, reloadWhenServerAnswers, servedOffline } from './lib/offline-shell.ts';
import { LiveSocket } from './lib/live-socket.ts';
import { LiveSocketProvider } from './lib/live-socket-context.tsx';
import { viewInstant } from './lib/view-time.ts';
import './index.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again; anything else gets two more tries.
      retry: (failures, error) => !(error instanceof StatusError && error.code >= 400 && error.code < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

const socket = new LiveSocket({ url: () => liveSocketUrl(window.location, viewInstant()), createSocket: browserSocket });
socket.start();
onBrowserWakeup(window, document, () => socket.retryNow());

// A tab opened while the server was away got the kept shell (lib/offline-shell.ts): reload it
// for real as soon as the server answers; otherwise keep the shell fresh for the next outage.
if (servedOffline(document)) {
  void reloadWhenServerAnswers({
    probe: healthzAnswers,
    reload: () => window.location.reload(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
} else {
  registerShellWorker(window.isSecureContext ? navigator.serviceWorker : undefined);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LiveSocketProvider socket={socket}>
        <App />
      </LiveSocketProvider>
    </QueryClientProvider>
  </StrictMode>,
);
