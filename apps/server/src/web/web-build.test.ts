/** The built UI is served from the snapshot taken at start, whatever later builds do to the directory. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { statusErrors } from '../routes/status-errors.ts';
import { rawRequest } from '../testing/raw-http.ts';
import { readWebBuild, webBuildRoutes } from './web-build.ts';

const roots: string[] = [];
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function writeBuild(root: string, version: string): void {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), `<!doctype html><script type="module" src="/assets/index-${version}.js"></script>`);
  writeFileSync(join(root, 'assets', `index-${version}.js`), `console.log(${JSON.stringify(version)});`);
  writeFileSync(join(root, 'theme-init.js'), '/* theme */');
}

async function serve(root: string): Promise<string> {
  const build = readWebBuild(root);
  if (!build) throw new Error(`no build in ${root}`);
  const app = express();
  app.use(webBuildRoutes(build));
  app.use((_req, _res, next) => next(Object.assign(new Error('not found'), { status: 404, expose: true })));
  app.use(statusErrors);
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function tempRoot(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'web-build-')), 'dist');
  roots.push(root.slice(0, -'/dist'.length));
  return root;
}

describe('the web build a console serves', () => {
  it('keeps answering with the build it started with while another build deletes and rewrites the directory', async () => {
    const root = tempRoot();
    writeBuild(root, 'first');
    const base = await serve(root);
    const statuses = new Set<number>();
    const pages = new Set<string>();
    let rebuilding = true;
    const rebuilds = (async () => {
      for (let round = 0; round < 30; round++) {
        rmSync(root, { recursive: true, force: true });
        await new Promise((resolve) => setImmediate(resolve));
        writeBuild(root, `rebuild-${round}`);
        await new Promise((resolve) => setImmediate(resolve));
      }
      rebuilding = false;
    })();
    while (rebuilding) {
      for (const path of ['/', '/timeline', '/assets/index-first.js', '/theme-init.js']) {
        const res = await fetch(`${base}${path}`);
        statuses.add(res.status);
        if (path !== '/assets/index-first.js' && path !== '/theme-init.js') pages.add(await res.text());
        else await res.arrayBuffer();
      }
    }
    await rebuilds;
    expect([...statuses]).toEqual([200]);
    expect([...pages]).toEqual(['<!doctype html><script type="module" src="/assets/index-first.js"></script>']);
  });

  it('serves index.html for the single-page routes without caching it, and hashed assets as immutable', async () => {
    const root = tempRoot();
    writeBuild(root, 'abc');
    const base = await serve(root);
    const page = await fetch(`${base}/conflicts?conflict=3`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${base}/assets/index-abc.js`);
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log("abc");');
    // node:http, not fetch: fetch adds "Cache-Control: no-cache" to a conditional request.
    const again = await rawRequest(Number(new URL(base).port), 'GET', '/assets/index-abc.js', { 'if-none-match': asset.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('answers 404 for an asset the build does not have, rather than index.html in its place', async () => {
    const root = tempRoot();
    writeBuild(root, 'abc');
    const base = await serve(root);
    expect((await fetch(`${base}/assets/index-gone.js`)).status).toBe(404);
    expect((await fetch(`${base}/api/nothing`)).status).toBe(404);
  });

  it('has no build to serve from a directory without index.html', () => {
    const root = tempRoot();
    mkdirSync(root, { recursive: true });
    expect(readWebBuild(root)).toBeUndefined();
  });
});
