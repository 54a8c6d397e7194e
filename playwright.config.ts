import { defineConfig } from '@playwright/test';

// npm test (scripts/test.mjs) finds Chromium and passes it in; run alone, Debian's is the default.
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 18080);
// e2e/support reads the same variable to find the console token.
const dataDir = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

export default defineConfig({
  testDir: 'e2e',
  // A benchmark, not a test: `npm run bench` runs it through playwright.bench.config.ts.
  testIgnore: ['latency-benchmark.spec.ts', 'web-scale-benchmark.spec.ts'],
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `node --import tsx apps/server/src/cli.ts up --port ${port} --data-dir ${dataDir} --apiserver-port 0`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
