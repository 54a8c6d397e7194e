import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// `npm run bench` (scripts/bench.mjs): only the benchmark specs, against a console of their own
// (another port, another data dir, another output dir), so a concurrent `npm test` is unaffected.
const port = Number(process.env.E2E_PORT ?? 18090);
const dataDir = process.env.E2E_DATA_DIR ?? 'test-results/bench-e2e-data';
// e2e/support reads the same variable to find the console token; workers inherit it.
process.env.E2E_DATA_DIR = dataDir;
process.env.DOJO_BENCH ??= '1';

// Everything else as in playwright.config.ts; its webServer is replaced, not merged with this one.
const { webServer: _endToEndServer, ...shared } = base;

export default defineConfig({
  ...shared,
  testMatch: ['latency-benchmark.spec.ts', 'timeline-benchmark.spec.ts', 'web-scale-benchmark.spec.ts'],
  testIgnore: [],
  outputDir: 'test-results/bench-e2e',
  timeout: 180_000,
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    command: `node --import tsx apps/server/src/cli.ts up --port ${port} --data-dir ${dataDir} --apiserver-port 0`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
