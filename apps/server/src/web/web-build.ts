/**
 * The built UI a console serves: every file of the web build (`apps/web/dist`), read once when
 * the console starts and served from memory for as long as it runs.
 *
 * Why a snapshot and not the directory: any other build in the same checkout (`npm start`,
 * `npm test`) rewrites the directory, and a console reading it per request answered
 * `500 ENOENT …/dist/index.html` meanwhile, or an index.html naming assets that were not
 * written yet. A snapshot keeps a running console on the build it started with: its
 * index.html and the hashed assets that index.html names stay together until it restarts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import express, { type Request, type Response } from 'express';

export interface WebBuild {
  /** URL path (`/index.html`, `/assets/index-abc123.js`) → the file's bytes, as they were at start. */
  readonly files: ReadonlyMap<string, Buffer>;
}

/** Reads a web build into memory; undefined when the directory holds no build (no index.html). */
export function readWebBuild(root: string): WebBuild | undefined {
  if (!existsSync(join(root, 'index.html'))) return undefined;
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(`/${relative(root, path).split(sep).join('/')}`, readFileSync(path));
  }
  // A build being swapped in between the listing and the read has no index.html for a moment.
  return files.has('/index.html') ? { files } : undefined;
}

/** Vite names what it emits under assets/ by content hash: such a URL never changes meaning. */
const isHashedAsset = (path: string) => path.startsWith('/assets/');

/**
 * GET/HEAD of the UI: a file of the build, else index.html for the single-page app's own routes.
 * A missing hashed asset is a 404 (an index.html in its place would be run as a script).
 */
export function webBuildRoutes(build: WebBuild): express.Router {
  const router = express.Router();
  const send = (res: Response, path: string, body: Buffer) => {
    res.type(path.slice(path.lastIndexOf('.')));
    res.setHeader('Cache-Control', isHashedAsset(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.send(body);
  };
  router.get(/^\/(?!api\/|ws$).*/, (req: Request, res: Response, next) => {
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = build.files.get(path === '/' ? '/index.html' : path);
    if (file) return send(res, path === '/' ? '/index.html' : path, file);
    if (isHashedAsset(path)) return next();
    send(res, '/index.html', build.files.get('/index.html')!);
  });
  return router;
}
