import { existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const dist = resolve(import.meta.dirname, 'dist');
/** Each build writes a directory of its own beside dist, moved into place once complete. */
const next = `${dist}.next-${process.pid}`;

/**
 * Swaps a finished build in for `dist` with two renames, so that a console starting meanwhile
 * (it reads the build once, apps/server/src/web/web-build.ts) finds a whole build, never one half
 * written; a failed build leaves the previous one in place.
 */
function swapIntoDist(): Plugin {
  let written = false;
  return {
    name: 'dojo:swap-into-dist',
    apply: 'build',
    writeBundle: () => void (written = true),
    closeBundle() {
      if (!written || !existsSync(resolve(next, 'index.html'))) return void rmSync(next, { recursive: true, force: true });
      const old = `${dist}.old-${process.pid}`;
      // Another build of the same checkout may be swapping too: the last rename wins, whole.
      for (let attempt = 0; ; attempt++) {
        try {
          if (existsSync(dist)) renameSync(dist, old);
          renameSync(next, dist);
          break;
        } catch (err) {
          if (attempt >= 20) throw err;
        }
      }
      rmSync(old, { recursive: true, force: true });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), swapIntoDist()],
  build: { outDir: next, emptyOutDir: true, sourcemap: true },
});
