/* global self, caches */
// The console's service worker: a tab opened while the console server is away (restarting,
// rebuilding) gets the console's own page, which says it is waiting for the server and
// reloads itself when the server answers, instead of the browser's "connection refused" page
// that never recovers. Registered by src/lib/offline-shell.ts; a file, not an inline script,
// so the Content-Security-Policy (script-src 'self') allows it.
//
// What it promises, and what it does not do:
// - Online it changes nothing: page loads go to the server as before (so the login cookie, a
//   new build and the server's Content-Security-Policy apply to every load); it only keeps a
//   copy of the last page shell it saw (index.html, as the server answered it, headers and all)
//   and of the files that shell loads.
// - Only when a page load fails at the network does it answer with that copy, marked
//   `<meta name="dojo-shell" content="offline">`; the app then polls /healthz and reloads.
// - It never answers /api, /ws, /login, /healthz or /metrics, and never keeps data: the shell
//   is the app's code, which the server gives anyone holding the login cookie.
// - A browser that never opened the console while its server ran has no copy: the browser's
//   own error page is all it can show.

const cacheName = 'dojo-console-shell-v1';
const shellKey = '/__dojo-shell';
const serverPaths = /^\/(api\/|ws$|login$|healthz$|readyz$|metrics$|audit\/|v1\/)/;
const shellFiles = /^\/(assets\/|theme-init\.js$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    refreshShell()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || serverPaths.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(loadPage(request));
    return;
  }
  if (shellFiles.test(url.pathname)) event.respondWith(loadShellFile(request));
});

async function loadPage(request) {
  try {
    const response = await fetch(request);
    if (isShell(response)) await keepShell(response.clone()).catch(() => undefined);
    return response;
  } catch (failure) {
    const cache = await caches.open(cacheName);
    const shell = await cache.match(shellKey);
    if (!shell) throw failure;
    const html = (await shell.text()).replace('<head>', '<head><meta name="dojo-shell" content="offline">');
    // The server's headers (its Content-Security-Policy above all), but not the length of a body that grew.
    const headers = new Headers(shell.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    headers.delete('etag');
    return new Response(html, { status: 200, headers });
  }
}

/** A file of the shell: the network first (online nothing changes), then the copy. */
async function loadShellFile(request) {
  try {
    return await fetch(request);
  } catch (failure) {
    const kept = await (await caches.open(cacheName)).match(request, { ignoreSearch: true });
    if (kept) return kept;
    throw failure;
  }
}

function isShell(response) {
  return response.ok && response.type === 'basic' && (response.headers.get('content-type') ?? '').startsWith('text/html');
}

/** Fetches the shell (with the login cookie) and keeps it: the first load is not this worker's. */
async function refreshShell() {
  const response = await fetch('/', { credentials: 'same-origin' });
  if (isShell(response)) await keepShell(response);
}

/** Keeps the shell and the files it names, and forgets files of earlier builds. */
async function keepShell(response) {
  const html = await response.clone().text();
  const cache = await caches.open(cacheName);
  const kept = await cache.match(shellKey);
  if (kept && (await kept.text()) === html) return;
  const files = [...html.matchAll(/(?:src|href)="(\/(?:assets\/[^"]+|theme-init\.js))"/g)].map((match) => match[1]);
  await cache.addAll(files);
  await cache.put(shellKey, response);
  const wanted = new Set(files.map((file) => new URL(file, self.location.origin).href));
  for (const key of await cache.keys()) {
    if (new URL(key.url).pathname !== shellKey && !wanted.has(key.url)) await cache.delete(key);
  }
}
